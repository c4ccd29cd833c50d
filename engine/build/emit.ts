// Stage 5, emit (main-thread part): the tenant's stylesheet under a hashed name and its image
// assets at their stored paths. Pages, payloads and crawler files (crawler.ts) are emitted
// by the render workers.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { themeCss } from '../../site/theme';
import type { Store } from '../store/connection';
import { streamAssetFiles } from '../store/site-reader';
import type { TenantIndex } from './types';
import type { FileWriter } from './writer';

const SITE_CSS = readFileSync(new URL('../../site/styles/site.css', import.meta.url), 'utf8');

export interface Stylesheet { path: string; href: string; integrity: string; body: string }

/** The tenant's theme plus the site stylesheet, named by its content hash (cacheable forever). */
export function stylesheet(index: TenantIndex): Stylesheet {
  const body = themeCss(index.tenant.settings) + SITE_CSS;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
  const path = `assets/site.${hash}.css`;
  return { path, href: `/${path}`, integrity, body };
}

/** Streams the tenant's image assets from the store into the build folder. Returns how many. */
export async function writeAssets(store: Store, tenantKey: string, writer: FileWriter): Promise<number> {
  let n = 0;
  for await (const chunk of streamAssetFiles(store, tenantKey)) {
    for (const a of chunk) {
      writer.write(a.path, a.data);
      n += 1;
    }
  }
  return n;
}
