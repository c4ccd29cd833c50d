// RSS feed blocks (issue 17): before a tenant is loaded, every external feed its layouts name is
// fetched (with a timeout and a size cap, at most once per refresh interval), parsed (RSS 2.0 or
// Atom) into plain-text items with http(s) links, and stored as the feed's last good copy
// (store/queries/feeds.ts). Feeds on loopback, private or link-local addresses are refused unless the
// build allows them, and redirects are not followed. A failed, oversized, unparsable or empty fetch keeps the previous copy;
// the load stage hands the copies to the pages, and the block drops when its feed has no items.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import type { Layout } from '../domain/layout';
import { safeHref } from '../domain/links';
import { htmlToText } from '../domain/text';
import type { Store } from '../store/connection';
import { feedRows, putFeed, type FeedItemRow } from '../store/queries/feeds';

/** A feed is fetched again once its copy is older than this. */
export const FEED_REFRESH_MS = 15 * 60_000;
export const FEED_TIMEOUT_MS = 5_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
/** Items kept per feed (the block's limit is at most 20). */
const KEEP = 20;
const MAX_TEXT = 500;

export type FetchLike = (url: string, init: { redirect: 'manual'; signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

/** The feed URLs the layouts' RSS feed blocks read. */
export function feedUrls(layouts: readonly Layout[]): string[] {
  const out = new Set<string>();
  for (const l of layouts) {
    for (const grid of [l.primaryGrid, l.secondaryGrid]) {
      for (const row of grid?.rows ?? []) for (const col of row.columns) for (const b of col.blocks) if (b.type === 'rss_feed') out.add(b.data.url);
    }
  }
  return [...out];
}

const text = (el: Element | null): string => (el ? DomUtils.textContent(el).trim() : '');
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1).trimEnd()}…` : s);
const child = (el: Element, name: string): Element | null => DomUtils.findOne((e) => e.name.toLowerCase() === name, el.children, false);

/**
 * The items of an RSS 2.0 or Atom document, in document order: titles and summaries as plain text
 * (markup removed; the page escapes them), links only when absolute http(s). Items without a title
 * or a usable link are left out.
 */
export function parseFeed(xml: string): FeedItemRow[] {
  const doc = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const entries = DomUtils.findAll((e) => e.name.toLowerCase() === 'item' || e.name.toLowerCase() === 'entry', doc.children);
  const items: FeedItemRow[] = [];
  for (const e of entries) {
    const linkEl = child(e, 'link');
    const rawLink = linkEl ? (linkEl.attribs.href ?? text(linkEl)) : '';
    const link = safeHref(rawLink.trim());
    const title = clip(htmlToText(text(child(e, 'title'))));
    if (!title || !link || !/^https?:\/\//i.test(link)) continue;
    const summary = clip(htmlToText(text(child(e, 'description') ?? child(e, 'summary') ?? child(e, 'content'))));
    const date = text(child(e, 'pubdate') ?? child(e, 'published') ?? child(e, 'updated'));
    const published = date ? Date.parse(date) : NaN;
    items.push({ title, link, summary, published: Number.isNaN(published) ? null : published });
    if (items.length >= KEEP) break;
  }
  return items;
}

/** Loopback, private (RFC 1918, unique local), link-local (cloud metadata), unspecified and CGNAT addresses. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/i.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = ip.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/** Refuses a feed on the build machine's own network: a layout editor must not make the build read internal services. */
async function checkHost(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new Error('refused: the address is loopback, private or link-local');
}

async function fetchFeed(url: string, fetchImpl: FetchLike, timeoutMs: number, allowPrivateHosts: boolean): Promise<FeedItemRow[]> {
  if (!allowPrivateHosts) await checkHost(url);
  // Redirects are not followed: a public address could point the build at an internal one.
  const res = await fetchImpl(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > FEED_MAX_BYTES) throw new Error('feed too large');
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > FEED_MAX_BYTES) throw new Error('feed too large');
  return parseFeed(body.toString('utf8'));
}

/**
 * Refreshes the tenant's feeds that are due and returns a warning per feed that could not be
 * refreshed (its last good copy stays). `fetch` is injectable for tests.
 */
export async function refreshFeeds(store: Store, tenantKey: string, layouts: readonly Layout[], opts: { now: number; fetch?: FetchLike; timeoutMs?: number; refreshMs?: number; allowPrivateHosts?: boolean }): Promise<string[]> {
  const urls = feedUrls(layouts);
  if (urls.length === 0) return [];
  const cached = new Map((await feedRows(store.db, tenantKey)).map((r) => [r.url, r]));
  const warnings: string[] = [];
  const fetchImpl = opts.fetch ?? (globalThis.fetch as FetchLike);
  await Promise.all(urls.map(async (url) => {
    const have = cached.get(url);
    if (have && opts.now - have.fetchedAt < (opts.refreshMs ?? FEED_REFRESH_MS)) return;
    try {
      const items = await fetchFeed(url, fetchImpl, opts.timeoutMs ?? FEED_TIMEOUT_MS, opts.allowPrivateHosts === true);
      if (items.length === 0) throw new Error('no items');
      await putFeed(store.db, tenantKey, url, items, opts.now);
    } catch (e) {
      warnings.push(`RSS feed ${url} not refreshed (${e instanceof Error ? e.message : String(e)}); ${have ? 'keeping the last good copy' : 'the block is left out'}`);
    }
  }));
  return warnings;
}
