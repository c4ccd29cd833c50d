// /admin/digital-media-library (manage_assets, issue 16): the media library. Search by name, tag
// and type, filter by usage, grid or list view, drag-and-drop upload with progress, and an editor
// for the selected asset: alt text, caption, credit, tags, decorative flag, the focal point with
// crop previews, what uses it, replace file, and delete (refused by the API while it is used).
import { useEffect, useState } from 'react';
import * as api from '../../data/api';
import { uploadAsset } from '../../data/transport';
import type { MediaAsset } from '../../data/types';
import { AssetBrowser, DropZone, FocalPointPicker, isDocument, useAssetPreview } from '../../components/asset-library';
import { Button } from '../../components/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';

const TYPES = [{ value: '', label: 'Any type' }, { value: 'image/jpeg', label: 'JPEG' }, { value: 'image/png', label: 'PNG' }, { value: 'image/webp', label: 'WebP' }, { value: 'image/gif', label: 'GIF' }, { value: 'image/avif', label: 'AVIF' }, { value: 'image/svg', label: 'SVG' }, { value: 'application/pdf', label: 'PDF' }];
const USAGE = [{ value: '', label: 'Used or not' }, { value: 'used', label: 'Used' }, { value: 'unused', label: 'Unused' }];

function AssetEditor({ asset, onSaved, onDeleted }: { asset: MediaAsset; onSaved: (a: MediaAsset) => void; onDeleted: (id: number) => void }) {
  const [draft, setDraft] = useState({ alt: asset.alt, caption: asset.caption ?? '', credit: asset.credit ?? '', tags: asset.tags.join(', '), decorative: asset.decorative, focalX: asset.focalX, focalY: asset.focalY });
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const isPdf = isDocument(asset);
  const src = useAssetPreview(asset, 640);
  useEffect(() => {
    setDraft({ alt: asset.alt, caption: asset.caption ?? '', credit: asset.credit ?? '', tags: asset.tags.join(', '), decorative: asset.decorative, focalX: asset.focalX, focalY: asset.focalY });
    setMessage(null);
  }, [asset]);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch (e) { setMessage({ tone: 'error', text: e instanceof Error ? e.message : String(e) }); } finally { setBusy(false); }
  };
  const save = () => run(async () => {
    const tags = draft.tags.split(',').map((t) => t.trim()).filter(Boolean);
    const saved = await api.updateAsset(asset.id, { alt: draft.alt, caption: draft.caption, credit: draft.credit, tags, decorative: draft.decorative, focalX: draft.focalX, focalY: draft.focalY });
    setMessage({ tone: 'ok', text: 'Saved.' });
    onSaved(saved);
  });
  const remove = () => run(async () => {
    await api.deleteAsset(asset.id);
    onDeleted(asset.id);
  });
  return (
    <section className="asset-editor" aria-label={`Edit asset ${asset.id}`}>
      <h2>{asset.name}</h2>
      <p className="muted">{asset.mimeType} · {isPdf ? `${Math.ceil(asset.bytes / 1024)} KB` : `${asset.width}×${asset.height}`}</p>
      {isPdf
        ? <p>{src ? <a href={src} target="_blank" rel="noopener noreferrer">Open the PDF</a> : 'Loading the PDF…'}</p>
        : <FocalPointPicker src={src} alt={draft.alt} x={draft.focalX} y={draft.focalY} onChange={(focalX, focalY) => setDraft({ ...draft, focalX, focalY })} />}
      <TextField label="Alt text" value={draft.alt} onChange={(alt) => setDraft({ ...draft, alt })} hint="Required to publish content that shows this image, unless it is decorative." />
      <CheckboxField label="Decorative (no alt text needed)" checked={draft.decorative} onChange={(decorative) => setDraft({ ...draft, decorative })} />
      <TextAreaField label="Caption" value={draft.caption} onChange={(caption) => setDraft({ ...draft, caption })} />
      <TextField label="Credit" value={draft.credit} onChange={(credit) => setDraft({ ...draft, credit })} />
      <TextField label="Tags" value={draft.tags} onChange={(tags) => setDraft({ ...draft, tags })} hint="Separate tags with commas." />
      <h3>Used by</h3>
      {asset.usedBy.length === 0 ? <p className="muted">Nothing uses this asset.</p> : (
        <ul aria-label="Used by">
          {asset.usedBy.map((u) => <li key={`${u.kind}-${u.id}`}>{u.kind === 'content' ? <a href={`/admin/content/${u.id}`}>{u.name}</a> : u.name} ({u.kind} {u.id})</li>)}
        </ul>
      )}
      {message && <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone}>{message.text}</p>}
      <div className="actions">
        <Button variant="primary" onClick={() => void save()} busy={busy}>Save</Button>
        <DropZone upload={(file, progress) => uploadAsset<MediaAsset>(file, progress, { replaceId: asset.id })} onUploaded={(a) => { setMessage({ tone: 'ok', text: 'File replaced.' }); onSaved(a); }} />
        <Button onClick={() => void remove()} busy={busy}>Delete</Button>
      </div>
    </section>
  );
}

export default function MediaLibrary() {
  const [filter, setFilter] = useState({ phrase: '', tag: '', type: '', usage: '' });
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [assets, setAssets] = useState<MediaAsset[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<MediaAsset | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let live = true;
    const used = filter.usage === 'used' ? true : filter.usage === 'unused' ? false : undefined;
    api.getMediaAssets({ phrase: filter.phrase, tag: filter.tag, type: filter.type, ...(used === undefined ? {} : { used }) })
      .then((r) => { if (live) { setAssets(r.rows); setTotal(r.totalCount); setError(null); } })
      .catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [filter, reload]);
  const upsert = (a: MediaAsset) => {
    setAssets((list) => (list ? [a, ...list.filter((x) => x.id !== a.id)] : [a]));
    setSelected(a);
  };
  return (
    <div className="screen media-library">
      <header className="screen-header"><h1>Digital media library</h1><span className="muted">{total} asset(s)</span></header>
      <DropZone upload={(file, progress) => uploadAsset<MediaAsset>(file, progress)} onUploaded={upsert} />
      <div className="filters" role="search">
        <TextField label="Search" value={filter.phrase} onChange={(phrase) => setFilter({ ...filter, phrase })} hint="Name, alt text, caption or tag" />
        <TextField label="Tag" value={filter.tag} onChange={(tag) => setFilter({ ...filter, tag })} />
        <SelectField label="Type" value={filter.type} options={TYPES} onChange={(type) => setFilter({ ...filter, type: type ?? '' })} />
        <SelectField label="Usage" value={filter.usage} options={USAGE} onChange={(usage) => setFilter({ ...filter, usage: usage ?? '' })} />
        <Button size="sm" onClick={() => setView(view === 'grid' ? 'list' : 'grid')}>{view === 'grid' ? 'List view' : 'Grid view'}</Button>
      </div>
      {error ? <ErrorPanel message={error} onRetry={() => setReload(reload + 1)} /> : assets === null ? <Loading /> : (
        <AssetBrowser assets={assets} view={view} selectedId={selected?.id ?? null} onSelect={setSelected} />
      )}
      {selected && <AssetEditor asset={selected} onSaved={upsert} onDeleted={(id) => { setSelected(null); setAssets((l) => l?.filter((a) => a.id !== id) ?? null); }} />}
    </div>
  );
}
