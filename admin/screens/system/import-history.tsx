// The site's imports, newest first: when, the file, its kind, dry run or import, who ran it, its
// status and totals; "Report" opens an import's full report below its row (loaded when opened).
import { Fragment, useEffect, useState } from 'react';
import * as api from '../../data/api-imports';
import { errorText } from '../../app/toasts';
import { useTenant } from '../../app/tenant';
import { Button } from '../../components/button';
import { Badge, EmptyState, ErrorPanel, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card } from '../../shell/page';
import { ImportReportView } from './import-report';

const COLUMNS = ['Started', 'File', { label: 'Kind', className: 'col-hide-sm' }, 'Run', { label: 'By', className: 'col-hide-sm' }, 'Result'];
const STATUS_TONE = { running: 'amber', done: 'green', failed: 'red' } as const;

function resultText(r: api.ImportRecord): string {
  if (r.status === 'running') return r.progress.total ? `${r.progress.done} of ${r.progress.total}` : 'Running';
  if (r.status === 'failed') return r.error ?? 'Failed';
  const s = r.summary;
  if (!s) return '—';
  return `${s.created} records ${r.dryRun ? 'to create' : 'created'}, ${s.updated} ${r.dryRun ? 'to update' : 'updated'}, ${s.skipped} skipped`;
}

export function ImportHistory({ refreshKey }: { refreshKey: number }) {
  const { tenant } = useTenant();
  const [rows, setRows] = useState<api.ImportRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<{ id: number; record: api.ImportRecord | null; error: string | null } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    api.listImports().then((r) => { if (live) { setRows(r); setError(null); } }, (e: unknown) => { if (live) setError(errorText(e)); });
    return () => { live = false; };
  }, [refreshKey, reload, tenant?.tenantKey]);

  const toggle = (id: number) => {
    if (open?.id === id) { setOpen(null); return; }
    setOpen({ id, record: null, error: null });
    api.getImport(id).then((record) => setOpen((o) => (o?.id === id ? { id, record, error: null } : o)), (e: unknown) => setOpen((o) => (o?.id === id ? { id, record: null, error: errorText(e) } : o)));
  };

  return (
    <Card title="Past imports" description="Every dry run and import of this site, newest first, with who ran it and what it did.">
      {error ? <ErrorPanel message={error} onRetry={() => setReload((n) => n + 1)} /> : rows === null ? <p className="muted">Loading…</p> : rows.length === 0 ? (
        <EmptyState icon="download" title="No imports yet">A dry run or an import of this site is listed here with its report.</EmptyState>
      ) : (
        <ListTable caption="Past imports" columns={COLUMNS}>
          {rows.map((r) => (
            <Fragment key={r.id}>
              <tr data-testid={`import-row-${r.id}`}>
                <td className="imp-when">{formatDate(r.startedAt, true)}</td>
                <td className="imp-file"><span className="imp-file-name">{r.fileName}</span></td>
                <td className="col-hide-sm">{r.kindLabel}</td>
                <td><Badge tone={r.dryRun ? 'blue' : 'violet'}>{r.dryRun ? 'Dry run' : 'Import'}</Badge></td>
                <td className="col-hide-sm">{r.user.name || '—'}</td>
                <td className="imp-result-cell"><Badge tone={STATUS_TONE[r.status]}>{r.status === 'done' ? 'Done' : r.status === 'failed' ? 'Failed' : 'Running'}</Badge> <span className="imp-result">{resultText(r)}</span></td>
                <td className="cell-actions">
                  {r.status === 'done' ? (
                    <Button size="sm" variant="ghost" aria-expanded={open?.id === r.id} aria-controls={`import-report-${r.id}`} onClick={() => toggle(r.id)}>
                      {open?.id === r.id ? 'Hide report' : 'Report'}<span className="visually-hidden"> of import {r.id}, {r.fileName}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
              {open?.id === r.id ? (
                <tr className="imp-report-row">
                  <td colSpan={COLUMNS.length + 1} id={`import-report-${r.id}`}>
                    {open.error ? <p className="field-error" role="alert">{open.error}</p> : open.record?.report ? <ImportReportView report={open.record.report} idPrefix={`import-${r.id}`} /> : <p className="muted">Loading the report…</p>}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </ListTable>
      )}
    </Card>
  );
}
