// @vitest-environment happy-dom
// The library image field (issue 16: a person's photo comes from the media library): "Choose photo
// from the library" opens a searchable grid of images only; picking one fills the id and closes it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '../data/types';

const api = vi.hoisted(() => ({ getMediaAssets: vi.fn() }));
const transport = vi.hoisted(() => ({ fetchAssetPreview: vi.fn() }));
vi.mock('../data/api', () => api);
vi.mock('../data/transport', () => transport);
import { LibraryImageField } from './asset-id-field';

const asset = (id: number, name: string) => ({
  id, name, path: `/media/alpha/${id}.jpg`, mimeType: 'image/jpeg', width: 800, height: 600, bytes: 1, alt: 'x', caption: null, credit: null,
  focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: `${id}.jpg`, derivatives: [], usedBy: [],
}) as MediaAsset;
const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

beforeEach(() => {
  transport.fetchAssetPreview.mockResolvedValue('blob:x');
  api.getMediaAssets.mockImplementation(async (f: { phrase?: string }) => {
    const rows = [asset(7, 'portrait.jpg'), asset(8, 'harbour.jpg')].filter((a) => !f.phrase || a.name.includes(f.phrase));
    return { rows, totalCount: rows.length };
  });
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('library image field', () => {
  it('opens the library, searches images only, and fills the id with the picked image', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<LibraryImageField label="Photo" value="" onChange={onChange} onBlur={onBlur} field="imageId" />);
    expect(screen.queryByRole('group', { name: 'Media library for Photo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose photo from the library' }));
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'image' }));
    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: 'portrait' } });
    await flush();
    expect(api.getMediaAssets).toHaveBeenLastCalledWith(expect.objectContaining({ phrase: 'portrait', type: 'image' }));
    expect(screen.queryByRole('button', { name: 'Asset 8: harbour.jpg' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Asset 7: portrait.jpg' }));
    expect(onChange).toHaveBeenCalledWith('7');
    expect(onBlur).toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Media library for Photo' })).toBeNull();
  });
});
