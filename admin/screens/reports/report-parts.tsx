// The summary figures (each with its change against the comparison period) and the sortable table
// of a report screen.
import type { ReportDefinition, ReportRow, SortDir } from '../../../engine/domain/reports';
import { EmptyState } from '../../components/bits';
import { Icon } from '../../components/icons';
import { Link } from '../../lib/router';
import { maybeTypeLabel } from '../../lib/content-labels';
import { formatChange, formatDay, formatValue } from './format';

export function SummaryFigures({ def, summary, comparison, compareLabel }: {
  def: ReportDefinition; summary: Record<string, number>; comparison: { from: string; to: string; summary: Record<string, number> } | null; compareLabel: string;
}) {
  return (
    <ul className="report-figures" aria-label="Summary">
      {def.summary.map((f) => {
        const now = summary[f.key] ?? 0;
        const delta = comparison ? formatChange(now, comparison.summary[f.key]) : null;
        return (
          <li key={f.key} className="report-figure">
            <span className="report-figure-label">{f.label}</span>
            <strong className="report-figure-value">{formatValue(now, f.kind)}</strong>
            {comparison && comparison.summary[f.key] !== undefined ? (
              <span className={`report-figure-change ${delta ? `is-${delta.tone}` : 'is-flat'}`}
                title={`${compareLabel}: ${formatDay(comparison.from)} – ${formatDay(comparison.to)}`}>
                {delta ? `${delta.text} vs ${compareLabel.toLowerCase()}` : `${formatValue(comparison.summary[f.key] ?? 0, f.kind)} in ${compareLabel.toLowerCase()}`}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const numeric = (kind: string) => kind === 'int' || kind === 'decimal' || kind === 'percent';

export function ReportTable({ def, rows, total, sort, dir, loading, onSort }: {
  def: ReportDefinition; rows: readonly ReportRow[]; total: number; sort: string; dir: SortDir; loading: boolean; onSort: (key: string, dir: SortDir) => void;
}) {
  if (!total) return <EmptyState icon="chart" title="Nothing to report">No data in this period. Try a longer date range.</EmptyState>;
  return (
    <section className="card report-table-card" aria-label={`${def.title} table`}>
      <div className={`table-wrap report-table-wrap${loading ? ' is-loading' : ''}`} role="region" aria-label={`${def.title} rows`} tabIndex={0}>
        <table className="table report-table">
          <caption className="visually-hidden">{def.title}, sorted by {def.columns.find((c) => c.key === sort)?.label} {dir === 'asc' ? 'ascending' : 'descending'}</caption>
          <thead>
            <tr>
              {def.columns.map((c) => {
                const active = c.key === sort;
                const next: SortDir = active ? (dir === 'asc' ? 'desc' : 'asc') : numeric(c.kind) ? 'desc' : 'asc';
                return (
                  <th key={c.key} scope="col" className={numeric(c.kind) ? 'cell-num' : undefined} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="sort-button" onClick={() => onSort(c.key, next)}>
                      {c.label}
                      {active ? <Icon name={dir === 'asc' ? 'arrowUp' : 'arrowDown'} size={14} /> : null}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {def.columns.map((c) => (
                  <td key={c.key} className={numeric(c.kind) ? 'cell-num' : undefined}>
                    {c.kind === 'content' && typeof r.contentId === 'number'
                      ? <Link href={`/admin/edit-content/${r.contentId}`}>{formatValue(r[c.key], 'text')}</Link>
                      : c.kind === 'content' && typeof r.companyId === 'number'
                        ? <Link href={`/admin/edit-content/${r.companyId}`}>{formatValue(r[c.key], 'text')}</Link>
                        : c.key === 'type' ? maybeTypeLabel(formatValue(r[c.key], c.kind)) : formatValue(r[c.key], c.kind)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
