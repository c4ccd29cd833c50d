// @vitest-environment happy-dom
// The digital edition (zmag) embed island: hidden when the page's gate decision lists zmag_embed
// (gating and meter failed, public §4), otherwise a click-to-load facade that frames the viewer
// only when the reader asks; a failed decision keeps it hidden.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCKS_HIDDEN_WHEN_LOCKED } from '../../engine/domain/meter';
import { installFakeApi, type FakeApi } from './member-test-api';
import { showsZmagEmbed, ZmagEmbed, ZMAG_TEXTS } from './zmag-embed';

const VIEWER = 'https://secure.viewer.zmags.com/publication/ab12cd34';
const answer = (over: Record<string, unknown>) => ({
  id: 10100001, gatingType: 'membership', gatingStatus: 'passed', passedBy: 'membership', canRead: true, gate: 'none', showGatingForm: false, hiddenBlocks: [],
  meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [], ...over,
});

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); });
afterEach(() => { cleanup(); });

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
