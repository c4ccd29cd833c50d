// @vitest-environment happy-dom
// The grid editor adds and configures the media and content blocks of issue 17 (RSS feed included) and the settings
// every block shares: each is picked from "Add block", set in its dialog (errors name the field,
// nothing applies until the input is valid) and saved as a block the layout schema accepts.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { gridSchema, type Block, type Grid } from '../../../engine/domain/layout';
import { GridEditor } from './grid-editor';
import { parseVideos } from './block-data-fields';

afterEach(cleanup);

let current: Grid;
function Harness() {
  const [grid, setGrid] = useState<Grid>({ rows: [{ settings: { layout: '1', width: 'site-width' }, columns: [{ blocks: [] }] }] });
  current = grid;
  return <GridEditor grid={grid} onChange={setGrid} sections={[]} />;
}

const type = async (label: string | RegExp, value: string) => {
  await act(async () => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); });
};
const click = async (el: HTMLElement) => { await act(async () => { fireEvent.click(el); }); };

async function addBlock(label: string): Promise<HTMLElement> {
  await click(screen.getByRole('button', { name: /Add block to row 1, column 1/ }));
  await act(async () => { fireEvent.change(screen.getByLabelText('Block type'), { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: label }).value } }); });
  const blocks = current.rows[0]!.columns[0]!.blocks;
  await click(screen.getAllByRole('button', { name: new RegExp(`^${label}.* settings$`) }).at(-1)!);
  expect(blocks.length).toBeGreaterThan(0);
  return screen.getByRole('dialog');
}
const apply = async (dialog: HTMLElement) => click(within(dialog).getByRole('button', { name: 'Apply' }));
const last = (): Block => current.rows[0]!.columns[0]!.blocks.at(-1)!;

describe('grid editor: media and content blocks', () => {
  it('adds an image gallery, refuses bad ids by field, and saves the ids and shared settings', async () => {
    render(<Harness />);
    const dialog = await addBlock('Image gallery');
    await type('Title', 'Photos');
    await type('Title icon', '/images/cam.svg');
    await type('Tracking id', 'gallery-1');
    await act(async () => { fireEvent.click(screen.getByLabelText('Keep in view while the column scrolls')); });
    await type('Call to action text', 'See all photos');
    await type('Button label', 'Gallery');
    await type('Button link', '/photos');
    await type('Images', '12, x');
    await apply(dialog);
    expect(screen.getByText('Use image ids separated by commas, like 12, 14')).toBeTruthy();
    expect(last().data).toEqual({ assetIds: [], includePrimaryImage: true });
    await type('Images', '12, 14');
    await act(async () => { fireEvent.click(screen.getByLabelText(/Start with the page’s primary image/)); });
    await apply(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(last()).toMatchObject({
      type: 'image_gallery', data: { assetIds: [12, 14], includePrimaryImage: false },
      settings: { title: 'Photos', titleIcon: '/images/cam.svg', trackingId: 'gallery-1', keepInView: true, cta: { text: 'See all photos', buttonLabel: 'Gallery', buttonLink: '/photos' } },
    });
    expect(gridSchema.safeParse(current).success).toBe(true);
    expect(screen.getByText('Photos')).toBeTruthy();
  });

  it('adds a video player from ids or links, naming the line of a bad one', async () => {
    render(<Harness />);
    const dialog = await addBlock('Video player');
    await type('Videos', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ Port tour\nnot-an-id Crane demo');
    await apply(dialog);
    expect(screen.getByText('Line 2: A YouTube video id has 11 letters, digits, _ or -')).toBeTruthy();
    await type('Videos', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ Port tour\nhttps://youtu.be/aaaaaaaaaaa Crane demo');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'video_player', data: { videos: [{ youtubeId: 'dQw4w9WgXcQ', title: 'Port tour' }, { youtubeId: 'aaaaaaaaaaa', title: 'Crane demo' }] } });
    expect(screen.getByText('2 videos')).toBeTruthy();
  });

  it('adds a document download that needs a document id, and a webinar link with its label', async () => {
    render(<Harness />);
    let dialog = await addBlock('Document download');
    await apply(dialog);
    expect(screen.getByText('Enter the id of a PDF from the media library')).toBeTruthy();
    await type(/^Document\s*\*?$/, '30');
    await type('Download link label', 'Get the guide');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'document_download', data: { assetId: 30, label: 'Get the guide' } });
    expect(last().data).not.toHaveProperty('gated');
    // Gated: members only, with the memberships that open it (ids checked by field).
    await click(screen.getAllByRole('button', { name: /^Document download.* settings$/ }).at(-1)!);
    dialog = screen.getByRole('dialog');
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Gated: members only, never published')); });
    await type('Membership ids', '140, x');
    await apply(dialog);
    expect(within(dialog).getByText('Use membership ids separated by commas, like 140, 141')).toBeTruthy();
    await type('Membership ids', '140, 141');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'document_download', data: { assetId: 30, gated: true, membershipIds: [140, 141] } });
    expect(screen.getByText('Document 30 · gated')).toBeTruthy();
    dialog = await addBlock('Webinar link');
    await type('Webinar link label', 'Join live');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'webinar_link', data: { label: 'Join live' } });
    expect(gridSchema.safeParse(current).success).toBe(true);
  });

  it('adds an inquiry form (RMI) with its title and send button label', async () => {
    render(<Harness />);
    const dialog = await addBlock('Inquiry form');
    expect(within(dialog).getByText(/Shown only when the site runs RMI/)).toBeTruthy();
    await type('Title', 'Ask our team');
    await type('Send button label', 'Send question');
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'inquiry_form', data: { buttonLabel: 'Send question' }, settings: { title: 'Ask our team' } });
    expect(gridSchema.safeParse(current).success).toBe(true);
    expect(screen.getByText('Shown when RMI is on · “Send question”')).toBeTruthy();
  });

  it('adds an event and webinar list: past webinars only, refusing more than 100 and no type at all', async () => {
    render(<Harness />);
    const dialog = await addBlock('Event and webinar list');
    await act(async () => { fireEvent.change(screen.getByLabelText(/^Which/), { target: { value: 'past' } }); });
    await type(/^Number of items/, '101');
    await apply(dialog);
    expect(within(dialog).getByText('At most 100')).toBeTruthy();
    await type(/^Number of items/, '20');
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Events')); });
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Webinars')); });
    await apply(dialog);
    expect(within(dialog).getByText('Pick events, webinars or both')).toBeTruthy();
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Webinars')); });
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'event_list', data: { contentTypes: ['Webinar'], when: 'past', limit: 20, display: 'list' } });
    expect(screen.getByText('Past webinars · 20')).toBeTruthy();
  });

  it('adds an RSS feed that needs an http(s) feed address, refusing more than 20 items', async () => {
    render(<Harness />);
    const dialog = await addBlock('RSS feed');
    await apply(dialog);
    expect(within(dialog).getByText('Must be an http(s) address')).toBeTruthy();
    await type(/^Feed address/, 'javascript:alert(1)');
    await type(/^Number of items/, '21');
    await apply(dialog);
    expect(within(dialog).getByText('Must be an http(s) address')).toBeTruthy();
    expect(within(dialog).getByText('Must be 1 to 20')).toBeTruthy();
    await type(/^Feed address/, 'https://wire.example/feed.xml');
    await type(/^Number of items/, '3');
    await act(async () => { fireEvent.click(within(dialog).getByLabelText('Show each item’s summary')); });
    await apply(dialog);
    expect(last()).toMatchObject({ type: 'rss_feed', data: { url: 'https://wire.example/feed.xml', limit: 3, showSummary: true } });
    expect(screen.getByText('wire.example · 3 items')).toBeTruthy();
    expect(gridSchema.safeParse(current).success).toBe(true);
  });

  it('refuses a tracking id with spaces on any block, under the field', async () => {
    render(<Harness />);
    const dialog = await addBlock('Webinar link');
    await type('Tracking id', 'two words');
    await apply(dialog);
    expect(within(dialog).getByText('Use letters, digits, _ . : or -')).toBeTruthy();
    expect(last().settings).toEqual({});
  });
});

describe('video lines', () => {
  it('reads an id or a watch, short or embed link, then the title', () => {
    expect(parseVideos(' dQw4w9WgXcQ  A title \n\nhttps://www.youtube.com/embed/aaaaaaaaaaa B')).toEqual([{ youtubeId: 'dQw4w9WgXcQ', title: 'A title' }, { youtubeId: 'aaaaaaaaaaa', title: 'B' }]);
  });
});
