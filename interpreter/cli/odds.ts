import { parseArgs } from 'node:util';
import { ESTIMATE_SAMPLES, MAX_WORK, MAX_PATHS, estimateOdds, exactOdds, type Distribution } from '../analysis/odds.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';

export const ODDS_USAGE = `Usage: rulesmith odds <ruleset> <expression | table> [--option k=v…] [--json] [--root DIR]

The exact probability distribution of an expression's values over every outcome of its dice,
e.g. "roll on crt column 7", "2d6 >= 9", "half_up(1d6)". A table name alone rolls on it (a cross
table prints every column).

Past ${MAX_PATHS.toLocaleString('en-US')} dice combinations (or ${MAX_WORK.toLocaleString('en-US')} units of work) the exact answer is not
computed: odds says so and prints a Monte Carlo ESTIMATE instead (up to ${ESTIMATE_SAMPLES.toLocaleString('en-US')} samples, fixed
seed, so the same every run; JSON: "estimate": {samples, seed}). --exact refuses instead (exit 1).`;

export function runOdds(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, exact: { type: 'boolean', default: false }, option: { type: 'string', multiple: true }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith odds: ${(e as Error).message}\n\n${ODDS_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${ODDS_USAGE}\n`); return 0; }
  const [path, ...rest] = args.positionals;
  const text = rest.join(' ').trim();
  if (!path || !text) { io.err(`${ODDS_USAGE}\n`); return 2; }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const table = program.data.tables?.[text];
  const queries: Array<{ label: string; expr: string }> = [];
  if (table && Array.isArray(table.columns)) for (const c of table.columns) queries.push({ label: `column ${c}`, expr: `roll on ${text} column ${firstValue(String(c))}` });
  else if (table) queries.push({ label: text, expr: `roll on ${text}` });
  else queries.push({ label: text, expr: text });
  const results: Array<{ label: string; expression: string } & Distribution> = [];
  for (const q of queries) {
    const setup = { seed: 'odds', options };
    let d = exactOdds(program, q.expr, setup);
    if ('error' in d && d.tooLarge && !args.values.exact) {
      io.err(`rulesmith odds: ${d.error}\nrulesmith odds: showing a Monte Carlo estimate instead (not exact; --exact to refuse).\n`);
      d = estimateOdds(program, q.expr, setup);
    }
    if ('error' in d) { io.err(`rulesmith odds: ${d.error}\n`); return 1; }
    results.push({ label: q.label, expression: q.expr, ...d });
  }
  if (args.values.json) io.out(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  else io.out(results.map(format).join('\n'));
  return 0;
}

/** A value inside a column band label: `2-3` → 2, `16+` → 16, a name → itself. */
function firstValue(label: string): string {
  const m = /^\s*(-?\d+)/.exec(label);
  return m ? m[1]! : label;
}

/** Outcome lines printed per result; the JSON output has them all. */
const MAX_LINES = 60;

function format(r: { label: string; expression: string } & Distribution): string {
  const shown = r.outcomes.slice(0, MAX_LINES);
  const width = Math.max(...shown.map((o) => JSON.stringify(o.value).length));
  // An estimate prints frequencies as percentages only: "n/samples" would read as an exact fraction.
  const lines = shown.map((o) => `  ${JSON.stringify(o.value).padEnd(width)}  ${r.estimate ? '' : `${o.p.padStart(9)}  `}${r.estimate ? '≈' : ''}${(o.decimal * 100).toFixed(2).padStart(6)}%`);
  if (r.outcomes.length > shown.length) lines.push(`  … ${r.outcomes.length - shown.length} more values (--json lists them all)`);
  const mean = r.mean === undefined ? '' : r.estimate ? `  mean ≈ ${r.mean.toFixed(4)}\n` : `  mean ${r.meanExact} ≈ ${r.mean.toFixed(4)}\n`;
  const title = r.estimate ? `ESTIMATE, not exact (Monte Carlo, ${r.estimate.samples.toLocaleString('en-US')} samples, seed "${r.estimate.seed}")\n` : '';
  return `${title}${r.label} — ${r.expression}\n${lines.join('\n')}\n${mean}`;
}
