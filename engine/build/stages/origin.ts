// The tenant's absolute origin, from the --origin-template setting (a module of its own so the build's
// plan reads it without loading the page loader).
export const DEFAULT_ORIGIN_TEMPLATE = 'https://{domain}';

/** The tenant's absolute origin from a template with {key} and {domain}, without a trailing slash. */
export function tenantOrigin(template: string, key: string, domain: string): string {
  const url = new URL(template.replaceAll('{key}', key).replaceAll('{domain}', domain));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`origin must be http(s) (got ${url.protocol})`);
  return url.origin;
}
