// The whole HTML document of a page. Header, mega menu and footer are the same on every page of a
// tenant, so each is rendered once per chrome (the header once per current section) and reused;
// only the head and <main> are rendered per page. React escapes every text and attribute value.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChromeView, PageView } from './model';
import { Head } from './head';
import { Header } from './header';
import { MegaMenu } from './mega-menu';
import { Footer, copyrightLine } from './footer';
import { Main } from './pages';
import { AdsBottom, AdsTop } from './ads';
import { blockBodyMarkup, prerenderBlocks, rowColorCss } from './blocks';
import type { ItemHtmlCache } from './items';
import { Island } from './island';
import { BackToTop } from './islands/back-to-top';
import { staffToolbarRoot } from './islands/staff-toolbar-root';
import { escapeHtml } from '../engine/domain/html-escape';
import { GateIsland, ZmagBlock } from './content';
import { printMainHtml, stringRenderers } from './print-html';
import { headHtml as headMarkup } from './head-html';
import { gridMainHtml, type GridIslands } from './main-html';
import { FavouriteButton } from './islands/favourite-button';
import { escapeLikeReact } from './print-html';

/** The print view's reduced chrome: logo and copyright only (print CSS hides the rest). */
function PrintHeader({ chrome }: { chrome: ChromeView }) {
  return (
    <header className="print-header site-width">
      <a className="logo" href="/"><picture><img src={chrome.logo.src} alt={chrome.siteName} height={chrome.logo.height} /></picture></a>
    </header>
  );
}
function PrintFooter({ chrome }: { chrome: ChromeView }) {
  return <footer className="print-footer site-width"><p>{copyrightLine(chrome.year, chrome.siteName)}</p></footer>;
}

interface Fragments {
  mega: string; backToTop: string; footer: string; printHeader: string; printFooter: string; headers: Map<string, string>; items: ItemHtmlCache;
  start: string; clientTags: string;
}
const cache = new WeakMap<ChromeView, Fragments>();

function fragments(chrome: ChromeView): Fragments {
  let f = cache.get(chrome);
  if (!f) {
    f = {
      mega: renderToStaticMarkup(<MegaMenu chrome={chrome} />),
      backToTop: renderToStaticMarkup(<Island name="back-to-top" className="back-to-top-slot site-width" component={BackToTop} />),
      footer: renderToStaticMarkup(<Footer chrome={chrome} />),
      printHeader: renderToStaticMarkup(<PrintHeader chrome={chrome} />),
      printFooter: renderToStaticMarkup(<PrintFooter chrome={chrome} />),
      headers: new Map(),
      items: new Map(),
      start: '',
      clientTags: clientTags(chrome),
    };
    f.start = '<!DOCTYPE html>\n'
      + `<html lang="${LANG.test(chrome.language) ? chrome.language : 'en'}"${chrome.tenantKey ? ` data-tenant="${attr(chrome.tenantKey)}"` : ''}>`
      + '<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>';
    cache.set(chrome, f);
  }
  return f;
}

function header(chrome: ChromeView, f: Fragments, sectionPath: string | null): string {
  const key = sectionPath ?? '';
  let html = f.headers.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<Header chrome={chrome} sectionPath={sectionPath} />);
    if (f.headers.size < 500) f.headers.set(key, html);
  }
  return html;
}

const LANG = /^[a-z]{2}(-[A-Z]{2})?$/;

/** An attribute value escaped for a double-quoted attribute. */
const attr = escapeHtml;

/**
 * The client bundle's tags: the entry as a module script (deferred by nature) and its static
 * imports as modulepreload hints. Absent without a bundle: every page works without JavaScript.
 */
function clientTags(chrome: ChromeView): string {
  const c = chrome.client;
  if (!c) return '';
  const poll = c.buildPollMs !== undefined && Number.isSafeInteger(c.buildPollMs) ? `<meta name="masthead-build-poll" content="${c.buildPollMs}"/>` : '';
  return poll + c.preload.map((href) => `<link rel="modulepreload" href="${attr(href)}"/>`).join('')
    + `<script type="module" src="${attr(c.entry)}"></script>`;
}

/**
 * What the event client's page view names (public §4 "page tracking fires once per page id"):
 * a content page is `content:<id>` with its section, a home or section listing carries its section
 * (its page id is its path, so page 2 is another page). Print views and draft previews say nothing.
 */
function pageTracking(page: PageView): string {
  if (page.preview || page.kind === 'print') return '';
  const content = page.kind === 'content' && page.content ? page.content.id : null;
  const section = page.kind === 'content' || page.kind === 'section' || page.kind === 'home' ? page.sectionId ?? null : null;
  return (content !== null ? ` data-page-id="content:${content}" data-page-content="${content}"` : '')
    + (section !== null ? ` data-page-section="${section}"` : '');
}

/**
 * The document in parts whose concatenation is renderDocument's result. `shared[i]` is true when
 * part i is the tenant's cached chrome (the same string on many pages), so a caller that encodes
 * pages to bytes can encode it once (engine/build/stages/emit-pages.ts).
 */
export interface DocumentParts { parts: string[]; shared: boolean[]; /** The <head> markup (part 1). */ head: string }

// Which parts of renderDocumentParts are cached chrome (the header only while cached, see below).
const SHARED = [true, false, false, true, false, true, true, false, true, true, true, false, true];
const SHARED_BUT_HEADER = SHARED.map((v, i) => v && i !== 6);

/** The favourite button's server markup: its first render shows the login link whatever the item. */
let favouriteInner: string | null = null;

/** What the string renderers leave to React: stateful islands and the less common block bodies. */
const ISLANDS: GridIslands = {
  gate: (content) => renderToStaticMarkup(<GateIsland content={content} />),
  zmag: (content) => renderToStaticMarkup(<ZmagBlock content={content} />),
  favourite: (content) => {
    favouriteInner ??= renderToStaticMarkup(<FavouriteButton contentId={0} />);
    return `<div class="favourite" data-island="favourite-button" data-props="${escapeLikeReact(JSON.stringify({ contentId: content.id }))}">${favouriteInner}</div>`;
  },
  blockBody: blockBodyMarkup,
};

/**
 * False: every <main> is rendered by React, as before the string renderers (site/print-html.ts).
 * For the test that proves both give the same bytes; the build never sets it.
 */
export function setStringRenderers(on: boolean): void {
  stringRenderers.on = on;
}

/** `headHtml`: the page's <head> markup when the caller has it already (a print view's, see noindexHeadMarkup). */
export function renderDocumentParts(page: PageView, chrome: ChromeView, headHtml?: string): DocumentParts {
  const f = fragments(chrome);
  // Two renders: in one, React would move the stylesheet link and the JSON-LD script out of <head>.
  const head = headHtml ?? ((stringRenderers.on && headMarkup(page.head, chrome)) || renderToStaticMarkup(<Head head={page.head} chrome={chrome} />));
  const pre = prerenderBlocks(page.rows, f.items);
  const ads = page.kind === 'print' ? null : page.ads ?? null;
  const main = (ads ? renderToStaticMarkup(<AdsTop ads={ads} />) : '')
    + ((stringRenderers.on && (page.kind === 'print' ? printMainHtml(page, ISLANDS) : gridMainHtml(page, pre, ISLANDS)))
      || renderToStaticMarkup(<Main page={page} chrome={chrome} pre={pre} />))
    + (ads ? renderToStaticMarkup(<AdsBottom ads={ads} />) : '');
  const rowCss = rowColorCss(page.rows) + (ads?.css ?? '');
  const chromeHtml = page.kind === 'print' ? f.printHeader : page.hideHeader ? '' : header(chrome, f, page.sectionPath);
  const tail = [
    page.kind === 'print' ? '' : f.backToTop,
    page.kind === 'print' || page.hideHeader ? '' : f.mega,
    page.kind === 'print' ? f.printFooter : page.hideFooter ? '' : f.footer,
  ];
  return {
    parts: [
      f.start, head, rowCss ? `<style>${rowCss}</style>` : '', f.clientTags,
      `</head><body class="page-${page.kind}"${pageTracking(page)}>`, '<a class="skip-link" href="#main">Skip to content</a>',
      chromeHtml, main, ...tail, staffToolbarRoot(page), '</body></html>\n',
    ],
    shared: f.headers.size < 500 ? SHARED : SHARED_BUT_HEADER,
    head,
  };
}

/** The complete document, starting with <!DOCTYPE html>. */
export function renderDocument(page: PageView, chrome: ChromeView): string {
  return renderDocumentParts(page, chrome).parts.join('');
}
