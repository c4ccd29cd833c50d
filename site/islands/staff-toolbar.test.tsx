// @vitest-environment happy-dom
// The staff toolbar island: nothing until the API confirms a staff session, the buttons the API
// grants (each opening the admin in a new window), the cache switch, and nothing at all in
// preview mode. The server render is the empty island root with the page's ids.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { load } from 'cheerio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphQLClient } from '../../engine/domain/graphql-client';
import { setSiteApi } from '../client/api';
import type { PageView } from '../model';
import { CACHE_BYPASS_COOKIE, StaffToolbar, TOOLBAR_TEXTS, isPreviewMode, safeAdminHref, type StaffToolbarData } from './staff-toolbar';
import { PREVIEW_BANNER, staffToolbarRoot } from './staff-toolbar-root';

const ADMIN = 'http://localhost:4000/admin';
const EDITOR: StaffToolbarData = { username: 'ana', editContentHref: `${ADMIN}/edit-content/10100001`, editSectionHref: null, configureLayoutHref: null };
const ADMIN_BAR: StaffToolbarData = {
  username: 'al', editContentHref: `${ADMIN}/edit-content/10100001`, editSectionHref: `${ADMIN}/edit-website-section/12`, configureLayoutHref: `${ADMIN}/edit-web-layout/3`,
};

let answer: () => Promise<unknown>;
const calls: { name: string; vars: Record<string, unknown> | undefined }[] = [];

beforeEach(() => {
  calls.length = 0;
  const fake = {
    query: vi.fn(async (name: string, vars?: Record<string, unknown>) => { calls.push({ name, vars }); return answer(); }),
    mutation: vi.fn(), execute: vi.fn(), document: vi.fn(),
  } as unknown as GraphQLClient;
  setSiteApi(fake);
  history.replaceState(null, '', '/markets/10100001/rates');
  document.cookie = `${CACHE_BYPASS_COOKIE}=; path=/; max-age=0`;
});
afterEach(() => { cleanup(); setSiteApi(null); history.replaceState(null, '', '/'); });

describe('staff toolbar island', () => {
  it('shows an editor only Edit Content, opening the admin in a new window', async () => {
    answer = async () => EDITOR;
    render(<StaffToolbar contentId={10100001} sectionId={null} layoutId={3} />);
    const link = await screen.findByRole('link', { name: TOOLBAR_TEXTS.editContent });
    expect(link.getAttribute('href')).toBe(`${ADMIN}/edit-content/10100001`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: TOOLBAR_TEXTS.editSection })).toBeNull();
    expect(screen.queryByRole('link', { name: TOOLBAR_TEXTS.configureLayout })).toBeNull();
    expect(calls).toEqual([{ name: 'getStaffToolbar', vars: { contentId: 10100001, sectionId: null, layoutId: 3 } }]);
  });

  it('shows every button the API grants, in order', async () => {
    answer = async () => ADMIN_BAR;
    render(<StaffToolbar contentId={10100001} sectionId={12} layoutId={3} />);
    await screen.findByRole('complementary', { name: TOOLBAR_TEXTS.label });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([TOOLBAR_TEXTS.editContent, TOOLBAR_TEXTS.editSection, TOOLBAR_TEXTS.configureLayout]);
  });

  it('stays empty for a reader (no staff session) and when the API fails', async () => {
    answer = async () => null;
    const { container } = render(<StaffToolbar contentId={10100001} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.innerHTML).toBe('');
    cleanup();
    answer = async () => { throw new Error('Network error'); };
    const again = render(<StaffToolbar contentId={10100001} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(again.container.innerHTML).toBe('');
  });

  it('does not even ask with preview-mode=true', async () => {
    history.replaceState(null, '', '/markets/10100001/rates?preview-mode=true');
    answer = async () => ADMIN_BAR;
    const { container } = render(<StaffToolbar contentId={10100001} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    expect(container.innerHTML).toBe('');
    expect(isPreviewMode('?preview-mode=false')).toBe(false);
  });

  it('the cache switch sets and clears the cache-bypass cookie', async () => {
    answer = async () => EDITOR;
    render(<StaffToolbar contentId={10100001} />);
    const sw = await screen.findByRole('switch', { name: TOOLBAR_TEXTS.cache });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect(document.cookie).toContain(`${CACHE_BYPASS_COOKIE}=1`);
    fireEvent.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(document.cookie).not.toContain(`${CACHE_BYPASS_COOKIE}=1`);
  });

  it('never links an address that is not http(s) or site-absolute', async () => {
    answer = async () => ({ ...ADMIN_BAR, editContentHref: 'javascript:alert(1)', editSectionHref: '//evil.example/x' });
    render(<StaffToolbar contentId={10100001} sectionId={12} layoutId={3} />);
    await screen.findByRole('complementary', { name: TOOLBAR_TEXTS.label });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([TOOLBAR_TEXTS.configureLayout]);
    expect(safeAdminHref('/admin/edit-content/1')).toBe('/admin/edit-content/1');
    expect(safeAdminHref('data:text/html,x')).toBeNull();
  });
});

describe('staff toolbar root in the static page', () => {
  const page = (over: Partial<PageView>): PageView => ({
    kind: 'content', path: '/markets/10100001/rates', heading: 'Rates', headingHidden: false, intro: null, layoutId: 3,
    hideHeader: false, hideFooter: false, sectionPath: '/markets', breadcrumbs: [],
    head: { title: 'Rates', description: '', canonical: null, robots: null, ogType: 'article', image: null, rssHref: null, rssTitle: null, jsonLd: {} },
    rows: [], content: { id: 10100001 } as PageView['content'], shell: null, inputs: { contentIds: [], sectionIds: [], layoutId: 3 }, ...over,
  });

  it('is an empty island root carrying the page ids, nothing of the toolbar', () => {
    const $ = load(staffToolbarRoot(page({})));
    const root = $('[data-island="staff-toolbar"]');
    expect(root.length).toBe(1);
    expect(JSON.parse(root.attr('data-props')!)).toEqual({ contentId: 10100001, sectionId: null, layoutId: 3 });
    expect(root.html()).toBe('');
    const section = load(staffToolbarRoot(page({ kind: 'section', content: null, sectionId: 12 })))('[data-island="staff-toolbar"]');
    expect(JSON.parse(section.attr('data-props')!)).toEqual({ contentId: null, sectionId: 12, layoutId: 3 });
  });

  it('is replaced by the preview banner in a draft preview', () => {
    const $ = load(staffToolbarRoot(page({ preview: true })));
    expect($('[data-island]').length).toBe(0);
    expect($('.preview-banner').text()).toBe(PREVIEW_BANNER);
    expect(renderToStaticMarkup(<StaffToolbar contentId={1} />)).toBe('');
  });
});
