import { num, pct, signed } from './figures.ts';
import { comparisonVerdict, winnersPrecision, type Comparison, type MeanChange } from './compare.ts';
import type { ElementChange, TableGrid, ValueChange } from './diff.ts';
import type { OddsChange } from './odds-diff.ts';
import { valueLabels } from './odds-text.ts';
import { changeChart, esc, oddsChart, rateChart, type ChangeRow } from './report-svg.ts';
import type { SimulationSummary } from './summary.ts';
import { levelsLine, levelsOnly, resultLabel } from './labels.ts';

/** What a report shows; every part is optional (a diff without simulation, a plain simulation). */
export interface ReportInput {
  title: string;
  /** The command line that made it, so a reader can run it again. */
  command: string;
  base?: string;
  variant?: string;
  /** A line under the rule sets' names (the CLI's: a variant given first, so the figures are reversed). */
  note?: string;
  changes?: readonly ElementChange[];
  odds?: readonly OddsChange[];
  comparison?: Comparison;
  /** A single simulation (simulate without --compare). */
  summary?: SimulationSummary;
  /** Sides' names by id (`sideNames`), for winners and outcomes; seats read `Player N`. */
  names?: Record<string, string>;
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:980px;padding:0 1em;color:#1d232a}
h1{font-size:1.5em}h2{margin-top:2em;border-bottom:1px solid #ccd;padding-bottom:.2em}h3{font-size:1.05em;margin-bottom:.3em}
code,pre,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}
table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #d4d8de;padding:2px 8px;text-align:left;vertical-align:top}
th{background:#f1f3f6}td.num{text-align:right;font-variant-numeric:tabular-nums}
td.changed{background:#fff3c4}tr.added td{background:#e3f6e3}tr.removed td{background:#fbe3e3}
.old{color:#a33;text-decoration:line-through}.new{color:#176b2c}.source{color:#667;font-size:.9em}
.sig{font-weight:600;color:#8a2be2}.note{color:#556}.verdict{border-left:4px solid #ccd;padding:.3em .6em;background:#f7f8fa}.verdict[data-verdict=changed]{border-left-color:#8a2be2}pre.script{background:#f7f8fa;padding:.4em .6em;overflow:auto}
pre.script .add{color:#176b2c;background:#e3f6e3;display:block}pre.script .del{color:#a33;background:#fbe3e3;display:block}
.chart text{font:11px system-ui,sans-serif;fill:#333}.chart .bar.s0{fill:#8aa4c8}.chart .bar.s1{fill:#e39a4f}
.chart .ci{stroke:#222;stroke-width:1.5}.chart .ci.significant{stroke:#8a2be2;stroke-width:2.5}.chart .grid{stroke:#e1e4e8}
.chart .zero{stroke:#999;stroke-dasharray:3 3}.chart circle.diff{fill:#222}.chart circle.significant{fill:#8a2be2}
.chart text.tick{fill:#667}.chart text.value{font-variant-numeric:tabular-nums}`;

/**
 * One self-contained HTML file (inline CSS and SVG, no script, nothing fetched) to share with a
 * playtest group: what changed, the odds before and after, and the simulated games compared.
 * Deterministic: the same input gives the same bytes (no dates), so reports can be diffed too.
 */
export function renderReport(r: ReportInput): string {
  let body = `<h1>${esc(r.title)}</h1>\n<p class="note">Made by <code>${esc(r.command)}</code></p>\n`;
  if (r.base || r.variant) body += `<p>Base: <code>${esc(r.base ?? '')}</code><br>Variant: <code>${esc(r.variant ?? '')}</code></p>\n`;
  if (r.note) body += `<p class="note reversed">${esc(r.note)}</p>\n`;
  if (r.changes) body += changesSection(r.changes);
  if (r.odds) body += oddsSection(r.odds);
  if (r.comparison) body += comparisonSection(r.comparison, r.names ?? {});
  if (r.summary) body += summarySection(r.summary, r.names ?? {});
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">\n<title>${esc(r.title)}</title>\n<style>${CSS}</style></head>\n<body>\n${body}</body></html>\n`;
}

const name = (c: { section: string; id: string }) => (c.section === c.id ? c.section : `${c.section}.${c.id}`);
const valueRow = (v: ValueChange) => `<tr><td class="mono">${esc(v.path)}</td><td class="old">${esc('old' in v ? show(v.old) : '(none)')}</td><td class="new">${esc('new' in v ? show(v.new) : '(none)')}</td></tr>`;
const valuesTable = (vs: readonly ValueChange[]) => (vs.length ? `<table class="values"><tr><th>value</th><th>old</th><th>new</th></tr>${vs.map(valueRow).join('')}</table>\n` : '');
const script = (path: string, lines: ReadonlyArray<{ op: string; text: string }>) =>
  `<h3 class="mono">${esc(path)}</h3><pre class="script">${lines.map((l) => (l.op === '+' ? `<span class="add">+ ${esc(l.text)}</span>` : l.op === '-' ? `<span class="del">- ${esc(l.text)}</span>` : l.op === '…' ? '…\n' : `  ${esc(l.text)}\n`)).join('')}</pre>\n`;

function gridTable(g: TableGrid): string {
  const head = `<tr><th></th>${g.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`;
  const rows = g.rows.map((row) => `<tr${row.change ? ` class="${row.change}"` : ''}><th>${esc(row.key)}</th>${row.cells.map((c) =>
    c.changed ? `<td class="changed"><span class="old">${esc(show(c.old))}</span> → <span class="new">${esc(show(c.new))}</span></td>` : `<td>${esc(show(c.new))}</td>`).join('')}</tr>`);
  return `<table class="grid">${head}${rows.join('')}</table>\n`;
}

/** The rules a change reaches (used-by.ts), each with where it is written. */
function usedByList(readers: NonNullable<ElementChange['usedBy']>): string {
  if (readers.length === 0) return '<p class="used-by note">Used by no script: this change reaches no rule.</p>\n';
  return `<p class="used-by">Used by: ${readers.map((r) => `<code>${esc(r.element)}</code> <span class="note">(${esc(`${r.file}:${r.line}`)}${r.uses > 1 ? `, ${r.uses} uses` : ''})</span>`).join(', ')}</p>\n`;
}

function changesSection(changes: readonly ElementChange[]): string {
  let out = `<h2 id="changes">What changed (${changes.length} element${changes.length === 1 ? '' : 's'})</h2>\n`;
  if (changes.length === 0) return `${out}<p>No differences.</p>\n`;
  for (const c of changes) {
    out += `<section class="change ${c.change}" data-element="${esc(name(c))}"><h3>${c.change === 'added' ? 'Added' : c.change === 'removed' ? 'Removed' : 'Changed'}: <code>${esc(name(c))}</code>${c.fields?.length ? ` <span class="note">(${esc(c.fields.join(', '))})</span>` : ''}</h3>\n`;
    if (c.source) out += `<p class="source">Rulebook: ${esc(c.source)}</p>\n`;
    if (c.usedBy) out += usedByList(c.usedBy);
    if (c.reaches) out += `<p class="used-by note">And through them: ${c.reaches.map((e) => `<code>${esc(e)}</code>`).join(', ')}</p>\n`;
    if (c.grid) out += gridTable(c.grid);
    if (c.keys?.length) out += `<p>By key (rows cut anew):</p><ul class="keys">${c.keys.map((k) => `<li class="mono">${esc(k)}</li>`).join('')}</ul>\n`;
    out += valuesTable(c.values ?? []);
    for (const s of c.scripts ?? []) out += script(s.path, s.lines);
    for (const card of c.cards ?? []) {
      out += `<p>Card <code>${esc(card.id)}</code>: ${card.change}</p>\n${valuesTable(card.values ?? [])}`;
      for (const s of card.scripts ?? []) out += script(`${card.id}.${s.path}`, s.lines);
    }
    out += '</section>\n';
  }
  return out;
}

function oddsSection(odds: readonly OddsChange[]): string {
  let out = `<h2 id="odds">Odds before and after</h2>\n`;
  if (odds.length === 0) return `${out}<p>No changed table, die, deck or dice expression.</p>\n`;
  for (const o of odds) {
    out += `<section class="odds" data-label="${esc(o.label)}"><h3>${esc(o.label)}${o.changed ? '' : ' <span class="note">(odds unchanged)</span>'}</h3>\n`;
    if (o.source) out += `<p class="source">Rulebook: ${esc(o.source)}</p>\n`;
    if (o.about) out += `<p class="note">${esc(o.about)}</p>\n`;
    if ('error' in o.before || 'error' in o.after) {
      out += `<p class="note">Cannot enumerate: ${esc('error' in o.before ? o.before.error : 'error' in o.after ? o.after.error : '')}</p></section>\n`;
      continue;
    }
    // A table's record rows and cards by their names, as `rulesmith odds` prints them.
    const named = valueLabels([...o.before.outcomes, ...o.after.outcomes].map((x) => x.value));
    const label = (v: unknown) => (typeof v === 'string' ? v : named(v));
    const b = new Map(o.before.outcomes.map((x) => [label(x.value), x]));
    const a = new Map(o.after.outcomes.map((x) => [label(x.value), x]));
    const keys = [...new Set([...b.keys(), ...a.keys()])];
    out += oddsChart(`${o.label}: before and after`, keys.map((k) => ({ value: k, before: b.get(k)?.decimal ?? 0, after: a.get(k)?.decimal ?? 0 })));
    out += `<table><tr><th>result</th><th>before <code>${esc(o.before.expression)}</code></th><th>after <code>${esc(o.after.expression)}</code></th><th>change</th></tr>${keys.map((k) => {
      const x = b.get(k)?.decimal ?? 0;
      const y = a.get(k)?.decimal ?? 0;
      return `<tr><td>${esc(k)}</td><td class="num">${pct(x)} <span class="note">${esc(b.get(k)?.p ?? '0')}</span></td><td class="num">${pct(y)} <span class="note">${esc(a.get(k)?.p ?? '0')}</span></td><td class="num">${x === y ? '' : signed(y - x, pct)}</td></tr>`;
    }).join('')}</table></section>\n`;
  }
  return out;
}

const ci = (c: [number, number], fmt: (x: number) => string) => `${fmt(c[0])} to ${fmt(c[1])}`;

function rateTable(title: string, rows: Comparison['winners'], label: (l: string) => string): string {
  return `<table class="rates" data-kind="${esc(title)}"><tr><th>${esc(title)}</th><th>base</th><th>variant</th><th>change</th><th>95% interval</th></tr>${rows.map((r) =>
    `<tr${r.significant ? ' class="significant"' : ''}><td>${esc(label(r.label))}</td><td class="num">${pct(r.base.share)} <span class="note">(${r.base.count}/${r.base.games})</span></td><td class="num">${pct(r.variant.share)} <span class="note">(${r.variant.count}/${r.variant.games})</span></td><td class="num">${signed(r.diff, pct)}${r.significant ? ' <span class="sig">significant</span>' : ''}</td><td class="num">${ci(r.ci95, pct)}</td></tr>`).join('')}</table>\n`;
}

const meanRow = (label: string, m: MeanChange) =>
  `<tr${m.significant ? ' class="significant"' : ''}><td>${label}</td><td class="num">${num(m.base.mean)}</td><td class="num">${num(m.variant.mean)}</td><td class="num">${signed(m.diff, num)}${m.significant ? ' <span class="sig">significant</span>' : ''}</td><td class="num">${ci(m.ci95, num)}</td></tr>`;

function comparisonSection(c: Comparison, names: Record<string, string>): string {
  const label = (l: string) => resultLabel(l, names);
  let out = `<h2 id="simulation">Simulated games</h2>\n<p>${c.games} games of each rule set, <b>paired</b>: game <i>i</i> of both is played with seed <code>${esc(c.seed)}:i</code> and the same bots (<code>${esc(c.agents.join(', '))}</code>). Changes are variant − base with 95% intervals, paired by seed: shares by Newcombe's score interval for paired proportions, means by Student's t on the per-seed differences; <span class="sig">significant</span> when the interval excludes 0.</p>\n`;
  out += `<p class="note">Base ${esc(c.base.ruleset)} (rules ${esc(c.base.hash)}): ${c.base.ended} ended, ${c.base.errors.count} runtime errors. Variant ${esc(c.variant.ruleset)} (rules ${esc(c.variant.hash)}): ${c.variant.ended} ended, ${c.variant.errors.count} runtime errors.</p>\n`;
  if (c.leftOut) {
    out += `<p class="left-out${c.leftOut.enough ? '' : ' verdict'}"${c.leftOut.enough ? '' : ' data-verdict="none"'}>${esc(c.leftOut.note)}</p>\n`;
    out += `<ul class="errors">${[...c.base.errors.first.map((e) => ['base', e] as const), ...c.variant.errors.first.map((e) => ['variant', e] as const)].slice(0, 3).map(([side, e]) =>
      `<li>${side}, seed <code>${esc(e.seed)}</code>: <code>${esc(e.code)}</code>: ${esc(e.message)}${e.at ? ` <span class="source">(${esc(e.at)})</span>` : ''}</li>`).join('')}</ul>\n`;
    if (!c.leftOut.enough) return out;
  }
  out += `<h3>Winners</h3>\n${rateChart('Win rates, base and variant', c.winners.map((w) => ({ label: label(w.label), values: [{ series: 'base', share: w.base.share, ci95: w.base.ci95 }, { series: 'variant', share: w.variant.share, ci95: w.variant.ci95 }] })))}\n${rateTable('winner', c.winners, label)}`;
  const verdict = comparisonVerdict(c, label);
  if (verdict) out += `<p class="verdict" data-verdict="${verdict.kind}">${esc(verdict.text)}</p>\n`;
  const precision = winnersPrecision(c);
  if (precision) out += `<p class="note precision">Winners' changes are within about ±${(precision.halfWidth * 100).toFixed(1)} points with ${precision.games} games of each; ±${(precision.halfWidth * 50).toFixed(1)} would take about ${(4 * precision.games).toLocaleString('en-US')}.</p>\n`;
  const levels = levelsOnly(c.winners, c.outcomes);
  if (!levels) out += `<h3>Outcomes</h3>\n${rateTable('outcome', c.outcomes, label)}`;
  else if (levels.length) out += `<p class="note levels">${esc(levelsLine(levels, names, 'Outcomes'))}</p>\n`;
  out += `<h3>Game length and margin</h3>\n<table class="means"><tr><th></th><th>base mean</th><th>variant mean</th><th>change</th><th>95% interval</th></tr>${meanRow('rounds', c.rounds)}${meanRow('decisions', c.decisions)}${c.margin ? meanRow('score margin', c.margin) : ''}</table>\n`;
  if (!c.margin) out += `<p class="note">No score margin: neither rule set reports a numeric <code>margin</code> in its result nor declares <code>heuristics:</code>.</p>\n`;
  const f = c.firstSeat;
  if (f.side !== null) out += `<h3>First-seat advantage</h3>\n<p class="first-seat">Seat p1 plays ${esc(label(f.side))} in every game, so its wins are the wins of ${esc(label(f.side))} (Winners, above): here the seat cannot be told apart from the side.</p>\n`;
  else out += `<h3>First-seat advantage</h3>\n<p class="first-seat">Seat p1 wins ${pct(f.base.share)} (${ci(f.base.ci95, pct)}) of base games and ${pct(f.variant.share)} (${ci(f.variant.ci95, pct)}) of variant games; a fair share is ${pct(f.fair)}. Change ${signed(f.change.diff, pct)} (${ci(f.change.ci95, pct)})${f.change.significant ? ' <span class="sig">significant</span>' : ''}.${f.base.advantage || f.variant.advantage ? ` The first seat has an advantage in the ${[f.base.advantage ? 'base' : '', f.variant.advantage ? 'variant' : ''].filter(Boolean).join(' and ')} (its interval lies above the fair share).` : ''}</p>\n`;
  const rows: ChangeRow[] = [
    ...c.winners.map((w) => ({ label: `wins: ${label(w.label)}`, diff: w.diff, ci95: w.ci95, significant: w.significant, unit: 'share' as const })),
    ...(f.side !== null ? [] : [{ label: 'first seat wins', diff: f.change.diff, ci95: f.change.ci95, significant: f.change.significant, unit: 'share' as const }]),
  ];
  out += `<h3>Changes with 95% intervals</h3>\n${changeChart('Change in win shares (variant − base)', rows)}\n`;
  // One chart per mean: rounds and margins are on scales of their own.
  out += changeChart('Change in mean rounds (variant − base)', [{ label: 'rounds', ...pick(c.rounds), unit: 'number' }]);
  if (c.margin) out += changeChart('Change in mean score margin (variant − base)', [{ label: 'score margin', ...pick(c.margin), unit: 'number' }]);
  return out;
}

const pick = (m: MeanChange) => ({ diff: m.diff, ci95: m.ci95, significant: m.significant });

function summarySection(s: SimulationSummary, names: Record<string, string>): string {
  const label = (l: string) => resultLabel(l, names);
  let out = `<h2 id="simulation">Simulated games</h2>\n<p>${esc(s.ruleset)} (rules ${esc(s.hash)}): ${s.games} games, ${s.ended} ended, ${s.errors.count} runtime errors.</p>\n`;
  out += rateChart('Win rates', s.winners.map((w) => ({ label: label(w.label), values: [{ series: 'games', share: w.share, ci95: w.ci95 }] })));
  out += `<table class="rates"><tr><th>winner</th><th>games</th><th>share</th><th>95% interval (Wilson)</th></tr>${s.winners.map((w) => `<tr><td>${esc(label(w.label))}</td><td class="num">${w.count}</td><td class="num">${pct(w.share)}</td><td class="num">${ci(w.ci95, pct)}</td></tr>`).join('')}</table>\n`;
  out += `<table class="means"><tr><th></th><th>mean</th><th>median</th><th>p95</th><th>min</th><th>max</th></tr>${(['rounds', 'decisions'] as const).map((k) => `<tr><td>${k}</td><td class="num">${num(s[k].mean)}</td><td class="num">${s[k].median}</td><td class="num">${s[k].p95}</td><td class="num">${s[k].min}</td><td class="num">${s[k].max}</td></tr>`).join('')}</table>\n`;
  return out;
}
