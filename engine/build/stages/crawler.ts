// Stage 5, emit, crawler part: the pure emitters' files (sitemaps, news sitemap, RSS feeds,
// robots.txt, _redirects and the nginx map) and the route rules for builds/meta. Runs as a worker
// task, beside the pages.
import { emitFeeds } from './emit-feeds';
import { emitHeaders } from './emit-headers';
import { emitRedirects, planRedirects, type RouteRules } from './emit-redirects';
import { emitRobots } from './emit-robots';
import { emitNewsSitemap, emitSitemaps } from './emit-sitemaps';
import type { EmittedFile, TenantIndex } from '../types';
import type { FileWriter } from './writer';

export interface CrawlerOutput { files: EmittedFile[]; routeRules: RouteRules; warnings: string[] }

const ROUTE_FILES = new Set(['_redirects', 'nginx-redirects.conf', '_headers', 'nginx-security-headers.conf']);

/** True for the files that route requests (redirect stubs and lists, header files), not only crawlers read. */
export function isRouteFile(path: string): boolean {
  return ROUTE_FILES.has(path) || path.endsWith('/index.html');
}

/** The crawler files; with `routesOnly`, just those isRouteFile names (an incremental build's first phase). */
export function crawlerFiles(index: TenantIndex, routesOnly = false): CrawlerOutput {
  const { rules, rejected } = planRedirects(index);
  const files = [
    ...(routesOnly ? [] : [...emitSitemaps(index), ...emitNewsSitemap(index), ...emitFeeds(index), ...emitRobots(index)]),
    ...emitRedirects(index, rules),
    ...emitHeaders(index, index.tenant.scriptSources),
  ];
  return { files, routeRules: rules, warnings: rejected.map((r) => `${r.field}: ${r.reason} (${r.from} → ${r.to})`) };
}

export function writeEmitted(writer: FileWriter, files: EmittedFile[]): void {
  for (const f of files) writer.write(f.path, f.body);
}
