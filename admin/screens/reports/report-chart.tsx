// A report's chart: lines or bars over days (or buckets), or a funnel, drawn by ECharts (loaded on
// first use; see chart-lib.ts). The container carries a one-sentence description for screen
// readers and for anyone whose chart library failed to load.
import { useEffect, useRef, useState } from 'react';
import type { ReportChart as ChartDef, ReportRow } from '../../../engine/domain/reports';
import { shortDay } from './format';

const COLORS = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

/** The chart card's heading. */
export function chartHeading(chart: ChartDef): string {
  return chart.kind === 'funnel' ? 'Funnel' : chart.x === 'day' ? 'By day' : 'Distribution';
}

/** What the chart shows, in words: the first series' total and its highest point. */
export function describeChart(title: string, chart: ChartDef, series: readonly ReportRow[]): string {
  const first = chart.series[0];
  if (!first || !series.length) return `${title}: no data in this period.`;
  if (chart.kind === 'funnel') {
    return `${title} funnel: ${series.map((s) => `${s[chart.x]} ${Number(s[first.key] ?? 0).toLocaleString('en-US')}`).join(', ')}.`;
  }
  let peak = series[0]!;
  let total = 0;
  for (const s of series) {
    total += Number(s[first.key] ?? 0);
    if (Number(s[first.key] ?? 0) > Number(peak[first.key] ?? 0)) peak = s;
  }
  const x = String(peak[chart.x] ?? '');
  const at = chart.x === 'day' ? shortDay(x) : x;
  return `${first.label} by ${chart.x === 'day' ? 'day' : chart.x}: ${total.toLocaleString('en-US')} in all, highest ${Number(peak[first.key] ?? 0).toLocaleString('en-US')} (${at}).`;
}

function optionsFor(chart: ChartDef, series: readonly ReportRow[]): Record<string, unknown> {
  if (chart.kind === 'funnel') {
    const first = chart.series[0]!;
    const values = series.map((s) => Number(s[first.key] ?? 0));
    return {
      animation: false,
      color: COLORS,
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      series: [{
        // Widths in proportion to the first step (ECharts' default scale is 0–100).
        type: 'funnel', sort: 'none', left: '15%', width: '70%', top: 8, bottom: 8, min: 0, max: Math.max(1, ...values), minSize: '30%', gap: 3,
        label: { show: true, position: 'inside', formatter: '{b}: {c}', color: '#fff', fontWeight: 600, fontSize: 13 },
        data: series.map((s, i) => ({ name: String(s[chart.x]), value: values[i]! })),
      }],
    };
  }
  const days = chart.x === 'day';
  return {
    // Drawn at once: a report is read, not watched (and screenshots show the final chart).
    animation: false,
    color: COLORS,
    grid: { left: 48, right: 16, top: 36, bottom: 32, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 0, icon: 'roundRect' },
    xAxis: { type: 'category', data: series.map((s) => (days ? shortDay(String(s[chart.x])) : String(s[chart.x]))), axisTick: { show: false }, boundaryGap: chart.kind === 'bar' },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#e5e7eb' } } },
    series: chart.series.map((s, i) => ({
      name: s.label, type: chart.kind, smooth: chart.kind === 'line', showSymbol: false, barMaxWidth: 28,
      areaStyle: chart.kind === 'line' && i === 0 ? { opacity: 0.12 } : undefined,
      data: series.map((p) => Number(p[s.key] ?? 0)),
    })),
  };
}

export function ReportChart({ title, chart, series }: { title: string; chart: ChartDef; series: readonly ReportRow[] }) {
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let live = true;
    import('./chart-lib').then(({ echarts }) => {
      if (!live || !el.current) return;
      const c = echarts.init(el.current, undefined, { renderer: 'svg' });
      c.setOption(optionsFor(chart, series));
      const resize = () => c.resize();
      window.addEventListener('resize', resize);
      dispose = () => { window.removeEventListener('resize', resize); c.dispose(); };
    }).catch(() => { if (live) setFailed(true); });
    return () => { live = false; dispose?.(); };
  }, [chart, series]);
  const text = describeChart(title, chart, series);
  return (
    <figure className="report-chart">
      <div ref={el} className="report-chart-canvas" role="img" aria-label={text} data-testid="report-chart" />
      <figcaption className={failed ? 'muted small' : 'visually-hidden'}>{text}</figcaption>
    </figure>
  );
}
