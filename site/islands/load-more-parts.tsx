// What the load-more island appends: resolved rows (the shape of a prerendered page's rows, from
// getNextSecondaryGrid / getNextSecondaryPage) drawn with the classes of site/blocks.tsx, so the
// site stylesheet applies. A light copy, not blocks.tsx itself: that module pulls the server
// renderer into the browser. Interactive blocks (newsletter form, ad slots, islands) are left out;
// a gated page shows its teaser and a link to the page, where the gate lives. Body HTML was
// sanitised by the API with the build's sanitiser, as on prerendered pages.
import type { ReactNode } from 'react';
import type { BlockView, ContentView, ItemView, RowView, SiteLink } from '../model';
import { A } from '../link';

export interface GridPart { kind: 'grid'; key: number; rows: RowView[] }
export interface PagePart { kind: 'page'; key: number; contentId: number; path: string; heading: string; content: ContentView; rows: RowView[] }
export type Part = GridPart | PagePart;

type Level = 2 | 3 | 4 | 5;
const next = (l: Level): Level => (l < 5 ? ((l + 1) as Level) : 5);

function H({ level, className, children }: { level: Level; className?: string; children: ReactNode }) {
  const Tag = `h${level}` as 'h2';
  return <Tag className={className}>{children}</Tag>;
}

function Item({ item, level, display }: { item: ItemView; level: Level; display: string }) {
  const link: SiteLink = { label: item.title, href: item.href, newTab: item.newTab };
  return (
    <li className={`item item-${display}`} data-content-id={item.id}>
      {item.image && display !== 'compact' && (
        <picture className="item-image">
          <img src={item.image.src} alt={item.image.alt} width={item.image.width} height={item.image.height} loading="lazy" decoding="async" />
        </picture>
      )}
      <div className="item-text">
        <H level={level} className="item-title"><A link={link} /></H>
        {display !== 'compact' && item.teaser && <p className="item-teaser">{item.teaser}</p>}
        {(item.date || item.labels.length > 0) && (
          <p className="item-meta">
            {item.labels[0] && <span className="item-label">{item.labels[0]}</span>}
            {item.date && <time dateTime={item.dateTime ?? undefined}>{item.date}</time>}
          </p>
        )}
      </div>
    </li>
  );
}

function Items({ items, display, level }: { items: ItemView[]; display: string; level: Level }) {
  return <ul className={`items items-${display}`}>{items.map((it) => <Item key={it.id} item={it} level={level} display={display} />)}</ul>;
}

function Body({ block, level, page }: { block: BlockView; level: Level; page: PagePart | null }) {
  switch (block.kind) {
    case 'list': return <Items items={block.items} display={block.display} level={level} />;
    case 'related': return <Items items={block.items} display="compact" level={level} />;
    case 'html': return <div className="rich-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'image':
      return <figure className="primary-image"><img src={block.image.src} alt={block.image.alt} width={block.image.width} height={block.image.height} loading="lazy" /></figure>;
    case 'images':
      return <ul className="image-grid">{block.images.map((img, i) => <li key={i}><img src={img.src} alt={img.alt} width={img.width} height={img.height} loading="lazy" /></li>)}</ul>;
    case 'hero':
      return page && page.content.teaser ? <div className="content-hero"><p className="deck">{page.content.teaser}</p></div> : null;
    case 'body':
      if (!page) return null;
      if (page.content.gated) return <div className="content-body gated"><p><a href={page.path}>Continue reading</a></p></div>;
      return <div className="content-body rich-text" dangerouslySetInnerHTML={{ __html: page.content.bodyHtml }} />;
    default: return null;
  }
}

const SHOWN = new Set<BlockView['kind']>(['list', 'related', 'html', 'image', 'images', 'hero', 'body']);

export function Rows({ rows, page, level }: { rows: RowView[]; page: PagePart | null; level: Level }) {
  return (
    <>
      {rows.map((row, r) => {
        const columns = row.columns.map((c) => c.blocks.filter((b) => SHOWN.has(b.kind))).filter((blocks) => blocks.length > 0);
        if (columns.length === 0) return null;
        const rowLevel = row.title ? next(level) : level;
        return (
          <div key={r} className={`row row-${row.width}`}>
            {row.title && <H level={level} className="row-title">{row.title}</H>}
            <div className={`columns layout-${columns.length === row.columns.length ? row.layout : '1'}`}>
              {columns.map((blocks, c) => (
                <div key={c} className="column">
                  {blocks.map((b, i) => (
                    <div key={i} className={`block block-${b.kind} scheme-${b.settings.colorScheme}`}>
                      {b.settings.title && <H level={rowLevel} className="block-title">{b.settings.title}</H>}
                      <Body block={b} level={b.settings.title ? next(rowLevel) : rowLevel} page={page} />
                    </div>
                  ))}
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

/** One appended part: a grid, or a content page under its linked heading. */
export function PartView({ part }: { part: Part }) {
  if (part.kind === 'grid') return <div className="load-more-part" data-load-more-part={part.key}><Rows rows={part.rows} page={null} level={2} /></div>;
  return (
    <article className="load-more-part load-more-page" data-load-more-part={part.key} data-content-id={part.contentId}>
      <h2 className="load-more-heading site-width"><a href={part.path}>{part.heading}</a></h2>
      <Rows rows={part.rows} page={part} level={3} />
    </article>
  );
}

/** Content ids a part shows (items and the page's own item). */
export function partContentIds(part: Part): number[] {
  const ids = part.kind === 'page' ? [part.contentId] : [];
  for (const r of part.rows) for (const c of r.columns) for (const b of c.blocks) {
    if (b.kind === 'list' || b.kind === 'related') ids.push(...b.items.map((i) => i.id));
  }
  return ids;
}
