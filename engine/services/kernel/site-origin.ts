// A tenant's public site origin as the API writes it into links (mail, previews, page speed):
// the configured `siteUrl` for the tenant (cli/serve passes the origin template), else
// https://<domain>; never a trailing slash. One rule for every domain of the API.
export interface SiteUrlOption { siteUrl?: (tenant: { tenantKey: string; domain: string }) => string }

export function siteOrigin(o: SiteUrlOption, tenant: { tenantKey: string; domain: string }): string {
  return (o.siteUrl ? o.siteUrl(tenant) : `https://${tenant.domain}`).replace(/\/+$/, '');
}
