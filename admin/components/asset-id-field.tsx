// An image id field with "Choose … from the library": the media library's image grid
// (asset-library.tsx AssetBrowser) opens inline, searchable; picking an image fills the id. Used by
// the person photo (issue 16), the magazine publication's logo and cover (issue 21), and the
// newsletter template's header image and the newsletter ads' image and logo (issue 16).
import { useState } from 'react';
import * as api from '../data/api';
import { useAsync } from '../lib/use-async';
import { AssetBrowser } from './asset-library';
import { Button } from './button';
import { TextField } from './fields';
import { ErrorPanel, Loading } from './bits';

export function LibraryImageField({ label, value, onChange, onBlur, error, field, hint = 'An image of the media library' }: {
  label: string; value: string; onChange: (v: string) => void; onBlur?: () => void; error?: string | undefined; field: string; hint?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <TextField label={label} inputMode="numeric" hint={hint} value={value} onChange={onChange} onBlur={onBlur} error={error} field={field} />
      <Button size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{open ? `Close the library for ${label}` : `Choose ${label.toLowerCase()} from the library`}</Button>
      {open ? <LibraryGrid label={label} selectedId={Number(value) || null} onPick={(id) => { onChange(String(id)); onBlur?.(); setOpen(false); }} /> : null}
    </div>
  );
}

function LibraryGrid({ label, selectedId, onPick }: { label: string; selectedId: number | null; onPick: (id: number) => void }) {
  const [phrase, setPhrase] = useState('');
  const assets = useAsync(() => api.getMediaAssets({ phrase, type: 'image', limit: 60 }), [phrase]);
  return (
    <div role="group" aria-label={`Media library for ${label}`}>
      <TextField label="Search the library" value={phrase} onChange={setPhrase} />
      {assets.loading ? <Loading /> : assets.error ? <ErrorPanel message={assets.error} onRetry={assets.reload} /> : (
        <AssetBrowser assets={assets.data?.rows ?? []} view="grid" selectedId={selectedId} onSelect={(a) => onPick(a.id)} />
      )}
    </div>
  );
}
