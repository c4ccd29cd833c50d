// @vitest-environment happy-dom
// The bottom navbar: hidden once the page is scrolled away from the top (scroll events throttled
// to 50 ms, re-checked 200 ms after scrolling stops), shown again at the top, and never hidden on
// a page too short to scroll; the current section's link is marked.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BottomNav, shouldHideNav, TOP_TOLERANCE_PX } from './bottom-nav';
import { SCROLL_IDLE_MS, SCROLL_THROTTLE_MS } from './scroll';

const LINKS = ['Markets', 'Trucking', 'Rail', 'Air Cargo', 'Ocean'].map((label) => ({ label, href: `/${label.toLowerCase().replace(' ', '-')}`, newTab: false }));

let scrollHeight = 3000;
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}
const nav = () => screen.getByRole('navigation', { name: 'Primary' });

beforeEach(() => {
  vi.useFakeTimers({ now: 10_000 });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', { get: () => scrollHeight, configurable: true });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { get: () => 40, configurable: true });
  scrollTo(0);
});
afterEach(() => { cleanup(); vi.useRealTimers(); scrollHeight = 3000; });

describe('shouldHideNav', () => {
  it('hides away from the top of a long page, never on a page that scrolls less than the navbar is tall', () => {
    expect(shouldHideNav(0, 2000, 40)).toBe(false);
    expect(shouldHideNav(TOP_TOLERANCE_PX, 2000, 40)).toBe(false);
    expect(shouldHideNav(TOP_TOLERANCE_PX + 1, 2000, 40)).toBe(true);
    expect(shouldHideNav(30, 30, 40)).toBe(false);
    expect(shouldHideNav(0, 0, 40)).toBe(false);
  });
});

describe('bottom navbar island', () => {
  it('marks the current section link and shows the call-to-action text', () => {
    render(<BottomNav cta="Get the daily briefing" links={LINKS} current={2} />);
    expect(screen.getByText('Get the daily briefing')).toBeTruthy();
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current')).map((a) => a.textContent)).toEqual(['Rail']);
  });

  it('hides when scrolled away from the top and shows again back at the top', () => {
    render(<BottomNav cta={null} links={LINKS} current={-1} />);
    expect(nav().classList.contains('is-hidden')).toBe(false);
    act(() => { scrollTo(400); });
    expect(nav().classList.contains('is-hidden')).toBe(true);
    act(() => { vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    act(() => { scrollTo(0); });
    expect(nav().classList.contains('is-hidden')).toBe(false);
  });

  it('handles scroll events at most every 50 ms and settles on the resting position 200 ms after the last one', () => {
    render(<BottomNav cta={null} links={LINKS} current={-1} />);
    act(() => { scrollTo(400); });
    expect(nav().classList.contains('is-hidden')).toBe(true);
    act(() => { vi.advanceTimersByTime(10); scrollTo(0); });
    // Inside the throttle window: not handled yet.
    expect(nav().classList.contains('is-hidden')).toBe(true);
    act(() => { vi.advanceTimersByTime(SCROLL_THROTTLE_MS); });
    expect(nav().classList.contains('is-hidden')).toBe(false);
    act(() => { scrollTo(500); vi.advanceTimersByTime(5); scrollTo(600); vi.advanceTimersByTime(5); Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }); });
    act(() => { vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    expect(nav().classList.contains('is-hidden')).toBe(false);
  });

  it('stays on a page too short to scroll past the navbar', () => {
    scrollHeight = 830; // 30 px of scrolling, less than the 40 px navbar
    render(<BottomNav cta={null} links={LINKS} current={-1} />);
    act(() => { scrollTo(30); vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    expect(nav().classList.contains('is-hidden')).toBe(false);
  });
});
