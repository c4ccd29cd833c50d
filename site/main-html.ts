// The <main> of grid pages (home, section listings, content pages) as a string (issue 37): the
// rows, columns and block frames and the common blocks (lists, related, hero, body, image, HTML,
// newsletter, ad slot, webinar link) are written here; any other block's body is rendered by React
// on its own (BlockBody; static markup of a subtree is the same alone or in a page) and spliced in.
// The bytes are React's (site/pages.tsx Main, blocks.tsx Grid); tests/integration/
// build-string-render.test.ts renders every page of the demo both ways. Pages with a magazine, a
// shell or an error body, and anything React would rewrite (LeaveToReact), go to React whole.
import type { BlockView, ContentView, PageView, RowView } from './model';
import { adFallbackHtml } from './ads-html';
import { anchor, byline, contentBody, escapeLikeReact as t, LeaveToReact, opt, pageHeader, picture, url, type PrintIslands } from './print-html';

type Level = 2 | 3 | 4 | 5;
const next = (l: Level): Level => (l < 5 ? ((l + 1) as Level) : 5);

/** What the string renderer leaves to React: a block body, and the content's stateful islands. */
export interface GridIslands extends PrintIslands {
  favourite(content: ContentView): string;
  /** BlockBody rendered alone (site/blocks.tsx), for the block kinds not written here. */
  blockBody(block: BlockView, level: Level, uid: string, pre: Map<BlockView, string>, content: ContentView | null): string;
}

function topics(c: ContentView): string {
  if (!c.topics?.length) return '';
  return `<p class="content-topics"><span class="content-topics-label">Topics:</span> ${c.topics.map((x, i) => `<span class="content-topic">${i > 0 ? ', ' : ''}${t(x)}</span>`).join('')}</p>`;
}

/** site/content.tsx ContentHero. */
function hero(c: ContentView, islands: GridIslands): string {
  const kicker = (c.section ? anchor(c.section, 'content-section') : '') + c.labels.map((l) => `<span class="item-label">${t(l)}</span>`).join('');
  const place = c.event && (c.event.venue || c.event.place) ? `<p class="event-place">${t([c.event.venue, c.event.place].filter(Boolean).join(' · '))}</p>` : '';
  return `<div class="content-hero"><p class="content-kicker">${kicker}</p>${c.teaser ? `<p class="deck">${t(c.teaser)}</p>` : ''}${byline(c)}${topics(c)}`
    + `${c.issue ? `<p class="content-issue">${anchor(c.issue)}</p>` : ''}${islands.favourite(c)}${place}${c.externalUrl ? anchor(c.externalUrl, 'button') : ''}</div>`;
}

function blockBody(block: BlockView, level: Level, uid: string, pre: Map<BlockView, string>, content: ContentView | null, islands: GridIslands): string {
  switch (block.kind) {
    case 'list': {
      const html = pre.get(block);
      if (html === undefined) break;
      const p = block.pagination;
      const pagination = p
        ? `<nav class="pagination" aria-label="Pagination">${p.prev ? `<a href="${url(p.prev)}" rel="prev">Previous page</a>` : ''}<span>Page ${p.page} of ${p.pages}</span>${p.next ? `<a href="${url(p.next)}" rel="next">Next page</a>` : ''}</nav>`
        : '';
      return `<ul class="items items-${t(block.display)}">${html}</ul>${pagination}`;
    }
    case 'related': {
      const html = pre.get(block);
      if (html === undefined) break;
      const list = `<ul class="items items-compact">${html}</ul>`;
      const r = block.recommended;
      return r ? `<div class="recommendations" data-recommender="${t(r.provider)}" data-recommended="${t(r.ids.join(' '))}">${list}</div>` : list;
    }
    case 'hero': return content ? hero(content, islands) : '';
    case 'body': return content ? contentBody(content, islands) : '';
    case 'image': {
      const img = block.image;
      const caption = img.caption || img.credit
        ? `<figcaption>${img.caption ? t(img.caption) : ''}${img.credit ? `<span class="credit">${img.caption ? ' · ' : ''}${t(img.credit)}</span>` : ''}</figcaption>`
        : '';
      return `<figure class="primary-image">${picture(img)}${caption}</figure>`;
    }
    case 'html': return `<div class="rich-text">${block.html}</div>`;
    case 'newsletter': {
      const inner = pre.get(block);
      if (inner === undefined) break;
      const props = { uid, newsletters: block.newsletters, promoCode: block.promoCode, recaptchaKey: block.recaptchaKey ?? null };
      return `<div class="subscribe-block" data-island="subscribe-block" data-props="${t(JSON.stringify(props))}">${inner}</div>`;
    }
    case 'ad': return `<div class="ad-slot ad-${t(block.slot.type)}" id="${t(block.slot.id)}" data-ad-key="${t(block.slot.key)}">${adFallbackHtml(block.slot)}</div>`;
    case 'island': {
      // site/island.tsx Island without a component (the comments island has one: React renders it).
      if (block.island === 'comments') break;
      const json = block.props && Object.keys(block.props).length ? JSON.stringify(block.props) : undefined;
      return `<div${opt('data-island', block.island)}${opt('data-props', json)}></div>`;
    }
    case 'webinar': return `<p class="webinar-link">${anchor(block.link, 'button')}</p>`;
    default: break;
  }
  const html = islands.blockBody(block, level, uid, pre, content);
  // An eager <img> outside <picture> makes React hoist a preload link to the start of its output.
  if (html.startsWith('<link')) throw new LeaveToReact();
  return html;
}

function blockHtml(block: BlockView, level: Level, uid: string, pre: Map<BlockView, string>, content: ContentView | null, islands: GridIslands): string {
  const s = block.settings;
  // The title icon is an <img> React may preload: left to React.
  if (s.titleIcon) throw new LeaveToReact();
  const lockable = 'lockedFor' in block && block.lockedFor != null;
  let out = `<div class="block block-${t(block.kind)} scheme-${t(s.colorScheme)}${s.keepInView ? ' keep-in-view' : ''}${lockable ? ' block-lockable' : ''}"`
    + `${opt('data-block-id', block.id)}${opt('data-tracking-id', s.trackingId ?? undefined)}>`;
  if (s.title) out += `<h${level} class="block-title">${s.link ? anchor({ ...s.link, label: s.title }) : t(s.title)}</h${level}>`;
  out += blockBody(block, s.title ? next(level) : level, uid, pre, content, islands);
  if (s.cta) out += `<div class="block-cta">${s.cta.text ? `<p>${t(s.cta.text)}</p>` : ''}${s.cta.button ? anchor(s.cta.button, 'button') : ''}</div>`;
  return `${out}</div>`;
}

/** site/blocks.tsx Grid. */
export function gridHtml(rows: RowView[], pre: Map<BlockView, string>, content: ContentView | null, islands: GridIslands): string {
  let out = '';
  rows.forEach((row, r) => {
    const level: Level = row.title ? 3 : 2;
    const colored = row.backgroundColor || row.textColor ? ` row-colored row-${r}` : '';
    const tag = row.title ? 'section' : 'div';
    out += `<${tag} class="row row-${t(row.width)}${colored}">`;
    if (row.title) out += `<h2 class="row-title">${row.link ? anchor({ ...row.link, label: row.title }) : t(row.title)}</h2>`;
    out += `<div class="columns layout-${t(row.layout)}">`;
    row.columns.forEach((col, c) => {
      out += '<div class="column">';
      col.blocks.forEach((b, i) => { out += blockHtml(b, level, `b${r}-${c}-${i}`, pre, content, islands); });
      out += '</div>';
    });
    out += `</div></${tag}>`;
  });
  return out;
}

/** The <main> of a grid page (no magazine, module, shell or error body), or null when React must render it. */
export function gridMainHtml(page: PageView, pre: Map<BlockView, string>, islands: GridIslands): string | null {
  if (page.kind === 'print' || page.kind === 'not-found' || page.shell || page.magazine || page.module) return null;
  try {
    return `<main id="main" class="main main-${t(page.kind)}"><div class="site-width">${pageHeader(page)}</div>${gridHtml(page.rows, pre, page.content, islands)}</main>`;
  } catch (e) {
    if (e instanceof LeaveToReact) return null;
    throw e;
  }
}
