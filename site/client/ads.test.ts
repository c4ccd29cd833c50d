// @vitest-environment happy-dom
// The ads client's page-side rules (issue 19; public §4, §7, §8, §9): the slot flags loaded,
// rendered and visible as data attributes, the house fallback kept on an empty answer and dropped
// when an ad fills the slot; ad-frame messages (malformed ones ignored silently, native items shown
// 500 ms after they came, only in native slots); the welcome ad closes after its length and resets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAdFrameMessage, NATIVE_COMPLETION_MS, parseAdFrameMessage } from './ad-frames';
import { startWelcome } from './ads-house';
import { watchSlotEvents } from './ads';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); document.body.innerHTML = ''; });

type Listener = (e: { slot: { getSlotElementId(): string }; isEmpty?: boolean }) => void;
function fakePubads() {
  const listeners = new Map<string, Listener[]>();
  return {
    addEventListener: (type: string, fn: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    fire: (type: string, id: string, isEmpty?: boolean) => listeners.get(type)?.forEach((fn) => fn({ slot: { getSlotElementId: () => id }, isEmpty })),
  };
}

describe('slot flags and the house fallback', () => {
  it('marks loaded, rendered and visible; keeps the fallback on an empty answer and removes it when an ad fills the slot', () => {
    document.body.innerHTML = '<div class="ad-slot" id="a" data-ad-pending=""><div class="ad-fallback"><aside data-house-ad="1">House</aside></div></div>'
      + '<div class="ad-slot" id="b" data-ad-pending=""><div class="ad-fallback"><a data-house-ad="2">Banner</a></div></div>';
    const pubads = fakePubads();
    watchSlotEvents(pubads as never, (e) => document.getElementById(e.slot.getSlotElementId()), null);
    const a = document.getElementById('a')!;
    const b = document.getElementById('b')!;
    pubads.fire('slotRenderEnded', 'a', true);
    pubads.fire('slotRenderEnded', 'b', false);
    expect(a.dataset).toMatchObject({ adRendered: 'empty' });
    expect(a.hasAttribute('data-ad-pending')).toBe(false);
    expect(a.querySelector('.ad-fallback [data-house-ad="1"]')).not.toBeNull();
    expect(b.dataset.adRendered).toBe('filled');
    expect(b.querySelector('.ad-fallback')).toBeNull();
    expect(b.hasAttribute('data-ad-loaded')).toBe(false);
    pubads.fire('slotOnload', 'b');
    pubads.fire('impressionViewable', 'b');
    expect(b.hasAttribute('data-ad-loaded')).toBe(true);
    expect(b.hasAttribute('data-ad-visible')).toBe(true);
    expect(a.hasAttribute('data-ad-visible')).toBe(false);
  });
});

describe('ad-frame messages', () => {
  it('ignores malformed messages silently and drops unsafe addresses', () => {
    for (const bad of [undefined, 42, { type: 'native', items: [] }, 'not json', '[]', '{"type":"popup"}', '{"type":"native","items":[{"title":"x","url":"javascript:alert(1)"}]}',
      '{"type":"skin","clickUrl":"data:text/html,x"}', '{"type":"welcome"}']) {
      expect(parseAdFrameMessage(bad)).toBeNull();
    }
    expect(parseAdFrameMessage(JSON.stringify({ type: 'native', items: [{ title: 'Report', url: 'https://ad.example/r', image: 'javascript:x' }, { title: '' }] })))
      .toEqual({ type: 'native', items: [{ title: 'Report', url: 'https://ad.example/r' }] });
    expect(parseAdFrameMessage(JSON.stringify({ type: 'skin', clickUrl: 'https://ad.example', background: 'red;x:y' }))).toEqual({ type: 'skin', clickUrl: 'https://ad.example/' });
    expect(parseAdFrameMessage(JSON.stringify({ type: 'welcome', image: 'https://ad.example/w.png', length: 5, delay: -1 })))
      .toEqual({ type: 'welcome', image: 'https://ad.example/w.png', length: 5 });
  });

  it('shows native items in the native slot whose frame sent them, 500 ms later, and nothing in other slots', () => {
    document.body.innerHTML = '<ul><li class="ad-slot ad-content-list-native" id="n"><iframe></iframe></li></ul><div class="ad-slot ad-header-leaderboard" id="h"><iframe></iframe></div>';
    const msg = parseAdFrameMessage(JSON.stringify({ type: 'native', items: [{ title: '<b>Report</b>', url: 'https://ad.example/r', summary: 'Free', label: 'Partner' }] }))!;
    applyAdFrameMessage(msg, document.querySelector('#n iframe')!);
    applyAdFrameMessage(msg, document.querySelector('#h iframe')!);
    vi.advanceTimersByTime(NATIVE_COMPLETION_MS - 1);
    expect(document.querySelector('.native-ad')).toBeNull();
    vi.advanceTimersByTime(1);
    const slot = document.getElementById('n')!;
    expect(slot.dataset.adNative).toBe('complete');
    expect(slot.querySelector('iframe')!.hidden).toBe(true);
    expect(slot.querySelector('.native-ad-title')!.textContent).toBe('<b>Report</b>');
    expect(slot.querySelector('.native-ad-label')!.textContent).toBe('Partner');
    expect(slot.querySelector('a')!.getAttribute('rel')).toBe('sponsored noopener');
    expect(document.querySelectorAll('.native-ad')).toHaveLength(1);
  });

  it('colours the page from the reskin frame only, and opens a welcome ad from a frame that closes after its length', () => {
    document.body.innerHTML = '<div class="ad-slot ad-reskin" id="s"><iframe></iframe></div><div class="ad-slot ad-layout-block" id="r"><iframe></iframe></div>';
    applyAdFrameMessage(parseAdFrameMessage('{"type":"skin","clickUrl":"https://ad.example","background":"#112233"}')!, document.querySelector('#r iframe')!);
    expect(document.body.style.backgroundColor).toBe('');
    applyAdFrameMessage(parseAdFrameMessage('{"type":"skin","clickUrl":"https://ad.example","background":"#112233"}')!, document.querySelector('#s iframe')!);
    expect(document.body.dataset.adSkinUrl).toBe('https://ad.example/');
    expect(document.body.style.backgroundColor).not.toBe('');
    applyAdFrameMessage(parseAdFrameMessage('{"type":"welcome","image":"https://ad.example/w.png","length":3}')!, document.querySelector('#r iframe')!);
    const welcome = document.querySelector<HTMLElement>('[data-ad-welcome]')!;
    vi.advanceTimersByTime(0);
    expect(welcome.classList.contains('is-open')).toBe(true);
    vi.advanceTimersByTime(3000);
    expect(welcome.classList.contains('is-open')).toBe(false);
  });
});

describe('the welcome ad', () => {
  it('opens after its delay, closes after its length and resets: the tag frame is emptied and a page shown again from the cache runs it anew', () => {
    document.body.innerHTML = '<div class="ad-welcome" data-ad-welcome="" data-delay="2" data-length="5"><div class="ad-welcome-box"><button class="ad-welcome-close">×</button>'
      + '<iframe data-srcdoc="<p>tag</p>"></iframe></div></div>';
    const consent = { has: () => true, onChange: () => () => undefined };
    startWelcome(consent);
    const el = document.querySelector<HTMLElement>('[data-ad-welcome]')!;
    const frame = el.querySelector('iframe')!;
    vi.advanceTimersByTime(1999);
    expect(el.classList.contains('is-open')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(el.classList.contains('is-open')).toBe(true);
    expect(frame.getAttribute('srcdoc')).toBe('<p>tag</p>');
    vi.advanceTimersByTime(5000);
    expect(el.classList.contains('is-open')).toBe(false);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    // Closed stays closed on this page view.
    vi.advanceTimersByTime(60_000);
    expect(el.classList.contains('is-open')).toBe(false);
    // Shown again from the back/forward cache: delay and full length again.
    const shown = new Event('pageshow') as Event & { persisted: boolean };
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    vi.advanceTimersByTime(2000);
    expect(el.classList.contains('is-open')).toBe(true);
    el.querySelector<HTMLButtonElement>('.ad-welcome-close')!.click();
    expect(el.classList.contains('is-open')).toBe(false);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
  });

  it('a tag ad does not open without advertising consent', () => {
    document.body.innerHTML = '<div class="ad-welcome" data-ad-welcome="" data-delay="0" data-length="5"><iframe data-srcdoc="<p>tag</p>"></iframe></div>';
    startWelcome({ has: () => false, onChange: () => () => undefined });
    vi.advanceTimersByTime(100);
    expect(document.querySelector('[data-ad-welcome]')!.classList.contains('is-open')).toBe(false);
  });
});
