// An uploaded PDF named by a document download block is published as its original file (uploaded
// assets keep no bytes in the store), so the block's link resolves; unreferenced documents are not.
import { describe, expect, it } from 'vitest';
import { gatedDocuments } from '../../domain/documents';
import { referencedMedia, withheldFiles } from './media';
import type { TenantIndex } from '../types';

const pdf = (id: number, original: string) => ({
  id, path: `/media/acme/${original}`, mimeType: 'application/pdf', alt: 'Guide', width: 0, height: 0, caption: null, credit: null,
  media: { derivatives: [], focalX: 0.5, focalY: 0.5, decorative: false, original },
});

describe('published documents', () => {
  it('copies the original of a PDF a layout block names, and no other', () => {
    const index = {
      content: [],
      assets: [pdf(30, 'aa11.pdf'), pdf(31, 'bb22.pdf')],
      layouts: [{ primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'd', type: 'document_download', data: { assetId: 30 } }] }] }] } }],
    } as unknown as TenantIndex;
    expect([...referencedMedia(index)]).toEqual([['media/acme/aa11.pdf', 'aa11.pdf']]);
  });
  it('withholds a gated document from the build, whichever other block names it', () => {
    const index = {
      content: [],
      assets: [pdf(30, 'aa11.pdf'), pdf(31, 'bb22.pdf')],
      layouts: [
        { primaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'd', type: 'document_download', data: { assetId: 30, gated: true } }, { id: 'e', type: 'document_download', data: { assetId: 31 } }] }] }] } },
        { primaryGrid: { rows: [] }, secondaryGrid: { rows: [{ columns: [{ blocks: [{ id: 'f', type: 'document_download', data: { assetId: 30 } }] }] }] } },
      ],
    } as unknown as TenantIndex;
    expect([...referencedMedia(index)]).toEqual([['media/acme/bb22.pdf', 'bb22.pdf']]);
    expect([...withheldFiles(index)]).toEqual(['media/acme/aa11.pdf']);
  });
});

describe('gatedDocuments', () => {
  const layout = (blocks: { type: string; data: unknown }[]) => ({ primaryGrid: { rows: [{ columns: [{ blocks }] }] } });
  it('merges the memberships of the blocks that gate an asset; one without memberships opens it to every member', () => {
    const doc = (assetId: number, membershipIds?: number[]) => ({ type: 'document_download', data: { assetId, gated: true, ...(membershipIds ? { membershipIds } : {}) } });
    const m = gatedDocuments([layout([doc(1, [5]), doc(2, [5])]), layout([doc(1, [6]), doc(2), { type: 'document_download', data: { assetId: 3 } }])]);
    expect(Object.fromEntries(m)).toEqual({ 1: { membershipIds: [5, 6], registrationRequired: true }, 2: { membershipIds: [], registrationRequired: true } });
  });
});
