// The grid: rows → columns → blocks (public §3 "Grid"). Rows arrive already resolved: empty blocks,
// columns and rows dropped and layouts remapped. Heading levels follow the nesting (row title h2,
// block title one below, item titles one below that), so headings never skip a level.
import { adSlotHtml, nativeAdHtml } from './ads-html';
import { Slot } from './ads';
import { datetime } from './attrs';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BlockView, ContentView, RowView } from './model';
import { A } from './link';
import { Island } from './island';
import { SubscribeBlock, type SubscribeBlockProps } from './islands/subscribe-block';
import { ItemList, Pagination, Picture, itemHtml, type ItemHtmlCache } from './items';
import { ContentBody, ContentHero } from './content';
import { ImageGallery } from './islands/image-gallery';
import { VideoPlayer } from './islands/video-player';
import { UsMap } from './islands/us-map';
import { ContentSidebars, SidebarBoxes } from './islands/content-sidebars';
import { Comments, type CommentsProps } from './islands/comments';
import { InquiryForm } from './islands/inquiry-form';
import { DocumentLink } from './islands/document-link';
import { IssueCard } from './magazine';

type Level = 2 | 3 | 4 | 5;
const next = (l: Level): Level => (l < 5 ? ((l + 1) as Level) : 5);

function BlockTitle({ block, level }: { block: BlockView; level: Level }) {
  const t = block.settings.title;
  if (!t) return null;
  const Tag = `h${level}` as 'h2';
  const icon = block.settings.titleIcon ? <img className="title-icon" src={block.settings.titleIcon} alt="" width={24} height={24} /> : null;
  return <Tag className="block-title">{icon}{block.settings.link ? <A link={{ ...block.settings.link, label: t }} /> : t}</Tag>;
}

type NewsletterView = Extract<BlockView, { kind: 'newsletter' }>;

/** The subscribe block's island props (public §4, §5): its newsletters, promo code and captcha key. */
function subscribeBlockProps(block: NewsletterView, uid: string): SubscribeBlockProps {
  return { uid, newsletters: block.newsletters, promoCode: block.promoCode, recaptchaKey: block.recaptchaKey ?? null };
}

/** The subscribe block as an island; `inner` is its server-rendered form, shared across pages (prerenderBlocks). */
function NewsletterBlock({ block, uid, inner }: { block: NewsletterView; uid: string; inner: string | undefined }) {
  const props = subscribeBlockProps(block, uid);
  if (inner !== undefined) return <div className="subscribe-block" data-island="subscribe-block" data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: inner }} />;
  return <Island name="subscribe-block" props={props} component={SubscribeBlock} className="subscribe-block" />;
}

/** Inner HTML rendered ahead of the page render and shared across pages (see prerenderBlocks). */
export type Prerendered = Map<BlockView, string>;

/**
 * A carousel without script: slides side by side in a horizontal scroll-snap strip, each of fixed
 * 16:9 ratio (nothing moves as images load), the first visible at once. The strip is a focusable
 * region, so arrow keys scroll it; each slide is labelled "n of m" (WAI-ARIA carousel pattern).
 */
function Carousel({ block, level }: { block: Extract<BlockView, { kind: 'carousel' }>; level: Level }) {
  const Tag = `h${level}` as 'h3';
  const n = block.slides.length;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={block.settings.title ?? 'Carousel'}>
      <div className="carousel-track" tabIndex={0} role="group" aria-label={`Slides 1 to ${n}; scroll or use the arrow keys`}>
        {block.slides.map((s, i) => (
          <div key={i} className="carousel-slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${n}`}>
            <figure>
              <div className="carousel-media">{s.image ? <Picture image={s.image} eager={i === 0} sizes="(min-width: 800px) 760px, 100vw" /> : null}</div>
              {s.title && <figcaption><Tag className="carousel-title">{s.href ? <a href={s.href} target={s.newTab ? '_blank' : undefined} rel={s.newTab ? 'noopener' : undefined}>{s.title}</a> : s.title}</Tag></figcaption>}
              {!s.title && s.caption && <figcaption>{s.caption}</figcaption>}
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}

function BlockBody({ block, level, uid, pre, content }: { block: BlockView; level: Level; uid: string; pre: Prerendered; content: ContentView | null }) {
  switch (block.kind) {
    case 'list':
      return (
        <>
          <ItemList items={block.items} display={block.display} level={level} html={pre.get(block)} />
          {block.pagination && <Pagination p={block.pagination} />}
        </>
      );
    case 'related': {
      const list = <ItemList items={block.items} display="compact" level={level} html={pre.get(block)} />;
      // The event client (site/client/events.ts) records views and clicks of the recommended items.
      return block.recommended ? <div className="recommendations" data-recommender={block.recommended.provider} data-recommended={block.recommended.ids.join(' ')}>{list}</div> : list;
    }
    case 'hero': return content && <ContentHero content={content} />;
    case 'body': return content && <ContentBody content={content} />;
    case 'image':
      return (
        <figure className="primary-image">
          <Picture image={block.image} eager />
          {(block.image.caption || block.image.credit) && (
            <figcaption>{block.image.caption}{block.image.credit && <span className="credit">{block.image.caption ? ' · ' : ''}{block.image.credit}</span>}</figcaption>
          )}
        </figure>
      );
    case 'images':
      return (
        <ul className="image-grid">
          {block.images.map((img, i) => (
            <li key={i}><figure><Picture image={img} />{img.caption && <figcaption>{img.caption}</figcaption>}</figure></li>
          ))}
        </ul>
      );
    case 'issues':
      return block.display === 'single' ? <IssueCard issue={block.issues[0]!} level={level} /> : (
        <ul className={block.display === 'grid' ? 'issue-grid' : 'issue-list'}>
          {block.issues.map((i) => <li key={i.href}><IssueCard issue={i} level={level} /></li>)}
        </ul>
      );
    case 'html': return <div className="rich-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'newsletter': return <NewsletterBlock block={block} uid={uid} inner={pre.get(block)} />;
    case 'ad': return <Slot slot={block.slot} />;
    case 'island':
      // The comments island renders its thread root and note on the server; the others hydrate an empty root.
      return block.island === 'comments'
        ? <Island name="comments" component={Comments} props={block.props as CommentsProps} />
        : <Island name={block.island} props={block.props} />;
    case 'gallery':
      return <Island name="image-gallery" component={ImageGallery} props={{ images: block.images, lockedFor: block.lockedFor, label: block.settings.title ?? 'Image gallery' }} />;
    case 'video': return <Island name="video-player" component={VideoPlayer} props={{ videos: block.videos, lockedFor: block.lockedFor }} />;
    case 'document':
      // A gated document: an island, hidden on a gated page until the gate decision allows it.
      if (block.document.membersOnly) return <Island name="document-link" component={DocumentLink} props={{ href: block.document.href, label: block.document.label, format: block.document.format, lockedFor: block.lockedFor ?? null }} />;
      return (
        <p className="document-download">
          <a className="button" href={block.document.href} download={block.document.href.split('/').pop()}>{block.document.label} <span className="document-format">({block.document.format})</span></a>
        </p>
      );
    case 'webinar': return <p className="webinar-link"><A link={block.link} className="button" /></p>;
    case 'carousel': return <Carousel block={block} level={level} />;
    // Boxes, not <aside> landmarks: several on a page would need unique names (axe unique-landmark).
    case 'sidebars':
      return block.lockedFor === null
        ? <SidebarBoxes sidebars={block.sidebars} />
        : <Island name="content-sidebars" component={ContentSidebars} props={{ lockedFor: block.lockedFor }} />;
    case 'usmap': return <Island name="us-map" component={UsMap} props={{ states: block.states, lockedFor: block.lockedFor, label: block.settings.title ?? 'States' }} />;
    case 'inquiry': return <Island name="inquiry-form" component={InquiryForm} props={{ uid, contentId: block.contentId, submitLabel: block.submitLabel }} />;
    case 'feed':
      // External links: plain text only (React escapes it), never a referrer to the feed's site.
      return (
        <ul className="feed-items">
          {block.items.map((it, i) => (
            <li key={i} className="feed-item">
              <a href={it.href} rel="noopener noreferrer external" target="_blank">{it.title}</a>
              {it.date ? <> <time className="feed-date" {...datetime(it.dateTime)}>{it.date}</time></> : null}
              {block.showSummary && it.summary ? <p className="feed-summary">{it.summary}</p> : null}
            </li>
          ))}
        </ul>
      );
  }
}

/** One block's body alone, as static markup (site/main-html.ts splices it into a string-rendered page). */
export function blockBodyMarkup(block: BlockView, level: Level, uid: string, pre: Prerendered, content: ContentView | null): string {
  return renderToStaticMarkup(<BlockBody block={block} level={level} uid={uid} pre={pre} content={content} />);
}

function Block({ block, level, uid, pre, content }: { block: BlockView; level: Level; uid: string; pre: Prerendered; content: ContentView | null }) {
  const s = block.settings;
  const titled = Boolean(s.title);
  // A block a gate may hide (public §4 "Hidden blocks") hides with its title while its island renders
  // nothing (pending or locked), so no heading stands over blank space (site.css .block-lockable).
  const lockable = 'lockedFor' in block && block.lockedFor != null;
  return (
    <div className={`block block-${block.kind} scheme-${s.colorScheme}${s.keepInView ? ' keep-in-view' : ''}${lockable ? ' block-lockable' : ''}`} data-block-id={block.id} data-tracking-id={s.trackingId ?? undefined}>
      <BlockTitle block={block} level={level} />
      <BlockBody block={block} level={titled ? next(level) : level} uid={uid} pre={pre} content={content} />
      {s.cta && (
        <div className="block-cta">
          {s.cta.text && <p>{s.cta.text}</p>}
          {s.cta.button && <A link={s.cta.button} className="button" />}
        </div>
      )}
    </div>
  );
}

/** A list's native position: the house native, or the content-list-native slot (with its fallback). */
function listNativeHtml(native: NonNullable<Extract<BlockView, { kind: 'list' }>['native']>): string {
  if (native.slot) return adSlotHtml(native.slot, 'li');
  return native.ad ? nativeAdHtml(native.ad, 'li') : '';
}

const rowLevel = (row: RowView): Level => (row.title ? 3 : 2);
const blockUid = (r: number, c: number, i: number) => `b${r}-${c}-${i}`;
const newsletterCache = new WeakMap<BlockView, Map<string, string>>();

/**
 * Renders, ahead of the page, the parts of blocks that repeat across pages: list items (cached per
 * item) and the newsletter form's fields (cached per block view and position). Call outside a render.
 */
export function prerenderBlocks(rows: RowView[], items: ItemHtmlCache): Prerendered {
  const pre: Prerendered = new Map();
  rows.forEach((row, r) => row.columns.forEach((col, c) => col.blocks.forEach((b, i) => {
    const level = b.settings.title ? next(rowLevel(row)) : rowLevel(row);
    if (b.kind === 'list' || b.kind === 'related') {
      const display = b.kind === 'list' ? b.display : 'compact';
      let html = '';
      b.items.forEach((it, n) => {
        // A house native ad takes its list position (issue 19).
        if (b.kind === 'list' && b.native && b.native.at === n + 1) html += listNativeHtml(b.native);
        html += itemHtml(it, display, level, items);
      });
      if (b.kind === 'list' && b.native && b.native.at > b.items.length) html += listNativeHtml(b.native);
      pre.set(b, html);
    } else if (b.kind === 'newsletter') {
      const uid = blockUid(r, c, i);
      let byUid = newsletterCache.get(b);
      if (!byUid) newsletterCache.set(b, (byUid = new Map()));
      let html = byUid.get(uid);
      if (html === undefined) byUid.set(uid, (html = renderToStaticMarkup(<SubscribeBlock {...subscribeBlockProps(b, uid)} />)));
      pre.set(b, html);
    }
  })));
  return pre;
}

export function Grid({ rows, pre = new Map(), content = null }: { rows: RowView[]; pre?: Prerendered; content?: ContentView | null }) {
  return (
    <>
      {rows.map((row, r) => {
        const level = rowLevel(row);
        const colored = row.backgroundColor || row.textColor ? ` row-colored row-${r}` : '';
        const Tag = row.title ? 'section' : 'div';
        return (
          <Tag key={r} className={`row row-${row.width}${colored}`}>
            {row.title && <h2 className="row-title">{row.link ? <A link={{ ...row.link, label: row.title }} /> : row.title}</h2>}
            <div className={`columns layout-${row.layout}`}>
              {row.columns.map((col, c) => (
                <div key={c} className="column">
                  {col.blocks.map((b, i) => <Block key={i} block={b} level={level} uid={blockUid(r, c, i)} pre={pre} content={content} />)}
                </div>
              ))}
            </div>
          </Tag>
        );
      })}
    </>
  );
}

/** CSS for rows with their own colours (kept out of style attributes), written into <head>. */
export function rowColorCss(rows: RowView[]): string {
  let css = '';
  rows.forEach((row, r) => {
    if (!row.backgroundColor && !row.textColor) return;
    const hex = (c: string | null) => (c && /^#[0-9a-fA-F]{6}$/.test(c) ? c : null);
    const bg = hex(row.backgroundColor);
    const fg = hex(row.textColor);
    css += `.row-${r}{${bg ? `background:${bg};` : ''}${fg ? `color:${fg};` : ''}}`;
  });
  return css;
}
