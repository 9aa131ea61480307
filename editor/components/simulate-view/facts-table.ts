/**
 * Game length, score margin and the first seat's wins in a comparison: base and variant means,
 * the change with its 95% interval (paired by seed), as `rulesmith simulate --compare` prints
 * them. The margin is what decides a game the winners alone do not show (a side that always wins
 * may win by less).
 */
import { html, nothing } from 'lit';
import type { Comparison, MeanChange } from '../../../interpreter/analysis/compare.ts';
import { resultLabel } from '../../../interpreter/analysis/labels.ts';

const num = (x: number) => x.toFixed(2);
const signed = (x: number, f: (v: number) => string) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${f(Math.abs(x))}`;
const points = (x: number) => (x * 100).toFixed(1);
/** An interval end; ±∞ when too few games ended to have one. */
const end = (x: number, f: (v: number) => string) => (Number.isFinite(x) ? signed(x, f) : '?');

function row(measure: string, label: string, m: MeanChange, title?: string) {
  return html`<tr data-measure=${measure} data-significant=${m.significant ? 'true' : 'false'}>
    <th scope="row" title=${title ?? nothing}>${label}</th>
    <td>${num(m.base.mean)}</td>
    <td>${num(m.variant.mean)}</td>
    <td class="change">${signed(m.diff, num)} [${end(m.ci95[0], num)}, ${end(m.ci95[1], num)}]${m.significant ? html` <span class="sig">significant</span>` : nothing}</td>
  </tr>`;
}

/** What the margin is (interpreter/analysis/margin.ts; docs/analysis.md, Score margin). */
const MARGIN = "the result's own margin when the rules' end reports one (as they define it, sign included), else the spread of the rules' heuristic scores at the end: the leading side's score minus the next one's. A change in it shows a change that does not move who wins (a side that always wins may win by less).";

/** `sides`: the sides' names by id, for the side the first seat always plays. */
export function factsTable(c: Comparison | undefined, sides: Record<string, string>) {
  if (!c) return nothing;
  const f = c.firstSeat;
  return html`<table class="facts" aria-label="Game length, score margin and first seat, variant minus base">
      <caption>Game length and score margin <span class="muted">(means of games that ended; change with its 95% interval, paired by seed)</span></caption>
      <thead><tr><th scope="col"></th><th scope="col">base</th><th scope="col">variant</th><th scope="col">change [95%]</th></tr></thead>
      <tbody>
        ${row('rounds', 'Rounds', c.rounds)}
        ${row('decisions', 'Decisions', c.decisions)}
        ${c.margin ? row('margin', 'Score margin', c.margin, `Score margin: ${MARGIN}`) : nothing}
      </tbody>
    </table>
    ${c.margin ? html`<p class="muted margin-note"><strong>Score margin</strong>: ${MARGIN}</p>` : html`<p class="muted">No score margin: the rules report none in their result and declare no heuristics.</p>`}
    ${f.side !== null
      ? html`<p class="first-seat" data-side=${f.side}>Player 1 plays ${resultLabel(f.side, sides)} in every game, so the first seat's wins are the wins of ${resultLabel(f.side, sides)} (above): here the seat cannot be told apart from the side.</p>`
      : html`<p class="first-seat" data-significant=${f.change.significant ? 'true' : 'false'}>
      First seat (player 1) wins ${points(f.base.share)}% of base games and ${points(f.variant.share)}% of variant games, against a fair share of ${points(f.fair)}%:
      change ${signed(f.change.diff, points)} points [${end(f.change.ci95[0], points)}, ${end(f.change.ci95[1], points)}]${f.change.significant ? ' (significant)' : ''}.${f.base.advantage || f.variant.advantage ? ` The first seat has an advantage in the ${[f.base.advantage ? 'base' : '', f.variant.advantage ? 'variant' : ''].filter(Boolean).join(' and ')}.` : ''}
    </p>`}`;
}
