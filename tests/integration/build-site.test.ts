// The prerendered site as a reader, a crawler and a validator see it: which pages exist, what
// they contain, that they are valid HTML with the accessibility basics, that every internal
// link resolves, and that hostile text and HTML from the database cannot run script.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import {
  ALPHA, BUILD_NOW, EVENT_ID, EXPIRED_ID, FUTURE_ID, GATED_ID, HOSTILE_ID, HOSTILE_TITLE, PROMO_ID, RELEASE_ID,
  elements, id, listFiles, parseHtml, seedBuildSite, text,
} from './build-site-fixture';
import { brokenLinks, pageProblems } from './build-quality';

let store: Store;
let out: string;
let summary: BuildSummary;
let site: string;
let files: string[];
const html = (rel: string) => readFileSync(join(site, rel), 'utf8');
const page = (path: string) => parseHtml(join(site, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`));
const attr = (e: { attribs: Record<string, string> }, name: string) => e.attribs[name];

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  // A menu link with a refused scheme, written past validation as a broken import might.
  await store.run("UPDATE menus SET links = ? WHERE tenant_key = 'alpha' AND key = 'mega_1'", [
    JSON.stringify([{ label: 'Spot Rates', href: '/markets/ocean-freight/spot-rates', external: false }, { label: 'Evil', href: 'javascript:alert(1)', external: true }]),
  ]);
  out = mkdtempSync(join(tmpdir(), 'masthead-build-'));
  // Without the client bundle: these pages must carry no script but JSON-LD (build-client-bundle.test.ts covers the bundle).
  summary = await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'https://{key}.example.com', workers: 2, clientDir: null });
  site = realpathSync(join(out, 'alpha'));
  files = listFiles(site);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

describe('pages the build writes', () => {
  it('writes home, sections (not /home), every live item at its canonical path, print views, shells and 404.html', () => {
    for (const f of ['index.html', 'markets/index.html', 'markets/ocean-freight/index.html', 'markets/ocean-freight/spot-rates/index.html',
      'search/index.html', 'account/index.html', 'account/login/index.html', 'membership/choose/index.html', 'membership/signup/insider/index.html', '404.html']) {
      expect(files, f).toContain(f);
    }
    expect(files).not.toContain('home/index.html');
    const first = id(ALPHA, 1);
    expect(files).toContain(`markets/ocean-freight/${first}/carriers-adjust-capacity-on-lane-1/index.html`);
    expect(files).toContain(`markets/ocean-freight/${first}/carriers-adjust-capacity-on-lane-1/_payload.json`);
    expect(files).toContain(`print/content/${first}/index.html`);
    expect(html('404.html')).toContain('404 - Page Not Found');
    expect(text(elements(parseHtml(join(site, '404.html')), 'a').find((a) => attr(a, 'href') === '/' && text(a) === 'Return to Home')!)).toBe('Return to Home');
  });

  it('renders only published content inside its window, and no page for promotions', () => {
    const built = (cid: number) => files.some((f) => f.includes(`/${cid}/`) && f.endsWith('index.html') && !f.startsWith('print/'));
    expect(built(id(ALPHA, 12))).toBe(false); // draft
    expect(built(EXPIRED_ID)).toBe(false);
    expect(built(FUTURE_ID)).toBe(false);
    expect(built(PROMO_ID)).toBe(false);
    expect(built(EVENT_ID)).toBe(true);
  });

  it('paginates an overflowing paginate:true list as …/page/N/ with links both ways', () => {
    expect(files).toContain('markets/ocean-freight/page/2/index.html');
    const p2 = page('/markets/ocean-freight/page/2');
    const hrefs = elements(p2, 'a').map((a) => attr(a, 'href'));
    expect(hrefs).toContain('/markets/ocean-freight');
  });

  it('publishes builds/latest.json and builds/meta/<id>.json with route rules and the prerendered paths', () => {
    const latest = JSON.parse(html('builds/latest.json')) as { id: string; timestamp: number };
    expect(latest).toEqual({ id: summary.buildId, timestamp: BUILD_NOW });
    const meta = JSON.parse(html(`builds/meta/${latest.id}.json`)) as { id: string; routeRules: Record<string, { redirect: { to: string } }>; prerendered: string[] };
    expect(meta.id).toBe(latest.id);
    const pages = files.filter((f) => f.endsWith('index.html')).map((f) => `/${f.replace(/\/?index\.html$/, '')}`);
    // Every index.html is a prerendered page, except the stub pages left at redirected paths.
    expect(new Set(meta.prerendered)).toEqual(new Set(pages.filter((p) => !meta.routeRules[p])));
    expect(pages).toContain('/old-markets');
    expect(meta.routeRules[`/${id(ALPHA, 1)}`]?.redirect.to).toBe(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    expect(meta.routeRules[`/${PROMO_ID}`]?.redirect.to).toBe('https://sponsor.example/offer');
    expect(meta.routeRules['/old-markets']?.redirect.to).toBe('/markets');
  });

  it('writes crawler files, images from the database and the hashed stylesheet', () => {
    for (const f of ['robots.txt', 'sitemap.xml', 'sitemap-google-news.xml', '__rss/website-scheduled-content.xml', '_redirects', 'nginx-redirects.conf', 'images/alpha/ship.svg']) expect(files, f).toContain(f);
    const css = files.filter((f) => /^assets\/site\.[0-9a-f]{12}\.css$/.test(f));
    expect(css).toHaveLength(1);
    const sheet = html(css[0]!);
    expect(sheet).toContain('--color-primary:#0b3d91');
    expect(sheet).toContain('--site-max-width:1300px');
    expect(sheet).toContain('--row-gap:48px');
    expect(sheet).toContain('--block-gap:24px');
  });

  it('writes /css/dragonform.css: the form stylesheet in the tenant theme, at its fixed path', () => {
    expect(files).toContain('css/dragonform.css');
    const form = html('css/dragonform.css');
    expect(form).toContain('--color-primary:#0b3d91');
    expect(form).toMatch(/button,input\[type=submit\],input\[type=button\]\{[^}]*background:var\(--color-primary\)/);
  });

  it('writes a _payload.json with the data each page was rendered from, never a gated body', () => {
    const gated = files.find((f) => f.includes(`/${GATED_ID}/`) && f.endsWith('_payload.json'))!;
    const payload = JSON.parse(html(gated)) as { kind: string; content: { id: number; gated: boolean; bodyHtml: string } };
    expect(payload.kind).toBe('content');
    expect(payload.content).toMatchObject({ id: GATED_ID, gated: true, bodyHtml: '' });
    const all = files.filter((f) => f.includes(`${GATED_ID}`)).map((f) => html(f)).join('');
    expect(all).not.toContain('SECRET-BODY-TEXT');
    const home = JSON.parse(html('_payload.json')) as { kind: string; rows: unknown[] };
    expect(home.kind).toBe('home');
  });
});

describe('layouts, grids and lists', () => {
  it('puts content scheduled to the section aliased "home" on the home page, and drops empty blocks and columns', () => {
    const home = page('/');
    const links = elements(home, 'a').map((a) => attr(a, 'href'));
    expect(links).toContain(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    const rows = elements(home).filter((e) => (attr(e, 'class') ?? '').split(' ').includes('columns'));
    expect(rows.map((r) => attr(r, 'class'))).toEqual(['columns layout-1', 'columns layout-1', 'columns layout-1']);
  });

  it('marks what the event client records: the page id and section, block ids, listed items, and the join/login funnel links', () => {
    const story = page(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    const body = elements(story, 'body')[0]!;
    expect([attr(body, 'data-page-id'), attr(body, 'data-page-content'), attr(body, 'data-page-section')]).toEqual([`content:${id(ALPHA, 1)}`, String(id(ALPHA, 1)), String(ALPHA + 3)]);
    const steps = elements(story, 'a').filter((a) => attr(a, 'data-track-step')).map((a) => [text(a), attr(a, 'data-track-step')]);
    expect(steps).toEqual([['Join Alpha', 'click-join-header'], ['Login', 'click-login-header']]);
    const home = page('/');
    expect(attr(elements(home, 'body')[0]!, 'data-page-id')).toBeUndefined();
    const latest = elements(home).find((e) => attr(e, 'data-block-id') === 'latest')!;
    expect(elements({ children: [latest] } as never, 'a').filter((a) => elements({ children: [a.parent] } as never).some((e) => attr(e, 'class') === 'block-title')).map((a) => attr(a, 'href'))).toEqual(['/markets']);
    const items = elements({ children: [latest] } as never, 'li').filter((li) => attr(li, 'class')?.startsWith('item '));
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((li) => attr(li, 'data-content-id'))).toEqual(items.map(() => expect.stringMatching(/^[1-9]\d*$/)));
    expect(items.some((li) => elements({ children: [li] } as never, 'a')[0]!.attribs.href!.includes(`/${attr(li, 'data-content-id')}/`))).toBe(true);
    const print = files.find((f) => f.startsWith('print') && f.endsWith('index.html'))!;
    expect(attr(elements(parseHtml(join(site, print)), 'body')[0]!, 'data-page-id')).toBeUndefined();
  });

  it('uses the content-type override for its type and never repeats the page’s own item in its lists', () => {
    const release = files.find((f) => f.includes(`/${RELEASE_ID}/`) && f.endsWith('index.html') && !f.startsWith('print'))!;
    const doc = parseHtml(join(site, release));
    expect(elements(doc).some((e) => attr(e, 'class')?.includes('block-hero'))).toBe(false);
    const first = page(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    const listed = elements(first).filter((e) => attr(e, 'class')?.startsWith('items ')).flatMap((ul) => elements({ children: [ul] } as never, 'a'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((a) => attr(a, 'href'))).not.toContain(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
  });

  it('formats dates in America/Chicago (events start – end) and truncates teasers at 175 characters', () => {
    expect(html('index.html')).toContain('Sept. 15, 2026 – Sept. 17, 2026');
    const doc = page('/');
    const teasers = elements(doc, 'p').filter((p) => attr(p, 'class') === 'item-teaser').map(text);
    expect(teasers.length).toBeGreaterThan(0);
    for (const t of teasers) expect(t.length).toBeLessThanOrEqual(175);
    expect(teasers.some((t) => t.endsWith('…'))).toBe(true);
    expect(html(files.find((f) => f.startsWith(`markets/ocean-freight/${id(ALPHA, 1)}/`) && f.endsWith('index.html'))!)).toContain('Oct. 1, 2026');
  });
});

describe('head', () => {
  it('has a suffixed title, description, canonical, Open Graph and Twitter tags and JSON-LD', () => {
    const doc = page(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    const head = elements(doc, 'head')[0]!;
    expect(text(elements(head as never, 'title')[0]!)).toBe('Carriers adjust capacity on lane 1 | alpha News');
    const meta = (key: string) => elements(head as never, 'meta').find((m) => attr(m, 'name') === key || attr(m, 'property') === key)?.attribs.content;
    expect(meta('description')).toBe('Schedules shift as carriers respond to softer demand.');
    expect(meta('og:type')).toBe('article');
    expect(meta('og:image')).toBe('https://alpha.example.com/images/alpha/ship.svg');
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
    expect(meta('twitter:card')).toBe('summary_large_image');
    const canonical = elements(head as never, 'link').find((l) => attr(l, 'rel') === 'canonical');
    expect(attr(canonical!, 'href')).toBe(`https://alpha.example.com/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    expect(elements(head as never, 'link').some((l) => attr(l, 'rel') === 'stylesheet')).toBe(true);
    const ld = elements(head as never, 'script').filter((s) => attr(s, 'type') === 'application/ld+json');
    expect(ld).toHaveLength(1);
    const graph = (JSON.parse(text(ld[0]!)) as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((g) => g['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  });

  it('links section pages to their feed in the query form and marks listed content types noindex', () => {
    const rss = elements(page('/markets/ocean-freight'), 'link').find((l) => attr(l, 'type') === 'application/rss+xml');
    expect(attr(rss!, 'href')).toBe(`/__rss/website-scheduled-content.xml?input=${encodeURIComponent('{"sectionAlias":"markets/ocean-freight"}')}`);
    const release = files.find((f) => f.includes(`/${RELEASE_ID}/`) && f.endsWith('index.html') && !f.startsWith('print'))!;
    expect(elements(parseHtml(join(site, release)), 'meta').find((m) => attr(m, 'name') === 'robots')?.attribs.content).toBe('noindex');
    expect(elements(page(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`), 'meta').some((m) => attr(m, 'name') === 'robots')).toBe(false);
  });
});

describe('header, mega menu, bottom navbar and footer', () => {
  it('has the logo link, search link, hamburger, Join/Login and a bottom navbar of the first 5 links with the current one marked', () => {
    const doc = page('/markets/ocean-freight/spot-rates');
    const header = elements(doc, 'header')[0]!;
    const links = elements(header as never, 'a');
    expect(links.some((a) => attr(a, 'href') === '/' && elements(a as never, 'img').length === 1)).toBe(true);
    expect(links.some((a) => attr(a, 'href') === '/search')).toBe(true);
    expect(links.some((a) => attr(a, 'href') === '#mega-menu')).toBe(true);
    expect(links.map(text)).toEqual(expect.arrayContaining(['Join Alpha', 'Login']));
    const bottom = elements(header as never, 'nav')[0]!;
    const navLinks = elements(bottom as never, 'a');
    expect(navLinks.map(text)).toEqual(['Markets', 'Ocean Freight', 'Spot Rates', 'Search', 'Account']);
    expect(navLinks.filter((a) => attr(a, 'aria-current')).map(text)).toEqual(['Spot Rates']);
  });

  it('has the mega menu search field and its sections, and refuses javascript: links', () => {
    const doc = page('/');
    const mega = elements(doc).find((e) => attr(e, 'id') === 'mega-menu')!;
    expect(elements(mega as never, 'input').find((i) => attr(i, 'type') === 'search')?.attribs.placeholder).toBe('Start your search here...');
    expect(elements(mega as never, 'h2').map(text)).toEqual(['Sections', 'Special', 'Contact', 'Affiliated Brands', 'Follow us on']);
    const ext = elements(mega as never, 'a').find((a) => attr(a, 'href') === 'https://beta.example/')!;
    expect([attr(ext, 'target'), attr(ext, 'rel')]).toEqual(['_blank', 'noopener']);
    expect(elements(mega as never, 'a').some((a) => text(a) === 'Evil')).toBe(false);
  });

  it('has the footer columns, an unflagged external link in the same tab, and the copyright line', () => {
    const footer = elements(page('/'), 'footer')[0]!;
    expect(elements(footer as never, 'h2').map(text)).toEqual(['Newsletters', 'Connect', 'Affiliated Brands']);
    expect(elements(footer as never, 'button').map(text)).toEqual(['Sign Up']);
    const partner = elements(footer as never, 'a').find((a) => attr(a, 'href') === 'https://partner.example/')!;
    expect(attr(partner, 'target')).toBeUndefined();
    expect(text(footer)).toContain('© 2026 alpha News. All rights reserved.');
  });
});

describe('security', () => {
  it('escapes hostile titles and sanitises hostile bodies: no executable script anywhere', () => {
    const pagesOfItem = files.filter((f) => f.includes(`${HOSTILE_ID}`) && f.endsWith('.html'));
    expect(pagesOfItem.length).toBe(2);
    for (const f of [...pagesOfItem, 'markets/ocean-freight/index.html', 'index.html']) {
      const doc = parseHtml(join(site, f));
      for (const s of elements(doc, 'script')) expect(attr(s, 'type'), f).toBe('application/ld+json');
      for (const e of elements(doc)) {
        for (const [k, v] of Object.entries(e.attribs)) {
          expect(k.startsWith('on'), `${f}: <${e.name} ${k}>`).toBe(false);
          if (k === 'href' || k === 'src') expect(v.trim().toLowerCase().startsWith('javascript:'), `${f}: ${k}=${v}`).toBe(false);
        }
      }
      for (const tag of ['iframe', 'object', 'embed']) expect(elements(doc, tag), f).toHaveLength(0);
    }
    const doc = parseHtml(join(site, pagesOfItem.find((f) => !f.startsWith('print'))!));
    expect(text(elements(doc, 'h1')[0]!)).toBe(HOSTILE_TITLE);
    // The title inside JSON-LD cannot close the script element.
    const raw = html(pagesOfItem[0]!);
    expect(raw.match(/<\/script>/g)?.length).toBe(1);
  });

  it('sanitises html blocks with the same allow-list', () => {
    const release = files.find((f) => f.includes(`/${RELEASE_ID}/`) && f.endsWith('index.html') && !f.startsWith('print'))!;
    const raw = html(release);
    expect(raw).toContain('Media contact');
    expect(raw).not.toMatch(/onclick|javascript:/i);
  });
});

describe('output quality', () => {
  it('every HTML page is valid, has lang, exactly one h1, alt on every img, and header, nav, main and footer landmarks', async () => {
    expect(files.filter((f) => f.endsWith('.html')).length).toBeGreaterThan(30);
    expect(await pageProblems(site, files)).toEqual([]);
  }, 120_000);

  it('no internal link points at a path the build did not produce', () => {
    expect(brokenLinks(site, files)).toEqual([]);
  });

  it('builds every tenant, each into its own folder', () => {
    expect(summary.tenants.map((t) => t.key)).toEqual(['alpha', 'beta']);
    expect(existsSync(join(out, 'beta', 'index.html'))).toBe(true);
    expect(summary.pages).toBe(summary.tenants.reduce((n, t) => n + t.pages, 0));
  });
});
