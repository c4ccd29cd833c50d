// Content summaries in the four list displays (hero, cards, list, compact).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ImageView, ItemView, PaginationView } from './model';
import { A } from './link';
import { datetime } from './attrs';

type Level = 2 | 3 | 4 | 5;
const H = ({ level, className, children }: { level: Level; className?: string; children: ReactNode }) => {
  const Tag = `h${level}` as 'h2';
  return <Tag className={className}>{children}</Tag>;
};

/**
 * An image. Wrapped in <picture> so React does not inject <link rel="preload"> tags into the body
 * (it does so for eager <img> outside <picture>); lazy unless it is above the fold.
 */
export function Picture({ image, eager, className }: { image: ImageView; eager?: boolean; className?: string }) {
  return (
    <picture className={className}>
      {image.sources?.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={image.sizes} />)}
      <img
        src={image.src} srcSet={image.srcset} sizes={image.srcset ? image.sizes : undefined} alt={image.alt} width={image.width} height={image.height}
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

function Item({ item, level, display }: { item: ItemView; level: Level; display: string }) {
  const link = { label: item.title, href: item.href, newTab: item.newTab };
  const showImage = item.image && display !== 'compact';
  return (
    <li className={`item item-${display}`} data-content-id={item.id}>
      {showImage && item.image && <Picture image={item.image} className="item-image" eager={display === 'hero'} />}
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
    html = renderToStaticMarkup(<Item item={item} level={level} display={display} />);
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
