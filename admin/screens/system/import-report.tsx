// The importer's report as tables: what was (or would be) created, updated and left unchanged per
// kind of record, the items skipped with where they are in the file and why, the warnings by kind
// (with the first details), and the records of kinds Masthead does not import.
import type { ImportReport } from '../../data/api-imports';
import { ListTable } from '../../components/list-table';

const KIND_LABEL: Record<string, string> = {
  content: 'Content items', section: 'Sections', person: 'People (authors)', taxonomy: 'Tags', asset: 'Images', redirect: 'Redirects of old URLs',
  siteUser: 'Site users', membership: 'Memberships', subscription: 'Newsletter subscribers',
};
const DETAILS_SHOWN = 50;
const SKIPPED_SHOWN = 200;

const n = (v: number | undefined) => (v ?? 0).toLocaleString('en');

/** Where a skipped item is: "line 78" (XML, CSV) or its JSON path. */
export function whereOf(s: { line?: number; path?: string }): string {
  return s.line !== undefined ? `line ${s.line}` : (s.path ?? '—');
}

export function ImportReportView({ report, idPrefix }: { report: ImportReport; idPrefix: string }) {
  const dry = report.dryRun;
  const kinds = Object.keys(report.counts.created);
  const skippedTotal = report.skippedTotal ?? report.skipped.length;
  const warnings = Object.entries(report.warnings).sort((a, b) => b[1] - a[1]);
  const other = Object.entries(report.notImported).sort((a, b) => b[1] - a[1]);
  return (
    <div className="imp-report">
      <ListTable caption={dry ? 'What the import would do' : 'What the import did'} actions={false} flush={false}
        columns={['Records', { label: dry ? 'Would create' : 'Created', className: 'num' }, { label: dry ? 'Would update' : 'Updated', className: 'num' }, { label: 'Unchanged', className: 'num' }]}>
        {kinds.map((k) => (
          <tr key={k}>
            <th scope="row">{KIND_LABEL[k] ?? k}</th>
            <td className="num">{n(report.counts.created[k])}</td>
            <td className="num">{n(report.counts.updated[k])}</td>
            <td className="num">{n(report.counts.unchanged[k])}</td>
          </tr>
        ))}
      </ListTable>
      <h3 className="imp-subhead" id={`${idPrefix}-skipped`}>Skipped items ({n(skippedTotal)})</h3>
      {skippedTotal === 0 ? <p className="muted">None: every item of the file {dry ? 'can be' : 'was'} imported.</p> : (
        <>
          <ListTable caption="Skipped items" actions={false} flush={false} columns={['Where', 'Item', 'Reason']}>
            {report.skipped.slice(0, SKIPPED_SHOWN).map((s, i) => (
              <tr key={i}>
                <td className="imp-where">{whereOf(s)}</td>
                <td>{s.record}</td>
                <td>{s.reason}</td>
              </tr>
            ))}
          </ListTable>
          {skippedTotal > Math.min(SKIPPED_SHOWN, report.skipped.length) ? <p className="muted">The first {Math.min(SKIPPED_SHOWN, report.skipped.length)} of {n(skippedTotal)} skipped items are shown.</p> : null}
        </>
      )}
      <h3 className="imp-subhead">Warnings ({n(warnings.reduce((a, [, c]) => a + c, 0))})</h3>
      {warnings.length === 0 ? <p className="muted">None.</p> : (
        <>
          <ListTable caption="Warnings by kind" actions={false} flush={false} columns={['Warning', { label: 'Count', className: 'num' }]}>
            {warnings.map(([k, c]) => <tr key={k}><td><code>{k}</code></td><td className="num">{n(c)}</td></tr>)}
          </ListTable>
          <details className="imp-details">
            <summary>The first {Math.min(DETAILS_SHOWN, report.warningDetails.length)} warnings in full</summary>
            <ul className="stack-tight">
              {report.warningDetails.slice(0, DETAILS_SHOWN).map((w, i) => <li key={i}><code>{w.kind}</code> {w.record}: {w.detail}</li>)}
            </ul>
          </details>
        </>
      )}
      {other.length ? <p className="imp-other"><strong>Not imported</strong> (kinds Masthead has no place for): {other.map(([k, c]) => `${k} ${n(c)}`).join(', ')}</p> : null}
      {report.subscribers ? (
        <>
          <h3 className="imp-subhead">Subscribers of the export</h3>
          <ImportReportView report={report.subscribers} idPrefix={`${idPrefix}-subscribers`} />
        </>
      ) : null}
    </div>
  );
}
