// @vitest-environment happy-dom
// The digital edition (zmag) embed island: hidden when the page's gate decision lists zmag_embed
// (gating and meter failed, public §4), otherwise a click-to-load facade that frames the viewer
// only when the reader asks; a failed decision keeps it hidden.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCKS_HIDDEN_WHEN_LOCKED } from '../../engine/domain/meter';
import { installFakeApi, type FakeApi } from './member-test-api';
import { showsZmagEmbed, ZmagEmbed, ZMAG_TEXTS } from './zmag-embed';
import type { ConsentApi } from '../client/consent';

const VIEWER = 'https://secure.viewer.zmags.com/publication/ab12cd34';
const answer = (over: Record<string, unknown>) => ({
  id: 10100001, gatingType: 'membership', gatingStatus: 'passed', passedBy: 'membership', canRead: true, gate: 'none', showGatingForm: false, hiddenBlocks: [],
  meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [], ...over,
});

let api: FakeApi;
type Granted = Parameters<Parameters<ConsentApi['onChange']>[0]>[0];
const listeners = new Set<(g: Granted) => void>();
/** The page's consent API (site/client/consent.ts) with the functional category as given. */
function pageConsent(functional: boolean) {
  const g: Granted = { necessary: true, performance: false, functional, targeting: false, social: false };
  (window as { mastheadConsent?: unknown }).mastheadConsent = {
    has: (c: keyof Granted) => g[c],
    onChange: (fn: (x: Granted) => void) => { listeners.add(fn); return () => listeners.delete(fn); },
  };
  return (next: boolean) => { g.functional = next; act(() => { for (const fn of listeners) fn({ ...g }); }); };
}
beforeEach(() => { api = installFakeApi(); pageConsent(true); });
afterEach(() => { cleanup(); listeners.clear(); });

describe('zmag embed hide rule', () => {
  it('hides the embed exactly when the decision lists the zmag_embed block', () => {
    expect(showsZmagEmbed({ hiddenBlocks: [...BLOCKS_HIDDEN_WHEN_LOCKED] })).toBe(false);
    expect(showsZmagEmbed({ hiddenBlocks: [] })).toBe(true);
    expect(showsZmagEmbed({ hiddenBlocks: ['image_gallery', 'video_player'] })).toBe(true);
  });
});

describe('zmag embed island', () => {
  it('frames the viewer only after the reader clicks, once the gate decision lets it show', async () => {
    api.on('getGatedContent', () => answer({}));
    const { container } = render(<ZmagEmbed contentId={10100001} viewerUrl={VIEWER} />);
    const button = screen.getByRole('button', { name: ZMAG_TEXTS.open }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(container.querySelector('iframe')).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: ZMAG_TEXTS.open }) as HTMLButtonElement).disabled).toBe(false));
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ZMAG_TEXTS.open }));
    const frame = screen.getByTitle(ZMAG_TEXTS.frame);
    expect(frame.getAttribute('src')).toBe(VIEWER);
    expect(api.named('getGatedContent')).toEqual([{ id: 10100001 }]);
  });

  it('is a functional-category frame: without that consent it says so and opens on this page only; withdrawing closes a frame opened under consent', async () => {
    api.on('getGatedContent', () => answer({}));
    pageConsent(false);
    const first = render(<ZmagEmbed contentId={10100001} viewerUrl={VIEWER} />);
    expect(await screen.findByText(ZMAG_TEXTS.consentNote)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: ZMAG_TEXTS.open }) as HTMLButtonElement).disabled).toBe(false));
    expect(first.container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ZMAG_TEXTS.open }));
    expect(screen.getByTitle(ZMAG_TEXTS.frame).getAttribute('src')).toBe(VIEWER);
    first.unmount();
    listeners.clear();

    const change = pageConsent(true);
    const { container } = render(<ZmagEmbed contentId={10100001} viewerUrl={VIEWER} />);
    await waitFor(() => expect((screen.getByRole('button', { name: ZMAG_TEXTS.open }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(ZMAG_TEXTS.consentNote)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ZMAG_TEXTS.open }));
    expect(container.querySelector('iframe')).not.toBeNull();
    change(false);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText(ZMAG_TEXTS.consentNote)).toBeTruthy();
  });

  it('removes itself when gating and the meter failed (zmag_embed among the hidden blocks)', async () => {
    api.on('getGatedContent', () => answer({ gatingStatus: 'failed', passedBy: null, canRead: false, gate: 'join-login', hiddenBlocks: [...BLOCKS_HIDDEN_WHEN_LOCKED] }));
    const { container } = render(<ZmagEmbed contentId={10100001} viewerUrl={VIEWER} />);
    expect(screen.getByText(ZMAG_TEXTS.title)).toBeTruthy();
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('stays hidden when the gate decision cannot be had', async () => {
    api.on('getGatedContent', () => { throw new Error('offline'); });
    const { container } = render(<ZmagEmbed contentId={10100001} viewerUrl={VIEWER} />);
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
