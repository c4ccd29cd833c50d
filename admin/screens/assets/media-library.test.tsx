// @vitest-environment happy-dom
// The media library screen (issues 16 and 35): lists and searches assets, uploads a dropped file with a
// progress bar, edits alt text and the focal point (the crop previews follow it), shows "used by",
// and shows the API's refusal when a used asset is deleted. Pictures come from the authenticated
// preview route (fetchAssetPreview), never from the site path; PDFs show a document tile.
// Issue 35: tiles keep the type label apart from the name, several dropped files upload with a bar
// each that goes away when the file is in (the count follows), filters by type, month, uploader and
// missing alt text, and the detail panel shows facts, derivatives and where the asset is used.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '../../data/types';

const api = vi.hoisted(() => ({ getMediaAssets: vi.fn(), updateAsset: vi.fn(), deleteAsset: vi.fn(), getFacets: vi.fn() }));
const transport = vi.hoisted(() => ({ uploadAsset: vi.fn(), fetchAssetPreview: vi.fn(), request: vi.fn() }));
vi.mock('../../data/api', () => api);
vi.mock('../../data/transport', () => transport);
// The screen's listing and filter choices (./media-api) answer from the same fakes.
vi.mock('./media-api', () => ({ getLibrary: (f: unknown) => api.getMediaAssets(f), getFacets: () => api.getFacets() }));
import { RouterProvider } from '../../lib/router';
import MediaLibraryScreen from './media-library';

const MediaLibrary = () => <RouterProvider><MediaLibraryScreen /></RouterProvider>;

const asset = (id: number, over: Partial<MediaAsset> = {}): MediaAsset => ({
  id, name: `photo-${id}.jpg`, path: `/media/alpha/${id}.jpg`, mimeType: 'image/jpeg', width: 1200, height: 800, bytes: 1000, alt: '',
  caption: null, credit: null, focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: `${id}.jpg`,
  derivatives: [{ width: 480, height: 320, format: 'webp', file: `d${id}-480.webp`, bytes: 10 }], usedBy: [], ...over,
});

const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

beforeEach(() => {
  api.getFacets.mockResolvedValue({ months: ['2026-11', '2026-10'], uploaders: [{ id: 7, name: 'Ada Editor' }] });
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

  it('shows tiles in a grid with the type label apart from the name, and sizes for every type', async () => {
    const pdf = asset(5, { name: 'freightwise-2027-rate-outlook.pdf', mimeType: 'application/pdf', width: 0, height: 0, bytes: 48_000, derivatives: [] });
    api.getMediaAssets.mockResolvedValue({ rows: [asset(1, { bytes: 150_000 }), pdf], totalCount: 2 });
    render(<MediaLibrary />);
    await flush();
    const grid = screen.getByRole('list', { name: 'Assets' });
    expect(grid.className).toBe('ml-grid');
    const tile = screen.getByRole('button', { name: 'Asset 5: freightwise-2027-rate-outlook.pdf' });
    expect(tile.querySelector('.ml-tile-name')!.textContent).toBe('freightwise-2027-rate-outlook.pdf');
    expect(tile.querySelector('.ml-type')!.textContent).toBe('PDF');
    expect(tile.querySelector('.ml-tile-meta')!.textContent).toContain('47 KB');
    expect(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }).querySelector('.ml-tile-meta')!.textContent).toBe('JPEG1200×800 · 146 KB');
    expect(screen.getByRole('status', { name: 'Asset count' }).textContent).toBe('2 assets');
    // Every button of the screen is the house Button (class btn) or a tile, never an unstyled native button.
    for (const b of screen.getAllByRole('button')) expect(b.className).toMatch(/\b(btn|ml-tile-button)\b/);
  });

  it('uploads several dropped files with a progress bar each; a finished file leaves the list and the count follows', async () => {
    const pending = new Map<string, { progress: (f: number) => void; finish: (a: MediaAsset) => void }>();
    transport.uploadAsset.mockImplementation((file: File, onProgress: (f: number) => void) => new Promise((r) => { pending.set(file.name, { progress: onProgress, finish: r }); }));
    render(<MediaLibrary />);
    await flush();
    const a = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });
    const b = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'b.pdf', { type: 'application/pdf' });
    await act(async () => { fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [a, b] } }); });
    expect(transport.uploadAsset).toHaveBeenCalledTimes(2);
    await act(async () => { pending.get('a.jpg')!.progress(0.5); pending.get('b.pdf')!.progress(0.2); });
    expect((screen.getByLabelText('Uploading a.jpg') as HTMLProgressElement).value).toBeCloseTo(0.5);
    expect((screen.getByLabelText('Uploading b.pdf') as HTMLProgressElement).value).toBeCloseTo(0.2);
    await act(async () => { pending.get('a.jpg')!.finish(asset(3, { name: 'a.jpg' })); });
    expect(screen.queryByLabelText('Uploading a.jpg')).toBeNull();
    expect(screen.getByLabelText('Uploading b.pdf')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Asset count' }).textContent).toBe('3 assets');
    await act(async () => { pending.get('b.pdf')!.finish(asset(4, { name: 'b.pdf', mimeType: 'application/pdf', width: 0, height: 0, bytes: 4096 })); });
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status', { name: 'Asset count' }).textContent).toBe('4 assets');
    expect(screen.getByText('Uploaded 2 files.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('button').map((x) => x.getAttribute('aria-label'))).toEqual(['Asset 4: b.pdf', 'Asset 3: a.jpg', 'Asset 1: photo-1.jpg', 'Asset 2: harbour.jpg']);
    expect(api.getFacets).toHaveBeenCalledTimes(2);
  });

  it('keeps a failed upload with the API message until dismissed', async () => {
    transport.uploadAsset.mockRejectedValue(new Error('file: Must be a JPEG, PNG, WebP, GIF, AVIF or PDF file'));
    render(<MediaLibrary />);
    await flush();
    await act(async () => { fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } }); });
    await flush();
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getByRole('alert').textContent).toMatch(/^file: Must be/);
    expect(screen.getByRole('status', { name: 'Asset count' }).textContent).toBe('2 assets');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notes.txt' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('filters by type, month, uploader and missing alt text', async () => {
    render(<MediaLibrary />);
    await flush();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'image/' } });
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'image/' }));
    const date = screen.getByLabelText('Date') as HTMLSelectElement;
    expect([...date.options].map((o) => o.textContent)).toEqual(['All dates', 'November 2026', 'October 2026']);
    fireEvent.change(date, { target: { value: '2026-10' } });
    await flush();
    fireEvent.change(screen.getByLabelText('Uploaded by'), { target: { value: '7' } });
    await flush();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Missing alt text' }));
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'image/', month: '2026-10', uploadedBy: 7, missingAlt: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await flush();
    const last = api.getMediaAssets.mock.lastCall![0] as Record<string, unknown>;
    expect(last).toMatchObject({ type: '', month: '' });
    expect(last.uploadedBy).toBeUndefined();
    expect(last.missingAlt).toBeUndefined();
  });

  it('shows the detail panel with facts, uploader, derivatives and where the asset is used', async () => {
    const rich = asset(1, {
      bytes: 250_000, derivatives: [
        { width: 960, height: 640, format: 'webp', file: 'd-960.webp', bytes: 40_000 }, { width: 480, height: 320, format: 'avif', file: 'd-480.avif', bytes: 9_000 },
      ],
      usedBy: [{ kind: 'content', id: 10010001, name: 'Cranes story' }, { kind: 'person', id: 4, name: 'Ada Lovelace' }],
    });
    api.getMediaAssets.mockResolvedValue({ rows: [{ ...rich, createdAt: '2026-11-20T10:00:00.000Z', uploadedBy: { id: 7, name: 'Ada Editor' } }], totalCount: 1 });
    render(<MediaLibrary />);
    await flush();
    expect(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }).textContent).toContain('No alt text');
    fireEvent.click(screen.getByRole('button', { name: 'Asset 1: photo-1.jpg' }));
    await flush();
    const panel = screen.getByRole('region', { name: 'Edit asset 1' });
    expect(within(panel).getByText(/image\/jpeg · 1200×800 · 244 KB/)).toBeTruthy();
    expect(within(panel).getByText('Nov. 20, 2026 by Ada Editor')).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Derivatives' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AVIF480×3209 KB', 'WEBP960×64039 KB']);
    const uses = within(panel).getByRole('list', { name: 'Used by' });
    expect(within(uses).getByRole('link', { name: 'Cranes story' }).getAttribute('href')).toBe('/admin/content/10010001');
    expect(within(uses).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/admin/persons?edit=4');
    expect(within(panel).getByText('Missing alt text')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'Edit asset 1' })).toBeNull();
  });
});
