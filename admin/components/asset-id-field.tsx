// An image id field with "Choose … from the library": the media library's image grid
// (asset-library.tsx AssetBrowser) opens inline, searchable; picking an image fills the id. Used by
// the person photo (issue 16), the magazine publication's logo and cover (issue 21), and the
// newsletter template's header image and the newsletter ads' image and logo (issue 16), and the grid
// editor's gallery, carousel (several ids: each pick adds one) and document download (a PDF) blocks.
import { useState } from 'react';
import * as api from '../data/api';
import { useAsync } from '../lib/use-async';
import { AssetBrowser } from './asset-library';
import { Button } from './button';
import { TextField } from './fields';
import { ErrorPanel, Loading } from './bits';

export function LibraryImageField({ label, value, onChange, onBlur, error, field, hint = 'An image of the media library', mimeType = 'image', multiple = false, required }: {
  label: string; value: string; onChange: (v: string) => void; onBlur?: () => void; error?: string | undefined; field?: string; hint?: string;
  /** The library filter: a MIME type or prefix (images by default; application/pdf for documents). */
  mimeType?: string;
  /** Several ids separated by commas: a pick adds its id (once) and the library stays open. */
  multiple?: boolean;
  required?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const ids = value.split(/[\s,]+/).filter(Boolean);
  const pick = (id: number) => {
    if (multiple) {
      if (!ids.includes(String(id))) onChange([...ids, String(id)].join(', '));
    } else {
      onChange(String(id));
      setOpen(false);
    }
    onBlur?.();
  };
  return (
    <div>
      <TextField label={label} inputMode={multiple ? undefined : 'numeric'} hint={hint} value={value} onChange={onChange} onBlur={onBlur} error={error} field={field} required={required} />
      <Button size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{open ? `Close the library for ${label}` : `Choose ${label.toLowerCase()} from the library`}</Button>
      {open ? <LibraryGrid label={label} mimeType={mimeType} selectedId={Number(ids.at(-1)) || null} onPick={pick} /> : null}
    </div>
  );
}

function LibraryGrid({ label, mimeType, selectedId, onPick }: { label: string; mimeType: string; selectedId: number | null; onPick: (id: number) => void }) {
  const [phrase, setPhrase] = useState('');
  const assets = useAsync(() => api.getMediaAssets({ phrase, type: mimeType, limit: 60 }), [phrase, mimeType]);
  return (
    <div role="group" aria-label={`Media library for ${label}`}>
      <TextField label="Search the library" value={phrase} onChange={setPhrase} />
      {assets.loading ? <Loading /> : assets.error ? <ErrorPanel message={assets.error} onRetry={assets.reload} /> : (
        <AssetBrowser assets={assets.data?.rows ?? []} view="grid" selectedId={selectedId} onSelect={(a) => onPick(a.id)} />
      )}
    </div>
  );
}
