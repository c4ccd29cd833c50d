// @vitest-environment happy-dom
// The content sidebars island on a gated page: the sidebars come only from the page's gate answer,
// to a reader who passes; a reader who does not (or an unanswered decision) sees none.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentSidebars } from './content-sidebars';
import { installFakeApi, type FakeApi } from './member-test-api';

const answer = (over: Record<string, unknown>) => ({
  id: 10100001, gatingType: 'membership', gatingStatus: 'passed', passedBy: 'membership', canRead: true, gate: 'none', showGatingForm: false, hiddenBlocks: [],
  meter: null, licenseCompany: null, body: '<p>Body</p>', sidebars: [], embedCode: null, images: [], requiredMemberships: [], ...over,
});

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); });
afterEach(() => { cleanup(); });

describe('content sidebars island', () => {
  it('shows the sidebars the gate answer brings to a reader who passes', async () => {
    api.on('getGatedContent', () => answer({ sidebars: ['<p>Fact one</p>', '<p>Fact two</p>'] }));
    const { container } = render(<ContentSidebars lockedFor={10100001} />);
    expect(await screen.findByText('Fact two')).toBeTruthy();
    expect([...container.querySelectorAll('.content-sidebar')].map((d) => d.textContent)).toEqual(['Fact one', 'Fact two']);
    expect(api.named('getGatedContent')).toEqual([{ id: 10100001 }]);
  });

  it('shows nothing to a reader who does not pass, or when the decision fails', async () => {
    api.on('getGatedContent', () => answer({ canRead: false, gatingStatus: 'failed', passedBy: null, gate: 'join-login', hiddenBlocks: ['content_sidebar'], body: null }));
    const { container, unmount } = render(<ContentSidebars lockedFor={10100001} />);
    await waitFor(() => expect(api.named('getGatedContent')).toHaveLength(1));
    expect(container.querySelectorAll('.content-sidebar')).toHaveLength(0);
    unmount();
    api = installFakeApi();
    api.on('getGatedContent', () => { throw new Error('offline'); });
    const failed = render(<ContentSidebars lockedFor={10100001} />);
    await waitFor(() => expect(api.named('getGatedContent')).toHaveLength(1));
    expect(failed.container.querySelectorAll('.content-sidebar')).toHaveLength(0);
  });
});
