// @vitest-environment happy-dom
// The grid editor adds and configures the carousel, video playlist, company videos, US map and
// comments blocks: each is picked from "Add block", set in its dialog (errors name the field,
// nothing applies until valid) and saved as a block the layout schema accepts. Images of galleries
// and carousels and the document of a download come from the media library picker.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '../../data/types';

const api = vi.hoisted(() => ({ getMediaAssets: vi.fn() }));
const transport = vi.hoisted(() => ({ fetchAssetPreview: vi.fn() }));
vi.mock('../../data/api', async (orig) => ({ ...(await orig<object>()), ...api }));
vi.mock('../../data/transport', async (orig) => ({ ...(await orig<object>()), ...transport }));
import { gridSchema, type Block, type Grid } from '../../../engine/domain/layout';
import { GridEditor } from './grid-editor';

const asset = (id: number, name: string, mimeType = 'image/jpeg') => ({
  id, name, path: `/media/alpha/${name}`, mimeType, width: 800, height: 600, bytes: 1, alt: 'x', caption: null, credit: null,
  focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: name, derivatives: [], usedBy: [],
}) as MediaAsset;

beforeEach(() => {
  transport.fetchAssetPreview.mockResolvedValue('blob:x');
  api.getMediaAssets.mockImplementation(async (f: { type?: string }) => {
    const rows = f.type === 'application/pdf' ? [asset(30, 'guide.pdf', 'application/pdf')] : [asset(7, 'quay.jpg'), asset(8, 'crane.jpg')];
    return { rows, totalCount: rows.length };
  });
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

let current: Grid;
function Harness() {
  const [grid, setGrid] = useState<Grid>({ rows: [{ settings: { layout: '1', width: 'site-width' }, columns: [{ blocks: [] }] }] });
  current = grid;
  return <GridEditor grid={grid} onChange={setGrid} sections={[{ id: 5, name: 'Markets', fullName: 'Markets', children: [] } as never]} />;
}

const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });
const type = async (label: string | RegExp, value: string) => {
  await act(async () => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); });
};
const click = async (el: HTMLElement) => { await act(async () => { fireEvent.click(el); }); };
async function addBlock(label: string): Promise<HTMLElement> {
  await click(screen.getByRole('button', { name: /Add block to row 1, column 1/ }));
  await act(async () => { fireEvent.change(screen.getByLabelText('Block type'), { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: label }).value } }); });
  await click(screen.getAllByRole('button', { name: new RegExp(`^${label}.* settings$`) }).at(-1)!);
  return screen.getByRole('dialog');
}
const apply = async (dialog: HTMLElement) => click(within(dialog).getByRole('button', { name: 'Apply' }));
const last = (): Block => current.rows[0]!.columns[0]!.blocks.at(-1)!;

describe('grid editor: page blocks', () => {
  it('adds a carousel of library images picked in the library, refusing more than 20 slides', async () => {
    render(<Harness />);
    const dialog = await addBlock('Carousel');
    await click(within(dialog).getByRole('button', { name: 'Choose images from the library' }));
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'image' }));
    await click(within(dialog).getByRole('button', { name: 'Asset 8: crane.jpg' }));
    await click(within(dialog).getByRole('button', { name: 'Asset 7: quay.jpg' }));
    await click(within(dialog).getByRole('button', { name: 'Asset 8: crane.jpg' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Images').value).toBe('8, 7');
    await type(/^Number of slides/, '21');
    await apply(dialog);
    expect(within(dialog).getByText('Must be 1 to 20')).toBeTruthy();
    await type(/^Number of slides/, '4');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'carousel', data: { source: 'images', assetIds: [8, 7], limit: 4 } });
    expect(screen.getByText('2 images')).toBeTruthy();
  });

  it('adds a carousel of a section’s content items', async () => {
    render(<Harness />);
    const dialog = await addBlock('Carousel');
    await act(async () => { fireEvent.change(screen.getByLabelText(/^Slides/), { target: { value: 'content' } }); });
    await act(async () => { fireEvent.change(screen.getByLabelText(/^Section/), { target: { value: '5' } }); });
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Video')); });
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'carousel', data: { source: 'content', section: 5, contentTypes: ['Video'] } });
    expect(gridSchema.safeParse(current).success).toBe(true);
  });

  it('picks a gallery’s images and a download’s PDF from the library', async () => {
    render(<Harness />);
    let dialog = await addBlock('Image gallery');
    await click(within(dialog).getByRole('button', { name: 'Choose images from the library' }));
    await flush();
    await click(within(dialog).getByRole('button', { name: 'Asset 7: quay.jpg' }));
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'image_gallery', data: { assetIds: [7] } });
    dialog = await addBlock('Document download');
    await click(within(dialog).getByRole('button', { name: 'Choose document from the library' }));
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'application/pdf' }));
    await click(within(dialog).getByRole('button', { name: 'Asset 30: guide.pdf' }));
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'document_download', data: { assetId: 30 } });
  });

  it('adds a video playlist from a playlist link and stored videos, naming a bad playlist id', async () => {
    render(<Harness />);
    const dialog = await addBlock('Video playlist');
    await type(/^YouTube playlist id/, 'not a playlist');
    await apply(dialog);
    expect(within(dialog).getByText('A YouTube playlist id has 10 to 64 letters, digits, _ or -')).toBeTruthy();
    await type(/^YouTube playlist id/, 'https://www.youtube.com/playlist?list=PLportTours0001');
    await type('Videos', 'dQw4w9WgXcQ Port tour');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'video_playlist', data: { playlistId: 'PLportTours0001', videos: [{ youtubeId: 'dQw4w9WgXcQ', title: 'Port tour' }] } });
    expect(screen.getByText('Playlist PLportTours0001 + 1 video')).toBeTruthy();
  });

  it('adds company videos, a US map that needs a state link, comments and content sidebars', async () => {
    render(<Harness />);
    let dialog = await addBlock('Company videos');
    await type(/^Number of videos/, '3');
    await act(async () => { fireEvent.change(screen.getByLabelText(/^Display/), { target: { value: 'list' } }); });
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'company_videos', data: { limit: 3, display: 'list' } });
    dialog = await addBlock('US map');
    await apply(dialog);
    expect(within(dialog).getByText('A path or http(s) address with {state} or {name} in it')).toBeTruthy();
    await type(/^State link/, '/directory/{state}');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'us_map', data: { linkTemplate: '/directory/{state}' } });
    dialog = await addBlock('Comments');
    await type('Title', 'Join the discussion');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'comments', settings: { title: 'Join the discussion' } });
    dialog = await addBlock('Content sidebars');
    await type('Title', 'At a glance');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'content_sidebars', settings: { title: 'At a glance' }, data: {} });
    expect(gridSchema.safeParse(current).success).toBe(true);
  });
});
