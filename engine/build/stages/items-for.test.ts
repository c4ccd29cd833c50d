// Items as a list display shows them (resolve-context.ts itemsFor): compact lists (and related
// content, always compact) show no image, so their item views carry none and the page's
// _payload.json holds no picture it does not render; the other displays keep the views as they are.
import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../../site/model';
import { BuildCaches } from '../caches';
import { itemsFor } from './resolve-context';

const view = (id: number, withImage: boolean): ItemView => ({
  id, type: 'Article', title: `Item ${id}`, href: `/a/${id}`, newTab: false, teaser: '', date: null, dateTime: null, labels: [], sectionName: null,
  image: withImage ? { src: `/media/alpha/${id}-960.jpg`, alt: 'x', width: 960, height: 640, caption: null, credit: null, sources: [{ type: 'image/avif', srcset: `/media/alpha/${id}-480.avif 480w` }] } : null,
});

describe('itemsFor', () => {
  const caches = new BuildCaches();
  it('drops the image of compact items only, leaving the shared views untouched', () => {
    const items = [view(1, true), view(2, false)];
    const compact = itemsFor(items, 'compact', caches);
    expect(compact.map((i) => i.image)).toEqual([null, null]);
    expect(compact.map((i) => i.title)).toEqual(['Item 1', 'Item 2']);
    expect(items[0]!.image?.src).toBe('/media/alpha/1-960.jpg');
    for (const display of ['list', 'cards', 'hero']) expect(itemsFor(items, display, caches)).toBe(items);
  });

  it('reuses one compact view per item view within a build\'s caches (pages share them)', () => {
    const items = [view(3, true)];
    expect(itemsFor(items, 'compact', caches)[0]).toBe(itemsFor(items, 'compact', caches)[0]);
  });
});
