// A publication's logo or cover from the media library (issue 21): the asset id field with "Choose"
// opening the library's image grid (components/asset-library.tsx AssetBrowser) inline, searchable.
import { useState } from 'react';
import * as api from '../../data/api';
import { useAsync } from '../../lib/use-async';
import { AssetBrowser } from '../../components/asset-library';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';

export function AssetIdField({ label, value, onChange, onBlur, error, field }: {
  label: string; value: string; onChange: (v: string) => void; onBlur: () => void; error?: string; field: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <TextField label={label} inputMode="numeric" hint="A media library image" value={value} onChange={onChange} onBlur={onBlur} error={error} field={field} />
      <Button size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>{open ? `Close the library for ${label}` : `Choose ${label.toLowerCase()} from the library`}</Button>
      {open ? <LibraryGrid label={label} selectedId={Number(value) || null} onPick={(id) => { onChange(String(id)); onBlur(); setOpen(false); }} /> : null}
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
