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

export function crawlerFiles(index: TenantIndex): CrawlerOutput {
  const { rules, rejected } = planRedirects(index);
  const files = [
    ...emitSitemaps(index),
    ...emitNewsSitemap(index),
    ...emitFeeds(index),
    ...emitRobots(index),
    ...emitRedirects(index, rules),
    ...emitHeaders(index, index.tenant.scriptSources),
  ];
  return { files, routeRules: rules, warnings: rejected.map((r) => `${r.field}: ${r.reason} (${r.from} → ${r.to})`) };
}

export function writeEmitted(writer: FileWriter, files: EmittedFile[]): void {
  for (const f of files) writer.write(f.path, f.body);
}
