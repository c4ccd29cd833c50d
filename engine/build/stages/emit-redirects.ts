// Redirects as route rules (written into builds/meta/<buildId>.json and applied by `masthead serve`
// through matchRedirect) and as files for static hosts: Netlify's `_redirects` and an nginx map.
// Sources, in precedence order: the 8-digit /:id of every live content item → its canonical path,
// promotion items → their linkUrl, then index.redirects (stored redirects and old section aliases).
import type { EmittedFile, TenantIndex } from '../types';
import { escapeHtml } from '../../domain/html-escape';

export interface RedirectTarget {
  to: string;
  statusCode: 301;
  /** Append the request's query string to `to` (stored redirects may ask for it). */
  preserveQueryString?: true;
  /** `to` is an absolute http(s) URL that staff stored; the only kind of external target allowed. */
  external?: true;
}
export interface RouteRule { redirect: RedirectTarget }
/** Keyed by the normalised from-path (see normalizeFromPath). */
export type RouteRules = Record<string, RouteRule>;
/** A redirect that was not turned into a rule, with the field at fault and why. */
export interface RejectedRedirect { field: string; from: string; to: string; reason: string }

const MAX_CHAIN = 10;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
/** Text that needs no encoding at all (the usual case: slugged canonical paths). */
const PLAIN_URL = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/;
/** A path already in normal form (the usual case): one leading slash, nothing to encode, no trailing slash. */
const PLAIN_PATH = /^(?:\/|\/[A-Za-z0-9\-._~:@!$&'()*+,;=][A-Za-z0-9\-._~:@!$&'()*+,;=/]*(?<!\/))$/;
const UNSAFE_URL_CHAR = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;

/** Percent-encodes characters a URL may not carry raw; keeps existing %XX escapes (upper-cased). */
export function encodeUrlText(text: string): string {
  if (PLAIN_URL.test(text)) return text;
  return text
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
    .replace(/%[0-9a-f]{2}/gi, (esc) => esc.toUpperCase())
    .replace(UNSAFE_URL_CHAR, (ch) => encodeURIComponent(ch));
}

/**
 * The key a request path is looked up by: a site path (one leading slash, no query or fragment,
 * no control characters), percent-encoded uniformly, without a trailing slash. Null otherwise.
 */
export function normalizeFromPath(path: string): string | null {
  if (PLAIN_PATH.test(path)) return path;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || CONTROL.test(path)) return null;
  if (path.includes('?') || path.includes('#')) return null;
  const encoded = encodeUrlText(path);
  return encoded.length > 1 ? encoded.replace(/\/+$/, '') || '/' : encoded;
}

/**
 * A redirect target that is safe to send: a site path (never //host or /\host, which browsers
 * read as another host) or an absolute http(s) URL. javascript:, data:, blob:, vbscript:, mailto:,
 * relative and scheme-less targets give null.
 */
export function safeTarget(to: string): { to: string; external: boolean } | null {
  const raw = to.trim();
  if (raw === '' || CONTROL.test(raw)) return null;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
    return { to: encodeUrlText(raw), external: false };
  }
  if (!/^https?:\/\//i.test(raw)) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return { to: encodeUrlText(url.href), external: true };
  } catch {
    return null;
  }
}

function splitTarget(to: string): { path: string; rest: string } {
  const cut = to.search(/[?#]/);
  return cut < 0 ? { path: to, rest: '' } : { path: to.slice(0, cut), rest: to.slice(cut) };
}

/** Every path the build renders a page at (home, sections, non-promotion content): never redirected. */
function livePagePaths(index: TenantIndex): Set<string> {
  const paths = ['/', ...index.sections.map((s) => s.path), ...index.content.filter((c) => c.type !== 'Promotion').map((c) => c.path)];
  return new Set(paths.map(normalizeFromPath).filter((p): p is string => p !== null));
}

interface Candidate { fromField: string; toField: string; from: string; to: string; preserve: boolean; allowExternal: boolean }

function candidates(index: TenantIndex, rejected: RejectedRedirect[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of index.content) {
    const field = `content[id=${c.id}]`;
    if (c.type !== 'Promotion') {
      out.push({ fromField: `${field}.id`, toField: `${field}.path`, from: `/${c.id}`, to: c.path, preserve: false, allowExternal: false });
    } else if (!c.linkUrl) {
      rejected.push({ field: `${field}.linkUrl`, from: c.path, to: '', reason: 'A promotion needs a link to redirect to' });
    } else {
      const promo = { toField: `${field}.linkUrl`, to: c.linkUrl, preserve: false, allowExternal: true };
      out.push({ ...promo, fromField: `${field}.id`, from: `/${c.id}` }, { ...promo, fromField: `${field}.path`, from: c.path });
    }
  }
  index.redirects.forEach((r, i) => {
    out.push({ fromField: `redirects[${i}].from`, toField: `redirects[${i}].to`, from: r.from, to: r.to, preserve: r.preserveQueryString, allowExternal: true });
  });
  return out;
}

/**
 * The page paths a redirect would take over once no live page has them: stored redirects (and old
 * aliases) and promotions' own paths. Not the /<id> rules: their paths are never pages.
 */
export function pathsRedirectsClaim(index: TenantIndex): Set<string> {
  const out = new Set<string>();
  for (const c of index.content) if (c.type === 'Promotion' && c.linkUrl) { const p = normalizeFromPath(c.path); if (p !== null) out.add(p); }
  for (const r of index.redirects) { const p = normalizeFromPath(r.from); if (p !== null) out.add(p); }
  return out;
}

function rule(to: string, preserve: boolean, external: boolean): RouteRule {
  return { redirect: { to, statusCode: 301, ...(preserve ? { preserveQueryString: true as const } : {}), ...(external ? { external: true as const } : {}) } };
}

/** Follows internal targets that are themselves redirected, so every rule is one hop; drops loops. */
function collapseChains(rules: Map<string, RouteRule>, rejected: RejectedRedirect[]): void {
  const loops: string[] = [];
  const nextOf = (t: RedirectTarget) => {
    if (t.external) return undefined;
    const { path, rest } = splitTarget(t.to);
    const key = rest === '' ? normalizeFromPath(path) : null;
    return key === null ? undefined : { key, rule: rules.get(key) };
  };
  for (const [from, start] of rules) {
    let next = nextOf(start.redirect);
    if (!next?.rule) continue;
    let target = start.redirect;
    let preserve = !!target.preserveQueryString;
    const seen = new Set([from]);
    for (let hop = 0; hop < MAX_CHAIN && next?.rule; hop++, next = nextOf(target)) {
      if (seen.has(next.key)) { loops.push(from); break; }
      seen.add(next.key);
      preserve = preserve && !!next.rule.redirect.preserveQueryString;
      target = next.rule.redirect;
    }
    if (loops.at(-1) !== from) rules.set(from, rule(target.to, preserve, !!target.external));
  }
  for (const from of loops) {
    rejected.push({ field: 'redirects', from, to: rules.get(from)?.redirect.to ?? '', reason: 'Redirects form a loop' });
    rules.delete(from);
  }
}

/** Route rules plus the redirects that could not become rules (for the build to report). */
export function planRedirects(index: TenantIndex): { rules: RouteRules; rejected: RejectedRedirect[] } {
  const live = livePagePaths(index);
  const rules = new Map<string, RouteRule>();
  const rejected: RejectedRedirect[] = [];
  for (const c of candidates(index, rejected)) {
    const reject = (field: string, reason: string) => rejected.push({ field, from: c.from, to: c.to, reason });
    const from = normalizeFromPath(c.from);
    const target = safeTarget(c.to);
    if (from === null) { reject(c.fromField, 'Must be a site path starting with a single / and without a query string'); continue; }
    if (!target || (target.external && !c.allowExternal)) { reject(c.toField, 'Must be a site path starting with / or an absolute http(s) URL'); continue; }
    if (live.has(from)) { reject(c.fromField, 'A live page has this path, so it is not redirected'); continue; }
    if (rules.has(from)) { reject(c.fromField, 'Another redirect already uses this path'); continue; }
    if (!target.external && normalizeFromPath(splitTarget(target.to).path) === from) { reject(c.toField, 'Redirects to itself'); continue; }
    rules.set(from, rule(target.to, c.preserve, target.external));
  }
  collapseChains(rules, rejected);
  return { rules: Object.fromEntries(rules), rejected };
}

/** The route rules the pipeline writes into builds/meta/<buildId>.json. */
export function buildRouteRules(index: TenantIndex): RouteRules {
  return planRedirects(index).rules;
}

function appendQuery(to: string, query: string): string {
  const hash = to.indexOf('#');
  const [base, fragment] = hash < 0 ? [to, ''] : [to.slice(0, hash), to.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/**
 * The redirect for a request (path plus optional query), or null. Tolerates a trailing slash,
 * keeps the query string only when the rule asks, and re-checks every target, so rules read back
 * from a file cannot send a reader to a script URL or to an external site staff did not store.
 */
export function matchRedirect(rules: RouteRules, pathWithQuery: string): { location: string; status: 301 } | null {
  const noHash = pathWithQuery.split('#')[0] ?? '';
  const q = noHash.indexOf('?');
  const key = normalizeFromPath(q < 0 ? noHash : noHash.slice(0, q));
  const query = q < 0 ? '' : noHash.slice(q + 1);
  if (key === null || !Object.hasOwn(rules, key)) return null;
  const found = rules[key]?.redirect;
  const target = found && typeof found.to === 'string' ? safeTarget(found.to) : null;
  if (!found || !target || (target.external && found.external !== true)) return null;
  const location = found.preserveQueryString === true && query !== '' ? appendQuery(target.to, encodeUrlText(query)) : target.to;
  return { location, status: 301 };
}

/** A path whose last or next-to-last segment is an 8-digit content id: /<anything>/<id>[/<slug>]. */
const ID_IN_PATH = /^(?:\/[^/?#]+)*?\/(\d{8})(?:\/[^/?#]*)?\/?$/;

/**
 * For a path no page or rule answers: when it carries a live item's 8-digit id (with a wrong or
 * missing slug, or an old section alias), the item's canonical path (admin §2.4); otherwise null.
 */
export function matchContentIdPath(rules: RouteRules, path: string): { location: string; status: 301 } | null {
  const m = ID_IN_PATH.exec(path);
  if (!m) return null;
  const found = matchRedirect(rules, `/${m[1]}`);
  if (!found || !found.location.startsWith('/') || found.location === path) return null;
  return found;
}

/** `_redirects` for Netlify (and hosts reading its syntax). */
export function netlifyRedirects(rules: RouteRules): string {
  const head = [
    '# Generated by masthead build: every redirect of this site, one per line, "from to status".',
    '# 301! applies the redirect even where a file exists, as `masthead serve` and the nginx map do.',
    '# Netlify passes the request query string on to the target of every 301 automatically, which is',
    '# how redirects that preserve the query string keep it; _redirects cannot drop it for the others.',
  ];
  // A segment starting with ":" or a "*" would be read as a placeholder or a splat.
  const literal = (p: string) => p.replace(/\*/g, '%2A').replace(/\/:/g, '/%3A');
  const lines = Object.entries(rules).map(([from, r]) => `${literal(from)} ${r.redirect.to} 301!`);
  return `${[...head, ...lines].join('\n')}\n`;
}

const nginxQuote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function decodedPath(key: string): string | null {
  if (!key.includes('%')) return key;
  try {
    const d = decodeURIComponent(key);
    return CONTROL.test(d) ? null : d;
  } catch {
    return null;
  }
}

/** An nginx `map` from $uri (decoded, without the query string) to the redirect target. */
export function nginxRedirects(rules: RouteRules): string {
  const head = [
    '# Generated by masthead build. Include inside the http {} block, then in the server {} block:',
    '#     if ($masthead_redirect) { return 301 $masthead_redirect; }',
    '# Targets that preserve the query string end in $is_args$args; `return` drops it for the rest.',
    '# Many entries need a bigger hash: map_hash_max_size 524288; map_hash_bucket_size 256;',
    '# One map per http {} block: serve each tenant from its own nginx (or rename the variable).',
    'map $uri $masthead_redirect {',
    '    default "";',
  ];
  const lines: string[] = [];
  // Distinct keys can decode to the same $uri (/a%2Fb and /a/b); nginx refuses duplicate keys.
  const seen = new Set<string>();
  const entry = (key: string, value: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    lines.push(`    ${nginxQuote(key)} ${value};`);
  };
  for (const [from, r] of Object.entries(rules)) {
    // Targets are percent-encoded (no quote, backslash or space); a literal $ would name a variable.
    const to = r.redirect.to.replace(/\$/g, '%24');
    const value = `"${to}${r.redirect.preserveQueryString ? (to.includes('?') ? '&$args' : '$is_args$args') : ''}"`;
    const key = decodedPath(from);
    if (key === null) continue;
    entry(key, value);
    // /:id keys are exactly eight digits; other sources also answer with a trailing slash.
    if (key !== '/' && !/^\/\d{8}$/.test(key)) entry(`${key}/`, value);
  }
  return `${[...head, ...lines, '}'].join('\n')}\n`;
}


/**
 * The stub page left at a redirected path for hosts that read neither `_redirects` nor the nginx
 * map: an instant meta refresh plus a canonical link and a plain link to the new address.
 */
export function redirectStubPage(to: string, siteName: string): string {
  const href = escapeHtml(to);
  const name = escapeHtml(siteName);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta http-equiv="refresh" content="0; url=${href}"/>
<meta name="robots" content="noindex"/>
<link rel="canonical" href="${href}"/>
<title>This page has moved | ${name}</title>
</head>
<body>
<header><a href="/">${name}</a></header>
<nav aria-label="Site"><a href="/">Home</a></nav>
<main><h1>This page has moved</h1><p>It is now at <a href="${href}">${href}</a>.</p></main>
<footer><a href="/">${name}</a></footer>
</body>
</html>
`;
}

/**
 * Stub pages (`<from>/index.html`) for the internal redirects of moved pages and stored redirects.
 * Not for the /:id rules (one per item; every host that serves the rules answers those) nor for
 * paths that look like files (a last segment with a dot).
 */
export function redirectStubs(rules: RouteRules, siteName: string): EmittedFile[] {
  const out: EmittedFile[] = [];
  for (const [from, r] of Object.entries(rules)) {
    if (r.redirect.external || from === '/' || /^\/\d{8}$/.test(from)) continue;
    const path = decodedPath(from);
    if (path === null) continue;
    const segments = path.slice(1).split('/');
    if (segments.some((x) => x === '' || x === '.' || x === '..' || x.includes('\\')) || segments.at(-1)!.includes('.')) continue;
    out.push({ path: `${segments.join('/')}/index.html`, body: redirectStubPage(r.redirect.to, siteName), contentType: 'text/html; charset=utf-8' });
  }
  return out;
}

/** `_redirects` and `nginx-redirects.conf` for static hosts, from the same rules as `masthead serve`, plus stub pages. */
export function emitRedirects(index: TenantIndex, rules: RouteRules = buildRouteRules(index)): EmittedFile[] {
  return [
    { path: '_redirects', body: netlifyRedirects(rules), contentType: 'text/plain; charset=utf-8' },
    { path: 'nginx-redirects.conf', body: nginxRedirects(rules), contentType: 'text/plain; charset=utf-8' },
    ...redirectStubs(rules, index.tenant.name),
  ];
}
