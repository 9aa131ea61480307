import { parseArgs } from 'node:util';
import { diffRulesets } from '../analysis/diff.ts';
import type { Io } from './io.ts';
import { programFor } from './load-program.ts';

export const DIFF_USAGE = `Usage: rulesmith diff <ruleset-a> <ruleset-b> [--json] [--root DIR]

What <ruleset-b> changes against <ruleset-a>, element by element, with the cells of changed tables.
Typical use: rulesmith diff rulesets/<game> rulesets/<game>/variants/<variant>.yaml
Exit 0 whether or not they differ; 1 when a ruleset has errors; 2 on usage errors.`;

export function runDiff(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith diff: ${(e as Error).message}\n\n${DIFF_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${DIFF_USAGE}\n`); return 0; }
  const [a, b] = args.positionals;
  if (!a || !b) { io.err(`${DIFF_USAGE}\n`); return 2; }
  const pa = programFor(a, io, undefined, args.values.root);
  if (typeof pa === 'number') return pa;
  const pb = programFor(b, io, undefined, args.values.root);
  if (typeof pb === 'number') return pb;
  const changes = diffRulesets(pa.data, pb.data);
  if (args.values.json) { io.out(`${JSON.stringify(changes, null, 2)}\n`); return 0; }
  if (changes.length === 0) { io.out('No differences.\n'); return 0; }
  for (const c of changes) {
    const sign = c.change === 'added' ? '+' : c.change === 'removed' ? '-' : '~';
    io.out(`${sign} ${c.section === c.id ? c.section : `${c.section}.${c.id}`}${c.fields?.length ? ` (${c.fields.join(', ')})` : ''}\n`);
    for (const cell of c.cells ?? []) io.out(`    ${cell}\n`);
  }
  return 0;
}
