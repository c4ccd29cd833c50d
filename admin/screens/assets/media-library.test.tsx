// @vitest-environment happy-dom
// The media library screen (issue 16): lists and searches assets, uploads a dropped file with a
// progress bar, edits alt text and the focal point (the crop previews follow it), shows "used by",
// and shows the API's refusal when a used asset is deleted. Pictures come from the authenticated
// preview route (fetchAssetPreview), never from the site path; PDFs show a document tile.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '../../data/types';

const api = vi.hoisted(() => ({ getMediaAssets: vi.fn(), updateAsset: vi.fn(), deleteAsset: vi.fn() }));
const transport = vi.hoisted(() => ({ uploadAsset: vi.fn(), fetchAssetPreview: vi.fn() }));
vi.mock('../../data/api', () => api);
vi.mock('../../data/transport', () => transport);
import MediaLibrary from './media-library';

const asset = (id: number, over: Partial<MediaAsset> = {}): MediaAsset => ({
  id, name: `photo-${id}.jpg`, path: `/media/alpha/${id}.jpg`, mimeType: 'image/jpeg', width: 1200, height: 800, bytes: 1000, alt: '',
  caption: null, credit: null, focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: `${id}.jpg`,
  derivatives: [{ width: 480, height: 320, format: 'webp', file: `d${id}-480.webp`, bytes: 10 }], usedBy: [], ...over,
});

const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

beforeEach(() => {
  transport.fetchAssetPreview.mockImplementation(async (id: number, width: number) => `blob:preview-${id}-${width}`);
  api.getMediaAssets.mockImplementation(async (f: { phrase?: string }) => {
    const all = [asset(1, { usedBy: [{ kind: 'content', id: 10010001, name: 'Cranes story' }] }), asset(2, { name: 'harbour.jpg' })];
    const rows = f.phrase ? all.filter((a) => a.name.includes(f.phrase!)) : all;
    return { rows, totalCount: rows.length };
  });
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('media library screen', () => {
  it('lists assets and searches by name', async () => {
    render(<MediaLibrary />);
    await flush();
    expect(within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Asset 1: photo-1.jpg', 'Asset 2: harbour.jpg']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'harbour' } });
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ phrase: 'harbour' }));
    expect(within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('table', { name: 'Assets' })).toBeTruthy();
  });

  it('uploads a dropped file with progress and lists the new asset', async () => {
    let progress: (f: number) => void = () => {};
    let finish: (a: MediaAsset) => void = () => {};
    transport.uploadAsset.mockImplementation((_file: File, onProgress: (f: number) => void) => { progress = onProgress; return new Promise((r) => { finish = r; }); });
    render(<MediaLibrary />);
    await flush();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'new.jpg', { type: 'image/jpeg' });
    await act(async () => { fireEvent.drop(screen.getAllByTestId('drop-zone')[0]!, { dataTransfer: { files: [file] } }); });
    expect(transport.uploadAsset).toHaveBeenCalledWith(file, expect.any(Function));
    await act(async () => { progress(0.4); });
    expect((screen.getByLabelText('Uploading new.jpg') as HTMLProgressElement).value).toBeCloseTo(0.4);
    await act(async () => { finish(asset(3, { name: 'new.jpg' })); });
    expect(screen.getByRole('button', { name: 'Asset 3: new.jpg' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Edit asset 3' })).toBeTruthy();
  });

  it('edits alt text and the focal point; crop previews follow the point; shows what uses it; shows a refused delete', async () => {
    api.updateAsset.mockImplementation(async (id: number, input: Partial<MediaAsset>) => asset(id, { ...input, usedBy: [{ kind: 'content', id: 10010001, name: 'Cranes story' }] }));
    api.deleteAsset.mockRejectedValue(new Error('Asset 1 cannot be deleted while it is used by content 10010001 "Cranes story".'));
    render(<MediaLibrary />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }));
    const editor = screen.getByRole('region', { name: 'Edit asset 1' });
    expect(within(within(editor).getByRole('list', { name: 'Used by' })).getByText('Cranes story')).toBeTruthy();
    fireEvent.change(within(editor).getByRole('textbox', { name: /^Alt text/ }), { target: { value: 'Cranes at dusk' } });
    const focal = within(editor).getByTestId('focal-image');
    focal.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(focal, { clientX: 50, clientY: 80 });
    const crops = within(within(editor).getByRole('list', { name: 'Crop previews' })).getAllByRole('presentation', { hidden: true });
    for (const c of crops) expect((c as HTMLImageElement).style.objectPosition).toBe('25% 80%');
    await act(async () => { fireEvent.click(within(editor).getByRole('button', { name: 'Save' })); });
    expect(api.updateAsset).toHaveBeenCalledWith(1, expect.objectContaining({ alt: 'Cranes at dusk', focalX: 0.25, focalY: 0.8 }));
    await act(async () => { fireEvent.click(within(editor).getByRole('button', { name: 'Delete' })); });
    expect(within(editor).getByRole('alert').textContent).toMatch(/cannot be deleted while it is used by content 10010001 "Cranes story"/);
    expect(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' })).toBeTruthy();
  });

  it('loads thumbnails and the editor picture through the authenticated preview, versioned by the file hash', async () => {
    api.getMediaAssets.mockResolvedValue({ rows: [asset(1, { sha256: 'ab'.repeat(32) })], totalCount: 1 });
    render(<MediaLibrary />);
    await flush();
    const thumb = screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }).querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe('blob:preview-1-320');
    expect(transport.fetchAssetPreview).toHaveBeenCalledWith(1, 320, 'ab'.repeat(8));
    expect(document.querySelector('img[src^="/media/"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }));
    await flush();
    const editor = screen.getByRole('region', { name: 'Edit asset 1' });
    expect(within(editor).getByTestId('focal-image').querySelector('img')!.getAttribute('src')).toBe('blob:preview-1-640');
  });

  it('lists a PDF as a document with its size, offers the PDF type filter and opens it from the editor', async () => {
    const pdf = asset(5, { name: 'rate card.pdf', mimeType: 'application/pdf', width: 0, height: 0, bytes: 2048, derivatives: [], original: 'x.pdf', path: '/media/alpha/x.pdf' });
    api.getMediaAssets.mockResolvedValue({ rows: [pdf], totalCount: 1 });
    render(<MediaLibrary />);
    await flush();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'application/pdf' } });
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'application/pdf' }));
    const tile = screen.getByRole('button', { name: 'Asset 5: rate card.pdf' });
    expect(within(tile).getByTestId('document-5').textContent).toBe('PDF');
    expect(tile.querySelector('img')).toBeNull();
    fireEvent.click(tile);
    await flush();
    const editor = screen.getByRole('region', { name: 'Edit asset 5' });
    expect(within(editor).getByText(/application\/pdf · 2 KB/)).toBeTruthy();
    expect(within(editor).queryByTestId('focal-image')).toBeNull();
    expect(within(editor).getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe('blob:preview-5-640');
  });
});
