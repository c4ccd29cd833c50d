// The bodies of layout module pages (issue 42): the leaders directory (categories and their
// companies, linking to the company pages) and its category pages; the sourceesb parts directory
// (part search and the full list), a part's details and its datasheet. Every string here may come
// from a parts API: React escapes it, and links are the ones resolve-parts.ts kept.
import type { LeaderCompanyView, ModuleView, PartRowView } from './model';
import { A } from './link';
import { Island } from './island';
import { Picture } from './items';
import { PartsSearch } from './islands/parts-search';
import { PARTS_UNAVAILABLE_TEXT } from './module-texts';

function Company({ company, level }: { company: LeaderCompanyView; level: 3 | 4 }) {
  const H = `h${level}` as 'h3';
  return (
    <li className="leader-company">
      {company.image && <a href={company.href} className="leader-logo" tabIndex={-1} aria-hidden="true"><Picture image={company.image} /></a>}
      <H className="leader-name"><a href={company.href}>{company.name}</a></H>
      {company.teaser && <p className="leader-teaser">{company.teaser}</p>}
    </li>
  );
}

function PartFacts({ part }: { part: PartRowView }) {
  return (
    <dl className="part-facts">
      <dt>Part number</dt><dd className="part-number">{part.partNumber}</dd>
      {part.manufacturer && <><dt>Manufacturer</dt><dd>{part.manufacturer}</dd></>}
      {part.category && <><dt>Category</dt><dd>{part.category}</dd></>}
    </dl>
  );
}

export function ModuleBody({ view }: { view: ModuleView }) {
  switch (view.kind) {
    case 'leaders':
      return (
        <div className="leaders-directory">
          {view.categories.length === 0 && <p>No companies are listed yet.</p>}
          {view.categories.map((c) => (
            <section key={c.href} className="leaders-category" aria-label={c.name}>
              <h2><a href={c.href}>{c.name}</a></h2>
              <ul className="leader-companies">{c.companies.map((co) => <Company key={co.href} company={co} level={3} />)}</ul>
            </section>
          ))}
        </div>
      );
    case 'leaders-category':
      return (
        <div className="leaders-directory">
          <ul className="leader-companies">{view.companies.map((co) => <Company key={co.href} company={co} level={3} />)}</ul>
          <p><A link={view.directory} /></p>
        </div>
      );
    case 'parts':
      if (!view.available) return <p className="parts-unavailable" role="status">{PARTS_UNAVAILABLE_TEXT}</p>;
      return (
        <div className="parts-directory">
          <Island name="parts-search" props={{ indexHref: view.indexHref }} component={PartsSearch} className="parts-search-island" />
          <h2>All parts</h2>
          <table className="parts-table">
            <thead><tr><th scope="col">Part number</th><th scope="col">Name</th><th scope="col">Manufacturer</th><th scope="col">Category</th></tr></thead>
            <tbody>
              {view.parts.map((p) => (
                <tr key={p.href}><td><a href={p.href}>{p.partNumber}</a></td><td>{p.name}</td><td>{p.manufacturer}</td><td>{p.category}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'part':
      return (
        <div className="part-details">
          <PartFacts part={view.part} />
          {view.description && <p className="part-description">{view.description}</p>}
          {view.specs.length > 0 && (
            <table className="part-specs">
              <caption>Specifications</caption>
              <tbody>{view.specs.map((s, i) => <tr key={i}><th scope="row">{s.name}</th><td>{s.value}</td></tr>)}</tbody>
            </table>
          )}
          <p className="part-links">
            {view.datasheet && <A link={view.datasheet} className="button" />}
            <A link={view.directory} />
          </p>
        </div>
      );
    case 'part-datasheet':
      return (
        <div className="part-datasheet">
          <PartFacts part={view.part} />
          <dl className="datasheet-facts">
            {view.title && <><dt>Document</dt><dd>{view.title}</dd></>}
            <dt>Format</dt><dd>{view.format}</dd>
            {view.pages !== null && <><dt>Pages</dt><dd>{view.pages}</dd></>}
            {view.updated && <><dt>Updated</dt><dd>{view.updated}</dd></>}
          </dl>
          <p className="part-links">
            {view.download ? <A link={view.download} className="button" /> : <span>The datasheet file is not available.</span>}
            <a href={view.part.href}>Back to {view.part.partNumber}</a>
            <A link={view.directory} />
          </p>
        </div>
      );
  }
}
