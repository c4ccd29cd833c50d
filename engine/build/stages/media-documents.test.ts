// An uploaded PDF named by a document download block is published as its original file (uploaded
// assets keep no bytes in the store), so the block's link resolves; unreferenced documents are not.
import { describe, expect, it } from 'vitest';
import { referencedMedia } from './media';
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
});
