// Content summaries in the four list displays (hero, cards, list, compact).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ImageView, ItemView, PaginationView } from './model';
import { A } from './link';
import { datetime } from './attrs';
import { itemLiHtml } from './item-html';
import { stringRenderers } from './print-html';

type Level = 2 | 3 | 4 | 5;
const H = ({ level, className, children }: { level: Level; className?: string; children: ReactNode }) => {
  const Tag = `h${level}` as 'h2';
  return <Tag className={className}>{children}</Tag>;
};

/**
 * An image. Wrapped in <picture> so React does not inject <link rel="preload"> tags into the body
 * (it does so for eager <img> outside <picture>); lazy unless it is above the fold.
 */
export function Picture({ image, eager, className, sizes = image.sizes }: { image: ImageView; eager?: boolean; className?: string; sizes?: string | undefined }) {
  return (
    <picture className={className}>
      {image.sources?.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />)}
      <img
        src={image.src} srcSet={image.srcset} sizes={image.srcset ? sizes : undefined} alt={image.alt} width={image.width} height={image.height}
        loading={eager ? undefined : 'lazy'} decoding="async" style={image.position ? { objectPosition: image.position } : undefined}
      />
    </picture>
  );
}

function Meta({ item }: { item: ItemView }) {
  if (!item.date && item.labels.length === 0) return null;
  return (
    <p className="item-meta">
      {item.labels.length > 0 && <span className="item-label">{item.labels[0]}</span>}
      {item.date && <time {...datetime(item.dateTime)}>{item.date}</time>}
    </p>
  );
}

/**
 * How wide a teaser image is shown per list display (site.css): a list item's image column is
 * 160px; cards are grid cells of at least 240px (up to a third of the site width on wide screens,
 * two columns on tablets); a hero spans its column. Compact items show no image.
 */
export const TEASER_SIZES: Record<Exclude<Display, 'compact'>, string> = {
  list: '160px',
  cards: '(min-width: 1000px) 400px, (min-width: 600px) 50vw, 100vw',
  hero: '(min-width: 1000px) 960px, 100vw',
};

/** The widest candidate a list item's 160px image column can use (3× screens). */
const LIST_MAX_CANDIDATE = 480;

/** A srcset without candidates wider than `max` (its narrowest one when all are wider). */
export function srcsetUpTo(srcset: string, max: number): string {
  const candidates = srcset.split(', ').map((c) => ({ c, w: Number(/ (\d+)w$/.exec(c)?.[1] ?? Infinity) }));
  const fit = candidates.filter((x) => x.w <= max);
  const keep = fit.length > 0 ? fit : [candidates.reduce((a, b) => (b.w < a.w ? b : a))];
  return keep.map((x) => x.c).join(', ');
}

function teaserImage(image: ImageView, display: string): ImageView {
  if (display !== 'list') return image;
  return {
    ...image,
    ...(image.srcset ? { srcset: srcsetUpTo(image.srcset, LIST_MAX_CANDIDATE) } : {}),
    ...(image.sources ? { sources: image.sources.map((s) => ({ ...s, srcset: srcsetUpTo(s.srcset, LIST_MAX_CANDIDATE) })) } : {}),
  };
}

function Item({ item, level, display }: { item: ItemView; level: Level; display: string }) {
  const link = { label: item.title, href: item.href, newTab: item.newTab };
  const showImage = item.image && display !== 'compact';
  return (
    <li className={`item item-${display}`} data-content-id={item.id}>
      {showImage && item.image && <Picture image={teaserImage(item.image, display)} className="item-image" eager={display === 'hero'} sizes={TEASER_SIZES[display as keyof typeof TEASER_SIZES]} />}
      <div className="item-text">
        <H level={level} className="item-title"><A link={link} /></H>
        {display !== 'compact' && item.teaser && <p className="item-teaser">{item.teaser}</p>}
        <Meta item={item} />
      </div>
    </li>
  );
}

type Display = 'list' | 'cards' | 'compact' | 'hero';
const DISPLAYS: Record<Display, number> = { list: 0, cards: 1, compact: 2, hero: 3 };

/** Rendered item HTML of one tenant by (id, display, heading level); see itemHtml. */
export type ItemHtmlCache = Map<number, string>;
const ITEM_CACHE_MAX = 10_000;

/**
 * One item's <li>, rendered once per display and heading level and reused by every page that shows
 * the same item (a section's latest items appear on thousands of pages). An item's view depends
 * only on the item, so the cache (one per tenant) is keyed by id. Call outside a React render.
 */
export function itemHtml(item: ItemView, display: Display, level: Level, cache: ItemHtmlCache): string {
  const key = item.id * 32 + DISPLAYS[display] * 8 + level;
  let html = cache.get(key);
  if (html === undefined) {
    html = (stringRenderers.on && itemLiHtml(item, display, level, display === 'compact' ? undefined : TEASER_SIZES[display], teaserImage))
      || renderToStaticMarkup(<Item item={item} level={level} display={display} />);
    if (cache.size >= ITEM_CACHE_MAX) cache.clear();
    cache.set(key, html);
  }
  return html;
}

/** A list of items; `html` is the items' pre-rendered <li>s (see itemHtml). */
export function ItemList({ items, display, level, html }: { items: ItemView[]; display: Display; level: Level; html?: string | undefined }) {
  if (html !== undefined) return <ul className={`items items-${display}`} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <ul className={`items items-${display}`}>
      {items.map((it) => <Item key={it.id} item={it} level={level} display={display} />)}
    </ul>
  );
}

export function Pagination({ p }: { p: PaginationView }) {
  return (
    <nav className="pagination" aria-label="Pagination">
      {p.prev && <a href={p.prev} rel="prev">Previous page</a>}
      <span>Page {p.page} of {p.pages}</span>
      {p.next && <a href={p.next} rel="next">Next page</a>}
    </nav>
  );
}
