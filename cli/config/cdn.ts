// The CDN purger of an s3:// publish (engine/publish/purge.ts), from MASTHEAD_CDN_PURGE and the
// service's settings. The engine module (and the CloudFront SDK) load only when a purger is set.
import type { CdnPurger } from '../../engine/publish/purge';
import { SettingsError } from './errors';
import type { Settings } from './settings';
import { s3Connection } from './storage';

/** Refuses a purge service whose settings are missing, naming them. */
function need(s: Settings, names: [keyof Settings, string][]): void {
  const missing = names.filter(([k]) => !s[k]).map(([, env]) => env);
  if (missing.length) throw new SettingsError(`MASTHEAD_CDN_PURGE=${s.cdnPurge}: set ${missing.join(' and ')}`);
}

/** Checks the settings (before a build starts) and returns a factory, or null when no purge is set. */
export function cdnPurgerFactory(s: Settings): (() => Promise<CdnPurger>) | null {
  if (s.cdnPurge === 'none') return null;
  if (s.cdnPurge === 'cloudflare') need(s, [['cloudflareZoneId', 'MASTHEAD_CLOUDFLARE_ZONE_ID'], ['cloudflareApiToken', 'MASTHEAD_CLOUDFLARE_API_TOKEN']]);
  if (s.cdnPurge === 'fastly') need(s, [['fastlyServiceId', 'MASTHEAD_FASTLY_SERVICE_ID'], ['fastlyApiToken', 'MASTHEAD_FASTLY_API_TOKEN']]);
  if (s.cdnPurge === 'cloudfront') need(s, [['cloudfrontDistributions', 'MASTHEAD_CLOUDFRONT_DISTRIBUTIONS']]);
  const connection = s3Connection(s);
  return async () => {
    const p = await import('../../engine/publish/purge');
    if (s.cdnPurge === 'cloudflare') return p.cloudflarePurger({ zoneId: s.cloudflareZoneId!, apiToken: s.cloudflareApiToken!, apiUrl: s.cdnApiUrl });
    if (s.cdnPurge === 'fastly') return p.fastlyPurger({ serviceId: s.fastlyServiceId!, apiToken: s.fastlyApiToken!, apiUrl: s.cdnApiUrl });
    return p.cloudFrontPurger({ distributions: { ...s.cloudfrontDistributions }, connection, endpoint: s.awsEndpointUrlCloudfront });
  };
}
