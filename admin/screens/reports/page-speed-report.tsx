// /admin/page-speed-report (admin §2.2, issue #20 "Page speed"): Lighthouse scores of a sample of
// the site's built pages, charted over runs (each with the build it measured), the newest run's
// pages, and a button that starts a run in the background; while one is queued or running the
// screen shows its progress and asks again every few seconds.
import { useEffect, useMemo, useState } from 'react';
import type { ReportChart as ChartDef, ReportRow } from '../../../engine/domain/reports';
import { errorText, useToast } from '../../app/toasts';
import { Button } from '../../components/button';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import * as reports from '../../data/api-reports';
import { useAsync } from '../../lib/use-async';
import { Card, Page } from '../../shell/page';
import { ReportChart } from './report-chart';

export const PAGE_SPEED_POLL_MS = 2000;

const CHART: ChartDef = {
  kind: 'line', x: 'run',
  series: [{ key: 'performance', label: 'Performance' }, { key: 'accessibility', label: 'Accessibility' }, { key: 'bestPractices', label: 'Best practices' }, { key: 'seo', label: 'SEO' }],
};

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
const active = (r: reports.PageSpeedRunView | undefined) => r?.status === 'queued' || r?.status === 'running';

function progressText(r: reports.PageSpeedRunView): string {
  if (r.status === 'queued') return 'Waiting to start…';
  return `Measuring page ${Math.min(r.pagesDone + 1, r.pagesTotal)} of ${r.pagesTotal}…`;
}

export default function PageSpeedReportScreen() {
  const toast = useToast();
  const report = useAsync(() => reports.getPageSpeedReport(), []);
  const [starting, setStarting] = useState(false);
  const newest = report.data?.runs[0];
  const running = active(newest);
  useEffect(() => {
    if (!running) return;
    const t = setTimeout(report.reload, PAGE_SPEED_POLL_MS);
    return () => clearTimeout(t);
  }, [running, report.data, report.reload]);
  const series = useMemo<ReportRow[]>(() => (report.data?.history ?? []).map((p) => ({
    run: `${when(p.at)}${p.buildId ? ` (${p.buildId})` : ''}`, performance: p.performance, accessibility: p.accessibility, bestPractices: p.bestPractices, seo: p.seo,
  })), [report.data]);
  const start = async () => {
    setStarting(true);
    try {
      await reports.startPageSpeedRun();
      report.reload();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setStarting(false);
    }
  };
  const latest = report.data?.history.at(-1);
  return (
    <Page title="Page speed" actions={<Button variant="primary" icon="chart" busy={starting} disabled={running} onClick={() => void start()}>Run Lighthouse</Button>}>
      {report.loading && !report.data ? <Loading /> : report.error ? <ErrorPanel message={report.error} onRetry={report.reload} /> : (
        <>
          {newest && running ? (
            <Card>
              <p role="status">{progressText(newest)}</p>
              <progress max={Math.max(1, newest.pagesTotal)} value={newest.pagesDone} aria-label="Pages measured" />
            </Card>
          ) : newest?.status === 'failed' ? (
            <Card><p role="alert">The last run failed: {newest.error ?? 'unknown error'}</p></Card>
          ) : null}
          {latest ? (
            <>
              <Card title="Scores over runs" description="Mean Lighthouse score (0–100) per category over the sampled pages of each run, with the build it measured.">
                <ReportChart title="Page speed" chart={CHART} series={series} />
              </Card>
              <Card title={`Pages of the newest run (${when(latest.at)})`}>
                <ListTable caption="Pages measured" actions={false} columns={['Page', 'Form', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'CLS']}>
                  {report.data?.pages.map((p) => (
                    <tr key={`${p.path} ${p.form}`}>
                      <td className="cell-title mono">{p.path}</td><td>{p.form}</td>
                      <td>{p.performance}</td><td>{p.accessibility}</td><td>{p.bestPractices}</td><td>{p.seo}</td>
                      <td>{p.lcpMs === null ? '—' : `${(p.lcpMs / 1000).toFixed(1)} s`}</td><td>{p.cls === null ? '—' : p.cls.toFixed(3)}</td>
                    </tr>
                  ))}
                </ListTable>
              </Card>
            </>
          ) : !running ? (
            <EmptyState icon="chart" title="No page speed runs yet">Run Lighthouse to measure a sample of the site&apos;s pages.</EmptyState>
          ) : null}
        </>
      )}
    </Page>
  );
}
