// The one screen every report uses (issue #20): its definition (engine/domain/reports.ts, found by
// the address) decides the parameters offered, the summary figures, the chart and the table
// columns. Every parameter lives in the address (range, compare, site, filters, sort, page), so a
// report can be bookmarked and shared; exports download every row as CSV or XLSX.
import { useMemo, useState } from 'react';
import {
  COMPARISON_LABELS, COMPARISONS, DATE_PRESETS, PAGE_SIZES, PRESET_LABELS, REPORT_DEFINITIONS, parseReportParams, reportSearch,
  type ReportDefinition, type ReportParams,
} from '../../../engine/domain/reports';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { Button } from '../../components/button';
import { ErrorPanel, Loading, Pager } from '../../components/bits';
import { SelectField, TextField } from '../../components/fields';
import * as reports from '../../data/api-reports';
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import { useAsync } from '../../lib/use-async';
import { useLocation, useNavigate } from '../../lib/router';
import { Card, Page } from '../../shell/page';
import { chartHeading, ReportChart } from './report-chart';
import { SummaryFigures, ReportTable } from './report-parts';
import { NotFound } from '../not-found';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';

const today = () => new Date().toISOString().slice(0, 10);

/** The definition whose path is the address (below /admin). */
export function definitionAt(pathname: string): ReportDefinition | undefined {
  const sub = pathname.replace(/^\/admin/, '').replace(/\/$/, '');
  return (REPORT_DEFINITIONS as readonly ReportDefinition[]).find((d) => d.path === sub);
}

export default function ReportScreen() {
  const location = useLocation();
  const def = definitionAt(location.pathname);
  return def ? <Report def={def} /> : <NotFound path={location.pathname} />;
}

function Report({ def }: { def: ReportDefinition }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { tenantKey } = useTenant();
  const toast = useToast();
  const parsed = useMemo(() => parseReportParams(def, new URLSearchParams(location.search), today()), [def, location.search]);
  const params = parsed.ok ? parsed.params : null;
  const search = params ? reportSearch(def, params).toString() : '';
  const answer = useAsync(() => (params ? reports.runReport(def.id, search) : Promise.resolve(null)), [def.id, search, tenantKey]);
  const sections = useAsync(() => (def.filters.includes('section') ? api.getWebsiteSectionsHierarchy().then(flattenTree) : Promise.resolve([])), [def.id, tenantKey]);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const go = (patch: Partial<ReportParams>) => {
    if (!params) return;
    const next = { ...params, skip: 0, ...patch };
    const q = reportSearch(def, next).toString();
    navigate(`/admin${def.path}${q ? `?${q}` : ''}`, { replace: true });
  };
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const name = await reports.downloadReport(def.id, search, format);
      toast.success(`Downloaded ${name}.`);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setExporting(null);
    }
  };

  if (!params) {
    return (
      <Page title={def.title} eyebrow={def.group}>
        <ErrorPanel message={!parsed.ok ? parsed.errors.map((e) => `${e.field}: ${e.message}`).join(' · ') : ''} />
        <Button onClick={() => navigate(`/admin${def.path}`, { replace: true })}>Reset the report</Button>
      </Page>
    );
  }
  const data = answer.data;
  const actions = (
    <>
      <Button icon="download" busy={exporting === 'csv'} disabled={!data} onClick={() => void download('csv')}>Export CSV</Button>
      <Button icon="download" busy={exporting === 'xlsx'} disabled={!data} onClick={() => void download('xlsx')}>Export XLSX</Button>
    </>
  );
  const filters = (
    <div className="filters report-filters">
      {def.dated ? (
        <>
          <SelectField label="Date range" value={params.preset} options={DATE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
            onChange={(v) => go(v === 'custom' ? { preset: 'custom', from: params.from, to: params.to } : { preset: (v ?? 'last-30-days') as ReportParams['preset'] })} />
          {params.preset === 'custom' ? (
            <>
              <TextField label="From" type="date" value={params.from} max={params.to} onChange={(v) => v && go({ from: v })} />
              <TextField label="To" type="date" value={params.to} min={params.from} onChange={(v) => v && go({ to: v })} />
            </>
          ) : null}
          <SelectField label="Compare with" value={params.compare} options={COMPARISONS.map((c) => ({ value: c, label: COMPARISON_LABELS[c] }))}
            onChange={(v) => go({ compare: (v ?? 'previous-period') as ReportParams['compare'] })} />
        </>
      ) : null}
      {user?.isGlobal && !def.crossSite ? (
        <SelectField label="Sites" value={params.tenant === '*' ? '*' : 'this'} options={[{ value: 'this', label: 'This site' }, { value: '*', label: 'All sites' }]}
          onChange={(v) => go({ tenant: v === '*' ? '*' : null })} />
      ) : null}
      {def.filters.includes('section') ? (
        <SelectField label="Section" value={params.section ? String(params.section) : ''} placeholder="All sections"
          options={(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))} onChange={(v) => go({ section: v ? Number(v) : null })} />
      ) : null}
      {def.filters.includes('type') ? (
        <SelectField label="Content type" value={params.type ?? ''} placeholder="All types"
          options={CONTENT_TYPE_OPTIONS} onChange={(v) => go({ type: v || null })} />
      ) : null}
    </div>
  );
  return (
    <Page title={def.title} eyebrow={def.group} actions={actions} top={filters}
      bottom={data && data.totalRows > 0 ? (
        <div className="report-pager">
          <Pager skip={params.skip} limit={params.limit} total={data.totalRows} onPage={(skip) => go({ skip })} />
          <SelectField label="Rows per page" value={String(params.limit)} options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(v) => go({ limit: Number(v) || 25 })} />
        </div>
      ) : null}>
      <p className="muted report-description">
        {def.description}
        {def.dated && data ? ` ${data.tenant === '*' ? 'All sites' : 'This site'}, ${data.from} to ${data.to} (UTC).` : ''}
      </p>
      {data?.droppedEvents ? (
        <p className="muted report-dropped" data-dropped-events={data.droppedEvents}>
          {`${data.droppedEvents.toLocaleString('en-US')} ${data.droppedEvents === 1 ? 'event was' : 'events were'} dropped as duplicates or implausible (not counted above).`}
        </p>
      ) : null}
      {answer.loading && !data ? <Loading label="Running the report…" /> : answer.error ? <ErrorPanel message={answer.error} onRetry={answer.reload} /> : data ? (
        <>
          <SummaryFigures def={def} summary={data.summary} comparison={data.comparison} compareLabel={COMPARISON_LABELS[params.compare]} />
          {def.chart && data.series.length ? (
            <Card title={chartHeading(def.chart)} className="report-chart-card"><ReportChart title={def.title} chart={def.chart} series={data.series} /></Card>
          ) : null}
          <ReportTable def={def} rows={data.rows} total={data.totalRows} sort={params.sort} dir={params.dir} loading={answer.loading}
            onSort={(key, dir) => go({ sort: key, dir })} />
        </>
      ) : null}
    </Page>
  );
}
