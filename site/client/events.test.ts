// @vitest-environment happy-dom
// The event client (issue #18): one page view per page id across load-more and back/forward,
// performance events only with that consent, batched beacons of at most 100 events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, pending, recommendationViews, startEvents, track, trackPageView } from './events';

type Sent = { tenant?: string; sessionId: string; events: { type: string; input: Record<string, unknown> }[] };
let beacons: { url: string; body: Sent }[] = [];

beforeEach(() => {
  beacons = [];
  sessionStorage.clear();
  document.documentElement.dataset.tenant = 'alpha';
  document.body.innerHTML = '<header><nav><a href="/markets">Markets</a><a href="#top">Top</a></nav></header><main></main>';
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => { beacons.push({ url, body: JSON.parse(body) as Sent }); return true; },
  });
  history.replaceState(null, '', '/markets/10100001/rates');
});
afterEach(() => { flush(); vi.useRealTimers(); });

const pageViews = () => beacons.flatMap((b) => b.body.events).filter((e) => e.type === 'PageView').map((e) => e.input.pageId);

describe('page views', () => {
  it('fire once per page id: the page, then each appended article once, and not again after back/forward', async () => {
    startEvents({ has: () => true });
    const append = (id: number) => {
      const a = document.createElement('article');
      a.className = 'load-more-part load-more-page';
      a.dataset.contentId = String(id);
      document.querySelector('main')!.append(a);
    };
    append(10100002);
    await new Promise((r) => setTimeout(r, 0));
    append(10100002); // the same article appended again (e.g. re-rendered)
    append(10100003);
    await new Promise((r) => setTimeout(r, 0));
    flush();
    expect(pageViews()).toEqual(['path:/markets/10100001/rates', 'content:10100002', 'content:10100003']);

    // Back/forward: the page runs its client again in the same tab.
    beacons = [];
    startEvents({ has: () => true });
    window.dispatchEvent(new Event('pageshow'));
    flush();
    expect(pageViews()).toEqual([]);
    expect(trackPageView('path:/other', { path: '/other' })).toBe(true);
  });
});

describe('consent and batching', () => {
  it('queues performance events only with that consent; necessary ones always', () => {
    startEvents({ has: (c) => c === 'necessary' });
    expect(track('ClickSocialBrand', { network: 'x' })).toBe(false);
    expect(track('Registration', { step: 'choose-membership' })).toBe(true);
    flush();
    const types = beacons.flatMap((b) => b.body.events).map((e) => e.type);
    expect(types).toEqual(['Registration']);
    expect(beacons[0]!.url).toBe('/api/events');
    expect(beacons[0]!.body.tenant).toBe('alpha');
    expect(beacons[0]!.body.sessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('leaves strictly necessary events to the consent client’s policy when it has one', () => {
    startEvents({ has: () => true, eventsAllowed: (c) => c !== 'necessary' });
    flush();
    beacons = [];
    expect(track('Registration', { step: 'choose-membership' })).toBe(false);
    expect(track('ClickSocialBrand', { network: 'x' })).toBe(true);
    flush();
    expect(beacons.flatMap((b) => b.body.events).map((e) => e.type)).toEqual(['ClickSocialBrand']);
  });

  it('sends at most 100 events per beacon, and flushes when the page is hidden', () => {
    startEvents({ has: () => true });
    flush();
    beacons = [];
    for (let i = 0; i < 150; i++) track('ClickSocialBrand', { network: `n${i}` });
    expect(beacons).toHaveLength(1); // the 100th event sent a full batch
    expect(pending()).toBe(50);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons.map((b) => b.body.events.length)).toEqual([100, 50]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('records menu clicks with the menu, label and address', () => {
    startEvents({ has: () => true });
    flush();
    beacons = [];
    document.querySelector<HTMLAnchorElement>('header a[href="/markets"]')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector<HTMLAnchorElement>('header a[href="/markets"]')!.click();
    document.querySelector<HTMLAnchorElement>('header a[href="#top"]')!.click();
    flush();
    expect(beacons.flatMap((b) => b.body.events).filter((e) => e.type === 'ClickMenu').map((e) => e.input)).toEqual([{ menu: 'header', label: 'Markets', url: '/markets' }]);
  });
});

describe('what the page says', () => {
  const clicked = (selector: string) => {
    const a = document.querySelector<HTMLAnchorElement>(selector)!;
    a.addEventListener('click', (e) => e.preventDefault(), { once: true });
    a.click();
  };

  it('a content page’s view names its content id and section; a listing’s its section', () => {
    document.body.dataset.pageId = 'content:10100001';
    document.body.dataset.pageContent = '10100001';
    document.body.dataset.pageSection = '102';
    startEvents({ has: () => true });
    flush();
    delete document.body.dataset.pageId;
    delete document.body.dataset.pageContent;
    document.body.dataset.pageSection = '102';
    history.replaceState(null, '', '/markets');
    startEvents({ has: () => true });
    flush();
    expect(beacons.flatMap((b) => b.body.events).map((e) => e.input)).toEqual([
      { pageId: 'content:10100001', path: '/markets/10100001/rates', contentId: 10100001, sectionId: 102 },
      { pageId: 'path:/markets', path: '/markets', sectionId: 102 },
    ]);
    delete document.body.dataset.pageSection;
  });

  it('records registration, block title, content link, body link and social clicks from the markup, and leaves house-ad links to the ads client', () => {
    document.body.dataset.pageContent = '10100001';
    document.body.innerHTML = `
      <header><div class="account-buttons"><a href="/membership/choose" data-track-step="click-join-header">Join</a><a href="/login" data-track-step="click-login-header">Log in</a></div></header>
      <main>
        <div class="block block-list" data-block-id="latest"><h2 class="block-title"><a href="/markets">Latest</a></h2>
          <ul class="items"><li class="item item-list" data-content-id="10100002"><h3 class="item-title"><a href="/markets/10100002/x">X</a></h3></li></ul></div>
        <div class="content-body rich-text"><p><a href="https://example.com/report">report</a><a href="mailto:a@b.c">mail</a></p>
          <aside class="native-ad" data-house-ad="7"><a class="native-ad-link" href="https://sponsor.example/ad">ad</a></aside></div>
      </main>
      <footer><ul class="social-links"><li><a href="https://www.linkedin.com/company/alpha">LinkedIn</a></li></ul>
        <a href="/membership/choose" data-track-step="click-join-footer">Join</a></footer>`;
    startEvents({ has: () => true });
    flush();
    beacons = [];
    for (const s of ['[data-track-step="click-join-header"]', '[data-track-step="click-login-header"]', '.block-title a', '.item a',
      '.content-body a[href^="https://example"]', '.content-body a[href^="mailto"]', '.native-ad a', '.social-links a', '[data-track-step="click-join-footer"]']) clicked(s);
    flush();
    expect(beacons.flatMap((b) => b.body.events)).toEqual([
      { type: 'Registration', input: { step: 'click-join-header' } },
      { type: 'Registration', input: { step: 'click-login-header' } },
      { type: 'ClickBlockTitleLink', input: { blockId: 'latest', url: '/markets' } },
      { type: 'ClickContentLink', input: { contentId: 10100002, url: '/markets/10100002/x', blockId: 'latest' } },
      { type: 'ClickContentBody', input: { contentId: 10100001, url: 'https://example.com/report' } },
      { type: 'ClickSocialBrand', input: { network: 'linkedin' } },
      { type: 'Registration', input: { step: 'click-join-footer' } },
    ]);
    delete document.body.dataset.pageContent;
  });
});

describe('recommendations (body recommendations of the related block)', () => {
  it('records a view per recommended item once the block is seen, and a recommendation click instead of a content link click', () => {
    document.body.dataset.pageContent = '10100001';
    document.body.innerHTML = `<main><div class="block block-related" data-block-id="rel"><div class="recommendations" data-recommender="masthead" data-recommended="10100003 10100004">
      <ul class="items"><li class="item" data-content-id="10100002"><a href="/a/10100002/x">Editor's pick</a></li>
      <li class="item" data-content-id="10100003"><a href="/a/10100003/y">Y</a></li><li class="item" data-content-id="10100004"><a href="/a/10100004/z">Z</a></li></ul></div></div></main>`;
    startEvents({ has: () => true });
    flush();
    beacons = [];
    const block = document.querySelector('[data-recommended]')!;
    recommendationViews(block);
    recommendationViews(block); // seen again: not counted again
    for (const id of ['10100002', '10100003']) {
      const a = document.querySelector<HTMLAnchorElement>(`.item[data-content-id="${id}"] a`)!;
      a.addEventListener('click', (e) => e.preventDefault(), { once: true });
      a.click();
    }
    flush();
    expect(beacons.flatMap((b) => b.body.events)).toEqual([
      { type: 'ViewBlueConicRecommendation', input: { recommendationId: 'masthead:10100003', contentId: 10100001 } },
      { type: 'ViewBlueConicRecommendation', input: { recommendationId: 'masthead:10100004', contentId: 10100001 } },
      { type: 'ClickContentLink', input: { contentId: 10100002, url: '/a/10100002/x', blockId: 'rel' } },
      { type: 'ClickBlueConicRecommendation', input: { recommendationId: 'masthead:10100003', url: '/a/10100003/y', contentId: 10100001 } },
    ]);
    delete document.body.dataset.pageContent;
  });
});

describe('consent given on the page', () => {
  // Last: it loads a fresh copy of the module, whose listeners stay on the document.
  it('sends the page’s view once the reader grants performance consent on it, and only once', async () => {
    vi.resetModules();
    const ev = await import('./events');
    let granted = false;
    let changed: (() => void) | null = null;
    ev.startEvents({ has: () => granted, onChange: (fn) => { changed = () => fn({} as never); return () => {}; } });
    ev.flush();
    expect(pageViews()).toEqual([]);
    granted = true;
    changed!();
    changed!();
    ev.flush();
    expect(pageViews()).toEqual(['path:/markets/10100001/rates']);
  });
});
