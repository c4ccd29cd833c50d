// /admin/digital-media-library (manage_assets; issues 16 and 35): the media library. A responsive
// grid of thumbnail tiles (or a list), drag-and-drop multi-file upload with a progress bar per file
// (gone when the file is in; the count follows), filters by name/tag, type (images, documents or one
// format), month added, uploader, missing alt text and usage, and a detail panel for the selected
// asset (./asset-panel.tsx): facts, alt text, focal point, derivatives, where used, replace, delete.
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadAsset } from '../../data/transport';
import type { MediaAsset } from '../../data/types';
import { isDocument, useAssetPreview } from '../../components/asset-library';
import { Button } from '../../components/button';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, formatDate, Loading } from '../../components/bits';
import { Page } from '../../shell/page';
import { AssetPanel } from './asset-panel';
import { dimensions, formatBytes, missingAlt, monthLabel, typeLabel } from './format';
import { getFacets, getLibrary, type LibraryAsset, type LibraryFacets } from './media-api';
import { UploadZone } from './upload-zone';

const TYPES = [
  { value: 'image/', label: 'Images' }, { value: 'application/pdf', label: 'Documents (PDF)' },
  { value: 'image/jpeg', label: 'JPEG' }, { value: 'image/png', label: 'PNG' }, { value: 'image/webp', label: 'WebP' }, { value: 'image/gif', label: 'GIF' },
  { value: 'image/avif', label: 'AVIF' }, { value: 'image/svg', label: 'SVG' }, { value: 'application/pdf', label: 'PDF' },
].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
const USAGE = [{ value: 'used', label: 'Used' }, { value: 'unused', label: 'Unused' }];

interface Filter { phrase: string; tag: string; type: string; usage: string; month: string; uploadedBy: string; missingAlt: boolean }
const NO_FILTER: Filter = { phrase: '', tag: '', type: '', usage: '', month: '', uploadedBy: '', missingAlt: false };

function Thumb({ asset }: { asset: MediaAsset }) {
  const src = useAssetPreview(asset, 320);
  return <img src={src} alt="" loading="lazy" width={asset.width || 160} height={asset.height || 160} />;
}

function Tile({ asset, selected, onSelect }: { asset: LibraryAsset; selected: boolean; onSelect: (a: LibraryAsset) => void }) {
  const doc = isDocument(asset);
  const size = dimensions(asset);
  return (
    <li className={`ml-tile${selected ? ' ml-tile-selected' : ''}`}>
      <button type="button" className="ml-tile-button" onClick={() => onSelect(asset)} aria-label={`Asset ${asset.id}: ${asset.name}`} aria-pressed={selected}>
        <span className="ml-thumb">
          {doc ? <span className="ml-doc" data-testid={`document-${asset.id}`}>PDF</span> : <Thumb asset={asset} />}
          {missingAlt(asset) && <span className="ml-flag">No alt text</span>}
        </span>
        <span className="ml-tile-text">
          <span className="ml-tile-name" title={asset.name}>{asset.name}</span>
          <span className="ml-tile-meta">
            <span className="ml-type">{typeLabel(asset.mimeType)}</span>
            <span>{[size, formatBytes(asset.bytes)].filter(Boolean).join(' · ')}</span>
          </span>
        </span>
      </button>
    </li>
  );
}

function AssetTable({ assets, selectedId, onSelect }: { assets: LibraryAsset[]; selectedId: number | null; onSelect: (a: LibraryAsset) => void }) {
  return (
    <div className="ml-table-wrap">
      <table className="ml-table" aria-label="Assets">
        <thead><tr><th>Name</th><th>Type</th><th>Dimensions</th><th>Size</th><th>Alt text</th><th>Uploaded</th><th>Used by</th></tr></thead>
        <tbody>
          {assets.map((a) => (
            <tr key={a.id} className={a.id === selectedId ? 'ml-row-selected' : undefined}>
              <td><button type="button" className="link-button" onClick={() => onSelect(a)}>{a.name}</button></td>
              <td><span className="ml-type">{typeLabel(a.mimeType)}</span></td>
              <td>{dimensions(a) ?? '—'}</td><td>{formatBytes(a.bytes)}</td>
              <td>{a.decorative ? <span className="muted">(decorative)</span> : a.alt || <span className="ml-missing">Missing</span>}</td>
              <td>{a.createdAt ? formatDate(a.createdAt) : '—'}{a.uploadedBy ? <span className="muted"> · {a.uploadedBy.name}</span> : null}</td>
              <td>{a.usedBy.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function MediaLibrary() {
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [assets, setAssets] = useState<LibraryAsset[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<LibraryAsset | null>(null);
  const [reload, setReload] = useState(0);
  const [facets, setFacets] = useState<LibraryFacets>({ months: [], uploaders: [] });
  const panel = useRef<HTMLDivElement>(null);

  const loadFacets = useCallback(() => {
    getFacets().then(setFacets).catch(() => { /* the month and uploader filters offer "Any" only */ });
  }, []);
  useEffect(loadFacets, [loadFacets]);
  useEffect(() => {
    let live = true;
    const used = filter.usage === 'used' ? true : filter.usage === 'unused' ? false : undefined;
    getLibrary({
      phrase: filter.phrase, tag: filter.tag, type: filter.type, month: filter.month,
      ...(used === undefined ? {} : { used }),
      ...(filter.uploadedBy ? { uploadedBy: Number(filter.uploadedBy) } : {}),
      ...(filter.missingAlt ? { missingAlt: true } : {}),
    })
      .then((r) => { if (live) { setAssets(r.rows); setTotal(r.totalCount); setError(null); } })
      .catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [filter, reload]);

  const select = (a: LibraryAsset | null) => {
    setSelected(a);
    if (a) requestAnimationFrame(() => panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
  };
  /** A saved or replaced asset changes in place; a new upload goes first and counts. */
  const upsert = (a: MediaAsset) => {
    const known = assets?.some((x) => x.id === a.id) ?? false;
    const prior = assets?.find((x) => x.id === a.id);
    const merged: LibraryAsset = { ...prior, ...a };
    setAssets((list) => (list ? (known ? list.map((x) => (x.id === a.id ? merged : x)) : [merged, ...list]) : [merged]));
    if (!known) setTotal((n) => n + 1);
    setSelected(merged);
  };
  const removed = (id: number) => {
    setSelected(null);
    setAssets((l) => l?.filter((a) => a.id !== id) ?? null);
    setTotal((n) => Math.max(0, n - 1));
  };
  const filtered = JSON.stringify(filter) !== JSON.stringify(NO_FILTER);
  const set = (patch: Partial<Filter>) => setFilter({ ...filter, ...patch });

  return (
    <Page title="Digital media library" width="full"
      actions={(
        <>
          <span className="ml-count" role="status" aria-label="Asset count">{total} {total === 1 ? 'asset' : 'assets'}</span>
          <Button size="sm" icon={view === 'grid' ? 'list' : 'image'} onClick={() => setView(view === 'grid' ? 'list' : 'grid')}>{view === 'grid' ? 'List view' : 'Grid view'}</Button>
        </>
      )}>
      <div className="ml-screen">
        <UploadZone upload={(file, progress) => uploadAsset<MediaAsset>(file, progress)} onUploaded={upsert} onSettled={(n) => { if (n > 0) loadFacets(); }} />
        <div className="filters ml-filters" role="search">
          <TextField className="filter-search" label="Search" value={filter.phrase} onChange={(phrase) => set({ phrase })} hint="Name, alt text, caption or tag" />
          <SelectField label="Type" value={filter.type} options={TYPES} placeholder="Any type" onChange={(type) => set({ type: type ?? '' })} />
          <SelectField label="Date" value={filter.month} options={facets.months.map((m) => ({ value: m, label: monthLabel(m) }))} placeholder="All dates" onChange={(month) => set({ month: month ?? '' })} />
          <SelectField label="Uploaded by" value={filter.uploadedBy} options={facets.uploaders.map((u) => ({ value: String(u.id), label: u.name }))} placeholder="Anyone" onChange={(uploadedBy) => set({ uploadedBy: uploadedBy ?? '' })} />
          <SelectField label="Usage" value={filter.usage} options={USAGE} placeholder="Used or not" onChange={(usage) => set({ usage: usage ?? '' })} />
          <TextField label="Tag" value={filter.tag} onChange={(tag) => set({ tag })} />
          <div className="ml-filter-check"><CheckboxField label="Missing alt text" checked={filter.missingAlt} onChange={(missing) => set({ missingAlt: missing })} /></div>
          {filtered && <Button size="sm" variant="ghost" className="filter-clear" onClick={() => setFilter(NO_FILTER)}>Clear filters</Button>}
        </div>
        <div className={`ml-layout${selected ? ' ml-layout-open' : ''}`}>
          <div className="ml-main">
            {error ? <ErrorPanel message={error} onRetry={() => setReload(reload + 1)} />
              : assets === null ? <Loading />
                : assets.length === 0 ? <EmptyState icon="image" title={filtered ? 'No assets match these filters' : 'No assets yet'}>{filtered ? 'Change or clear the filters.' : 'Drop files above to upload them.'}</EmptyState>
                  : view === 'grid'
                    ? <ul className="ml-grid" aria-label="Assets">{assets.map((a) => <Tile key={a.id} asset={a} selected={a.id === selected?.id} onSelect={select} />)}</ul>
                    : <AssetTable assets={assets} selectedId={selected?.id ?? null} onSelect={select} />}
          </div>
          {selected && (
            <div className="ml-side" ref={panel}>
              <AssetPanel asset={selected} onSaved={upsert} onDeleted={removed} onClose={() => setSelected(null)} />
            </div>
          )}
        </div>
      </div>
    </Page>
  );
}
