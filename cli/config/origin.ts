// The origin template a database's sites are served at is stored with the database
// (installation_settings.origin_template): `masthead demo` and `masthead serve` record the one they
// serve at, and `masthead build` (and newsletter rendering) use it when no template is given, so any
// build of the demo database makes the same absolute URLs (canonical, og:url, sitemap, feeds) as
// `npm start` (issue 35). A build given a different template says what it changes.
import type { Store } from '../../engine/store/connection';

export const BUILD_DEFAULT_ORIGIN_TEMPLATE = 'https://{domain}';

export async function storedOriginTemplate(store: Store): Promise<string | null> {
  const { getInstallationSetting } = await import('../../engine/store/queries/installation');
  return getInstallationSetting(store.db, 'origin_template');
}

export async function recordOriginTemplate(store: Store, template: string): Promise<void> {
  const { setInstallationSetting } = await import('../../engine/store/queries/installation');
  await setInstallationSetting(store.db, 'origin_template', template);
}

/** The warning for a template that differs from the recorded one, or null. */
export function originChangeWarning(using: string, recorded: string | null, what: string, advice?: string): string | null {
  if (!recorded || recorded === using) return null;
  return `warning: ${what} uses the origin template ${using}, but this database's sites are served at ${recorded}: `
    + `every absolute URL (canonical, og:url, sitemap, feeds) changes. ${advice ?? `Pass --origin-template ${recorded} to keep them.`}`;
}

/**
 * The template a build uses: the one given (flag or MASTHEAD_ORIGIN_TEMPLATE), else the database's
 * recorded one, else https://{domain}; with a warning when a given one differs from the record.
 */
export async function buildOriginTemplate(store: Store, given: string | undefined, what = 'this build'): Promise<{ template: string; warning: string | null }> {
  const recorded = await storedOriginTemplate(store);
  const template = given ?? recorded ?? BUILD_DEFAULT_ORIGIN_TEMPLATE;
  return { template, warning: originChangeWarning(template, recorded, what) };
}
