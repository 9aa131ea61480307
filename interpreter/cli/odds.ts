import { parseArgs } from 'node:util';
import { exactOdds, type Distribution } from '../analysis/odds.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';

export const ODDS_USAGE = `Usage: rulesmith odds <ruleset> <expression | table> [--option k=v…] [--json] [--root DIR]

The exact probability distribution of an expression's values over every outcome of its dice,
e.g. "roll on crt column 7", "2d6 >= 9", "half_up(1d6)". A table name alone rolls on it (a cross
table prints every column).`;

export function runOdds(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, option: { type: 'string', multiple: true }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
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
    const d = exactOdds(program, q.expr, { seed: 'odds', options });
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

function format(r: { label: string; expression: string } & Distribution): string {
  const width = Math.max(...r.outcomes.map((o) => JSON.stringify(o.value).length));
  const lines = r.outcomes.map((o) => `  ${JSON.stringify(o.value).padEnd(width)}  ${o.p.padStart(9)}  ${(o.decimal * 100).toFixed(2).padStart(6)}%`);
  const mean = r.mean !== undefined ? `  mean ${r.meanExact} ≈ ${r.mean.toFixed(4)}\n` : '';
  return `${r.label} — ${r.expression}\n${lines.join('\n')}\n${mean}`;
}
