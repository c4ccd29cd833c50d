// @vitest-environment happy-dom
// The event client (issue #18): one page view per page id across load-more and back/forward,
// performance events only with that consent, batched beacons of at most 100 events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, pending, startEvents, track, trackPageView } from './events';

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
