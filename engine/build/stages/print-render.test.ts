// The print view's string renderer (site/print-html.ts) against React for the content views the
// demo does not reach: gated and zmag items (islands), every image shape, author links refused or
// opening a new tab, text needing every escape, and values React rewrites (javascript: and empty
// image addresses), which go to React. tests/integration/build-string-render.test.ts covers the demo.
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../domain/settings';
import { renderDocument, setStringRenderers } from '../../../site/document';
import { printMainHtml } from '../../../site/print-html';
import type { ContentView, ImageView, PageView } from '../../../site/model';
import { buildChrome } from './chrome';
import { createResolveContext, resolvePrintPage } from './resolve';
import type { BuildContent, TenantIndex } from '../types';

const NOW = Date.UTC(2026, 10, 1);
const c: BuildContent = {
  id: 20000001, type: 'Article', name: 'Story', slug: 'story', teaser: 'Teaser', published: NOW - 86_400_000, updatedAt: NOW,
  path: '/markets/20000001/story', sectionId: 2, image: null, authors: [], terms: [], labels: [], linkUrl: null, seoTitle: null,
  description: null, event: null, membershipIds: [], surveyType: null, startDate: null, endDate: null, relatedIds: [],
};
const index: TenantIndex = {
  tenant: {
    key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'AC', origin: 'https://acme.test', language: 'en',
    settings: siteSettingsSchema.parse({
      general: { siteName: 'Acme' }, header: { logo: '/images/acme/logo.svg' }, footer: { text: 'x' }, tenantInfo: { name: 'Acme', domain: 'acme.test' },
      colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
    }),
  },
  sections: [1, 2].map((id) => ({ id, name: `S${id}`, alias: `s${id}`, path: `/s${id}`, parentId: null, description: null, depth: 1, updatedAt: NOW })),
  content: [c], schedules: [], redirects: [], now: NOW, layouts: [],
};
const ctx = createResolveContext(index);
const chrome = buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
const base = resolvePrintPage(ctx, c, '<p>Body</p>');
const HOSTILE = `Tom's "A&B" <b>x</b> — café 🚢`;
const image: ImageView = { src: '/images/a.jpg', alt: HOSTILE, width: 1200, height: 800, caption: null, credit: null };

function page(content: Partial<ContentView>, extra: Partial<PageView> = {}): PageView {
  return { ...base, ...extra, content: { ...base.content!, ...content } };
}

function reactOnly(p: PageView): string {
  setStringRenderers(false);
  try {
    return renderDocument(p, chrome);
  } finally {
    setStringRenderers(true);
  }
}

const cases: [string, PageView][] = [
  ['gated with a teaser and an image', page({ gated: true, bodyHtml: '', image })],
  ['gated without a teaser', page({ gated: true, bodyHtml: '', teaser: '' })],
  ['a zmag item, open and gated', page({ zmagViewerUrl: 'https://viewer.zmag.test/?a=1&b="2"' })],
  ['a gated zmag item', page({ zmagViewerUrl: 'https://viewer.zmag.test/x', gated: true, bodyHtml: '' })],
  ['an image with sources, srcset, sizes, focal point and caption', page({
    image: { ...image, caption: HOSTILE, srcset: '/a-480.jpg 480w, /a-960.jpg 960w', sizes: '(min-width: 1000px) 960px, 100vw',
      sources: [{ type: 'image/avif', srcset: '/a.avif 480w' }, { type: 'image/webp', srcset: '/a.webp 480w' }], position: ' 30% 70% ' },
  })],
  ['an image with sources but no srcset or sizes', page({ image: { ...image, sources: [{ type: 'image/webp', srcset: '/a.webp 480w' }], srcset: '' } })],
  ['an image with empty alt and a blank focal point', page({ image: { ...image, alt: '', position: '  ' } })],
  ['authors as links: safe, refused and opening a new tab', page({
    authors: ['A', 'B', 'C'],
    authorLinks: [{ label: HOSTILE, href: '/author/1/a', newTab: false }, { label: 'B', href: 'javascript:alert(1)', newTab: false }, { label: 'C', href: 'https://c.test/?q="x"&y', newTab: true }],
  })],
  ['authors without links (count differs)', page({ authors: [HOSTILE, 'B'], authorLinks: [{ label: 'A', href: '/a', newTab: false }] })],
  ['a date without a datetime, no authors', page({ authors: [], date: 'Nov 1, 2026', dateTime: null })],
  ['no byline at all', page({ authors: [], date: null })],
  ['hostile title, teaser and crumbs', page({ teaser: HOSTILE }, {
    heading: HOSTILE, headingHidden: true, intro: HOSTILE,
    breadcrumbs: [{ label: HOSTILE, href: '/', newTab: false }, { label: 'x', href: 'data:text/html,x', newTab: true }, { label: HOSTILE, href: '/p', newTab: false }],
  })],
  ['one crumb only', page({}, { breadcrumbs: [{ label: 'Home', href: '/', newTab: false }] })],
];

describe('print view string renderer', () => {
  for (const [name, p] of cases) {
    it(`writes React's bytes: ${name}`, () => {
      expect(printMainHtml(p, { gate: () => '', zmag: () => '' }), 'string-rendered').not.toBeNull();
      expect(renderDocument(p, chrome)).toBe(reactOnly(p));
    });
  }

  it('leaves to React what React rewrites: a javascript: or empty image address', () => {
    for (const src of ['javascript:alert(1)', ' \tJaVa\nscript:x', '']) {
      const p = page({ image: { ...image, src } });
      expect(printMainHtml(p, { gate: () => '', zmag: () => '' })).toBeNull();
      expect(renderDocument(p, chrome)).toBe(reactOnly(p));
    }
  });
});
