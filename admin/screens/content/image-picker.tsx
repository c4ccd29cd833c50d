// Images of a content item: the chosen images with the primary one marked, and a library dialog
// to add more.
import { useState } from 'react';
import * as api from '../../data/api';
import type { Asset } from '../../data/types';
import { useAsync } from '../../lib/use-async';
import { Button, IconButton } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Icon } from '../../components/icons';
import { Loading } from '../../components/bits';

export function ImagePicker({ ids, primaryId, onChange, assetUrl, known }: {
  ids: number[];
  /** Assets already described by the content item (shown even without the library). */
  known: readonly Asset[];
  primaryId: number | null;
  onChange: (ids: number[], primaryId: number | null) => void;
  assetUrl: (a: Asset) => string;
}) {
  const [open, setOpen] = useState(false);
  const library = useAsync(() => api.getAssetStream(), []);
  const byId = new Map([...known, ...(library.data ?? [])].map((a) => [a.id, a]));
  const remove = (id: number) => {
    const next = ids.filter((x) => x !== id);
    onChange(next, primaryId === id ? (next[0] ?? null) : primaryId);
  };
  return (
    <div className="images">
      {ids.length === 0 ? <p className="muted">No images.</p> : (
        <ul className="image-list">
          {ids.map((id) => {
            const a = byId.get(id);
            const primary = id === primaryId;
            return (
              <li key={id} className={`image-item${primary ? ' image-primary' : ''}`}>
                {a ? <img src={assetUrl(a)} alt={a.alt} loading="lazy" /> : <div className="image-missing"><Icon name="image" /></div>}
                <div className="image-actions">
                  <button type="button" className={`image-star${primary ? ' on' : ''}`} aria-pressed={primary} aria-label={primary ? 'Primary image' : `Make image ${id} the primary image`} title={primary ? 'Primary image' : 'Make primary'} onClick={() => onChange(ids, id)}>
                    <Icon name="star" size={14} />
                  </button>
                  <IconButton icon="close" label={`Remove image ${a?.alt ?? id}`} onClick={() => remove(id)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Button size="sm" icon="image" onClick={() => setOpen(true)}>Add images</Button>
      {open ? (
        <Dialog title="Image library" onClose={() => setOpen(false)} width={760} footer={<Button variant="primary" onClick={() => setOpen(false)}>Done</Button>}>
          {library.loading ? <Loading /> : library.error ? <p className="muted">The image library is not available: {library.error}</p> : (library.data ?? []).length === 0 ? <p className="muted">The library has no images yet.</p> : (
            <ul className="library">
              {(library.data ?? []).map((a) => {
                const chosen = ids.includes(a.id);
                return (
                  <li key={a.id}>
                    <button type="button" className={`library-item${chosen ? ' chosen' : ''}`} aria-pressed={chosen} onClick={() => {
                      if (chosen) remove(a.id);
                      else onChange([...ids, a.id], primaryId ?? a.id);
                    }}>
                      <img src={assetUrl(a)} alt="" loading="lazy" />
                      <span className="library-alt">{a.alt}</span>
                      {chosen ? <span className="library-check" aria-hidden="true"><Icon name="check" size={14} /></span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </Dialog>
      ) : null}
    </div>
  );
}
