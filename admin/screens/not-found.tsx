// The not-found screen for unknown /admin paths (admin §2.2, §8) and the no-access screen.
import { Link } from '../lib/router';
import { Icon } from '../components/icons';
import { Page } from '../shell/page';

export function NotFound({ path }: { path: string }) {
  return (
    <Page title="Page not found" width="narrow">
      <div className="notice-block">
        <div className="notice-code" aria-hidden="true">404</div>
        <p className="notice-message">Page not found: {path}</p>
        <p className="muted">The address may be mistyped, or the page may have moved.</p>
        <Link className="btn btn-primary" href="/admin"><Icon name="home" size={18} /><span>Back to the dashboard</span></Link>
      </div>
    </Page>
  );
}

export function Forbidden() {
  return (
    <Page title="No access" width="narrow">
      <div className="notice-block">
        <div className="notice-code" aria-hidden="true">403</div>
        <p className="notice-message">You do not have permission to open this page.</p>
        <p className="muted">Ask an administrator if you need access.</p>
        <Link className="btn btn-secondary" href="/admin"><Icon name="home" size={18} /><span>Back to the dashboard</span></Link>
      </div>
    </Page>
  );
}
