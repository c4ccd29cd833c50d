// A short-lived cache of whole answers to anonymous public reads (the spec's page cache: useCache,
// cacheKey). Only queries whose every root field is public, from requests that carry no staff or
// member credential, answered without an error, are kept: for `ttlMs`, and dropped at once when
// this process commits any change. Bounded in entries and bytes.

export const CACHEABLE_FIELDS = new Set([
  'apiInfo', 'getTenantInfo', 'getSiteSettingsNew', 'getWebsiteSectionsHierarchy', 'getWebsiteSection', 'getContent',
  'getContentStream', 'getWebsiteLayoutPage', 'getMenus', 'getWebsiteRedirect', 'getPersonStream', 'getTaxonomyStream',
  'matchTaxonomyStream', 'getMembershipStream', 'getAsset',
  // Block data (api/site/block-data.ts): the same for every anonymous reader of a tenant.
  'getWebsiteSectionBasic', 'getRSSFeedContentStream', 'getYoutubePlaylistVideos', 'getBlueConicRecommendations',
]);

export class ResponseCache {
  readonly #entries = new Map<string, { at: number; body: string }>();
  #bytes = 0;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;

  constructor(ttlMs: number, now: () => number, maxEntries = 5000, maxBytes = 32 * 1024 * 1024) {
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  get(key: string): string | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (this.#now() - hit.at >= this.#ttlMs) {
      this.#drop(key);
      return undefined;
    }
    return hit.body;
  }

  set(key: string, body: string): void {
    if (!this.enabled || body.length > this.#maxBytes / 64) return;
    this.#drop(key);
    while (this.#entries.size >= this.#maxEntries || (this.#bytes + body.length > this.#maxBytes && this.#entries.size > 0)) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
    this.#entries.set(key, { at: this.#now(), body });
    this.#bytes += body.length;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  #drop(key: string): void {
    const e = this.#entries.get(key);
    if (!e) return;
    this.#entries.delete(key);
    this.#bytes -= e.body.length;
  }
}
