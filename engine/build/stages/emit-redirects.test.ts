import { describe, expect, it } from 'vitest';
import {
  buildRouteRules, emitRedirects, matchContentIdPath, pathsRedirectsClaim, matchRedirect, normalizeFromPath, planRedirects, safeTarget, type RouteRules,
} from './emit-redirects';
import { load as parseHtml } from 'cheerio';
import type { BuildRedirect } from '../types';
import { makeContent, makeIndex } from '../../../tests/helpers/crawler-index';

const redirect = (from: string, to: string, preserveQueryString = false): BuildRedirect => ({ from, to, preserveQueryString, status: 301 });
const article = makeContent(12345678, { sectionId: 3 });
const promo = makeContent(12345679, { type: 'Promotion', linkUrl: 'https://sponsor.example/offer?utm=masthead' });

/** Reads an nginx map block the way nginx tokenises it: quoted strings with \ escapes, # comments. */
function parseNginxMap(conf: string): { variable: string; source: string; entries: Map<string, string> } {
  const tokens: string[] = [];
  const re = /\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|([{};])|([^\s"{};#]+)/gy;
  for (let m = re.exec(conf); m && re.lastIndex <= conf.length; m = re.exec(conf)) {
    if (m[1] !== undefined) tokens.push(`"${m[1].replace(/\\(.)/g, '$1')}`);
    else if (m[2] !== undefined || m[3] !== undefined) tokens.push((m[2] ?? m[3])!);
    if (re.lastIndex === conf.length) break;
  }
  expect(re.lastIndex, 'the whole file tokenises').toBe(conf.length);
  const [kw, source, variable, open] = tokens;
  expect([kw, open, tokens.at(-1)]).toEqual(['map', '{', '}']);
  const entries = new Map<string, string>();
  const body = tokens.slice(4, -1);
  for (let i = 0; i < body.length; i += 3) {
    expect(body[i + 2], `entry ${i / 3} ends with ;`).toBe(';');
    const unq = (t: string | undefined) => (t?.startsWith('"') ? t.slice(1) : t ?? '');
    entries.set(unq(body[i]), unq(body[i + 1]));
  }
  return { variable: variable!, source: source!, entries };
}

describe('safeTarget and normalizeFromPath', () => {
  it('refuses script, data and other non-http schemes, scheme-relative and backslash hosts', () => {
    for (const to of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'blob:https://a/b', 'vbscript:x', 'mailto:a@b.c',
      '//evil.example/x', '/\\evil.example', 'java\tscript:alert(1)', 'relative/path', 'https://', ' ']) {
      expect(safeTarget(to), to).toBeNull();
    }
    expect(safeTarget('/markets')).toEqual({ to: '/markets', external: false });
    expect(safeTarget('https://sponsor.example/a b')).toEqual({ to: 'https://sponsor.example/a%20b', external: true });
  });

  it('normalises request paths to one key: uniform escapes, no trailing slash', () => {
    expect(normalizeFromPath('/Old Path/')).toBe('/Old%20Path');
    expect(normalizeFromPath('/old%2fpath')).toBe('/old%2Fpath');
    expect(normalizeFromPath('/')).toBe('/');
    expect(['//evil', 'nope', '/a?b=1', '/a\nb'].map(normalizeFromPath)).toEqual([null, null, null, null]);
  });
});

describe('pathsRedirectsClaim (what a removed page unblocks, incremental builds)', () => {
  it('names stored redirects\' sources and promotions\' paths, normalised, and never an /<id> rule', () => {
    const claimed = pathsRedirectsClaim(makeIndex({ content: [article, promo], redirects: [redirect('/old-markets/', '/markets'), redirect('/café', '/x')] }));
    expect(claimed).toEqual(new Set(['/old-markets', normalizeFromPath('/café'), promo.path]));
    expect(claimed.has(`/${article.id}`)).toBe(false);
    expect(claimed.has(article.path)).toBe(false);
  });
});

describe('buildRouteRules', () => {
  const index = makeIndex({
    content: [article, promo],
    redirects: [redirect('/old-markets', '/markets', true), redirect('/ocean', '/markets/ocean-freight'), redirect('/partner', 'https://partner.example/x')],
  });
  const rules = buildRouteRules(index);

  it('redirects the 8-digit id of every live item to its canonical path', () => {
    expect(rules['/12345678']).toEqual({ redirect: { to: article.path, statusCode: 301 } });
  });

  it('keeps stored redirects and old aliases, flagging query-string preservation and external targets', () => {
    expect(rules['/old-markets']).toEqual({ redirect: { to: '/markets', statusCode: 301, preserveQueryString: true } });
    expect(rules['/ocean']).toEqual({ redirect: { to: '/markets/ocean-freight', statusCode: 301 } });
    expect(rules['/partner']).toEqual({ redirect: { to: 'https://partner.example/x', statusCode: 301, external: true } });
  });

  it('sends a promotion (its path and its id) to its link', () => {
    const to = { redirect: { to: 'https://sponsor.example/offer?utm=masthead', statusCode: 301, external: true } };
    expect(rules[promo.path]).toEqual(to);
    expect(rules['/12345679']).toEqual(to);
  });

  it('turns a chain into one hop and drops loops', () => {
    const { rules: r, rejected } = planRedirects(makeIndex({
      redirects: [redirect('/a', '/b', true), redirect('/b', '/c', true), redirect('/c', '/markets', true), redirect('/x', '/y'), redirect('/y', '/x')],
    }));
    expect(r['/a']).toEqual({ redirect: { to: '/markets', statusCode: 301, preserveQueryString: true } });
    expect(r['/x']).toBeUndefined();
    expect(r['/y']).toBeUndefined();
    expect(rejected.filter((x) => x.reason === 'Redirects form a loop').map((x) => x.from).sort()).toEqual(['/x', '/y']);
  });

  it('rejects unsafe targets, live-page shadowing, duplicates and self-redirects, naming the field', () => {
    const { rules: r, rejected } = planRedirects(makeIndex({
      content: [article],
      redirects: [
        redirect('/js', 'javascript:alert(document.cookie)'), redirect('/proto', '//evil.example'), redirect('/mail', 'mailto:x@y.z'),
        redirect('/markets', '/logistics'), redirect('/12345678', '/logistics'), redirect('/dup', '/markets'), redirect('/dup/', '/logistics'),
        redirect('/self', '/self/'), redirect('/q?x=1', '/markets'),
      ],
    }));
    const why = (from: string) => rejected.filter((x) => x.from === from).map((x) => `${x.field}: ${x.reason}`);
    expect(why('/js')).toEqual(['redirects[0].to: Must be a site path starting with / or an absolute http(s) URL']);
    expect(why('/proto')).toHaveLength(1);
    expect(why('/mail')).toHaveLength(1);
    expect(why('/markets')).toEqual(['redirects[3].from: A live page has this path, so it is not redirected']);
    expect(why('/12345678')).toEqual(['redirects[4].from: Another redirect already uses this path']);
    expect(why('/dup/')).toEqual(['redirects[6].from: Another redirect already uses this path']);
    expect(why('/self')).toEqual(['redirects[7].to: Redirects to itself']);
    expect(why('/q?x=1')).toHaveLength(1);
    expect(Object.keys(r).sort()).toEqual(['/12345678', '/dup']);
  });

  it('refuses a promotion whose link is not http(s) or a path, and reports one without a link', () => {
    const bad = makeContent(12345680, { type: 'Promotion', linkUrl: 'javascript:alert(1)' });
    const none = makeContent(12345681, { type: 'Promotion', linkUrl: null });
    const { rules: r, rejected } = planRedirects(makeIndex({ content: [bad, none] }));
    expect(r).toEqual({});
    expect(rejected.map((x) => x.field)).toEqual(['content[id=12345681].linkUrl', 'content[id=12345680].linkUrl', 'content[id=12345680].linkUrl']);
  });
});

describe('matchRedirect', () => {
  const rules = buildRouteRules(makeIndex({
    content: [article],
    redirects: [redirect('/keep', '/markets?from=old#top', true), redirect('/drop', '/markets'), redirect('/ext', 'https://partner.example/p', true)],
  }));

  it('redirects /:id (exactly eight digits) to the canonical path', () => {
    expect(matchRedirect(rules, '/12345678')).toEqual({ location: article.path, status: 301 });
    expect(matchRedirect(rules, '/12345678/?utm=x')).toEqual({ location: article.path, status: 301 });
    expect(matchRedirect(rules, '/1234567')).toBeNull();
    expect(matchRedirect(rules, '/123456789')).toBeNull();
  });

  it('keeps the query string only when the redirect asks for it', () => {
    expect(matchRedirect(rules, '/keep?a=1&b=two words')?.location).toBe('/markets?from=old&a=1&b=two%20words#top');
    expect(matchRedirect(rules, '/keep')?.location).toBe('/markets?from=old#top');
    expect(matchRedirect(rules, '/drop?a=1')?.location).toBe('/markets');
    expect(matchRedirect(rules, '/ext?a=1')?.location).toBe('https://partner.example/p?a=1');
  });

  it('answers nothing for unknown paths, prototype names and malformed requests', () => {
    for (const p of ['/nope', '/__proto__', '/constructor', 'toString', '//12345678', '']) expect(matchRedirect(rules, p), p).toBeNull();
  });

  it('re-checks targets, so tampered rules cannot send readers to scripts or unflagged external sites', () => {
    const tampered: RouteRules = {
      '/a': { redirect: { to: 'javascript:alert(1)', statusCode: 301 } },
      '/b': { redirect: { to: 'https://evil.example/', statusCode: 301 } },
      '/c': { redirect: { to: '//evil.example/', statusCode: 301, external: true } },
      '/d': { redirect: { to: 'data:text/html,<script>x</script>', statusCode: 301, external: true } },
    };
    for (const p of ['/a', '/b', '/c', '/d']) expect(matchRedirect(tampered, p), p).toBeNull();
  });
});

describe('emitRedirects', () => {
  const index = makeIndex({
    content: [article],
    redirects: [redirect('/old-markets', '/markets', true), redirect('/caf%C3%A9 "menu"', '/logistics?x=$1'), redirect('/star*/:id', '/markets')],
  });
  const rules = buildRouteRules(index);
  const files = emitRedirects(index, rules);
  const body = (path: string) => String(files.find((f) => f.path === path)?.body);

  it('writes a Netlify _redirects line per rule, forced, with patterns escaped', () => {
    const lines = body('_redirects').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s+/));
    expect(lines).toContainEqual(['/12345678', article.path, '301!']);
    expect(lines).toContainEqual(['/old-markets', '/markets', '301!']);
    expect(lines).toContainEqual(['/star%2A/%3Aid', '/markets', '301!']);
    expect(lines.every((l) => l.length === 3)).toBe(true);
    expect(lines).toHaveLength(Object.keys(rules).length);
  });

  it('writes an nginx map from the decoded $uri, keeping the query string only where asked', () => {
    const conf = body('nginx-redirects.conf');
    expect(conf).toMatch(/^# .*if \(\$masthead_redirect\) \{ return 301 \$masthead_redirect; \}$/m);
    const map = parseNginxMap(conf);
    expect([map.source, map.variable]).toEqual(['$uri', '$masthead_redirect']);
    expect(map.entries.get('default')).toBe('');
    expect(map.entries.get('/12345678')).toBe(article.path);
    expect(map.entries.get('/old-markets')).toBe('/markets$is_args$args');
    expect(map.entries.get('/old-markets/')).toBe('/markets$is_args$args');
    expect(map.entries.get('/café "menu"')).toBe('/logistics?x=%241');
  });

  it('writes each decoded $uri once, since nginx refuses duplicate map keys', () => {
    const twin = emitRedirects(makeIndex({ redirects: [redirect('/a%2Fb', '/markets'), redirect('/a/b', '/logistics')] }));
    const conf = String(twin.find((f) => f.path === 'nginx-redirects.conf')?.body);
    expect(conf.match(/^ {4}"\/a\/b" /gm)).toHaveLength(1);
    expect(parseNginxMap(conf).entries.get('/a/b')).toBe('/markets');
  });
});

describe('matchContentIdPath (admin §2.4)', () => {
  const rules = buildRouteRules(makeIndex({ content: [article, promo] }));

  it('sends a path with a live item\'s 8-digit id and a wrong, missing or old-section slug to its canonical path', () => {
    for (const p of ['/markets/12345678/wrong-slug', '/markets/12345678', '/old-desk/12345678/x', '/12345678/anything', '/a/b/12345678/c/']) {
      expect(matchContentIdPath(rules, p), p).toEqual({ location: article.path, status: 301 });
    }
  });

  it('answers nothing for the canonical path itself, unknown ids, external promotion targets and ids not in a segment of their own', () => {
    for (const p of [article.path, '/markets/87654321/x', '/markets/12345679/x', '/markets/x12345678/y', '/markets/12345678/a/b', '/']) {
      expect(matchContentIdPath(rules, p), p).toBeNull();
    }
  });
});

describe('redirect stub pages', () => {
  const index = makeIndex({
    content: [article],
    redirects: [redirect('/old-markets', '/markets'), redirect('/moved/"q"<b>', '/markets?a=1&b=2'), redirect('/feed.xml', '/markets'), redirect('/partner', 'https://partner.example/')],
  });
  const files = emitRedirects(index);
  const stubs = files.filter((f) => f.path.endsWith('.html'));

  it('leaves a stub page with an instant refresh and a canonical link at each internal redirect\'s old path', () => {
    const stub = stubs.find((f) => f.path === 'old-markets/index.html');
    expect(stub).toBeDefined();
    const $ = parseHtml(String(stub!.body));
    expect($('meta[http-equiv="refresh"]').attr('content')).toBe('0; url=/markets');
    expect($('link[rel="canonical"]').attr('href')).toBe('/markets');
    expect($('h1')).toHaveLength(1);
  });

  it('escapes targets, and writes no stub for /:id rules, file-like paths or external targets', () => {
    const odd = stubs.find((f) => f.path === 'moved/"q"<b>/index.html');
    expect(String(odd?.body)).toContain('href="/markets?a=1&amp;b=2"');
    expect(String(odd?.body)).not.toContain('<b>');
    expect(stubs.map((f) => f.path).sort()).toEqual(['moved/"q"<b>/index.html', 'old-markets/index.html']);
  });
});
