// One list item's <li> as a string (issue 37): React's bytes for site/items.tsx Item, which lists
// render once per item, display and heading level (itemHtml). tests/integration/
// build-string-render.test.ts compares every listing and content page of the demo with React's.
import type { ImageView, ItemView } from './model';
import { anchor, escapeLikeReact as t, LeaveToReact, picture } from './print-html';

/** The <li>, or null when React must render it (an image React would write differently). */
export function itemLiHtml(
  item: ItemView, display: string, level: number, sizes: string | undefined, teaserImage: (image: ImageView, display: string) => ImageView,
): string | null {
  try {
    return li(item, display, level, sizes, teaserImage);
  } catch (e) {
    if (e instanceof LeaveToReact) return null;
    throw e;
  }
}

function li(item: ItemView, display: string, level: number, sizes: string | undefined, teaserImage: (image: ImageView, display: string) => ImageView): string {
  const img = item.image && display !== 'compact' ? picture(teaserImage(item.image, display), display === 'hero', 'item-image', sizes) : '';
  const teaser = display !== 'compact' && item.teaser ? `<p class="item-teaser">${t(item.teaser)}</p>` : '';
  const meta = !item.date && item.labels.length === 0 ? '' : `<p class="item-meta">${item.labels.length > 0 ? `<span class="item-label">${t(item.labels[0]!)}</span>` : ''}`
    + `${item.date ? `<time${item.dateTime ? ` datetime="${t(item.dateTime)}"` : ''}>${t(item.date)}</time>` : ''}</p>`;
  return `<li class="item item-${t(display)}" data-content-id="${item.id}">${img}<div class="item-text">`
    + `<h${level} class="item-title">${anchor({ label: item.title, href: item.href, newTab: item.newTab })}</h${level}>${teaser}${meta}</div></li>`;
}
