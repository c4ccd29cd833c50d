// /admin/import (issue 36, bulk_update_content; a Ghost members CSV also needs manage_site_users):
// bring an archive in from WordPress, Ghost or Substack. Choose the kind (or let the file say) and
// the export (dropped or chosen; a zip with the media beside the export works too) → "Dry run"
// uploads it and shows the importer's report, writing nothing → "Import" uploads the same file
// again and runs it in the background, with a progress bar, then its report → the list of the
// site's imports, each with its report. The API (api/imports) checks everything again.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import * as api from '../../data/api-imports';
import { errorText } from '../../app/toasts';
import { useTenant } from '../../app/tenant';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/fields';
import { Badge, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ImportReportView } from './import-report';
import { ImportHistory } from './import-history';

type Step = 'idle' | 'uploading' | 'running';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 ** 2).toFixed(1)} MB`;
}

/** What the progress bar says while a run works: "Importing 250 of 1,000 posts". */
export function progressText(r: api.ImportRecord): string {
  const { phase, done, total } = r.progress;
  if (phase === 'importing') return total ? `Importing ${done.toLocaleString('en')} of ${total.toLocaleString('en')} posts and pages` : 'Importing…';
  if (phase === 'reading') return done ? `Reading the export: ${done.toLocaleString('en')} posts so far` : 'Reading the export…';
  return 'Waiting to start…';
}

export default function ImportScreen() {
  const { tenant } = useTenant();
  const [kind, setKind] = useState<api.ImportKindChoice>('auto');
  /** Substack subscribers and Ghost members opted in to e-mail are added to this newsletter (id or title). */
  const [newsletter, setNewsletter] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const [step, setStep] = useState<Step>('idle');
  const [uploaded, setUploaded] = useState(0);
  const [current, setCurrent] = useState<api.ImportRecord | null>(null);
  /** The file and kind whose dry run finished: "Import" is offered for them only. */
  const [checked, setChecked] = useState<{ file: File; kind: api.ImportKindChoice; newsletter: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const gone = useRef(false);
  // Polling stops when the screen goes (set again on mount: StrictMode mounts twice in development).
  useEffect(() => {
    gone.current = false;
    return () => { gone.current = true; };
  }, []);

  const choose = (f: File | undefined) => {
    setFile(f ?? null);
    setCurrent(null);
    setError(null);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    choose(e.dataTransfer.files[0]);
  };
  const useSample = async () => {
    const { default: text } = await import('../../../fixtures/demo/import/sample-wordpress.xml?raw');
    choose(new File([text], 'sample-wordpress.xml', { type: 'text/xml' }));
    setKind('wordpress');
  };

  const start = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    setCurrent(null);
    setStep('uploading');
    setUploaded(0);
    try {
      let r = await api.uploadImport(file, kind, dryRun, setUploaded, kind === 'wordpress' || kind === 'ghost' ? '' : newsletter);
      setCurrent(r);
      if (r.status === 'running') {
        setStep('running');
        r = await api.followImport(r.id, setCurrent, 500, () => gone.current);
      }
      if (r.status === 'done' && dryRun) setChecked({ file, kind, newsletter });
      if (r.status === 'done' && !dryRun) setChecked(null);
      if (r.status === 'failed') setError(r.error ?? 'The import failed.');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setStep('idle');
      setHistoryKey((k) => k + 1);
    }
  };

  const busy = step !== 'idle';
  const canImport = !!file && checked?.file === file && checked.kind === kind && checked.newsletter === newsletter && !busy;
  return (
    <Page title="Import" eyebrow="Tools" actions={
      <>
        <Button busy={busy && current?.dryRun !== false} disabled={!file || busy} onClick={() => void start(true)}>Dry run</Button>
        <Button variant="primary" busy={busy && current?.dryRun === false} disabled={!canImport} onClick={() => void start(false)}>Import</Button>
      </>
    }>
      <div className="stack">
        <Card title="Export file" description={`Brings posts, pages, sections, tags, authors and old URLs (as redirects) into ${tenant?.name ?? 'this site'}, or a Ghost members list into its site users. Run a dry run first: it shows what the import would create and which items it would skip, and writes nothing. Then Import runs the same file. Importing the same file again changes nothing; a fixed file imports what was skipped.`}>
          <div className="imp-form">
            <SelectField label="Kind of export" value={kind} options={api.IMPORT_KIND_OPTIONS} onChange={(v) => setKind(v as api.ImportKindChoice)}
              hint="WordPress: Tools → Export (.xml). Ghost: Settings → Labs → Export (.json), or Members → Export (.csv). Substack: the export .zip. A .zip of a WordPress or Ghost export with its uploads folder imports the images too." />
            {kind === 'wordpress' || kind === 'ghost' ? null : (
              <TextField label="Newsletter for subscribers (optional)" value={newsletter} onChange={setNewsletter} maxLength={200}
                hint="Substack's subscribers, and Ghost members subscribed to e-mails, are added to this newsletter (its id or title), with their consent recorded. Left empty, they are counted, not subscribed." />
            )}
            <div className={`ml-drop imp-drop${over ? ' ml-drop-over' : ''}`} data-testid="import-drop-zone"
              onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
              <div className="ml-drop-text">
                <strong>{file ? file.name : 'Drop the export file here'}</strong>
                <span className="muted">{file ? formatBytes(file.size) : '.xml, .json, .csv or .zip; up to 512 MB.'}</span>
              </div>
              <Button icon="plus" onClick={() => input.current?.click()}>{file ? 'Choose another file' : 'Choose file'}</Button>
              <input ref={input} type="file" hidden accept=".xml,.json,.csv,.zip,text/xml,application/json,text/csv,application/zip" aria-label="Export file"
                onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
            </div>
            <p className="imp-sample muted">
              No export at hand? <button type="button" className="link-button" onClick={() => void useSample()}>Use the sample WordPress export</button> (five posts and a page of a freight newsletter, one with a date that does not exist).
            </p>
          </div>
          {step === 'uploading' ? (
            <div className="imp-progress">
              <span>Uploading {file?.name}</span>
              <progress max={1} value={uploaded} aria-label={`Uploading ${file?.name ?? 'the export'}`} />
              <span className="ml-upload-pct">{Math.round(uploaded * 100)}%</span>
            </div>
          ) : null}
          {step === 'running' && current ? (
            <div className="imp-progress" role="status">
              <span>{progressText(current)}</span>
              {current.progress.total
                ? <progress max={current.progress.total} value={current.progress.done} aria-label={`Import ${current.id} progress`} />
                : <progress aria-label={`Import ${current.id} progress`} />}
              <span className="ml-upload-pct">{current.progress.total ? `${Math.round((current.progress.done / current.progress.total) * 100)}%` : ''}</span>
            </div>
          ) : null}
          {error ? <p className="field-error" role="alert">{error}</p> : null}
        </Card>
        {current?.report && current.status === 'done' ? (
          <Card title={current.dryRun ? 'Dry run report' : 'Import report'} description={
            <>
              <Badge tone={current.dryRun ? 'blue' : 'green'}>{current.dryRun ? 'Dry run: nothing was written' : 'Imported'}</Badge>{' '}
              {current.kindLabel} {current.fileName} ({formatBytes(current.fileSize)}), {formatDate(current.startedAt, true)}.
              {current.dryRun ? ' If this is what you expect, press Import.' : ' The site is rebuilt with the new content.'}
            </>
          }>
            <ImportReportView report={current.report} idPrefix="current" />
          </Card>
        ) : null}
        <ImportHistory refreshKey={historyKey} />
      </div>
    </Page>
  );
}
