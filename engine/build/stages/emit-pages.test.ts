// The bytes the build writes for a page are the rendered document and payload as UTF-8, however
// the worker assembles them (emit-pages.ts encodes through a reused scratch buffer).
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../domain/settings';
import { renderPage } from './render';
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

/** What renderPage gives for the item's page and print view, as the files the build writes. */
function expected(index: TenantIndex, c: BuildContent, body: string) {
  const ctx = createResolveContext(index);
  const chrome = buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
  const page = resolveContentPage(ctx, c, body);
  return [page, resolvePrintPage(ctx, c, body, page)].map((p) => {
    const r = renderPage(p, chrome);
    return [Buffer.from(r.html), Buffer.from(r.payload!)];
  });
}

describe('content page files', () => {
  it('are the rendered document and payload in UTF-8, for pages of every size and any character', () => {
    // Two-byte text, astral characters (four UTF-8 bytes) and a body past the scratch buffer's first size.
    const bodies = ['<p>plain</p>', '<p>“Curly” — dash, café</p>', `<p>${'Ship 🚢 lanes — “rates” '.repeat(5_000)}</p>`, '<p>after the large one</p>'];
    const items = bodies.map((_, i) => item(20000001 + i));
    const index = tenant(items);
    const ctx = createResolveContext(index);
    const chrome = buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
    items.forEach((c, i) => {
      const out = contentPages(ctx, chrome, c, bodies[i]!);
      const want = expected(index, c, bodies[i]!);
      expect(out.map((p) => p.files.length)).toEqual([2, 2]);
      out.forEach((p, k) => p.files.forEach((f, j) => expect(f.body.equals(want[k]![j]!), `${c.id} ${f.path}`).toBe(true)));
    });
  });
});
