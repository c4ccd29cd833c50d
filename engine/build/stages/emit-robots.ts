// robots.txt: keeps crawlers out of staff and member areas and points them at both sitemaps.
import type { EmittedFile, TenantIndex } from '../types';
import { absoluteUrl, tenantOrigin } from './emit-sitemaps';

/** Paths crawlers must not fetch (admin and member account pages). */
export const ROBOTS_DISALLOW = ['/admin', '/account'] as const;
export const SITEMAP_FILES = ['sitemap.xml', 'sitemap-google-news.xml'] as const;

export function emitRobots(index: TenantIndex): EmittedFile[] {
  const origin = tenantOrigin(index);
  const lines = [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    ...SITEMAP_FILES.map((f) => `Sitemap: ${absoluteUrl(origin, f)}`),
    '',
  ];
  return [{ path: 'robots.txt', body: lines.join('\n'), contentType: 'text/plain; charset=utf-8' }];
}
