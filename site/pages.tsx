// The <main> of every page kind: grid pages (home, section, content), the print view, the shells
// whose interactive parts are islands of later issues, and the error page.
import type { ChromeView, PageView } from './model';
import { A } from './link';
import { Island } from './island';
import { Grid, type Prerendered } from './blocks';
import { PrintArticle } from './content';
import { Magazine } from './magazine';
import { ModuleBody } from './modules';
import { Search } from './islands/search';
import { memberShell } from './islands/member-shells';

export const RETURN_HOME = 'Return to Home';

function Breadcrumbs({ page }: { page: PageView }) {
  if (page.breadcrumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {page.breadcrumbs.map((b, i) => (
          <li key={i}>{i === page.breadcrumbs.length - 1 ? <span aria-current="page">{b.label}</span> : <A link={b} />}</li>
        ))}
      </ol>
    </nav>
  );
}

function Shell({ page }: { page: PageView }) {
  const shell = page.shell;
  if (!shell) return null;
  if (page.kind === 'search') {
    return <Island name={shell.island} props={shell.props} component={Search} className="search-island" />;
  }
  const member = memberShell(shell.island);
  if (member) return <Island name={shell.island} props={{ ...shell.props, links: shell.links }} component={member} className={`shell member-shell member-${shell.island}`} />;
  if (page.kind === 'account') {
    return (
      <Island name={shell.island} props={shell.props} className="account">
        <section id="update-profile"><h2>My Profile</h2><p>Log in to update your profile.</p></section>
        <section id="manage-favorites"><h2>Favorites</h2><p>Log in to see the content you saved.</p></section>
        <section id="manage-newsletters"><h2>Newsletters</h2><p>Log in to manage your newsletter subscriptions.</p></section>
        <p><a href="/account/login">Log in</a></p>
      </Island>
    );
  }
  return (
    <Island name={shell.island} props={shell.props} className="shell">
      {page.intro && <p>{page.intro}</p>}
      {shell.links.length > 0 && (
        <ul className="shell-links">{shell.links.map((l, i) => <li key={i}><A link={l} /></li>)}</ul>
      )}
    </Island>
  );
}

export function Main({ page, pre }: { page: PageView; chrome: ChromeView; pre?: Prerendered }) {
  return (
    <main id="main" className={`main main-${page.kind}`}>
      <div className="site-width">
        <Breadcrumbs page={page} />
        <div className="page-header">
          <h1 className={page.headingHidden ? 'visually-hidden' : 'page-title'}>{page.heading}</h1>
          {page.intro && page.kind !== 'not-found' && !page.shell && <p className="page-intro">{page.intro}</p>}
        </div>
        {page.kind === 'print' && page.content && <PrintArticle content={page.content} />}
        {page.magazine && <Magazine view={page.magazine} />}
        {page.module && <ModuleBody view={page.module} />}
        {page.kind === 'not-found' && (
          <div className="error-page">
            <p>{page.intro ?? 'The page you are looking for could not be found.'}</p>
            <p><a className="button" href="/">{RETURN_HOME}</a></p>
          </div>
        )}
        <Shell page={page} />
      </div>
      <Grid rows={page.rows} pre={pre} content={page.content} />
    </main>
  );
}
