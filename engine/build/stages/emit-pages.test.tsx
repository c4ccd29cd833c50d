// The bytes the build writes for a page are the rendered document and payload as UTF-8, however
// the worker assembles them: encoded through a reused scratch buffer, the print view's head derived
// from its content page's, the content view's JSON spliced into both payloads (emit-pages.ts, render.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../domain/settings';
import { renderDocument } from '../../../site/document';
import { Head, noindexHeadMarkup } from '../../../site/head';
import { escapeJsonForHtml } from '../../../site/json';
import type { HeadView } from '../../../site/model';
import { contentPages } from './emit-pages';
import { buildChrome } from './chrome';
import { createResolveContext, resolveContentPage, resolvePrintPage } from './resolve';
import type { BuildContent, BuildSection, TenantIndex } from '../types';

const NOW = Date.UTC(2026, 10, 1);

function section(id: number, alias: string): BuildSection {
  return { id, name: alias, alias, path: `/${alias}`, parentId: null, description: null, depth: 1, updatedAt: NOW };
}

function item(id: number, extra: Partial<BuildContent> = {}): BuildContent {
  return {
    id, type: 'Article', name: `Story ${id} – “quoted”`, slug: `story-${id}`, teaser: `Teaser of ${id}`, published: NOW - 86_400_000, updatedAt: NOW,
    path: `/markets/${id}/story-${id}`, sectionId: 2, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null,
    description: null, event: null, membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [], ...extra,
  };
}

function tenant(content: BuildContent[], general: Record<string, unknown> = {}): TenantIndex {
  return {
    tenant: {
      key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'AC', origin: 'https://acme.test', language: 'en',
      settings: siteSettingsSchema.parse({
        general: { siteName: 'Acme Trade', ...general }, header: { logo: '/images/acme/logo.svg' }, footer: { text: 'Trade news.' },
        tenantInfo: { name: 'Acme', domain: 'acme.test' },
        colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
      }),
    },
    sections: [section(1, 'home'), section(2, 'markets')],
    content,
    schedules: content.map((c) => ({ contentId: c.id, sectionId: c.sectionId, option: 'Standard' as const })),
    redirects: [],
    now: NOW,
    layouts: [],
  };
}

/** The item's page and print view rendered whole (React for every head, one JSON of each page), as UTF-8. */
function expected(index: TenantIndex, c: BuildContent, body: string) {
  const ctx = createResolveContext(index);
  const chrome = buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
  const page = resolveContentPage(ctx, c, body);
  return [page, resolvePrintPage(ctx, c, body, page)].map((p) => [
    Buffer.from(renderDocument(p, chrome)),
    Buffer.from(escapeJsonForHtml({ ...p, head: { ...p.head, jsonLd: undefined } })),
  ]);
}

function expectSameFiles(index: TenantIndex, items: BuildContent[], bodies: string[]) {
  const ctx = createResolveContext(index);
  const chrome = buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
  items.forEach((c, i) => {
    const out = contentPages(ctx, chrome, c, bodies[i]!);
    const want = expected(index, c, bodies[i]!);
    expect(out.map((p) => p.files.length)).toEqual([2, 2]);
    out.forEach((p, k) => p.files.forEach((f, j) => expect(f.body.toString(), `${c.id} ${f.path}`).toBe(want[k]![j]!.toString())));
    out.forEach((p, k) => p.files.forEach((f, j) => expect(f.body.equals(want[k]![j]!), `${c.id} ${f.path} bytes`).toBe(true)));
  });
}

describe('content page files', () => {
  it('are the rendered document and payload in UTF-8, for pages of every size and any character', () => {
    // Two-byte text, astral characters (four UTF-8 bytes) and a body past the scratch buffer's first size.
    const bodies = ['<p>plain</p>', '<p>“Curly” — dash, café</p>', `<p>${'Ship 🚢 lanes — “rates” '.repeat(5_000)}</p>`, '<p>after the large one</p>'];
    const items = bodies.map((_, i) => item(20000001 + i));
    expectSameFiles(tenant(items), items, bodies);
  });

  it('give the print view its content page\'s head with robots noindex, and the same content view in its payload', () => {
    const items = [
      item(20000001),
      // A noindex content type: the print view's head is the page's as it is.
      item(20000002, { type: 'News' }),
      // Text that looks like the markup the head is cut at, and like the payload's placeholder.
      item(20000003, { name: 'A "/><link rel="canonical" href="x"/> <b>title</b>', teaser: 'Deck \u0000masthead:content\u0000 & more', description: 'Desc "/> <meta name="description" content="y"/>' }),
      item(20000004, { image: { id: 9, path: '/images/a.jpg', alt: 'Alt "quoted"', width: 1200, height: 800, caption: 'Cap', credit: null, mimeType: 'image/jpeg' } as BuildContent['image'] }),
    ];
    expectSameFiles(tenant(items, { enableNoIndexByContentType: ['News'] }), items, items.map((c) => `<p>Body of ${c.id}</p>`));
  });
});

describe('noindexHeadMarkup', () => {
  const chrome = buildChrome(tenant([]), { href: '/assets/site.css', integrity: 'sha384-x' });
  const head: HeadView = {
    title: 'T "/>', description: 'D', canonical: 'https://acme.test/a?b=1&c="/>"', robots: null, ogType: 'article', image: null, rssHref: null, rssTitle: null, jsonLd: { '@type': 'Thing' },
  };
  const render = (h: HeadView) => renderToStaticMarkup(<Head head={h} chrome={chrome} />);

  it('is what Head renders with robots noindex, with or without a canonical link', () => {
    for (const h of [head, { ...head, canonical: null }, { ...head, robots: '' }, { ...head, robots: 'noindex' }]) {
      expect(noindexHeadMarkup(render(h), h)).toBe(render({ ...h, robots: 'noindex' }));
    }
  });

  it('gives up on another robots value', () => {
    expect(noindexHeadMarkup(render({ ...head, robots: 'nofollow' }), { ...head, robots: 'nofollow' })).toBeNull();
  });
});
