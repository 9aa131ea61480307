/** Inline SVG charts for the HTML report: plain markup, no script, no fonts or images to fetch. */
import { num, pct, signed as withSign } from './figures.ts';

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (x: number) => (Math.round(x * 10) / 10).toString();

export interface RateBar {
  label: string;
  /** One bar per series (base, variant), each a share in 0..1 with its 95% interval. */
  values: Array<{ series: string; share: number; ci95?: [number, number] }>;
}

const LABEL_W = 190;
const PLOT_W = 420;
const ROW_H = 16;

/** Horizontal bars per label and series, 0–100%, with interval whiskers. */
export function rateChart(title: string, rows: readonly RateBar[], cls = 'chart-rates'): string {
  const series = rows[0]?.values.length ?? 1;
  const group = series * ROW_H + 10;
  const height = rows.length * group + 34;
  const x = (v: number) => LABEL_W + Math.max(0, Math.min(1, v)) * PLOT_W;
  let body = '';
  rows.forEach((r, i) => {
    const top = 20 + i * group;
    body += `<text class="label" x="${LABEL_W - 6}" y="${f(top + (series * ROW_H) / 2 + 4)}" text-anchor="end">${esc(r.label)}</text>`;
    r.values.forEach((v, j) => {
      const y = top + j * ROW_H;
      body += `<rect class="bar s${j}" data-series="${esc(v.series)}" data-value="${v.share.toFixed(4)}" x="${LABEL_W}" y="${y}" width="${f(x(v.share) - LABEL_W)}" height="${ROW_H - 3}"><title>${esc(`${r.label}, ${v.series}: ${pct(v.share)}`)}</title></rect>`;
      if (v.ci95) body += `<line class="ci" x1="${f(x(v.ci95[0]))}" x2="${f(x(v.ci95[1]))}" y1="${f(y + (ROW_H - 3) / 2)}" y2="${f(y + (ROW_H - 3) / 2)}"/>`;
      body += `<text class="value" x="${f(x(v.share) + 4)}" y="${y + ROW_H - 5}">${pct(v.share)}</text>`;
    });
  });
  const axis = [0, 0.25, 0.5, 0.75, 1].map((t) => `<line class="grid" x1="${f(x(t))}" x2="${f(x(t))}" y1="16" y2="${height - 14}"/><text class="tick" x="${f(x(t))}" y="${height - 2}" text-anchor="middle">${t * 100}%</text>`).join('');
  return svg(cls, title, LABEL_W + PLOT_W + 60, height, axis + body + legend(rows[0]?.values.map((v) => v.series) ?? []));
}

export interface ChangeRow {
  label: string;
  diff: number;
  ci95: [number, number];
  significant: boolean;
  /** How to print a value: shares as percentages, means as numbers. */
  unit: 'share' | 'number';
}

/** A forest plot: each change as a dot with its 95% interval around a zero line. */
export function changeChart(title: string, rows: readonly ChangeRow[]): string {
  const finite = rows.flatMap((r) => [r.ci95[0], r.ci95[1], r.diff]).filter(Number.isFinite);
  const span = Math.max(1e-9, ...finite.map(Math.abs));
  const height = rows.length * 22 + 48;
  const bottom = height - 30;
  const x = (v: number) => LABEL_W + PLOT_W / 2 + (Math.max(-span, Math.min(span, v)) / span) * (PLOT_W / 2 - 10);
  const show = (v: number, unit: ChangeRow['unit']) => (unit === 'share' ? pct(v) : num(v));
  const signed = (v: number, unit: ChangeRow['unit']) => withSign(v, (x) => show(x, unit));
  let body = `<line class="zero" x1="${f(x(0))}" x2="${f(x(0))}" y1="14" y2="${f(bottom)}"/>`;
  // The scale, read off a printed page too: both ends and zero, in the rows' unit.
  const unit = rows[0]?.unit ?? 'number';
  for (const v of [-span, 0, span]) body += `<text class="tick" x="${f(x(v))}" y="${f(bottom + 14)}" text-anchor="middle">${esc(v === 0 ? '0' : signed(v, unit))}</text>`;
  rows.forEach((r, i) => {
    const y = 26 + i * 22;
    const lo = Number.isFinite(r.ci95[0]) ? r.ci95[0] : -span;
    const hi = Number.isFinite(r.ci95[1]) ? r.ci95[1] : span;
    const text = `${signed(r.diff, r.unit)} (${show(r.ci95[0], r.unit)} to ${show(r.ci95[1], r.unit)})`;
    body += `<text class="label" x="${LABEL_W - 6}" y="${y + 4}" text-anchor="end">${esc(r.label)}</text>`;
    body += `<line class="ci${r.significant ? ' significant' : ''}" x1="${f(x(lo))}" x2="${f(x(hi))}" y1="${y}" y2="${y}"/>`;
    body += `<circle class="diff${r.significant ? ' significant' : ''}" data-value="${r.diff.toFixed(4)}" cx="${f(x(r.diff))}" cy="${y}" r="4"><title>${esc(`${r.label}: ${text}`)}</title></circle>`;
    body += `<text class="value" x="${LABEL_W + PLOT_W + 6}" y="${y + 4}">${esc(text)}</text>`;
  });
  return svg('chart-change', title, LABEL_W + PLOT_W + 200, height, body);
}

export interface OddsBar {
  value: string;
  before: number;
  after: number;
}

/** Vertical bars per outcome value, before and after side by side. */
export function oddsChart(title: string, rows: readonly OddsBar[]): string {
  const top = Math.max(1e-9, ...rows.flatMap((r) => [r.before, r.after]));
  const colW = Math.max(18, Math.min(60, 560 / Math.max(1, rows.length)));
  const plotH = 120;
  const left0 = 52;
  const width = left0 + rows.length * colW + 20;
  const y = (v: number) => 14 + plotH - (v / top) * plotH;
  let body = '';
  rows.forEach((r, i) => {
    const left = left0 + i * colW;
    const w = (colW - 6) / 2;
    body += `<rect class="bar s0" data-series="before" data-value="${r.before.toFixed(4)}" x="${f(left)}" y="${f(y(r.before))}" width="${f(w)}" height="${f(14 + plotH - y(r.before))}"><title>${esc(`${r.value} before: ${pct(r.before)}`)}</title></rect>`;
    body += `<rect class="bar s1" data-series="after" data-value="${r.after.toFixed(4)}" x="${f(left + w)}" y="${f(y(r.after))}" width="${f(w)}" height="${f(14 + plotH - y(r.after))}"><title>${esc(`${r.value} after: ${pct(r.after)}`)}</title></rect>`;
    body += `<text class="tick" x="${f(left + w)}" y="${plotH + 28}" text-anchor="middle">${esc(r.value.length > 8 ? `${r.value.slice(0, 7)}…` : r.value)}</text>`;
  });
  body += `<text class="tick" x="${left0 - 6}" y="${f(y(top) + 4)}" text-anchor="end">${pct(top)}</text><line class="grid" x1="${left0 - 2}" x2="${width - 10}" y1="${f(y(0))}" y2="${f(y(0))}"/>`;
  return svg('chart-odds', title, Math.max(width, 280), plotH + 56, body + legend(['before', 'after'], plotH + 50, left0));
}

function legend(series: readonly string[], y = 10, x = LABEL_W): string {
  if (series.length < 2) return '';
  return series.map((s, j) => `<rect class="bar s${j}" x="${x + j * 110}" y="${y - 9}" width="10" height="10"/><text class="legend" x="${x + j * 110 + 14}" y="${y}">${esc(s)}</text>`).join('');
}

function svg(cls: string, title: string, width: number, height: number, body: string): string {
  return `<svg class="chart ${cls}" role="img" aria-label="${esc(title)}" viewBox="0 0 ${f(width)} ${f(height)}" width="${f(width)}" height="${f(height)}" xmlns="http://www.w3.org/2000/svg"><title>${esc(title)}</title>${body}</svg>`;
}
