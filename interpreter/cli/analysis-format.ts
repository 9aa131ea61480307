import { num, pct, signed } from '../analysis/figures.ts';
import { comparisonVerdict, winnersPrecision, type Comparison, type MeanChange, type RateChange } from '../analysis/compare.ts';
import type { ElementChange, TableGrid, ValueChange } from '../analysis/diff.ts';
import type { OddsChange, OddsSide } from '../analysis/odds-diff.ts';
import { valueLabels } from '../analysis/odds-text.ts';
import { levelsLine, levelsOnly, resultLabel } from '../analysis/labels.ts';
import { blindBotsNote } from './summary-format.ts';

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
const name = (c: { section: string; id: string }) => (c.section === c.id ? c.section : `${c.section}.${c.id}`);

/**
 * `path: old → new`; when either side is prose too long for one line (a description, a note),
 * the old and new texts go on lines of their own, marked - and +, each after `indent`.
 */
const value = (v: ValueChange, indent = '    ') => {
  const grid = (side: 'old' | 'new') => (v.gridDefault === side ? ' (every hex\'s)' : '');
  const [old, now] = ['old' in v ? show(v.old) + grid('old') : '(none)', 'new' in v ? show(v.new) + grid('new') : '(none)'];
  if (Math.max(old.length, now.length) <= 60) return `${v.path}: ${old} → ${now}`;
  return `${v.path}:${'old' in v ? `\n${indent}  - ${old}` : ''}${'new' in v ? `\n${indent}  + ${now}` : ''}`;
};

function grid(g: TableGrid): string[] {
  const cell = (c: TableGrid['rows'][number]['cells'][number]) => (c.changed ? `${show(c.old)}→${show(c.new)}` : show(c.new));
  const rows = g.rows.map((r) => [`${r.change === 'added' ? '+' : r.change === 'removed' ? '-' : ' '}${r.key}`, ...r.cells.map(cell)]);
  const head = ['', ...g.columns];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}

/** Top-level values that say what the rules are, not what they do: listed after the rules' changes. */
const ABOUT = new Set(['id', 'name', 'description', 'note', 'source', 'assumption', 'authors', 'version', 'license', 'url']);
const isAbout = (c: ElementChange) => c.section === c.id && ABOUT.has(c.section);

/**
 * The changes as a designer reads them: one element per block, its source, then the details;
 * the rules' changes first, then what only describes them (name, description, note, source).
 */
export function formatChanges(changes: readonly ElementChange[]): string {
  if (changes.length === 0) return 'No differences.\n';
  const rules = changes.filter((c) => !isAbout(c));
  const about = changes.filter(isAbout);
  return `${rules.length ? changeBlocks(rules) : 'No change to the rules.\n'}${about.length ? `\ndescribed differently:\n${changeBlocks(about)}` : ''}`;
}

/** At most this many readers are listed under a change; the rest are counted. */
const READERS_SHOWN = 8;

/** Who reads a changed element, each where its first use is written (`file:line:column`, which terminals and editors open). */
function usedBy(readers: ElementChange['usedBy']): string {
  if (!readers) return '';
  if (readers.length === 0) return '    used by no script: this change reaches no rule\n';
  const width = Math.max(...readers.slice(0, READERS_SHOWN).map((r) => r.element.length));
  const lines = readers.slice(0, READERS_SHOWN).map((r) => `      ${r.element.padEnd(width)}  ${r.file}:${r.line}:${r.column}${r.uses > 1 ? ` (${r.uses} uses)` : ''}\n`);
  const more = readers.length > READERS_SHOWN ? `      … and ${readers.length - READERS_SHOWN} more\n` : '';
  return `    used by:\n${lines.join('')}${more}`;
}

function changeBlocks(changes: readonly ElementChange[]): string {
  let out = '';
  for (const c of changes) {
    const sign = c.change === 'added' ? '+' : c.change === 'removed' ? '-' : '~';
    out += `${sign} ${name(c)}${c.fields?.length ? ` (${c.fields.join(', ')})` : ''}${c.source ? `  [${c.source}]` : ''}\n`;
    out += usedBy(c.usedBy);
    if (c.reaches) out += `    and through them: ${c.reaches.join(', ')}\n`;
    for (const cell of c.cells ?? []) out += `    ${cell}\n`;
    if (c.grid && c.grid.rows.length <= 40) out += grid(c.grid).map((l) => `      ${l}\n`).join('');
    if (c.keys) out += `    by key (rows cut anew):${c.keys.length ? '' : ' every key gives what it gave'}\n${c.keys.map((k) => `      ${k}\n`).join('')}`;
    for (const v of c.values ?? []) out += `    ${value(v)}\n`;
    for (const s of c.scripts ?? []) out += `    script ${s.path}:\n${s.lines.map((l) => `      ${l.op === '…' ? '…' : `${l.op} ${l.text}`}\n`).join('')}`;
    for (const card of c.cards ?? []) {
      out += `    card ${card.id}: ${card.change}\n`;
      for (const v of card.values ?? []) out += `      ${value(v, '      ')}\n`;
      for (const s of card.scripts ?? []) out += `      script ${s.path}:\n${s.lines.map((l) => `        ${l.op === '…' ? '…' : `${l.op} ${l.text}`}\n`).join('')}`;
    }
  }
  return out;
}

function oddsSide(s: OddsSide): Map<string, { value: unknown; p: number }> | string {
  return 'error' in s ? s.error : new Map(s.outcomes.map((o) => [JSON.stringify(o.value), { value: o.value, p: o.decimal }]));
}

/** Distributions before and after, one line per value (a table's row or a card by its name, as `odds` prints it). */
export function formatOdds(odds: readonly OddsChange[]): string {
  if (odds.length === 0) return 'odds: no changed table with a roll, die, deck or dice expression (a table read by key: rulesmith odds <ruleset> "table[roll]")\n';
  let out = '';
  for (const o of odds) {
    out += `${o.label}${o.changed ? '' : ' (unchanged odds)'}: ${o.before.expression}${o.after.expression !== o.before.expression ? ` → ${o.after.expression}` : ''}${o.about ? ` — ${o.about}` : ''}\n`;
    const b = oddsSide(o.before);
    const a = oddsSide(o.after);
    if (typeof b === 'string' || typeof a === 'string') { out += `    cannot enumerate: ${typeof b === 'string' ? b : a}\n`; continue; }
    // A question the rules keep (`odds:`) is listed every time; its values only when they moved.
    if (!o.changed && o.label.startsWith('odds.')) continue;
    const keys = [...new Set([...b.keys(), ...a.keys()])];
    const label = valueLabels(keys.map((k) => (b.get(k) ?? a.get(k))!.value));
    const text = (k: string) => label((b.get(k) ?? a.get(k))!.value);
    const width = Math.max(...keys.map((k) => text(k).length));
    for (const k of keys) {
      const x = b.get(k)?.p ?? 0;
      const y = a.get(k)?.p ?? 0;
      out += `    ${text(k).padEnd(width)}  ${pct(x).padStart(6)} → ${pct(y).padStart(6)}${x !== y ? `  (${signed(y - x, pct)})` : ''}\n`;
    }
  }
  return out;
}

function rateLines(title: string, rows: readonly RateChange[], names: Record<string, string>): string {
  if (rows.length === 0) return '';
  const label = (r: RateChange) => resultLabel(r.label, names);
  const width = Math.max(title.length, ...rows.map((r) => label(r).length));
  // Each figure right-aligned under its heading.
  return `${title.padEnd(width)}  ${'base'.padStart(7)}  ${'variant'.padStart(7)}  change (95% CI)\n${rows.map((r) =>
    `${label(r).padEnd(width)}  ${pct(r.base.share).padStart(7)}  ${pct(r.variant.share).padStart(7)}  ${signed(r.diff, pct)} (${pct(r.ci95[0])} to ${pct(r.ci95[1])})${r.significant ? '  *' : ''}\n`).join('')}`;
}

const meanLine = (label: string, m: MeanChange) => `  ${label.padEnd(10)} ${num(m.base.mean).padStart(8)}  ${num(m.variant.mean).padStart(8)}    ${signed(m.diff, num)} (${num(m.ci95[0])} to ${num(m.ci95[1])})${m.significant ? '  *' : ''}\n`;

/** How precise the winners' changes are, and what more games would buy (`winnersPrecision`). */
function precisionLine(c: Comparison): string {
  const p = winnersPrecision(c);
  if (!p) return '';
  const points = (x: number) => (x * 100).toFixed(1);
  return `precision: winners' changes within about ±${points(p.halfWidth)} points with ${p.games} games of each; ±${points(p.halfWidth / 2)} would take about ${(4 * p.games).toLocaleString('en-US')}.\n`;
}

/**
 * Base against variant: shares and means with the change and its interval; * marks significant.
 * `note` (a variant given first, `reversedNote`) goes under the rule sets' names. Games left out
 * (runtime errors) are said above the figures; with too few left, only that is said, no figures.
 * Sides and seats are named by `names` (`sideNames` of both rule sets).
 */
export function formatComparison(c: Comparison, basePath: string, variantPath: string, note?: string, names: Record<string, string> = {}): string {
  let out = `base:    ${basePath} (${c.base.ruleset}, rules ${c.base.hash})\nvariant: ${variantPath} (${c.variant.ruleset}, rules ${c.variant.hash})\n`;
  if (note) out += `${note}\n`;
  out += `${c.games} games each, paired: game i of both uses seed ${c.seed}:i and the same bots (${c.agents.join(', ')}).\n`;
  if (c.leftOut && !c.leftOut.enough) return `${out}\n${c.leftOut.note}\n${errorLines(c)}`;
  out += blindBotsNote(c.agents);
  out += `Changes are variant − base with 95% intervals, paired by seed (shares: Newcombe paired score; means: paired t); * = the interval excludes 0.\n`;
  if (c.leftOut) out += `${c.leftOut.note}\n`;
  out += `\n${rateLines('winners', c.winners, names)}`;
  const verdict = comparisonVerdict(c, (l) => resultLabel(l, names));
  if (verdict) out += `${verdict.text}\n`;
  const levels = levelsOnly(c.winners, c.outcomes);
  if (!levels) out += `\n${rateLines('outcomes', c.outcomes, names)}`;
  else if (levels.length) out += `\n${levelsLine(levels, names)}\n`;
  out += `\n${''.padEnd(13)}${'base'.padStart(8)}  ${'variant'.padStart(8)}    change (95% CI)\n${meanLine('rounds', c.rounds)}${meanLine('decisions', c.decisions)}`;
  // Not victory points unless the ruleset says so: say what the number is (analysis/margin.ts).
  out += c.margin ? `${meanLine('margin', c.margin)}             (a result's own \`margin\` where the rules report one, else the gap between the top two heuristic scores at the end)\n` : '  margin     (the rulesets report no margin and declare no heuristics)\n';
  const f = c.firstSeat;
  const seat = (s: Comparison['firstSeat']['base']) => `${pct(s.share)} (${pct(s.ci95[0])}–${pct(s.ci95[1])})${s.advantage ? ' advantage' : ''}`;
  if (f.side !== null) out += `\nfirst seat (p1): plays ${resultLabel(f.side, names)} in every game, so its wins are the wins of ${resultLabel(f.side, names)} (winners, above)\n`;
  else out += `\nfirst seat (p1) wins: base ${seat(f.base)}, variant ${seat(f.variant)}; fair share ${pct(f.fair)}; change ${signed(f.change.diff, pct)} (${pct(f.change.ci95[0])} to ${pct(f.change.ci95[1])})${f.change.significant ? '  *' : ''}\n`;
  out += precisionLine(c);
  return out + errorLines(c);
}

/** The runtime errors of both rule sets' games: how many, and the first three. */
function errorLines(c: Comparison): string {
  const errors = c.base.errors.count + c.variant.errors.count;
  if (!errors) return '';
  return `\nruntime errors: base ${c.base.errors.count}, variant ${c.variant.errors.count}${[...c.base.errors.first, ...c.variant.errors.first].slice(0, 3).map((e) => `\n  seed ${e.seed}: ${e.code}: ${e.message}${e.at ? ` (${e.at})` : ''}`).join('')}\n`;
}
