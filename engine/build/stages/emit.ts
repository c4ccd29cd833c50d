// Stage 5, emit (main-thread part): the tenant's stylesheet under a hashed name and its image
// assets at their stored paths. Pages, payloads and crawler files (crawler.ts) are emitted
// by the render workers.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_ICON_DIR } from '../../domain/newsletter';
import { themeCss } from '../../../site/theme';
import type { Store } from '../../store/connection';
import type { BuildCaches } from '../caches';
import { streamAssetFiles } from '../../store/site-reader';
import { projectPath } from '../paths';
import type { TenantIndex } from '../types';
import type { FileWriter } from './writer';

const STYLES_DIR = projectPath('site/styles/');
/** site/styles/site.css first, then every other site/styles/*.css in name order (one file per area). */
const SITE_CSS = ['site.css', ...readdirSync(STYLES_DIR).filter((f) => f.endsWith('.css') && f !== 'site.css').sort()]
  .map((f) => readFileSync(join(STYLES_DIR, f), 'utf8')).join('\n');

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
export async function writeAssets(store: Store, tenantKey: string, writer: FileWriter, withheld: ReadonlySet<string> = new Set()): Promise<number> {
  let n = 0;
  for await (const chunk of streamAssetFiles(store, tenantKey)) {
    for (const a of chunk) {
      // Gated documents are served by the API only (stages/media.ts withheldFiles).
      if (withheld.has(a.path.replace(/^\/+/, ''))) continue;
      writer.write(a.path, a.data);
      n += 1;
    }
  }
  return n;
}

import type { ClientBundle } from './client-bundle';
export { DEFAULT_CLIENT_DIR, readClientBundle, type ClientBundle } from './client-bundle';

const EMAIL_ICONS_DIR = projectPath('templates/email-icons/');

/**
 * Writes the newsletters' social icons (templates/email-icons/*.png) to the tenant's
 * __email/social/: emails load them from the tenant's own origin (read once per build's caches). Returns how many.
 */
export function writeEmailIcons(writer: FileWriter, caches: BuildCaches): number {
  const emailIcons = caches.emailIcons ??= readdirSync(EMAIL_ICONS_DIR).filter((f) => f.endsWith('.png')).sort()
    .map((name) => ({ name, data: readFileSync(join(EMAIL_ICONS_DIR, name)) }));
  for (const icon of emailIcons) writer.write(`${SOCIAL_ICON_DIR}/${icon.name}`, icon.data);
  return emailIcons.length;
}

/** Copies the bundle's files to their hashed paths under the tenant's assets/. */
export function writeClientBundle(bundle: ClientBundle | null, writer: FileWriter): number {
  for (const f of bundle?.files ?? []) writer.write(f.path, readFileSync(f.source));
  return bundle?.files.length ?? 0;
}

/** A plain 16×16 icon for a tenant without a favicon setting (browsers ask for /favicon.ico anyway). */
const DEFAULT_FAVICON = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR42mOQ13IhCTGQqeE/EWBUw6gGYjTQMLUCAH7/7BALov9NAAAAAElFTkSuQmCC', 'base64');

/**
 * /favicon.ico of the tenant: a copy of the file its favicon setting names when that is one of its
 * own assets (already written), else a plain default, so the browser's automatic request never fails.
 * Browsers read a PNG served under the .ico name.
 */
export function writeFavicon(writer: FileWriter, favicon: string | null | undefined): void {
  if (favicon === '/favicon.ico' && existsSync(writer.target('favicon.ico'))) return;
  let data = DEFAULT_FAVICON;
  if (favicon && favicon.startsWith('/') && !favicon.startsWith('//')) {
    try {
      data = readFileSync(writer.target(favicon.split(/[?#]/)[0]!));
    } catch { /* not one of the tenant's files: the default */ }
  }
  writer.write('favicon.ico', data);
}
