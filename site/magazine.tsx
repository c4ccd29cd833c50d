// The magazine part of issue and publication pages: an issue's cover, description, digital edition
// link and table of contents by section; a publication's latest issue, archive by year and its
// subscribe and renewal links.
import type { IssueCardView, MagazineView } from './model';
import { A } from './link';
import { ItemList, Picture } from './items';

/** One issue: cover, title linking to the issue page, month and description (publication pages, issue list blocks). */
export function IssueCard({ issue, level }: { issue: IssueCardView; level: 2 | 3 | 4 | 5 }) {
  const H = `h${level}` as 'h2';
  return (
    <article className="issue-card">
      {issue.cover && <a href={issue.href} className="issue-cover-link"><Picture image={issue.cover} className="issue-cover" /></a>}
      <H className="issue-title"><A link={{ label: issue.title, href: issue.href, newTab: false }} /></H>
      <p className="issue-date">{issue.date}</p>
      {issue.description && <p className="issue-description">{issue.description}</p>}
    </article>
  );
}

export function Magazine({ view }: { view: MagazineView }) {
  if (view.kind === 'issue') {
    return (
      <div className="magazine-issue">
        <div className="issue-header">
          {view.cover && (
            <figure className="issue-cover">
              <Picture image={view.cover} eager />
            </figure>
          )}
          <div className="issue-about">
            <p className="issue-date">{view.date} · <A link={view.publication} /></p>
            {view.description && <p className="issue-description">{view.description}</p>}
            {view.digitalEdition && <p><A link={view.digitalEdition} className="button" /></p>}
          </div>
        </div>
        <nav className="issue-contents" aria-label="In this issue">
          <h2>In this issue</h2>
          {view.sections.length === 0 && <p>The contents of this issue are not online yet.</p>}
          {view.sections.map((s) => (
            <section key={s.name} className="issue-section">
              <h3>{s.name}</h3>
              <ItemList items={s.items} display="list" level={4} />
            </section>
          ))}
        </nav>
      </div>
    );
  }
  return (
    <div className="magazine-publication">
      {(view.subscribe || view.renewal) && (
        <p className="publication-links">
          {view.subscribe && <A link={view.subscribe} className="button" />}
          {view.renewal && <A link={view.renewal} className="button button-secondary" />}
        </p>
      )}
      <section className="publication-latest" aria-labelledby="latest-issue">
        <h2 id="latest-issue">Latest issue</h2>
        {view.latest ? <IssueCard issue={view.latest} level={3} /> : <p>No issue is online yet.</p>}
      </section>
      {view.archive.length > 0 && (
        <section className="publication-archive" aria-labelledby="issue-archive">
          <h2 id="issue-archive">Archive</h2>
          {view.archive.map((y) => (
            <section key={y.year} className="archive-year" aria-label={String(y.year)}>
              <h3>{y.year}</h3>
              <ul className="issue-grid">{y.issues.map((i) => <li key={i.href}><IssueCard issue={i} level={4} /></li>)}</ul>
            </section>
          ))}
        </section>
      )}
    </div>
  );
}
