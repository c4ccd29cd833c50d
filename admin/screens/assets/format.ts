// Pure labels of the media library (issue 35): file sizes, type names, months and facts lines.
import type { MediaAsset } from '../../data/types';

const TYPE_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF', 'image/avif': 'AVIF',
  'image/svg+xml': 'SVG', 'application/pdf': 'PDF',
};

/** "JPEG", "PDF", … from a MIME type (the subtype in capitals when unknown). */
export function typeLabel(mime: string): string {
  return TYPE_LABELS[mime] ?? (mime.split('/')[1] ?? mime).toUpperCase();
}

/** 512 bytes, 14 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '—';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1200×800" for pictures with known dimensions; null for documents and unknown sizes. */
export function dimensions(a: Pick<MediaAsset, 'width' | 'height'>): string | null {
  return a.width > 0 && a.height > 0 ? `${a.width}×${a.height}` : null;
}

/** The facts line of a tile or the panel: type, dimensions (pictures) and size. */
export function facts(a: Pick<MediaAsset, 'mimeType' | 'width' | 'height' | 'bytes'>, long = false): string {
  return [long ? a.mimeType : typeLabel(a.mimeType), dimensions(a), formatBytes(a.bytes)].filter((p) => p && p !== '—').join(' · ');
}

/** "November 2026" for 2026-11. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** An image with no alt text that is not marked decorative (it cannot publish). */
export function missingAlt(a: Pick<MediaAsset, 'mimeType' | 'alt' | 'decorative'>): boolean {
  return a.mimeType.startsWith('image/') && !a.decorative && a.alt.trim() === '';
}
