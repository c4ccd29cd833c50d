// `masthead serve` reading the sites from the bucket (MASTHEAD_SERVE_PAGES=bucket with an s3:// out),
// so instances need no shared disk: each tenant's live build is what its builds/latest.json in the
// bucket names. Per tenant, latest.json is revalidated every `revalidateMs` (and at once when this
// process has just published the tenant); a new build id starts a new generation: its route rules
// are read from builds/meta/<id>.json and the tenant's cached objects are dropped. Objects (pages,
// their .br/.gz siblings, assets, 404s too) are kept in one LRU bounded by bytes; an object fetched
// while the generation changed is sent but not kept. Each response is one whole version: the
// object is read whole (one GET, which S3 answers with one version) before anything is sent, a
// read aborted by a concurrent overwrite is retried (objects above an eighth of the cache are read
// whole too, but not kept). Headers as the local folder's (static-files.ts, send-file.ts):
// Content-Type by name, Cache-Control by kind, precompressed siblings by Accept-Encoding, else
// compressed here into the same bounded cache; ETag from the object's, 304s, HEAD, one byte range.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { GetObjectCommand, ListObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOME_FEED_PATH, matchContentIdPath, matchRedirect, rssPathForQuery, type RouteRules } from '../../engine/build/index';
import { contentTypeOf, onTheFly, singleRange } from './send-file';
import { headersFor, pathCandidates, preferredEncoding, type Encoding } from './static-files';
import { keyForHostIn, TENANT_KEY } from './tenants';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/;
const MIN_COMPRESS_BYTES = 1024;
const BYPASS_COOKIE = /(?:^|;\s*)mh_cache_bypass=/;
const RSS_QUERY_PATH = `/${HOME_FEED_PATH}`;
const TENANTS_TTL_MS = 10_000;
const READ_ATTEMPTS = 3;

export interface BucketPagesOptions {
  client: S3Client;
  bucket: string;
  prefix: string;
  /** Bytes of objects kept in memory (default 64 MB). */
  maxBytes?: number;
  /** How often a tenant's latest.json is read again (default 2 s). */
  revalidateMs?: number;
  /** Extra Host → tenant key mappings. */
  hosts?: Record<string, string>;
}

interface Obj { body: Buffer; type: string; etag: string; modified: string; disposition?: string }
interface Site { key: string; buildId: string; rules: RouteRules; gen: number; checkedAt: number; latestEtag?: string }

/** Objects by key, least recently used leave first past `maxBytes`; null: known missing. */
class ObjectCache {
  readonly #entries = new Map<string, Obj | null>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}
  get bytes(): number { return this.#bytes; }
  get(key: string): Obj | null | undefined {
    const v = this.#entries.get(key);
    if (v !== undefined) { this.#entries.delete(key); this.#entries.set(key, v); }
    return v;
  }
  set(key: string, value: Obj | null): void {
    const size = (v: Obj | null) => (v ? v.body.length : 0) + key.length + 64;
    if (size(value) > this.maxBytes / 8) return;
    this.delete(key);
    this.#entries.set(key, value);
    this.#bytes += size(value);
    for (const [k] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }
  delete(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#bytes -= (old ? old.body.length : 0) + key.length + 64;
    this.#entries.delete(key);
  }
  dropPrefix(prefix: string): void {
    for (const k of [...this.#entries.keys()]) if (k.startsWith(prefix)) this.delete(k);
  }
}

const isMissing = (e: unknown) => {
  const name = (e as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
};

export class BucketPages {
  readonly #o: Required<Omit<BucketPagesOptions, 'hosts'>>;
  readonly #hosts: Map<string, string>;
  readonly #cache: ObjectCache;
  readonly #sites = new Map<string, Site>();
  readonly #refreshing = new Map<string, Promise<Site | null>>();
  #keys: string[] = [];
  #listedAt = -Infinity;
  #listing: Promise<void> | null = null;
  #gen = 0;

  constructor(o: BucketPagesOptions) {
    this.#o = { maxBytes: 64 * 1024 * 1024, revalidateMs: 2000, ...o };
    this.#hosts = new Map(Object.entries(o.hosts ?? {}).map(([h, k]) => [h.toLowerCase(), k]));
    this.#cache = new ObjectCache(this.#o.maxBytes);
  }

  /** Bytes held by the object cache (tests). */
  get cachedBytes(): number { return this.#cache.bytes; }

  #base(key: string): string {
    return `${this.#o.prefix ? `${this.#o.prefix}/` : ''}${key}/`;
  }

  /** Reads the tenants (the bucket's folders under the prefix) and their live builds; before listening. */
  async start(): Promise<void> {
    await this.#list();
    await Promise.all(this.#keys.map((k) => this.#refresh(k)));
  }

  async #list(): Promise<void> {
    this.#listedAt = performance.now();
    const prefix = this.#o.prefix ? `${this.#o.prefix}/` : '';
    const keys: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const r = await this.#o.client.send(new ListObjectsCommand({ Bucket: this.#o.bucket, Prefix: prefix, Delimiter: '/', Marker: marker }));
      for (const p of r.CommonPrefixes ?? []) {
        const k = p.Prefix?.slice(prefix.length).replace(/\/$/, '');
        if (k && TENANT_KEY.test(k)) keys.push(k);
      }
      if (!r.IsTruncated || !r.NextMarker) break;
      marker = r.NextMarker;
    }
    this.#keys = keys.sort();
    // A tenant new in the bucket is served once its latest.json is read.
    for (const k of keys) if (!this.#sites.has(k)) void this.#refresh(k).catch(() => undefined);
  }

  /** Tenant keys with a live build in the bucket, sorted (the first one answers for localhost). */
  keys(): string[] {
    if (performance.now() - this.#listedAt > TENANTS_TTL_MS && !this.#listing) {
      this.#listing = this.#list().catch(() => undefined).finally(() => { this.#listing = null; });
    }
    return this.#keys.filter((k) => this.#sites.has(k));
  }

  keyForHost(hostname: string): string | null {
    return keyForHostIn(this.keys(), this.#hosts, hostname);
  }

  /** Reads the tenant's latest.json again at its next request (after this process published it). */
  invalidate(key: string): void {
    const s = this.#sites.get(key);
    if (s) s.checkedAt = -Infinity;
  }

  async #get(key: string, ifNoneMatch?: string) {
    return this.#o.client.send(new GetObjectCommand({ Bucket: this.#o.bucket, Key: key, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }));
  }

  /** Reads latest.json (and, for a new build, its route rules); null when the tenant has no build. */
  #refresh(key: string): Promise<Site | null> {
    let p = this.#refreshing.get(key);
    if (p) return p;
    p = (async () => {
      const old = this.#sites.get(key);
      let text: string;
      let etag: string | undefined;
      try {
        const r = await this.#get(`${this.#base(key)}builds/latest.json`, old?.latestEtag);
        text = await r.Body!.transformToString();
        etag = r.ETag;
      } catch (e) {
        if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304 && old) { old.checkedAt = performance.now(); return old; }
        if (isMissing(e)) { this.#sites.delete(key); this.#cache.dropPrefix(`${key}\0`); return null; }
        throw e;
      }
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id !== 'string' || !/^[A-Za-z0-9-]+$/.test(id)) throw new Error(`s3://${this.#o.bucket}/${this.#base(key)}builds/latest.json names no build`);
      if (old && old.buildId === id) { old.checkedAt = performance.now(); old.latestEtag = etag; return old; }
      let rules: RouteRules = {};
      try {
        const meta = JSON.parse(await (await this.#get(`${this.#base(key)}builds/meta/${id}.json`)).Body!.transformToString()) as { routeRules?: RouteRules };
        if (meta.routeRules && typeof meta.routeRules === 'object') rules = meta.routeRules;
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
      // A new generation: objects cached for the previous build are dropped.
      const site: Site = { key, buildId: id, rules, gen: ++this.#gen, checkedAt: performance.now(), ...(etag ? { latestEtag: etag } : {}) };
      this.#sites.set(key, site);
      this.#cache.dropPrefix(`${key}\0`);
      return site;
    })().finally(() => this.#refreshing.delete(key));
    this.#refreshing.set(key, p);
    return p;
  }

  /** The tenant's live build: read again when older than revalidateMs (the request waits only when there is none yet). */
  async #site(key: string): Promise<Site | null> {
    const s = this.#sites.get(key);
    if (!s) return this.#refresh(key).catch(() => null);
    if (performance.now() - s.checkedAt > this.#o.revalidateMs) {
      const fresh = this.#refresh(key).catch(() => s);
      // Published by this process just now: the request waits for the new build's rules.
      if (s.checkedAt === -Infinity) return fresh;
    }
    return s;
  }

  /** One object of the tenant's build, read whole; null when missing. Kept unless the tenant's build changed while it was read. */
  async #object(site: Site, rel: string): Promise<Obj | null> {
    const ck = `${site.key}\0${rel}`;
    const hit = this.#cache.get(ck);
    if (hit !== undefined) return hit;
    const gen = site.gen;
    let obj: Obj | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await this.#get(this.#base(site.key) + rel);
        if (r.WebsiteRedirectLocation) { obj = null; break; }
        const body = Buffer.from(await r.Body!.transformToByteArray());
        if (r.ContentLength !== undefined && r.ContentLength !== body.length) throw new Error(`short read of ${rel}`);
        obj = {
          body, type: contentTypeOf(rel), etag: r.ETag ?? `"${body.length.toString(16)}"`,
          modified: (r.LastModified ?? new Date(0)).toUTCString(), ...(r.ContentDisposition ? { disposition: r.ContentDisposition } : {}),
        };
        break;
      } catch (e) {
        if (isMissing(e)) { obj = null; break; }
        // A read aborted by an overwrite of the same key (s3rver rewrites in place) is read again.
        if (attempt >= READ_ATTEMPTS) throw e;
      }
    }
    if (this.#sites.get(site.key)?.gen === gen) this.#cache.set(ck, obj);
    return obj;
  }

  /** The file (relative to the tenant's root) for a URL path, as fileForPath does on a folder. */
  async #fileFor(site: Site, urlPath: string): Promise<{ rel: string; obj: Obj } | null> {
    for (const c of pathCandidates(urlPath)) {
      // builds/ is the publisher's bookkeeping (the manifest, the pending list): not served.
      if (c.startsWith('builds/sync-')) continue;
      const obj = await this.#object(site, c);
      if (obj) return { rel: c, obj };
    }
    return null;
  }

  async #notFound(reply: FastifyReply, site: Site | null) {
    reply.code(404).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    const page = site ? await this.#object(site, '404.html').catch(() => null) : null;
    if (page) return reply.type('text/html; charset=utf-8').send(page.body);
    return reply.type('text/plain; charset=utf-8').send('404 - Page Not Found');
  }

  /** Answers a request for tenant `key` from the bucket. */
  async handle(request: FastifyRequest, reply: FastifyReply, key: string): Promise<FastifyReply> {
    const site = await this.#site(key);
    if (!site) return this.#notFound(reply, null);
    const url = request.url;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    if (path === RSS_QUERY_PATH && query) {
      const feed = rssPathForQuery(new URLSearchParams(query).get('input') ?? undefined);
      const found = feed ? await this.#fileFor(site, `/${feed}`) : null;
      if (!found) return this.#notFound(reply, site);
      reply.headers(headersFor(found.rel));
      return this.#send(request, reply, site, found.rel, found.obj, 'application/rss+xml; charset=utf-8');
    }
    const redirect = matchRedirect(site.rules, url);
    if (redirect) return reply.code(redirect.status).header('cache-control', 'public, max-age=300').redirect(redirect.location, redirect.status);
    const found = await this.#fileFor(site, path);
    if (!found) {
      const moved = matchContentIdPath(site.rules, path);
      if (moved) return reply.code(301).header('cache-control', 'public, max-age=300').redirect(query ? `${moved.location}?${query}` : moved.location, 301);
      return this.#notFound(reply, site);
    }
    const { rel, obj } = found;
    reply.headers(headersFor(rel));
    if (rel.endsWith('.pdf')) reply.header('content-disposition', obj.disposition === 'inline' ? 'inline' : 'attachment');
    if (rel.endsWith('.html') && BYPASS_COOKIE.test(request.headers.cookie ?? '')) reply.header('cache-control', 'no-store');
    const feedType = rel.startsWith('__rss/') && rel.endsWith('.xml') ? 'application/rss+xml; charset=utf-8' : undefined;
    return this.#send(request, reply, site, rel, obj, feedType);
  }

  async #send(request: FastifyRequest, reply: FastifyReply, site: Site, rel: string, plain: Obj, type?: string): Promise<FastifyReply> {
    const compressible = COMPRESSIBLE.test(rel);
    const header = request.headers['accept-encoding'];
    let obj = plain;
    let encoding: Encoding | null = null;
    if (compressible) {
      const first = preferredEncoding(header, () => true);
      const second = first ? preferredEncoding(header, (s) => s !== first.suffix) : null;
      for (const enc of [first, second]) {
        if (!enc) continue;
        const sibling = await this.#object(site, `${rel}${enc.suffix}`);
        if (sibling) { obj = sibling; encoding = enc; break; }
      }
    }
    // The file's type, also for its .br/.gz sibling.
    reply.header('content-type', type ?? plain.type);
    if (compressible) reply.header('vary', 'accept-encoding');
    let body = obj.body;
    let etag = obj.etag;
    // No sibling: compressed here once per version, when the client takes br or gzip.
    const live = compressible && !encoding && body.length > MIN_COMPRESS_BYTES ? preferredEncoding(header, () => true) : null;
    if (live) {
      etag = `${etag.slice(0, -1)}-${live.name}"`;
      const ck = `bucket\0${site.key}\0${rel}\0${obj.etag}\0${live.name}`;
      let packed = onTheFly.get(ck);
      if (!packed) {
        packed = live.name === 'br'
          ? await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : await gzipAsync(body, { level: 6 });
        onTheFly.set(ck, packed);
      }
      body = packed;
      encoding = live;
    }
    if (encoding) reply.header('content-encoding', encoding.name);
    else reply.header('accept-ranges', 'bytes');
    reply.header('etag', etag).header('last-modified', obj.modified);
    const inm = request.headers['if-none-match'];
    if (inm !== undefined && inm.split(',').some((t) => { const v = t.trim(); return v === '*' || v === etag || v === `W/${etag}`; })) return reply.code(304).send();
    let start = 0;
    let end = body.length - 1;
    const range = encoding ? null : singleRange(request.headers.range, body.length);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${body.length}`).send();
    if (range) {
      ({ start, end } = range);
      reply.code(206).header('content-range', `bytes ${start}-${end}/${body.length}`);
    }
    reply.header('content-length', String(Math.max(0, end - start + 1)));
    if (request.method === 'HEAD' || body.length === 0) return reply.send();
    return reply.send(range ? body.subarray(start, end + 1) : body);
  }
}
