// Media library images in a newsletter (issue 16): the template's header image or logo, an ad's
// image or logo, and a content item's image may be uploads. An email cannot use <picture>, and
// mail clients do not all show AVIF or WebP, so it gets one file of the upload's original format
// (JPEG, PNG or GIF) wide enough for high-density screens at the width it is shown. Every file
// chosen is recorded in the render's inputs, so the build publishes exactly those (uploads keep
// their bytes in the assets folder, not in the store).
import { posix } from 'node:path';
import type { MediaAsset } from '../store/queries/assets';
import { absoluteLink } from './links';
import type { RenderInputs } from './view';

/** Mail clients show these; AVIF and WebP derivatives are for the site's <picture> only. */
const EMAIL_FORMATS = new Set(['jpeg', 'png', 'gif']);

export type NewsletterMedia = ReadonlyMap<number, MediaAsset>;

/**
 * The image of media library asset `id` shown `width` CSS pixels wide: the smallest derivative in
 * an email format at least twice that wide (else the widest), as an absolute address on the
 * tenant's site, recorded in `inputs.media`. An asset without derivatives (a fixture image the build
 * writes from the store) keeps its own path. Null for an unknown id or a non-image.
 */
export function emailImage(media: NewsletterMedia, id: number | undefined | null, width: number, origin: string, inputs: RenderInputs): { src: string; width: number; height: number } | null {
  if (id === undefined || id === null) return null;
  const a = media.get(id);
  if (!a || !a.mimeType.startsWith('image/')) return null;
  const usable = a.derivatives.filter((d) => EMAIL_FORMATS.has(d.format)).sort((x, y) => x.width - y.width);
  if (usable.length === 0) {
    const src = absoluteLink(origin, a.path);
    return src ? { src, width: a.width, height: a.height } : null;
  }
  const d = usable.find((x) => x.width >= width * 2) ?? usable[usable.length - 1]!;
  const path = `${posix.dirname(a.path)}/${d.file}`;
  const src = absoluteLink(origin, path);
  if (!src) return null;
  if (!inputs.media.some((m) => m.path === path)) inputs.media.push({ path, file: d.file });
  return { src, width: d.width, height: d.height };
}
