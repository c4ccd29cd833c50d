// @vitest-environment happy-dom
// The carousel, US map and comments blocks as a reader gets them: the prerendered HTML parsed like
// a browser does, then the islands: the US map's hidden-block rule (public §4) and the comments
// block, which loads its provider only after functional consent (window.mastheadConsent).
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Grid } from './blocks';
import type { BlockSettingsView, BlockView, ImageView } from './model';
import { Comments, COMMENTS_TEXTS } from './islands/comments';
import { UsMap } from './islands/us-map';
import { installFakeApi } from './islands/member-test-api';
import { US_STATES } from '../engine/domain/us-states';
import type { ConsentApi } from './client/consent';
import type { Granted } from '../engine/domain/consent';

beforeEach(() => {
  // The test checks which scripts are added; it must not fetch them.
  const s = (window as unknown as { happyDOM?: { settings: Record<string, boolean> } }).happyDOM?.settings;
  if (s) { s.disableJavaScriptFileLoading = true; s.handleDisabledFileLoadingAsSuccess = true; }
});
afterEach(() => {
  cleanup();
  document.querySelectorAll('script[data-comments-provider]').forEach((s) => s.remove());
  delete (window as unknown as { mastheadConsent?: unknown }).mastheadConsent;
});

const settings = (over: Partial<BlockSettingsView> = {}): BlockSettingsView => ({ title: null, link: null, colorScheme: 'default', cta: null, ...over });
const img = (n: number): ImageView => ({ src: `/images/acme/${n}.jpg`, alt: `Photo ${n}`, width: 800, height: 450, caption: `Caption ${n}`, credit: null });
const STATES = US_STATES.map((s) => ({ ...s, href: `/directory/${s.code.toLowerCase()}` }));

function page(blocks: BlockView[]): Document {
  const html = renderToStaticMarkup(<Grid rows={[{ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks }] }]} />);
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

describe('carousel (prerendered, no script)', () => {
  it('renders every slide as a labelled group in a focusable scroll strip, the first image loaded eagerly, sizes fixed', () => {
    const doc = page([{ kind: 'carousel', id: 'c', settings: settings({ title: 'Highlights' }), slides: [
      { image: img(1), title: 'First story', href: '/news/1/first', newTab: false, caption: null },
      { image: img(2), title: null, href: null, newTab: false, caption: 'Caption 2' },
    ] }]);
    const region = doc.querySelector('section.carousel')!;
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('aria-label')).toBe('Highlights');
    const track = region.querySelector('.carousel-track')!;
    expect(track.getAttribute('tabindex')).toBe('0');
    const slides = [...track.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    const imgs = slides.map((s) => s.querySelector('img')!);
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual([null, 'lazy']);
    expect(imgs.every((i) => i.getAttribute('width') === '800' && i.getAttribute('height') === '450')).toBe(true);
    expect(slides[0]!.querySelector('h3.carousel-title a')?.getAttribute('href')).toBe('/news/1/first');
    expect(slides[1]!.querySelector('figcaption')?.textContent).toBe('Caption 2');
  });
});

describe('content sidebars', () => {
  it('renders each sidebar as a box under the block title', () => {
    const doc = page([{ kind: 'sidebars', id: 's', settings: settings({ title: 'At a glance' }), sidebars: ['<p>First <strong>fact</strong></p>', '<ul><li>Second</li></ul>'], lockedFor: null }]);
    const block = doc.querySelector('.block-sidebars')!;
    expect(block.querySelector('h2.block-title')?.textContent).toBe('At a glance');
    const asides = [...block.querySelectorAll('.content-sidebar')];
    expect(asides.map((a) => a.innerHTML)).toEqual(['<p>First <strong>fact</strong></p>', '<ul><li>Second</li></ul>']);
  });

  it('on a gated page renders an empty island that the gate answer fills, never the sidebars themselves', () => {
    const doc = page([{ kind: 'sidebars', id: 's', settings: settings({ title: 'At a glance' }), sidebars: [], lockedFor: 10000003 }]);
    const island = doc.querySelector('.block-sidebars [data-island="content-sidebars"]')!;
    expect(island).not.toBeNull();
    expect(island.querySelectorAll('.content-sidebar')).toHaveLength(0);
  });
});

describe('US map', () => {
  it('renders a named navigation of 51 state links on an open page, each tile placed by class', () => {
    const doc = page([{ kind: 'usmap', id: 'm', settings: settings({ title: 'Find a dealer' }), states: STATES, lockedFor: null }]);
    const nav = doc.querySelector('[data-island="us-map"] nav.us-map')!;
    expect(nav.getAttribute('aria-label')).toBe('Find a dealer');
    const links = [...nav.querySelectorAll('a')];
    expect(links).toHaveLength(51);
    const tx = links.find((a) => a.getAttribute('href') === '/directory/tx')!;
    expect(tx.textContent).toBe('TXTexas');
    expect(tx.closest('li')?.className).toBe('us-r8 us-c4');
  });
  it('on a gated page shows nothing before the decision, then shows or stays hidden as the decision says', async () => {
    expect(page([{ kind: 'usmap', id: 'm', settings: settings(), states: STATES, lockedFor: 10000003 }]).querySelectorAll('.us-map a')).toHaveLength(0);
    const answer = (hiddenBlocks: string[]) => ({
      id: 10000003, gatingType: 'membership', gatingStatus: hiddenBlocks.length ? 'failed' : 'passed', passedBy: null, canRead: !hiddenBlocks.length,
      gate: 'none', showGatingForm: false, hiddenBlocks, meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [],
    });
    installFakeApi().on('getGatedContent', () => answer([]));
    render(<UsMap states={STATES} lockedFor={10000003} label="States" />);
    expect(await screen.findByRole('link', { name: 'Ohio' })).toBeTruthy();
    cleanup();
    installFakeApi().on('getGatedContent', () => answer(['us_map']));
    const hidden = render(<UsMap states={STATES} lockedFor={10000005} label="States" />);
    await act(async () => { await new Promise((r) => setTimeout(r, 10)); });
    expect(hidden.container.innerHTML).toBe('');
  });
});

function fakeConsent(functional: boolean) {
  let granted: Granted = { necessary: true, performance: false, functional, targeting: false, social: false };
  const listeners = new Set<(g: Granted) => void>();
  let opened = 0;
  const api = {
    has: (c: keyof Granted) => granted[c],
    get: () => granted,
    onChange: (fn: (g: Granted) => void) => { listeners.add(fn); return () => { listeners.delete(fn); }; },
    set: (choice: Partial<Granted>) => { granted = { ...granted, ...choice }; listeners.forEach((l) => l(granted)); },
    open: () => { opened++; },
  } as ConsentApi;
  (window as unknown as { mastheadConsent?: ConsentApi }).mastheadConsent = api;
  return { api, opened: () => opened };
}

const PROPS = { provider: 'Viafoura', scriptUrl: 'https://cdn.comments.example/embed.js', contentId: 10000001, title: 'Story' };
const providerScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === PROPS.scriptUrl);

describe('comments', () => {
  it('prerenders the thread root and the waiting note, and no provider script', () => {
    const doc = page([{ kind: 'island', id: 'k', settings: settings(), island: 'comments', props: PROPS }]);
    const root = doc.querySelector('[data-island="comments"]')!;
    expect(root.querySelector('#comments-10000001')?.getAttribute('data-content-id')).toBe('10000001');
    expect(root.textContent).toContain(COMMENTS_TEXTS.waiting('Viafoura'));
    expect(doc.querySelector('script')).toBeNull();
  });
  it('loads the provider only once functional consent is given, once', async () => {
    const { api, opened } = fakeConsent(false);
    render(<Comments {...PROPS} />);
    expect(providerScripts()).toHaveLength(0);
    await act(async () => { screen.getByRole('button', { name: COMMENTS_TEXTS.manage }).click(); });
    expect(opened()).toBe(1);
    await act(async () => { api.set({ targeting: true }); });
    expect(providerScripts()).toHaveLength(0);
    await act(async () => { api.set({ functional: true }); });
    expect(providerScripts()).toHaveLength(1);
    expect(screen.queryByText(COMMENTS_TEXTS.waiting('Viafoura'))).toBeNull();
    await act(async () => { api.set({ functional: true }); });
    expect(providerScripts()).toHaveLength(1);
  });
  it('loads at once when consent was already given, and never without a consent API', async () => {
    render(<Comments {...PROPS} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 5)); });
    expect(providerScripts()).toHaveLength(0);
    cleanup();
    fakeConsent(true);
    render(<Comments {...PROPS} />);
    expect(providerScripts()).toHaveLength(1);
  });
});
