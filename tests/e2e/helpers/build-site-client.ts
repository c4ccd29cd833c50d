// Builds the public site's client bundle (dist/site-client) when missing or stale, before a stack
// builds the sites: the prerender copies it into each tenant's assets/ and the pages load it.
// Parallel test files wait on one builder (cli/site-bundle.ts holds the lock).
import { ensureSiteBundle, SITE_CLIENT_DIR } from '../../../cli/site-bundle';

export { SITE_CLIENT_DIR };

export async function ensureSiteClientBuilt(): Promise<string> {
  return ensureSiteBundle();
}
