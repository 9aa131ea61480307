import { parseExpression } from '../../grammar/index.ts';
import { parseCli } from './args.ts';
import { didYouMean } from '../check/suggest.ts';
import { ESTIMATE_SAMPLES, MAX_WORK, MAX_PATHS, estimateOdds, exactOdds, type Distribution, type OddsError } from '../analysis/odds.ts';
import { oddsBreakdown, type OddsWithBreakdown } from '../analysis/odds-breakdown.ts';
import { columnKeyText } from '../analysis/odds-diff.ts';
import { askable, formatAskable, formatBreakdown, formatNotes, valueLabels } from './odds-format.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import { nodeHost } from './node-host.ts';
import { compileRuleset } from '../compile/index.ts';
import { createMemoryHost, loadRuleset } from '../load/index.ts';
import type { Program } from '../runtime/index.ts';

export const ODDS_USAGE = `Usage: rulesmith odds <ruleset> <expression | table | deck | odds question> [--compare <expression>…] [--option k=v…] [--exact] [--json] [--root DIR]
       rulesmith odds <dice expression> [--compare <expression>…] [--json]
       rulesmith odds <ruleset> [--json]      what can be asked of it: kept questions, rolled tables, decks

The exact probability distribution of an expression's values over every outcome of its dice,
e.g. "roll on crt column 7", "2d6 >= 9", "half_up(1d6)". A table name alone rolls on it (a cross
table prints every column). A card drawn from a shuffled deck or a hidden pile is a chance too,
each card as likely ("(draw from supply).points"); a deck name alone gives each card's chance to
be the next drawn; the id of a question the ruleset keeps (odds:) asks it. Without a ruleset (rulesmith odds 3d6), dice and arithmetic alone. Numbers are listed in numeric order with the chance of exactly, at
least and at most each value, a bar, and the mean and standard deviation. When the expression
reads a table, a breakdown follows: for each value, the cells (row, column) that gave it, the roll
and modifier that reached the row, the column shift, and the chance (JSON: "breakdown").
--compare (repeatable) prints other expressions' chances side by side with the first.

Several like dice rolled together count as the results they can show, each as often as its
orders (8d6 is 1,287 combinations, not 1,679,616), unless the expression reads which die came
first; counting successes (count d in (10d6).dice where d >= 5) keeps them so.
Past ${MAX_PATHS.toLocaleString('en-US')} dice combinations (or ${MAX_WORK.toLocaleString('en-US')} units of work) the exact answer is not
computed: odds says so and prints a Monte Carlo ESTIMATE instead (up to ${ESTIMATE_SAMPLES.toLocaleString('en-US')} samples, fixed
seed, so the same every run; JSON: "estimate": {samples, seed}). --exact refuses instead (exit 1).`;

export function runOdds(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, compare: { type: 'string', multiple: true }, exact: { type: 'boolean', default: false }, option: { type: 'string', multiple: true }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith odds: ${(e as Error).message}\n\n${ODDS_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${ODDS_USAGE}\n`); return 0; }
  const [path, ...rest] = args.positionals;
  // `rulesmith odds 3d6`: with no ruleset (the first word names no file or folder, and is not a
  // path: `rulesets/mygame` that does not exist is a typo to report), dice alone. `"1d6 / 2"` has
  // a slash but is dice and arithmetic, naming nothing: an expression, not a path.
  const missing = path !== undefined && !nodeHost.isDirectory?.(path) && nodeHost.readFile(path) === undefined;
  const standalone = missing && (!/[\\/]/.test(path) || namesNothing(path));
  const text = (standalone ? args.positionals : rest).join(' ').trim();
  if (!path || (!text && standalone)) { io.err(`${ODDS_USAGE}\n`); return 2; }
  const program = standalone ? diceProgram() : programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  // A ruleset alone: what can be asked of it, each with the command that asks it.
  if (!text) { io.out(args.values.json ? `${JSON.stringify(askable(program), null, 2)}\n` : formatAskable(askable(program), path)); return 0; }
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const table = program.data.tables?.[text];
  // A question the ruleset keeps (`odds: { id: { expression } }`), asked by its id; a table of the same name wins.
  const kept = keptExpression(program, text);
  const queries: Array<{ label: string; expr: string }> = [];
  if (table && Array.isArray(table.columns)) for (const c of table.columns) queries.push({ label: `column ${c}`, expr: `roll on ${text} column ${columnKeyText(String(c))}` });
  else if (kept !== undefined) { const name = program.data.odds?.[text]?.name; queries.push({ label: `${text}${typeof name === 'string' ? ` (${name})` : ''}`, expr: kept }); }
  else queries.push({ label: text, expr: alone(program, text) });
  const compared = args.values.compare ?? [];
  if (compared.length && queries.length > 1) { io.err('rulesmith odds: --compare takes one expression to compare with, not a cross table\n'); return 2; }
  // A kept question compares by its id too (`--compare medium_burst_range_2`).
  for (const c of compared) queries.push({ label: c, expr: keptExpression(program, c) ?? alone(program, c) });
  const results: Result[] = [];
  for (const q of queries) {
    const setup = { seed: 'odds', options };
    // Without --compare, each answer also says which table cells gave each value.
    let d: Distribution | OddsWithBreakdown | OddsError = compared.length ? exactOdds(program, q.expr, setup) : oddsBreakdown(program, q.expr, setup);
    if ('error' in d && d.tooLarge && !args.values.exact) {
      io.err(`rulesmith odds: ${d.error}\nrulesmith odds: showing a Monte Carlo estimate instead (not exact; --exact to refuse).\n`);
      d = estimateOdds(program, q.expr, setup);
    }
    if ('error' in d) {
      // Only a name the dice-only rules do not know is worth the hint; `1d0` is wrong anywhere.
      const named = /^unknown-|not declared|no table/i.test(d.error);
      io.err(`rulesmith odds: ${d.error}${standalone ? '' : nameHint(program, d.error) + quoteHint(program, q.expr, d.error) + keyedHint(program, d.error)}\n${standalone && named ? `rulesmith odds: no ruleset given ('${path}' is not a file or folder), so only dice and arithmetic are known; for a ruleset's tables and names: rulesmith odds <ruleset> ${JSON.stringify(text)}\n` : ''}`);
      return 1;
    }
    if ('breakdown' in d && (d as OddsWithBreakdown).breakdown.length === 0) { const { breakdown: _none, ...plain } = d; d = plain; }
    results.push({ label: q.label, expression: q.expr, ...d });
  }
  if (args.values.json) io.out(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  else if (compared.length) io.out(formatCompared(results));
  else io.out(results.map(format).join('\n'));
  return 0;
}

/** The expression of the question the rules keep under `id` (`odds:`), unless a table is so named. */
function keptExpression(program: Program, id: string): string | undefined {
  const q = program.data.tables?.[id] ? undefined : program.data.odds?.[id];
  return typeof q?.expression === 'string' ? q.expression : undefined;
}

/** A table's name alone rolls on it; a deck's draws its next card (each card's chance to be drawn). */
function alone(program: Program, text: string): string {
  if (program.data.tables?.[text]) return `roll on ${text}`;
  return program.data.decks?.[text] ? `draw from ${text}` : text;
}

/** Whether `text` parses as an expression that names nothing (dice, numbers, operators and calls). */
function namesNothing(text: string): boolean {
  const { ast, diagnostics } = parseExpression(text);
  if (!ast || diagnostics.length > 0) return false;
  const names = (node: unknown): boolean => Array.isArray(node) ? node.some(names) : !!node && typeof node === 'object' && ((node as { kind?: string }).kind === 'name' || Object.values(node).some(names));
  return !names(ast);
}

/** The rules `odds` reads an expression by when no ruleset is given: no tables, no names, just dice. */
const DICE_RULES = `rulesmith: 1
id: dice
name: Dice
description: What 'rulesmith odds' reads an expression by when no ruleset is given.
players: { min: 1, max: 1 }
flow:
  rounds: { count: 1 }
  phases:
    - id: roll
      do: log "{1d6}"
`;

function diceProgram(): Program {
  const { model } = loadRuleset('dice/ruleset.yaml', createMemoryHost({ 'dice/ruleset.yaml': DICE_RULES }));
  return compileRuleset(model!);
}


/** Outcome lines printed per result; the JSON output has them all. */
const MAX_LINES = 60;

type Result = { label: string; expression: string } & Distribution & Partial<Pick<OddsWithBreakdown, 'breakdown'>>;

/** Numbers' spread: the standard deviation of a numeric distribution (undefined otherwise). */
function sd(r: Result): number | undefined {
  if (r.mean === undefined || !r.outcomes.every((o) => typeof o.value === 'number')) return undefined;
  const m = r.mean;
  return Math.sqrt(r.outcomes.reduce((s, o) => s + o.decimal * ((o.value as number) - m) ** 2, 0));
}

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)}%`;
const BAR = 30;

function format(r: Result): string {
  const shown = r.outcomes.slice(0, MAX_LINES);
  const valueText = valueLabels(r.outcomes.map((o) => o.value));
  const width = Math.max(...shown.map((o) => valueText(o.value).length));
  const numeric = r.outcomes.every((o) => typeof o.value === 'number');
  const top = Math.max(...r.outcomes.map((o) => o.decimal));
  // Chances of at least / at most each value, for numbers (the outcomes come in numeric order).
  let below = 0;
  const atMost = r.outcomes.map((o) => (below += o.decimal));
  // An estimate prints frequencies as percentages only: "n/samples" would read as an exact fraction.
  const head = numeric ? `  ${'value'.padEnd(width)}  ${r.estimate ? '' : `${'exactly'.padStart(9)}  `}${'chance'.padStart(7)}  ${'at least'.padStart(8)}  ${'at most'.padStart(8)}` : '';
  const lines = shown.map((o, i) => {
    const exact = `  ${valueText(o.value).padEnd(width)}  ${r.estimate ? '' : `${o.p.padStart(9)}  `}${r.estimate ? '≈' : ''}${pct(o.decimal)}`;
    const cumulative = numeric ? `  ${pct(1 - (atMost[i - 1] ?? 0)).padStart(8)}  ${pct(Math.min(1, atMost[i]!)).padStart(8)}` : '';
    return `${exact}${cumulative}  ${'█'.repeat(Math.round((o.decimal / top) * BAR))}`;
  });
  if (r.outcomes.length > shown.length) lines.push(`  … ${r.outcomes.length - shown.length} more values (--json lists them all)`);
  const spread = sd(r);
  const mean = r.mean === undefined ? '' : `  mean ${r.estimate ? '≈ ' : `${r.meanExact} ≈ `}${r.mean.toFixed(4)}${spread === undefined ? '' : `, standard deviation ${r.estimate ? '≈ ' : ''}${spread.toFixed(4)}`}\n`;
  const title = r.estimate ? `ESTIMATE, not exact (Monte Carlo, ${r.estimate.samples.toLocaleString('en-US')} samples, seed "${r.estimate.seed}")\n` : '';
  const cells = r.breakdown?.length ? formatBreakdown(r.breakdown, MAX_LINES, valueText) : '';
  return `${title}${r.label === r.expression ? r.label : `${r.label} — ${r.expression}`}\n${formatNotes(r.notes)}${head ? `${head}\n` : ''}${lines.join('\n')}\n${mean}${cells}`;
}

/** Several expressions' chances side by side, one column each, over the union of their values. */
function formatCompared(results: Result[]): string {
  const key = (v: unknown) => JSON.stringify(v);
  const values = new Map<string, unknown>();
  for (const r of results) for (const o of r.outcomes) values.set(key(o.value), o.value);
  // Numbers in numeric order; codes as the results list them (a table's legend order), not A to Z.
  const all = [...values.values()];
  const ordered = all.every((v) => typeof v === 'number') ? all.sort((a, b) => (a as number) - (b as number)) : all;
  const valueText = valueLabels(ordered);
  const width = Math.max(5, ...ordered.map((v) => valueText(v).length));
  const cols = results.map((r, i) => `${String.fromCharCode(65 + i)}`);
  const out = results.map((r, i) => `  ${cols[i]}: ${r.expression}${r.estimate ? ' (ESTIMATE, not exact)' : ''}`);
  const notes = [...new Set(results.flatMap((r) => r.notes ?? []))];
  if (notes.length) out.push(formatNotes(notes).trimEnd());
  out.push('', `  ${'value'.padEnd(width)}${cols.map((c) => c.padStart(10)).join('')}`);
  for (const v of ordered.slice(0, MAX_LINES)) {
    out.push(`  ${valueText(v).padEnd(width)}${results.map((r) => { const o = r.outcomes.find((x) => key(x.value) === key(v)); return pct(o ? o.decimal : 0).padStart(10); }).join('')}`);
  }
  if (ordered.length > MAX_LINES) out.push(`  … ${ordered.length - MAX_LINES} more values (--json lists them all)`);
  // Results that are codes or texts have no mean: no row of dashes for them.
  if (results.some((r) => r.mean !== undefined)) {
    out.push(`  ${'mean'.padEnd(width)}${results.map((r) => (r.mean === undefined ? '—' : r.mean.toFixed(3)).padStart(10)).join('')}`);
    out.push(`  ${'sd'.padEnd(width)}${results.map((r) => { const x = sd(r); return (x === undefined ? '—' : x.toFixed(3)).padStart(10); }).join('')}`);
  }
  return `${out.join('\n')}\n`;
}

/**
 * `roll on crt column 2:1`: a column label that is neither a name nor a number (an odds column) is
 * text, to be quoted. When the expression does not parse and, with such a label of a table it
 * names quoted, does, says so (`quote it, as in \`roll on crt column "2:1"\``).
 */
function quoteHint(program: Program, text: string, error = ''): string {
  // Unquoted, a label that is a word parses as a name and stops as an unknown one (`column unhelped`).
  const word = /^unknown-name: Unknown name `([^`]+)`/.exec(error)?.[1];
  if (parseExpression(text).diagnostics.length === 0 && word === undefined) return '';
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const [id, table] of Object.entries(program.data.tables ?? {})) {
    if (!Array.isArray(table.columns) || !new RegExp(`(^|[^\\w])${escape(id)}([^\\w]|$)`).test(text)) continue;
    for (const column of table.columns.map(String)) {
      const quoted = word === column ? JSON.stringify(column) : columnKeyText(column);
      if (!quoted.startsWith('"')) continue;
      // The label where a value may stand: not inside quotes, not part of a longer word or number.
      const bare = new RegExp(`(^|[\\s\\[,(])${escape(column)}(?=$|[\\s\\],)])`);
      if (!bare.test(text) || (word !== undefined && word !== column)) continue;
      const fixed = text.replace(bare, (_m, before: string) => `${before}${quoted}`);
      if (parseExpression(fixed).diagnostics.length === 0) return `\nrulesmith odds: the column \`${column}\` of ${id} is a text label: quote it, as in \`${fixed}\``;
    }
  }
  return '';
}

/** A table read by key has no roll of its own: say how to ask about it (`table[1d6]`), as `diff --odds` does. */
function keyedHint(program: Program, error: string): string {
  const id = /^table-not-rollable: Table `([^`]+)`/.exec(error)?.[1];
  const table = id === undefined ? undefined : program.data.tables?.[id];
  if (!id || !table) return '';
  const rows = Array.isArray(table.rows) ? [] : Object.keys(table.rows ?? {});
  return `\nrulesmith odds: \`${id}\` is read by key: ask about the key the rules look it up with, as in \`rulesmith odds <ruleset> "${id}[1d6]"\` (dice, or any expression)${rows.length ? `; its rows: ${rows.slice(0, 12).join(', ')}${rows.length > 12 ? ', …' : ''}` : ''}.`;
}

/**
 * For a name the rules do not know: the likely one meant (a table for `roll on`, else any element
 * the ruleset names), or the tables there are, as the checker's did-you-mean does for scripts.
 */
function nameHint(program: Program, error: string): string {
  const m = /^unknown-name: (No table|Unknown name) `([^`]+)`/.exec(error);
  if (!m) return '';
  const tables = Object.keys(program.data.tables ?? {});
  const sections = Object.values(program.data as Record<string, unknown>).filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v));
  const names = m[1] === 'No table' ? tables : sections.flatMap((v) => Object.keys(v));
  const dym = didYouMean(m[2]!, names);
  if (dym.suggestion) return dym.text;
  return m[1] === 'No table' && tables.length ? ` Its tables: ${tables.join(', ')}.` : '';
}
