// A content item's hero (deck, byline, date, event place), its body and the print view's article.
// Body HTML arrives sanitised (engine/html/sanitize.ts); gated bodies arrive empty and show the
// teaser and the gate's island instead.
import type { ContentView } from './model';
import { A } from './link';
import { datetime } from './attrs';
import { Island } from './island';
import { Picture } from './items';
import { PAYWALL_CLASS } from '../engine/domain/paywall';
import { Gate } from './islands/gate';
import { FavouriteButton } from './islands/favourite-button';
import { ZmagEmbed } from './islands/zmag-embed';

export function Byline({ content }: { content: ContentView }) {
  if (content.authors.length === 0 && !content.date) return null;
  return (
    <p className="byline">
      {content.authors.length > 0 && <span className="authors">By <Authors content={content} /></span>}
      {content.date && <time {...datetime(content.dateTime)}>{content.date}</time>}
    </p>
  );
}

function Authors({ content }: { content: ContentView }) {
  const links = content.authorLinks;
  if (!links || links.length !== content.authors.length) return <>{content.authors.join(', ')}</>;
  return <>{links.map((l, i) => <span key={i}>{i > 0 ? ', ' : ''}<A link={l} className="author-link" /></span>)}</>;
}

/** The item's taxonomy terms (issue 16). */
export function Topics({ content }: { content: ContentView }) {
  if (!content.topics?.length) return null;
  return (
    <p className="content-topics">
      <span className="content-topics-label">Topics:</span>{' '}
      {content.topics.map((t, i) => <span key={t} className="content-topic">{i > 0 ? ', ' : ''}{t}</span>)}
    </p>
  );
}

export function ContentHero({ content }: { content: ContentView }) {
  return (
    <div className="content-hero">
      <p className="content-kicker">
        {content.section && <A link={content.section} className="content-section" />}
        {content.labels.map((l) => <span key={l} className="item-label">{l}</span>)}
      </p>
      {content.teaser && <p className="deck">{content.teaser}</p>}
      <Byline content={content} />
      <Topics content={content} />
      {content.issue && <p className="content-issue"><A link={content.issue} /></p>}
      <Island name="favourite-button" props={{ contentId: content.id }} component={FavouriteButton} className="favourite" />
      {content.event && (content.event.venue || content.event.place) && (
        <p className="event-place">{[content.event.venue, content.event.place].filter(Boolean).join(' · ')}</p>
      )}
      {content.externalUrl && <A link={content.externalUrl} className="button" />}
    </div>
  );
}

export function ContentBody({ content }: { content: ContentView }) {
  if (content.gated) {
    return (
      <div className="content-body gated">
        {content.teaser && <p>{content.teaser}</p>}
        <GateIsland content={content} />
        <ZmagBlock content={content} />
      </div>
    );
  }
  return (
    <>
      <div className="content-body rich-text" dangerouslySetInnerHTML={{ __html: content.bodyHtml }} />
      <ZmagBlock content={content} />
    </>
  );
}

/** The gate of a gated body (public §4): the island that asks for the body in the browser. */
export function GateIsland({ content }: { content: ContentView }) {
  return <Island name="gate" props={{ contentId: content.id, primaryImage: content.image?.src ?? null }} component={Gate} className={PAYWALL_CLASS} />;
}

/** The digital edition embed (issue 21): a click-to-load facade the island hides per public §4. */
export function ZmagBlock({ content }: { content: ContentView }) {
  if (!content.zmagViewerUrl) return null;
  return <Island name="zmag-embed" props={{ contentId: content.id, viewerUrl: content.zmagViewerUrl }} component={ZmagEmbed} className="zmag-embed" />;
}

export function PrintArticle({ content }: { content: ContentView }) {
  return (
    <article className="print-article">
      {content.teaser && <p className="deck">{content.teaser}</p>}
      <Byline content={content} />
      {content.image && (
        <figure>
          <Picture image={content.image} eager />
          {content.image.caption && <figcaption>{content.image.caption}</figcaption>}
        </figure>
      )}
      <ContentBody content={content} />
    </article>
  );
}
