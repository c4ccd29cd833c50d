// @vitest-environment happy-dom
// Back To Top: a plain #top link without script; hydrated, a floating button that appears once the
// page is scrolled down more than a screen, scrolls to the top and moves the focus to the header.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackToTop, BACK_TO_TOP_LABEL } from './back-to-top';
import { SCROLL_IDLE_MS } from './scroll';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: 10_000 });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  scrollTo(0);
});
afterEach(() => { cleanup(); vi.useRealTimers(); vi.restoreAllMocks(); });

describe('Back To Top island', () => {
  it('is a plain link to the top of the page without script', () => {
    const doc = new DOMParser().parseFromString(renderToStaticMarkup(<BackToTop />), 'text/html');
    const a = doc.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('#top');
    expect(a.textContent).toBe(BACK_TO_TOP_LABEL);
    expect(a.className).toBe('back-to-top');
  });

  it('floats and appears only once scrolled down more than a screen', () => {
    render(<BackToTop />);
    const a = screen.getByRole('link', { name: BACK_TO_TOP_LABEL });
    expect(a.classList.contains('is-floating')).toBe(true);
    expect(a.classList.contains('is-visible')).toBe(false);
    act(() => { scrollTo(1200); vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    expect(a.classList.contains('is-visible')).toBe(true);
    act(() => { scrollTo(100); vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    expect(a.classList.contains('is-visible')).toBe(false);
  });

  it('scrolls to the top and moves the focus to the header', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<><header className="site-header"><a href="/">Logo</a></header><BackToTop /></>);
    act(() => { scrollTo(2000); vi.advanceTimersByTime(SCROLL_IDLE_MS); });
    expect(fireEvent.click(screen.getByRole('link', { name: BACK_TO_TOP_LABEL }))).toBe(false);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement?.textContent).toBe('Logo');
  });
});
