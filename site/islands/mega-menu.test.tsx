// @vitest-environment happy-dom
// The mega menu and its hamburger: the hamburger opens the menu as a dialog once the menu listens
// (a plain fragment link before), focus moves in and stays inside while open (Tab and Shift+Tab
// wrap, focus arriving outside is pulled back), Escape, the close icon and the backdrop close it,
// the focus returns to the hamburger, and the search field goes to /search?filters=….
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSearchFilters } from '../../engine/domain/search';
import { MegaMenuPanel, SEARCH_PLACEHOLDER, type MegaMenuProps } from './mega-menu';
import { MegaMenuToggle } from './mega-menu-toggle';
import { megaMenuListening } from './mega-menu-events';

const navigate = vi.hoisted(() => vi.fn((_url: string, _options?: object) => true));
vi.mock('../client/navigate', () => ({ safeNavigate: navigate }));

const PROPS: MegaMenuProps = {
  logo: { src: '/logo.svg', alt: 'FreightWise' },
  menus: [
    { title: 'Sections', links: [{ label: 'Markets', href: '/markets', newTab: false }, { label: 'Trucking', href: '/trucking', newTab: false }] },
    { title: 'Follow us on', links: [{ label: 'LinkedIn', href: 'https://linkedin.com/x', newTab: true }] },
  ],
  sponsor: null,
};

function page() {
  return render(
    <>
      <header><MegaMenuToggle /><a href="/elsewhere">Elsewhere</a></header>
      <MegaMenuPanel {...PROPS} />
    </>,
  );
}

const hamburger = () => screen.getByRole('link', { name: 'Open the menu' });
const menu = () => document.getElementById('mega-menu')!;
const isOpen = () => menu().classList.contains('is-open');

beforeEach(() => { navigate.mockClear(); });
afterEach(() => { cleanup(); history.replaceState(null, '', '/'); });

describe('mega menu island', () => {
  it('server-renders the closed menu with the search field, its columns and the fragment-link hamburger', () => {
    const html = renderToStaticMarkup(<><MegaMenuToggle /><MegaMenuPanel {...PROPS} /></>);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('a.hamburger')?.getAttribute('href')).toBe('#mega-menu');
    expect(doc.querySelector('a.hamburger')?.getAttribute('aria-expanded')).toBe('false');
    expect(doc.querySelector('#mega-menu')?.className).toBe('mega-menu');
    expect(doc.querySelector('#mega-menu input[type=search]')?.getAttribute('placeholder')).toBe(SEARCH_PLACEHOLDER);
    expect([...doc.querySelectorAll('#mega-menu h2')].map((h) => h.textContent)).toEqual(['Sections', 'Follow us on']);
    expect(doc.querySelector('#mega-menu form')?.getAttribute('action')).toBe('/search');
  });

  it('opens from the hamburger, focuses the search field and marks the hamburger expanded', () => {
    page();
    expect(megaMenuListening()).toBe(true);
    expect(isOpen()).toBe(false);
    const click = fireEvent.click(hamburger());
    expect(click).toBe(false); // default (the fragment jump) prevented
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByPlaceholderText(SEARCH_PLACEHOLDER));
    expect(hamburger().getAttribute('aria-expanded')).toBe('true');
    expect(document.documentElement.classList.contains('mega-menu-open')).toBe(true);
  });

  it('closes with Escape and gives the focus back to the hamburger', () => {
    page();
    hamburger().focus();
    fireEvent.click(hamburger());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(hamburger());
    expect(hamburger().getAttribute('aria-expanded')).toBe('false');
    expect(document.documentElement.classList.contains('mega-menu-open')).toBe(false);
  });

  it('closes with the close icon and with a click on the backdrop, not with a click inside the panel', () => {
    page();
    fireEvent.click(hamburger());
    fireEvent.click(screen.getByRole('link', { name: 'Close the menu' }));
    expect(isOpen()).toBe(false);
    fireEvent.click(hamburger());
    fireEvent.click(screen.getByRole('dialog'));
    expect(isOpen()).toBe(true);
    fireEvent.click(menu());
    expect(isOpen()).toBe(false);
  });

  it('keeps the focus inside while open: Tab from the last item wraps to the first, Shift+Tab back, outside focus returns', () => {
    page();
    fireEvent.click(hamburger());
    const links = screen.getByRole('dialog').querySelectorAll<HTMLElement>('a[href], input, button');
    const first = links[0]!;
    const last = links[links.length - 1]!;
    expect(first.getAttribute('aria-label')).toBe('Close the menu');
    expect(last.textContent).toBe('LinkedIn');
    last.focus();
    const tab = fireEvent.keyDown(document, { key: 'Tab' });
    expect(tab).toBe(false);
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    act(() => { screen.getByRole('link', { name: 'Elsewhere' }).focus(); });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('does not hold the focus once closed', () => {
    page();
    fireEvent.click(hamburger());
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => { screen.getByRole('link', { name: 'Elsewhere' }).focus(); });
    expect(document.activeElement?.textContent).toBe('Elsewhere');
  });

  it('searches with the filters JSON: text URI-encoded, empty type and schedule lists, page 1', () => {
    page();
    fireEvent.click(hamburger());
    fireEvent.change(screen.getByPlaceholderText(SEARCH_PLACEHOLDER), { target: { value: 'rates & "lanes"' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0]![0], 'https://x.example');
    expect(url.pathname).toBe('/search');
    const raw = url.searchParams.get('filters')!;
    expect(JSON.parse(raw)).toEqual({ text: encodeURIComponent('rates & "lanes"'), type: [], websiteSchedule: [], page: 1 });
    expect(parseSearchFilters(raw).text).toBe('rates & "lanes"');
  });

  it('takes over a menu opened through the #mega-menu fragment before hydration', () => {
    history.replaceState(null, '', '/markets#mega-menu');
    page();
    expect(isOpen()).toBe(true);
    expect(location.hash).toBe('');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.activeElement).toBe(hamburger());
  });

  it('leaves the hamburger a plain fragment link while no menu listens', () => {
    render(<MegaMenuToggle />);
    expect(megaMenuListening()).toBe(false);
    expect(fireEvent.click(hamburger())).toBe(true);
  });
});
