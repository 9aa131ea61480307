/**
 * Plain SVG charts of a simulation: shares of results with their 95% (Wilson) intervals, and a
 * histogram of game length. Accessible as figures with a text summary in their labels.
 */
import { html, nothing, svg } from 'lit';
import type { SimulationSummary } from '../../simulate/protocol.ts';
import { resultLabel as labelOf } from '../../../interpreter/analysis/labels.ts';
import type { ShareDifference } from '../../simulate/compare.ts';

type Share = SimulationSummary['winners'][number];

const W = 520;
/** Room for a row's label, left of the plot: 26 characters of the chart's label font (a walk saw 170 clip them). */
const LABEL = 200;
const ROW = 30;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * A share as its bar's label says it: `63.3% (45.5–78.1) · 19`, the share, its 95% interval and
 * the games. The interval itself, not a ± half-width: Wilson intervals are lopsided near 0 and
 * 100% (30 of 30 is 88.6–100%, which "100.0% ±5.7" would misstate).
 */
export function shareText(s: Pick<Share, 'share' | 'ci95' | 'count'>): string {
  const n = (v: number) => (v * 100).toFixed(1);
  return `${pct(s.share)} (${n(s.ci95[0])}–${n(s.ci95[1])}) · ${s.count}`;
}

/** One bar per result, its share of all games, and a whisker for the 95% interval. */
export function shareChart(title: string, shares: readonly Share[], names: Record<string, string>) {
  if (!shares.length) return html`<p class="muted">No game ended.</p>`;
  const plot = W - LABEL - 150;
  const x = (v: number) => LABEL + v * plot;
  const height = shares.length * ROW + 26;
  const summary = shares.map((s) => `${labelOf(s.label, names)} ${pct(s.share)} (95% ${pct(s.ci95[0])}–${pct(s.ci95[1])})`).join('; ');
  return html`<figure class="chart" data-chart="shares">
    <figcaption>${title}</figcaption>
    <svg viewBox="0 0 ${W} ${height}" role="img" aria-label="${title}: ${summary}">
      ${[0, 0.25, 0.5, 0.75, 1].map((t) => svg`<line class="grid" x1=${x(t)} x2=${x(t)} y1="4" y2=${height - 18}></line><text class="tick" x=${x(t)} y=${height - 4}>${t * 100}%</text>`)}
      ${shares.map((s, i) => {
        const y = 6 + i * ROW;
        return svg`<g class="share" data-label=${s.label}>
          <text class="label" x=${LABEL - 6} y=${y + 15}>${truncate(labelOf(s.label, names), 26)}</text>
          <rect class="bar" x=${LABEL} y=${y + 3} width=${Math.max(1, s.share * plot)} height="16" rx="2"></rect>
          <line class="ci" x1=${x(s.ci95[0])} x2=${x(s.ci95[1])} y1=${y + 11} y2=${y + 11}></line>
          <line class="ci" x1=${x(s.ci95[0])} x2=${x(s.ci95[0])} y1=${y + 5} y2=${y + 17}></line>
          <line class="ci" x1=${x(s.ci95[1])} x2=${x(s.ci95[1])} y1=${y + 5} y2=${y + 17}></line>
          <text class="value" x=${x(1) + 6} y=${y + 15}>${shareText(s)}</text>
          <title>${labelOf(s.label, names)}: ${games(s.count)}, ${pct(s.share)}; 95% interval ${pct(s.ci95[0])}–${pct(s.ci95[1])}</title>
        </g>`;
      })}
    </svg>
  </figure>`;
}

/**
 * Variant minus base, one row per result: a bar from zero to the difference of shares and a
 * whisker for its 95% interval, on an axis symmetric around zero so gains and losses read alike.
 */
export function differenceChart(title: string, diffs: readonly ShareDifference[], names: Record<string, string>) {
  if (!diffs.length) return nothing;
  const plot = W - LABEL - 130;
  // The axis reaches the widest interval end, rounded up to 10 points, at least ±10%.
  const reach = Math.max(0.1, Math.min(1, Math.ceil(Math.max(...diffs.map((d) => Math.max(Math.abs(d.ci95[0]), Math.abs(d.ci95[1])))) * 10) / 10));
  const x = (v: number) => LABEL + ((v + reach) / (2 * reach)) * plot;
  const height = diffs.length * ROW + 26;
  const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${(Math.abs(v) * 100).toFixed(1)}`;
  const summary = diffs.map((d) => `${labelOf(d.label, names)} ${signed(d.difference)} points (95% ${signed(d.ci95[0])} to ${signed(d.ci95[1])})`).join('; ');
  return html`<figure class="chart" data-chart="difference">
    <figcaption>${title} <span class="legend">(a strong bar: its 95% interval leaves out zero; a faint one: no clear change)</span></figcaption>
    <svg viewBox="0 0 ${W} ${height}" role="img" aria-label="${title}: ${summary}">
      ${[-reach, -reach / 2, 0, reach / 2, reach].map((t) => svg`<line class=${t === 0 ? 'zero' : 'grid'} x1=${x(t)} x2=${x(t)} y1="4" y2=${height - 18}></line><text class="tick" x=${x(t)} y=${height - 4}>${signed(t)}</text>`)}
      ${diffs.map((d, i) => {
        const y = 6 + i * ROW;
        const from = Math.min(x(0), x(d.difference));
        const significant = d.ci95[0] > 0 || d.ci95[1] < 0;
        return svg`<g class="difference ${d.difference >= 0 ? 'up' : 'down'}" data-label=${d.label} data-significant=${significant ? 'true' : 'false'}>
          <text class="label" x=${LABEL - 6} y=${y + 15}>${truncate(labelOf(d.label, names), 26)}</text>
          <rect class="bar" x=${from} y=${y + 3} width=${Math.max(1, Math.abs(x(d.difference) - x(0)))} height="16" rx="2"></rect>
          <line class="ci" x1=${x(d.ci95[0])} x2=${x(d.ci95[1])} y1=${y + 11} y2=${y + 11}></line>
          <line class="ci" x1=${x(d.ci95[0])} x2=${x(d.ci95[0])} y1=${y + 5} y2=${y + 17}></line>
          <line class="ci" x1=${x(d.ci95[1])} x2=${x(d.ci95[1])} y1=${y + 5} y2=${y + 17}></line>
          <text class="value" x=${x(reach) + 6} y=${y + 15}>${signed(d.difference)} [${signed(d.ci95[0])}, ${signed(d.ci95[1])}]</text>
          <title>${labelOf(d.label, names)}: variant ${pct(d.variant.share)} (${d.variant.count}/${d.variant.games}), base ${pct(d.base.share)} (${d.base.count}/${d.base.games}); difference ${signed(d.difference)} points, 95% interval ${signed(d.ci95[0])} to ${signed(d.ci95[1])}</title>
        </g>`;
      })}
    </svg>
  </figure>`;
}

/** The game-length charts' height, and their plot's (the rest holds the ticks). */
const H = 150;
const plotH = H - 36;

/**
 * Games by length, with the mean marked: one bar per value while there are few values, else equal
 * bins, as many as the games can fill (Rice's rule, 2·∛n, between 5 and 20): ten games over thirty
 * lengths drew thirty bars mostly empty.
 */
export function histogram(title: string, values: readonly number[], unit: string) {
  if (!values.length) return nothing;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) return oneLength(title, values.length, min, unit);
  const distinct = max - min + 1;
  const most = Math.min(20, Math.max(5, Math.ceil(2 * Math.cbrt(values.length))));
  const perValue = distinct <= most;
  const bins = perValue ? distinct : most;
  const width = distinct / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - min) / width))]!++;
  const top = Math.max(...counts);
  const barW = (W - 40) / bins;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  // A bar spans its values' width, so value v's middle is at (v − min + ½) widths.
  const meanX = 20 + ((mean - min + 0.5) / distinct) * (W - 40);
  return html`<figure class="chart" data-chart="length">
    <figcaption>${title}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${title}: ${games(values.length)}, ${min} to ${max} ${unit}, mean ${mean.toFixed(1)}">
      ${counts.map((c, i) => {
        const h = top ? (c / top) * plotH : 0;
        const from = Math.ceil(min + i * width);
        const to = Math.ceil(min + (i + 1) * width) - 1;
        return svg`<rect class="bar" x=${20 + i * barW + 1} y=${8 + plotH - h} width=${Math.max(1, barW - 2)} height=${h}><title>${perValue || from >= to ? from : `${from}–${to}`} ${unit}: ${games(c)}</title></rect>`;
      })}
      <line class="mean" x1=${meanX} x2=${meanX} y1="4" y2=${8 + plotH}></line>
      <text class="tick start" x="20" y=${H - 8}>${min}</text>
      <text class="tick end" x=${W - 20} y=${H - 8}>${max} ${unit}</text>
      <text class="tick mean-label" x=${meanX} y=${H - 8}>mean ${mean.toFixed(1)}</text>
    </svg>
  </figure>`;
}

/** Every game of one length (the first game to end, or a fixed-length game): one bar, its value under it. */
function oneLength(title: string, n: number, value: number, unit: string) {
  const barW = (W - 40) / 5;
  return html`<figure class="chart" data-chart="length">
    <figcaption>${title}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${title}: ${games(n)}, all ${value} ${unit}">
      <rect class="bar" x=${(W - barW) / 2} y="8" width=${barW} height=${plotH}><title>${value} ${unit}: ${games(n)}</title></rect>
      <text class="tick" x=${W / 2} y=${H - 8}>${value} ${unit} (every game)</text>
    </svg>
  </figure>`;
}

function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/** `1 game`, `3 games`. */
const games = (n: number): string => `${n} game${n === 1 ? '' : 's'}`;
