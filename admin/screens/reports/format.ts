// How report numbers read on screen: whole numbers with separators, percentages of fractions,
// days as "Nov 27", and the change against the comparison period.
import type { Cell, ColumnKind, ReportFigure } from '../../../engine/domain/reports';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function shortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${Number(d)}`;
}

export function formatValue(v: Cell | undefined, kind: ColumnKind | ReportFigure['kind']): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v !== 'number') return kind === 'date' ? formatDay(v) : v;
  if (kind === 'percent') return `${(v * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  if (kind === 'decimal') return v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (kind === 'text' || kind === 'content') return String(v);
  return kind === 'int' && Number.isInteger(v) && v >= 10_000_000 && v <= 99_999_999 ? String(v) : v.toLocaleString('en-US');
}

export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${shortDay(day)}, ${day.slice(0, 4)}` : day;
}

/** "+12.5%" / "−3%" / null when there is nothing to compare with. */
export function formatChange(now: number, before: number | undefined): { text: string; tone: 'up' | 'down' | 'flat' } | null {
  if (before === undefined || before === 0) return null;
  const c = (now - before) / before;
  if (Math.abs(c) < 0.0005) return { text: '0%', tone: 'flat' };
  const pct = Math.abs(c * 100).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return { text: `${c > 0 ? '+' : '−'}${pct}%`, tone: c > 0 ? 'up' : 'down' };
}
