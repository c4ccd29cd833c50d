// @vitest-environment happy-dom
// A gated document's link (issue 17): complete in the server markup on an open page; on a gated
// page one of public §4's hidden blocks, absent from the markup and shown only when the page's gate
// decision does not list document_download (and not when the decision fails).
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Grid } from './blocks';
import type { BlockSettingsView, BlockView } from './model';
import { DocumentLink } from './islands/document-link';
import { installFakeApi } from './islands/member-test-api';

afterEach(() => { cleanup(); });

const settings: BlockSettingsView = { title: null, link: null, colorScheme: 'default', cta: null };
const gated = (lockedFor: number | null): BlockView => ({ kind: 'document', id: 'd', settings, document: { href: '/api/documents/30', label: 'Rate outlook', format: 'PDF', membersOnly: true }, lockedFor });
const page = (blocks: BlockView[]) => new DOMParser().parseFromString(renderToStaticMarkup(
  <Grid rows={[{ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks }] }]} />,
), 'text/html');
const answer = (hiddenBlocks: string[]) => ({
  id: 10000003, gatingType: 'membership', gatingStatus: hiddenBlocks.length ? 'failed' : 'passed', passedBy: null, canRead: !hiddenBlocks.length,
  gate: 'none', showGatingForm: false, hiddenBlocks, meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [],
});

describe('gated document link', () => {
  it('is in the markup of an open page, pointing at the API, and absent before the decision on a gated page', () => {
    const open = page([gated(null)]).querySelector('[data-island="document-link"] a')!;
    expect(open.getAttribute('href')).toBe('/api/documents/30');
    expect(open.hasAttribute('download')).toBe(false);
    expect(open.textContent).toBe('Rate outlook (PDF, members only)');
    expect(page([gated(10000003)]).querySelector('[data-island="document-link"] a')).toBeNull();
  });
  it('shows on a gated page once the decision does not hide it; stays hidden when it does or fails', async () => {
    installFakeApi().on('getGatedContent', () => answer([]));
    render(<DocumentLink href="/api/documents/30" label="Rate outlook" format="PDF" lockedFor={10000003} />);
    expect((await screen.findByRole('link', { name: /Rate outlook/ })).getAttribute('href')).toBe('/api/documents/30');
    cleanup();
    installFakeApi().on('getGatedContent', () => answer(['document_download']));
    const hidden = render(<DocumentLink href="/api/documents/30" label="Rate outlook" format="PDF" lockedFor={10000005} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 10)); });
    expect(hidden.container.innerHTML).toBe('');
    cleanup();
    installFakeApi().on('getGatedContent', () => { throw new Error('offline'); });
    const failed = render(<DocumentLink href="/api/documents/30" label="Rate outlook" format="PDF" lockedFor={10000006} />);
    await act(async () => { await new Promise((r) => setTimeout(r, 10)); });
    expect(failed.container.innerHTML).toBe('');
  });
});
