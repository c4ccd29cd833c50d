// The media library's reusable parts (issue 16): the asset grid or list, and the focal-point picker
// with crop previews. The library screen (screens/assets/media-library.tsx, with its upload zone in
// screens/assets/upload-zone.tsx) combines them; pickers (content, newsletters, person photos) can
// use AssetBrowser alone with `onPick`. Images are loaded through GET /api/assets/:id/preview with
// the admin's bearer and tenant (the site path /media/... is not served by the admin host).
import { useEffect, useState, type MouseEvent } from 'react';
import { fetchAssetPreview } from '../data/transport';
import type { MediaAsset } from '../data/types';

/** True for a PDF document (no thumbnail, no focal point). */
export const isDocument = (a: MediaAsset) => a.mimeType === 'application/pdf';

/**
 * An object URL of the asset's preview at `width` CSS pixels (the API picks the smallest fitting
 * derivative), undefined while it loads or when it cannot be loaded; revoked when no longer shown.
 */
export function useAssetPreview(a: MediaAsset, width: number): string | undefined {
  const [src, setSrc] = useState<string | undefined>(undefined);
  const version = a.sha256?.slice(0, 16) ?? a.original ?? a.path;
  useEffect(() => {
    let live = true;
    let url: string | undefined;
    setSrc(undefined);
    fetchAssetPreview(a.id, width, version)
      .then((u) => { url = u; if (live) setSrc(u); else URL.revokeObjectURL(u); })
      .catch(() => { /* the tile shows its name without a picture */ });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [a.id, width, version]);
  return src;
}

function Thumbnail({ asset }: { asset: MediaAsset }) {
  const src = useAssetPreview(asset, 320);
  return <img src={src} alt={asset.alt} loading="lazy" width={160} height={asset.width ? Math.round((160 * asset.height) / asset.width) : 160} />;
}

/** The assets as a grid of thumbnails or a list with their facts; selecting one calls onSelect. */
export function AssetBrowser({ assets, view, selectedId, onSelect }: { assets: MediaAsset[]; view: 'grid' | 'list'; selectedId: number | null; onSelect: (a: MediaAsset) => void }) {
  if (assets.length === 0) return <p className="muted">No assets match.</p>;
  if (view === 'grid') {
    return (
      <ul className="asset-grid" aria-label="Assets">
        {assets.map((a) => (
          <li key={a.id} className={a.id === selectedId ? 'selected' : undefined}>
            <button type="button" onClick={() => onSelect(a)} aria-label={`Asset ${a.id}: ${a.name}`}>
              {isDocument(a) ? <span className="doc-tile" data-testid={`document-${a.id}`}>PDF</span> : <Thumbnail asset={a} />}
              <span>{a.name}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="asset-list" aria-label="Assets">
      <thead><tr><th>Name</th><th>Type</th><th>Size</th><th>Alt text</th><th>Tags</th><th>Used by</th></tr></thead>
      <tbody>
        {assets.map((a) => (
          <tr key={a.id} className={a.id === selectedId ? 'selected' : undefined}>
            <td><button type="button" className="link" onClick={() => onSelect(a)}>{a.name}</button></td>
            <td>{a.mimeType}</td><td>{isDocument(a) ? `${Math.ceil(a.bytes / 1024)} KB` : `${a.width}×${a.height}`}</td><td>{a.decorative ? '(decorative)' : a.alt || '—'}</td>
            <td>{a.tags.join(', ')}</td><td>{a.usedBy.length}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const RATIOS = [['16:9', 16 / 9], ['1:1', 1], ['4:5', 4 / 5]] as const;

/** Click (or arrow keys) on the image sets the focal point; the crops show each teaser ratio as pages will. */
export function FocalPointPicker({ src, alt, x, y, onChange }: { src: string | undefined; alt: string; x: number; y: number; onChange: (x: number, y: number) => void }) {
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const fx = r.width ? (e.clientX - r.left) / r.width : 0.5;
    const fy = r.height ? (e.clientY - r.top) / r.height : 0.5;
    onChange(Math.min(1, Math.max(0, Math.round(fx * 100) / 100)), Math.min(1, Math.max(0, Math.round(fy * 100) / 100)));
  };
  const nudge = (dx: number, dy: number) => onChange(Math.min(1, Math.max(0, Math.round((x + dx) * 100) / 100)), Math.min(1, Math.max(0, Math.round((y + dy) * 100) / 100)));
  const position = `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;
  return (
    <div className="focal">
      <div
        className="focal-image" data-testid="focal-image" role="slider" tabIndex={0} aria-label="Focal point"
        aria-valuetext={`${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down`} onClick={pick}
        onKeyDown={(e) => {
          const step = 0.05;
          if (e.key === 'ArrowLeft') nudge(-step, 0); else if (e.key === 'ArrowRight') nudge(step, 0);
          else if (e.key === 'ArrowUp') nudge(0, -step); else if (e.key === 'ArrowDown') nudge(0, step);
        }}
        style={{ position: 'relative', display: 'inline-block' }}
      >
        <img src={src} alt={alt} style={{ display: 'block', maxWidth: 320 }} />
        <span className="focal-dot" style={{ position: 'absolute', left: `${x * 100}%`, top: `${y * 100}%` }} />
      </div>
      <ul className="crop-previews" aria-label="Crop previews">
        {RATIOS.map(([label, ratio]) => (
          <li key={label}>
            <img src={src} alt="" data-ratio={label} style={{ width: 120, aspectRatio: String(ratio), objectFit: 'cover', objectPosition: position }} />
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
