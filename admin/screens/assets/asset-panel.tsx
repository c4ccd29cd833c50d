// The media library's detail panel (issue 35): the selected asset's facts (type, dimensions, size,
// who uploaded it and when), alt text and the other metadata, the focal point with crop previews,
// the derivatives the media pipeline made (AVIF/WebP/original-format widths), where it is used,
// replace file (same id, every use kept) and delete (refused by the API while it is used).
import { useEffect, useRef, useState } from 'react';
import * as api from '../../data/api';
import { uploadAsset } from '../../data/transport';
import type { MediaAsset } from '../../data/types';
import { FocalPointPicker, isDocument, useAssetPreview } from '../../components/asset-library';
import { Button, IconButton } from '../../components/button';
import { Badge, formatDate } from '../../components/bits';
import { CheckboxField, TextAreaField, TextField } from '../../components/fields';
import { dimensions, facts, formatBytes, missingAlt, typeLabel } from './format';
import type { LibraryAsset } from './media-api';

const USE_LINKS: Record<string, (id: number) => string> = {
  content: (id) => `/admin/content/${id}`,
  person: (id) => `/admin/persons?edit=${id}`,
};

const draftOf = (a: MediaAsset) => ({ alt: a.alt, caption: a.caption ?? '', credit: a.credit ?? '', tags: a.tags.join(', '), decorative: a.decorative, focalX: a.focalX, focalY: a.focalY });

export function AssetPanel({ asset, onSaved, onDeleted, onClose }: {
  asset: LibraryAsset; onSaved: (a: MediaAsset) => void; onDeleted: (id: number) => void; onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(asset));
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const isPdf = isDocument(asset);
  const src = useAssetPreview(asset, 640);
  useEffect(() => { setDraft(draftOf(asset)); setMessage(null); }, [asset]);

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
  const replace = (f: File | undefined) => {
    if (!f) return;
    setReplacing(0);
    void run(async () => {
      try {
        const a = await uploadAsset<MediaAsset>(f, (p) => setReplacing(p), { replaceId: asset.id });
        setMessage({ tone: 'ok', text: 'File replaced.' });
        onSaved(a);
      } finally { setReplacing(null); }
    });
  };
  const uploaded = asset.createdAt ? formatDate(asset.createdAt) : null;
  return (
    <section className="card ml-panel" aria-label={`Edit asset ${asset.id}`}>
      <header className="ml-panel-head">
        <div className="ml-panel-title">
          <h2>{asset.name}</h2>
          <p className="muted">{facts(asset, true)}</p>
        </div>
        <IconButton icon="close" label="Close details" onClick={onClose} />
      </header>
      <div className="ml-panel-body">
        {isPdf
          ? (
            <div className="ml-panel-doc">
              <span className="ml-doc ml-doc-lg" aria-hidden="true">PDF</span>
              {src ? <a className="btn btn-secondary btn-sm" href={src} target="_blank" rel="noopener noreferrer">Open the PDF</a> : <span className="muted">Loading the PDF…</span>}
            </div>
          )
          : <FocalPointPicker src={src} alt={draft.alt} x={draft.focalX} y={draft.focalY} onChange={(focalX, focalY) => setDraft({ ...draft, focalX, focalY })} />}
        {!isPdf && <p className="ml-hint muted">Click the picture (or use the arrow keys) to set the focal point; crops keep it in view.</p>}

        <dl className="ml-facts" aria-label="File facts">
          <div><dt>Type</dt><dd>{typeLabel(asset.mimeType)} <span className="muted">({asset.mimeType})</span></dd></div>
          <div><dt>Dimensions</dt><dd>{dimensions(asset) ?? (isPdf ? 'Document' : '—')}</dd></div>
          <div><dt>File size</dt><dd>{formatBytes(asset.bytes)}</dd></div>
          <div><dt>Uploaded</dt><dd>{`${uploaded ?? '—'}${asset.uploadedBy ? ` by ${asset.uploadedBy.name}` : uploaded ? ' (imported)' : ''}`}</dd></div>
        </dl>

        <div className="stack-tight">
          {missingAlt({ ...asset, alt: draft.alt, decorative: draft.decorative }) && <Badge tone="amber">Missing alt text</Badge>}
          <TextField label="Alt text" value={draft.alt} onChange={(alt) => setDraft({ ...draft, alt })} hint="Required to publish content that shows this image, unless it is decorative." />
          <CheckboxField label="Decorative (no alt text needed)" checked={draft.decorative} onChange={(decorative) => setDraft({ ...draft, decorative })} />
          <TextAreaField label="Caption" value={draft.caption} onChange={(caption) => setDraft({ ...draft, caption })} />
          <TextField label="Credit" value={draft.credit} onChange={(credit) => setDraft({ ...draft, credit })} />
          <TextField label="Tags" value={draft.tags} onChange={(tags) => setDraft({ ...draft, tags })} hint="Separate tags with commas." />
        </div>

        <h3 className="ml-subhead">Derivatives</h3>
        {asset.derivatives.length === 0
          ? <p className="muted">{isPdf ? 'Documents are served as uploaded; no derivatives.' : 'No derivatives (a fixture or vector file is served as it is).'}</p>
          : (
            <ul className="ml-derivatives" aria-label="Derivatives">
              {[...asset.derivatives].sort((a, b) => a.format.localeCompare(b.format) || a.width - b.width).map((d) => (
                <li key={d.file}><span className="ml-type">{d.format.toUpperCase()}</span><span>{d.width}×{d.height}</span><span className="muted">{formatBytes(d.bytes)}</span></li>
              ))}
            </ul>
          )}

        <h3 className="ml-subhead">Used by</h3>
        {asset.usedBy.length === 0 ? <p className="muted">Nothing uses this asset.</p> : (
          <ul className="ml-uses" aria-label="Used by">
            {asset.usedBy.map((u) => {
              const href = USE_LINKS[u.kind]?.(u.id);
              return <li key={`${u.kind}-${u.id}`}>{href ? <a href={href}>{u.name}</a> : <span>{u.name}</span>} <span className="muted">({u.kind} {u.id})</span></li>;
            })}
          </ul>
        )}

        {replacing !== null && <progress className="ml-replace-progress" max={1} value={replacing} aria-label={`Replacing ${asset.name}`} />}
        {message && <p role={message.tone === 'error' ? 'alert' : 'status'} className={`ml-message ml-message-${message.tone}`}>{message.text}</p>}
        <div className="ml-actions">
          <Button variant="primary" onClick={() => void save()} busy={busy}>Save</Button>
          <Button onClick={() => file.current?.click()} disabled={busy}>Replace file</Button>
          <input ref={file} type="file" hidden accept="image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf" aria-label="Replacement file" onChange={(e) => { replace(e.target.files?.[0]); e.target.value = ''; }} />
          <Button variant="danger" onClick={() => void remove()} busy={busy}>Delete</Button>
        </div>
      </div>
    </section>
  );
}
