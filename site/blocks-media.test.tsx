// @vitest-environment happy-dom
// The media and content blocks as a reader gets them: the prerendered HTML parsed like a browser
// does, then the islands: the gallery's lightbox (keyboard, focus), the video facade (no YouTube
// request before a click) and the hidden-block rule of gated pages (public §4).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Grid } from './blocks';
import type { BlockSettingsView, BlockView, ImageView } from './model';
import { ImageGallery } from './islands/image-gallery';
import { VideoPlayer, YOUTUBE_EMBED_ORIGIN } from './islands/video-player';
import { installFakeApi } from './islands/member-test-api';

afterEach(() => { cleanup(); });
beforeEach(() => {
  // The test checks the frame's address; it must not fetch it.
  const s = (window as unknown as { happyDOM?: { settings: Record<string, boolean> } }).happyDOM?.settings;
  if (s) { s.disableIframePageLoading = true; s.handleDisabledFileLoadingAsSuccess = true; }
});

const settings = (over: Partial<BlockSettingsView> = {}): BlockSettingsView => ({ title: null, link: null, colorScheme: 'default', cta: null, ...over });
const img = (n: number, over: Partial<ImageView> = {}): ImageView => ({ src: `/images/acme/${n}.jpg`, alt: `Photo ${n}`, width: 800, height: 600, caption: `Caption ${n}`, credit: null, ...over });
const IMAGES = [img(1), img(2), img(3)];
const VIDEOS = [{ youtubeId: 'dQw4w9WgXcQ', title: 'Port tour' }, { youtubeId: 'aaaaaaaaaaa', title: 'Crane demo' }];

function page(blocks: BlockView[]): Document {
  const html = renderToStaticMarkup(<Grid rows={[{ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks }] }]} />);
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

describe('prerendered blocks', () => {
  it('renders the gallery as links to each full image inside its island root, with the shared settings', () => {
    const doc = page([{ kind: 'gallery', id: 'g', settings: settings({ title: 'Photos', titleIcon: '/images/acme/cam.svg', keepInView: true, trackingId: 'gal-1' }), images: IMAGES, lockedFor: null }]);
    const block = doc.querySelector('.block-gallery')!;
    expect(block.classList.contains('keep-in-view')).toBe(true);
    expect(block.getAttribute('data-tracking-id')).toBe('gal-1');
    expect(block.querySelector('h2.block-title img.title-icon')?.getAttribute('alt')).toBe('');
    const root = block.querySelector('[data-island="image-gallery"]')!;
    expect(JSON.parse(root.getAttribute('data-props')!)).toMatchObject({ lockedFor: null, label: 'Photos' });
    const links = [...root.querySelectorAll('ul.image-gallery a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/images/acme/1.jpg', '/images/acme/2.jpg', '/images/acme/3.jpg']);
    expect(links[1]!.getAttribute('aria-label')).toBe('Open image 2 of 3: Photo 2');
    expect(links[0]!.querySelector('img')?.getAttribute('width')).toBe('800');
  });
  it('sets the primary image’s credit apart from its caption, and shows a lone credit as it is', () => {
    const caption = (over: Partial<ImageView>) => page([{ kind: 'image', id: 'i', settings: settings(), image: img(1, over) } as BlockView])
      .querySelector('.primary-image figcaption')?.textContent;
    expect(caption({ caption: 'Shelfline events', credit: 'Shelfline illustration' })).toBe('Shelfline events · Shelfline illustration');
    expect(caption({ caption: null, credit: 'Wire' })).toBe('Wire');
    expect(caption({ caption: 'Morning', credit: null })).toBe('Morning');
  });
  it('renders nothing of a gated page’s gallery or video before the gate decision', () => {
    const doc = page([
      { kind: 'gallery', id: 'g', settings: settings(), images: IMAGES, lockedFor: 10000003 },
      { kind: 'video', id: 'v', settings: settings(), videos: VIDEOS, lockedFor: 10000003 },
    ]);
    expect(doc.querySelectorAll('[data-island="image-gallery"] img, [data-island="video-player"] button')).toHaveLength(0);
  });
  it('renders the video as a facade: a labelled play button, no frame and no YouTube resource', () => {
    const doc = page([{ kind: 'video', id: 'v', settings: settings(), videos: VIDEOS, lockedFor: null }]);
    const root = doc.querySelector('[data-island="video-player"]')!;
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('.video-play')?.textContent).toContain('Play video: Port tour');
    const sources = [...doc.querySelectorAll('[src], [srcset]')].map((e) => e.getAttribute('src') ?? e.getAttribute('srcset'));
    expect(sources.filter((s) => /youtube|ytimg/.test(s ?? ''))).toEqual([]);
    expect([...root.querySelectorAll('.video-list button')].map((b) => b.textContent)).toEqual(['Port tour', 'Crane demo']);
  });
  it('renders the document as a download link naming the format, and the webinar link in a new tab', () => {
    const doc = page([
      { kind: 'document', id: 'd', settings: settings(), document: { href: '/files/acme/guide.pdf', label: 'Buyer’s guide', format: 'PDF' } },
      { kind: 'webinar', id: 'w', settings: settings({ cta: { text: 'Seats are limited.', button: null } }), link: { label: 'Register', href: 'https://webinars.example/42', newTab: true } },
    ]);
    const a = doc.querySelector('.document-download a')!;
    expect(a.getAttribute('href')).toBe('/files/acme/guide.pdf');
    // A file name, not download="" (html-validate's attribute-empty-style).
    expect(a.getAttribute('download')).toBe('guide.pdf');
    expect(a.textContent).toBe('Buyer’s guide (PDF)');
    const w = doc.querySelector('.block-webinar .webinar-link a')!;
    expect([w.getAttribute('href'), w.getAttribute('target'), w.getAttribute('rel'), w.textContent]).toEqual(['https://webinars.example/42', '_blank', 'noopener', 'Register']);
    expect(doc.querySelector('.block-webinar .block-cta p')?.textContent).toBe('Seats are limited.');
  });
});

describe('related content with recommendations', () => {
  const it_ = (id: number) => ({ id, type: 'Article', title: `Story ${id}`, href: `/a/${id}/s`, newTab: false, teaser: '', date: null, dateTime: null, image: null, labels: [], sectionName: null });
  it('marks which items a recommender chose, for the event client; an editor-only block has no mark', () => {
    const doc = page([{ kind: 'related', id: 'rel', settings: settings({ title: 'Related' }), items: [it_(1), it_(2), it_(3)], recommended: { provider: 'masthead', ids: [2, 3] } }]);
    const recs = doc.querySelector('.block-related [data-recommended]')!;
    expect(recs.getAttribute('data-recommender')).toBe('masthead');
    expect(recs.getAttribute('data-recommended')).toBe('2 3');
    expect([...recs.querySelectorAll('.item[data-content-id]')].map((e) => e.getAttribute('data-content-id'))).toEqual(['1', '2', '3']);
    expect(page([{ kind: 'related', id: 'rel', settings: settings(), items: [it_(1)] }]).querySelector('[data-recommended]')).toBeNull();
  });
});

describe('event and webinar list (prerendered)', () => {
  it('renders each event as a titled link with its display date in a <time>', () => {
    const item = (id: number, title: string, date: string, dateTime: string) => ({ id, type: 'Event', title, href: `/events/${id}`, newTab: false, teaser: '', date, dateTime, image: null, labels: [], sectionName: null });
    const doc = page([{ kind: 'list', id: 'e', settings: settings({ title: 'Upcoming events' }), display: 'list', pagination: null, items: [
      item(1, 'Ports summit', 'Oct. 30, 2026 – Nov. 2, 2026', '2026-10-30'), item(2, 'Rates webinar', 'Dec. 9, 2026', '2026-12-09'),
    ] }]);
    expect(doc.querySelector('.block-list h2.block-title')?.textContent).toBe('Upcoming events');
    const times = [...doc.querySelectorAll('.block-list time')];
    expect(times.map((t) => [t.textContent, t.getAttribute('datetime')])).toEqual([['Oct. 30, 2026 – Nov. 2, 2026', '2026-10-30'], ['Dec. 9, 2026', '2026-12-09']]);
    expect([...doc.querySelectorAll('.block-list h3 a')].map((a) => a.getAttribute('href'))).toEqual(['/events/1', '/events/2']);
  });
});

describe('image gallery lightbox', () => {
  it('opens on the clicked image, moves with the arrow keys, closes on Escape and gives focus back', async () => {
    render(<ImageGallery images={IMAGES} lockedFor={null} label="Photos" />);
    const second = screen.getByRole('link', { name: 'Open image 2 of 3: Photo 2' });
    await act(async () => { fireEvent.click(second, { button: 0 }); });
    const dialog = screen.getByRole('dialog', { name: 'Image viewer: Photos' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.textContent).toContain('2 of 3');
    await act(async () => { fireEvent.keyDown(dialog, { key: 'ArrowRight' }); });
    expect(dialog.textContent).toContain('3 of 3');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/images/acme/3.jpg');
    await act(async () => { fireEvent.keyDown(dialog, { key: 'ArrowRight' }); });
    expect(dialog.textContent).toContain('1 of 3');
    await act(async () => { fireEvent.keyDown(dialog, { key: 'ArrowLeft' }); });
    expect(dialog.textContent).toContain('3 of 3');
    await act(async () => { fireEvent.keyDown(dialog, { key: 'Escape' }); });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open image 3 of 3: Photo 3' }));
  });
  it('keeps Tab inside the dialog', async () => {
    render(<ImageGallery images={IMAGES} lockedFor={null} label="Photos" />);
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: /Open image 1/ }), { button: 0 }); });
    const next = screen.getByRole('button', { name: 'Next image' });
    next.focus();
    await act(async () => { fireEvent.keyDown(next, { key: 'Tab' }); });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await act(async () => { fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true }); });
    expect(document.activeElement).toBe(next);
  });
});

describe('video facade', () => {
  it('loads the privacy-enhanced player only when the reader presses Play, and switches videos', async () => {
    const { container } = render(<VideoPlayer videos={VIDEOS} lockedFor={null} />);
    expect(container.querySelector('iframe')).toBeNull();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Play video: Port tour' })); });
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(`${YOUTUBE_EMBED_ORIGIN}/embed/dQw4w9WgXcQ?autoplay=1&rel=0`);
    expect(frame.getAttribute('title')).toBe('Video: Port tour');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Crane demo' })); });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Crane demo' }).getAttribute('aria-current')).toBe('true');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Play video: Crane demo' })); });
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain('/embed/aaaaaaaaaaa?');
  });
});

describe('hidden blocks on gated pages (public §4)', () => {
  const answer = (hiddenBlocks: string[]) => ({
    id: 10000003, gatingType: 'membership', gatingStatus: hiddenBlocks.length ? 'failed' : 'passed', passedBy: null, canRead: !hiddenBlocks.length,
    gate: 'none', showGatingForm: false, hiddenBlocks, meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [],
  });
  it('shows the gallery and video once the decision does not list them', async () => {
    installFakeApi().on('getGatedContent', () => answer([]));
    render(<><ImageGallery images={IMAGES} lockedFor={10000003} label="Photos" /><VideoPlayer videos={VIDEOS} lockedFor={10000003} /></>);
    await screen.findByRole('link', { name: /Open image 1/ });
    expect(screen.getByRole('button', { name: 'Play video: Port tour' })).toBeTruthy();
  });
  it('keeps a block hidden when the decision lists it, and both when the decision fails', async () => {
    installFakeApi().on('getGatedContent', () => answer(['image_gallery']));
    const { container } = render(<><ImageGallery images={IMAGES} lockedFor={10000003} label="Photos" /><VideoPlayer videos={VIDEOS} lockedFor={10000003} /></>);
    // The same answer reaches both islands: once the video shows, the gallery has been decided.
    await screen.findByRole('button', { name: 'Play video: Port tour' });
    expect(container.querySelector('.image-gallery')).toBeNull();
    cleanup();
    installFakeApi().on('getGatedContent', () => { throw new Error('offline'); });
    const failed = render(<ImageGallery images={IMAGES} lockedFor={10000004} label="Photos" />);
    await act(async () => { await new Promise((r) => setTimeout(r, 10)); });
    expect(failed.container.innerHTML).toBe('');
  });
});
