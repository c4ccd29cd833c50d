// Recommendations (issue #20 "recommendation reports", issue #17 "related content"): a provider
// interface, Masthead's own content-based recommender, and the shape of an external adapter (the
// spec names BlueConic: admin §9 "Recommendation window", public §3 "Personalisation
// recommendation", public §9 "Body-content recommendations fetch 4 items for Article, News, Blog").
//
// Masthead's recommender scores candidates by shared taxonomy terms (rarer terms weigh more), the
// same primary section, and recency; it is deterministic (same items and `now` → same answer) and
// indexed once per build: a page's query walks only the posting lists of its own terms and section,
// each capped to its newest entries, so 20,000 pages cost 20,000 bounded queries, not n².
// Pure and browser-safe.

/** The recommendation window (admin §9): candidates published from 3650 days back up to 0 days back. */
export const RECOMMENDATION_WINDOW = { startDaysBack: 3650, endDaysBack: 0 } as const;
/** Body recommendations (admin §9, public §9): 4 items on pages of these types. */
export const BODY_RECOMMENDATION_LIMIT = 4;
export const BODY_RECOMMENDATION_TYPES: readonly string[] = ['Article', 'News', 'Blog'];
/** What may be recommended: the editorial types of the personalisation catalog (public §9) and the body types. */
export const RECOMMENDABLE_TYPES: readonly string[] = ['Article', 'News', 'Blog', 'Whitepaper', 'Webinar', 'Video', 'MediaGallery', 'Podcast', 'PressRelease'];

/** The providers a recommendation can come from; the id of a recommendation is `<provider>:<content id>`. */
export const RECOMMENDATION_PROVIDERS = ['masthead', 'blueconic'] as const;
export type RecommendationProviderKey = (typeof RECOMMENDATION_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<RecommendationProviderKey, string> = { masthead: 'Masthead (content-based)', blueconic: 'BlueConic' };

export interface RecommendableItem {
  id: number;
  type: string;
  sectionId: number;
  /** Taxonomy term names (or ids as text). */
  terms: readonly string[];
  /** Epoch ms; null (unpublished) is never recommended. */
  published: number | null;
}

/** One recommendation, the public §3 "Personalisation recommendation" fields a page needs. */
export interface Recommendation {
  /** `<provider>:<content id>`: what View/ClickBlueConicRecommendation events carry. */
  id: string;
  contentId: number;
  provider: RecommendationProviderKey;
  score: number;
}

export interface RecommendationRequest {
  /** The page's item. */
  contentId: number;
  limit: number;
  /** Items the page already shows. */
  exclude?: ReadonlySet<number>;
}

/** A source of recommendations: Masthead's own below, or an adapter to an external service. */
export interface RecommendationProvider {
  readonly key: RecommendationProviderKey;
  recommend(req: RecommendationRequest): Promise<Recommendation[]>;
}

export const recommendationId = (provider: RecommendationProviderKey, contentId: number): string => `${provider}:${contentId}`;

/** The provider and content id of a recommendation id, or null when it is not one of ours. */
export function parseRecommendationId(id: string): { provider: RecommendationProviderKey; contentId: number } | null {
  const m = /^([a-z]+):(\d{1,15})$/.exec(id);
  if (!m || !(RECOMMENDATION_PROVIDERS as readonly string[]).includes(m[1]!)) return null;
  return { provider: m[1] as RecommendationProviderKey, contentId: Number(m[2]) };
}

const DAY_MS = 86_400_000;
/** Entries read per posting list (newest first): bounds a query however common a term or section is. */
export const POSTING_CAP = 120;
const SECTION_WEIGHT = 1.5;
/**
 * Recency: a match counts e^(-age / 1 year). Ranked on e^(published / 1 year) instead (the same
 * order at any moment), so a page's ranking does not change as time passes: an incremental build
 * and a full build of the same data agree.
 */
const YEAR_MS = 365 * DAY_MS;
const recencyKey = (published: number) => Math.exp(published / YEAR_MS);
/** Weight of a shared term: rarer terms weigh more; depends on the term's own posting list only (see fingerprints). */
const termWeight = (df: number) => 1 + Math.log(1 + 1000 / df);
/** Candidates a fallback (too few matches) may read, newest first: what the "rr" fingerprint covers. */
export const RECENT_CAP = 200;

/**
 * Masthead's content-based recommender over one tenant's items at a moment `now`. Building it sorts
 * the candidates once and makes posting lists by term and section; `recommendSync` answers a page.
 */
export class ContentRecommender implements RecommendationProvider {
  readonly key = 'masthead' as const;
  readonly #items = new Map<number, RecommendableItem>();
  /** Candidate positions (in #candidates, newest first) by term and by section. */
  readonly #byTerm = new Map<string, Int32Array>();
  readonly #bySection = new Map<number, Int32Array>();
  /** Every candidate, newest first: the fallback when nothing matches. */
  readonly #candidates: RecommendableItem[];
  readonly #scores: Float64Array;
  /** Each candidate's recency key, by position. */
  readonly #recency: Float64Array;
  readonly #now: number;
  readonly #idf = new Map<string, number>();
  #walked = 0;

  /** Posting-list entries walked by all queries so far: what a query costs, bounded by its terms and the cap. */
  get walked(): number {
    return this.#walked;
  }

  constructor(items: Iterable<RecommendableItem>, now: number) {
    const from = now - RECOMMENDATION_WINDOW.startDaysBack * DAY_MS;
    const to = now - RECOMMENDATION_WINDOW.endDaysBack * DAY_MS;
    const candidates: RecommendableItem[] = [];
    for (const it of items) {
      this.#items.set(it.id, it);
      if (it.published !== null && it.published >= from && it.published <= to && RECOMMENDABLE_TYPES.includes(it.type)) candidates.push(it);
    }
    // Newest first, then the higher id: one total order, so answers never depend on input order.
    candidates.sort((a, b) => b.published! - a.published! || b.id - a.id);
    this.#candidates = candidates;
    this.#scores = new Float64Array(candidates.length);
    this.#recency = Float64Array.from(candidates, (c) => recencyKey(c.published!));
    this.#now = now;
    const terms = new Map<string, number[]>();
    const sections = new Map<number, number[]>();
    const push = <K>(m: Map<K, number[]>, k: K, at: number) => { const l = m.get(k); if (l) l.push(at); else m.set(k, [at]); };
    candidates.forEach((c, at) => {
      for (const t of new Set(c.terms)) push(terms, t, at);
      push(sections, c.sectionId, at);
    });
    for (const [t, list] of terms) {
      this.#byTerm.set(t, Int32Array.from(list));
      this.#idf.set(t, termWeight(list.length));
    }
    for (const [k, list] of sections) this.#bySection.set(k, Int32Array.from(list));
  }

  /** Up to `limit` recommendations for an item, best first; filled with the newest items when too few match. */
  recommendSync(req: RecommendationRequest): Recommendation[] {
    if (req.limit <= 0) return [];
    const self = this.#items.get(req.contentId);
    const scores = this.#scores;
    const touched: number[] = [];
    // Posting lists hold candidate positions (newest first); scores add up in a reused dense array.
    const walk = (list: Int32Array | undefined, w: number) => {
      if (!list) return;
      const n = Math.min(list.length, POSTING_CAP);
      this.#walked += n;
      for (let i = 0; i < n; i++) {
        const at = list[i]!;
        const was = scores[at]!;
        if (was === 0) touched.push(at);
        scores[at] = was + w;
      }
    };
    if (self) {
      for (const t of new Set(self.terms)) walk(this.#byTerm.get(t), this.#idf.get(t) ?? 0);
      walk(this.#bySection.get(self.sectionId), SECTION_WEIGHT);
    }
    const skip = (id: number) => id === req.contentId || (req.exclude?.has(id) ?? false);
    // The best `limit` in one pass (a small sorted array), not a sort of every match; ties go to
    // the newer item (the lower position), so the order is total.
    const top: { at: number; score: number }[] = [];
    const recency = this.#recency;
    for (const at of touched) {
      const score = scores[at]! * recency[at]!;
      scores[at] = 0;
      const last = top[top.length - 1];
      if (top.length === req.limit && (score < last!.score || (score === last!.score && at > last!.at))) continue;
      if (skip(this.#candidates[at]!.id)) continue;
      let pos = top.length;
      while (pos > 0 && (score > top[pos - 1]!.score || (score === top[pos - 1]!.score && at < top[pos - 1]!.at))) pos--;
      top.splice(pos, 0, { at, score });
      if (top.length > req.limit) top.pop();
    }
    // The score shown: the match times e^(-age in years).
    const out = top.map((r) => this.#rec(this.#candidates[r.at]!.id, Math.round(r.score * recencyKey(-this.#now) * 1e6) / 1e6));
    if (out.length < req.limit) {
      const taken = new Set(out.map((r) => r.contentId));
      for (const c of this.#candidates) {
        if (out.length >= req.limit) break;
        if (!skip(c.id) && !taken.has(c.id)) out.push(this.#rec(c.id, 0));
      }
    }
    return out;
  }

  recommend(req: RecommendationRequest): Promise<Recommendation[]> {
    return Promise.resolve(this.recommendSync(req));
  }

  /**
   * The inputs an item's recommendations read, as dependency keys: the posting lists of its terms
   * (rt:<term>) and section (rs:<id>), and with `recent` the newest candidates (rr) a fallback read.
   */
  depsOf(contentId: number, recent: boolean): string[] {
    const self = this.#items.get(contentId);
    const keys = self ? [...new Set(self.terms)].map((t) => `rt:${t}`).concat(`rs:${self.sectionId}`) : [];
    return recent ? [...keys, 'rr'] : keys;
  }

  /** What each dependency key stands for (the caller hashes it): a list's length and its first entries with their dates. */
  fingerprintParts(): Map<string, string> {
    const out = new Map<string, string>();
    const head = (list: Int32Array, cap: number) => {
      const parts: string[] = [String(list.length)];
      for (let i = 0; i < Math.min(list.length, cap); i++) { const c = this.#candidates[list[i]!]!; parts.push(`${c.id}@${c.published}`); }
      return parts.join(',');
    };
    for (const [t, list] of this.#byTerm) out.set(`rt:${t}`, head(list, POSTING_CAP));
    for (const [k, list] of this.#bySection) out.set(`rs:${k}`, head(list, POSTING_CAP));
    out.set('rr', this.#candidates.slice(0, RECENT_CAP).map((c) => c.id).join(','));
    return out;
  }

  #rec(contentId: number, score: number): Recommendation {
    return { id: recommendationId('masthead', contentId), contentId, provider: 'masthead', score };
  }
}

/**
 * An external personalisation service's answer (public §3 "Personalisation recommendation"):
 * id, name, description, image, publicationDate, url, trackingUrl.
 */
export interface ExternalRecommendation {
  id: string;
  name: string;
  description?: string;
  image?: string;
  publicationDate?: string;
  url: string;
  trackingUrl?: string;
}

/** What an external adapter needs from its service: the transport is the adapter's (none ships; no network here). */
export interface ExternalRecommendationClient {
  recommendations(req: { itemId: string; count: number }): Promise<ExternalRecommendation[]>;
}

/**
 * An adapter for an external service such as BlueConic: asks the client, keeps answers that name
 * one of the tenant's items (`resolve`: an external id or url → content id), drops excluded and
 * duplicate items, and labels them with the provider. A failing service answers nothing, so a page
 * falls back to Masthead's recommender instead of failing.
 */
export function externalProvider(key: Exclude<RecommendationProviderKey, 'masthead'>, client: ExternalRecommendationClient, resolve: (r: ExternalRecommendation) => number | null): RecommendationProvider {
  return {
    key,
    async recommend(req) {
      let answer: ExternalRecommendation[];
      try {
        answer = await client.recommendations({ itemId: String(req.contentId), count: req.limit });
      } catch {
        return [];
      }
      const out: Recommendation[] = [];
      const seen = new Set<number>();
      answer.forEach((r, i) => {
        const id = resolve(r);
        if (id === null || id === req.contentId || seen.has(id) || req.exclude?.has(id) || out.length >= req.limit) return;
        seen.add(id);
        out.push({ id: recommendationId(key, id), contentId: id, provider: key, score: answer.length - i });
      });
      return out;
    },
  };
}

/** The first provider's answer, filled up from the next ones (an external service, then Masthead's). */
export function chainProviders(providers: readonly RecommendationProvider[]): RecommendationProvider {
  return {
    key: providers[0]?.key ?? 'masthead',
    async recommend(req) {
      const out: Recommendation[] = [];
      const exclude = new Set(req.exclude ?? []);
      for (const p of providers) {
        if (out.length >= req.limit) break;
        for (const r of await p.recommend({ ...req, limit: req.limit - out.length, exclude })) {
          out.push(r);
          exclude.add(r.contentId);
        }
      }
      return out;
    },
  };
}
