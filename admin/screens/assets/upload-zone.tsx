// Drag-and-drop multi-file upload for the media library (issue 35): every file gets its own progress
// bar while it uploads; a finished file leaves the list (its tile appears in the grid), a failed one
// stays with the API's message until dismissed. The whole zone takes drops; "Choose files" opens the picker.
import { useRef, useState, type DragEvent } from 'react';
import { Button, IconButton } from '../../components/button';
import type { MediaAsset } from '../../data/types';

interface Upload { key: number; name: string; progress: number; error: string | null }

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf';

export function UploadZone({ upload, onUploaded, onSettled }: {
  upload: (file: File, onProgress: (f: number) => void) => Promise<MediaAsset>;
  onUploaded: (a: MediaAsset) => void;
  /** Called when the last running upload of a batch has finished (succeeded or failed). */
  onSettled?: (done: number) => void;
}) {
  const [over, setOver] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const next = useRef(0);
  const running = useRef(0);
  const finished = useRef(0);

  const start = (files: File[]) => {
    if (files.length === 0) return;
    setNote(null);
    for (const file of files) {
      const key = ++next.current;
      const set = (patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
      setUploads((list) => [...list, { key, name: file.name, progress: 0, error: null }]);
      running.current += 1;
      const settle = () => {
        running.current -= 1;
        if (running.current === 0) {
          const n = finished.current;
          finished.current = 0;
          if (n > 0) setNote(`Uploaded ${n} ${n === 1 ? 'file' : 'files'}.`);
          onSettled?.(n);
        }
      };
      upload(file, (progress) => set({ progress }))
        .then((a) => {
          finished.current += 1;
          setUploads((list) => list.filter((u) => u.key !== key));
          onUploaded(a);
        })
        .catch((e: unknown) => set({ error: e instanceof Error ? e.message : String(e) }))
        .finally(settle);
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    start([...e.dataTransfer.files]);
  };
  return (
    <div
      className={`ml-drop${over ? ' ml-drop-over' : ''}`} data-testid="drop-zone"
      onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}
    >
      <div className="ml-drop-text">
        <strong>Drop files to upload</strong>
        <span className="muted">JPEG, PNG, WebP, GIF, AVIF or PDF; several at once.</span>
      </div>
      <Button icon="plus" onClick={() => input.current?.click()}>Choose files</Button>
      <input ref={input} type="file" hidden multiple accept={ACCEPT} aria-label="Upload files" onChange={(e) => { start([...(e.target.files ?? [])]); e.target.value = ''; }} />
      {uploads.length > 0 && (
        <ul className="ml-uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className={u.error ? 'ml-upload-failed' : undefined}>
              <span className="ml-upload-name">{u.name}</span>
              {u.error
                ? <><span role="alert" className="ml-upload-error">{u.error}</span><IconButton icon="close" label={`Dismiss ${u.name}`} onClick={() => setUploads((l) => l.filter((x) => x.key !== u.key))} /></>
                : <><progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} /><span className="ml-upload-pct">{Math.round(u.progress * 100)}%</span></>}
            </li>
          ))}
        </ul>
      )}
      {note && uploads.length === 0 && <p role="status" className="ml-drop-note">{note}</p>}
    </div>
  );
}
