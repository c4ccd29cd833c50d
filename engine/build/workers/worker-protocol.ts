// Messages between the build's main thread and its render workers.
import type { ClientScripts } from '../../../site/model';
import type { OutputRow } from '../../store/queries/builds';
import type { TenantIndex } from '../types';

export interface TenantSetup {
  index: TenantIndex; css: { href: string; integrity: string }; root: string;
  /** The client bundle's scripts every page loads (null: none). */
  client?: ClientScripts | null;
  /** Siblings are left to the precompression after the publish, or linked from this previous build (writer.ts). */
  writer?: { deferCompression: boolean; previous: string | null };
}

export type WorkerTask =
  /** The .br/.gz siblings of these files of a published build (stages/precompress.ts); needs no tenant. */
  | { type: 'compress'; root: string; files: string[] }
  /** Content pages and print views of these items (bodies as stored; the worker sanitises). */
  | { type: 'content'; items: { id: number; body: string }[] }
  /** Listing pages from..to of a section (null: home); `to` null renders page `from` and reports the page count. */
  | { type: 'listing'; sectionId: number | null; from: number; to: number | null }
  /** Search, account, login, membership shells and 404.html. */
  | { type: 'shells' }
  /** Sitemaps, news sitemap, feeds, robots.txt and redirect files; returns the route rules. */
  | { type: 'crawler' };

export type ToWorker =
  /** A TenantSetup serialised with node:v8 (sent once, transferred). */
  | { type: 'tenant'; setup: Uint8Array }
  | { type: 'task'; id: number; task: WorkerTask }
  | { type: 'reset' };

export interface TaskResult {
  pages: string[]; files: number; bytes: number; listingPages?: number; busyMs?: number;
  /** Crawler task: the route rules for builds/meta and the redirects that could not become rules. */
  routeRules?: Record<string, unknown>; warnings?: string[];
  /** Every page (and crawler file) written, with its hash and the input keys it read (../deps.ts). */
  outputs?: OutputRow[];
  /** Compress task: files given siblings, and files that changed meanwhile (left alone). */
  compressed?: number; changed?: number;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: TaskResult }
  | { type: 'failed'; id: number | null; message: string; stack?: string };
