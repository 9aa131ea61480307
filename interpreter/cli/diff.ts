import { parseCli } from './args.ts';
import type { Comparison } from '../analysis/compare.ts';
import type { Reference } from '../check/index.ts';
import { diffRulesets, type ElementChange } from '../analysis/diff.ts';
import { addUsedBy } from '../analysis/used-by.ts';
import { oddsChanges, type OddsChange } from '../analysis/odds-diff.ts';
import { formatChanges, formatComparison, formatOdds } from './analysis-format.ts';
import { bothNames, comparisonExit, comparisonShard, reversedNote, runComparison } from './compare-run.ts';
import type { Io, Progress } from './io.ts';
import { interruptedLine, interruptedTitle } from './interrupt.ts';
import { parseOptions, programFor } from './load-program.ts';
import { reportPathProblem, writeReport } from './report-file.ts';
import { parseShard, shardRange, type Shard } from './shard.ts';

export const DIFF_USAGE = `Usage: rulesmith diff <ruleset-a> <ruleset-b> [--odds] [--simulate N [--agents A,B…] [--seed S] [--players N] [--workers N|auto]]
                     [--option k=v…] [--report FILE.html] [--json] [--root DIR] [--shard i/n|auto/n --json] [--cache DIR]

What <ruleset-b> changes against <ruleset-a>: tables cell by cell, values old → new, decks card by
card, scripts as line diffs, options added/removed/changed, each with its rulebook source and
the rules that use it (used by: each procedure, phase, action… at file:line:column).
  --odds        outcome distributions before and after of every changed table, die and dice expression
  --simulate N  play N games of each (the same seeds S:1..S:N and bots: a paired design) and compare
                winners, outcomes, game length, score margin and the first seat's win rate, with the
                change and its 95% interval (* when it excludes 0)
  --report F    also write a self-contained HTML report (inline SVG charts) to F
  --cache DIR   keep each game in DIR and take the games an earlier run played there (same rules,
                plan and rulesmith): after an edit to the variant only its games are played again
  --shard i/n --json  with --simulate: play only shard i of n of the games (a contiguous block) and
                print it for 'rulesmith merge', which prints what the unsharded diff prints (auto/n:
                i from JOB_COMPLETION_INDEX + 1, as a Kubernetes Indexed Job sets it)
Typical use: rulesmith diff rulesets/<game> rulesets/<game>/variants/<variant>.yaml --odds
Exit 0 whether or not they differ; 1 when a ruleset has errors or simulated games hit runtime errors; 2 on usage errors.
Ctrl-C during --simulate compares the seeds both rule sets finished and exits 130.`;

export async function runDiff(argv: string[], io: Io, progress?: Progress): Promise<number> {
  let args;
  try {
    args = parseCli({
      args: argv, allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, odds: { type: 'boolean', default: false }, simulate: { type: 'string' }, agents: { type: 'string', default: 'random' }, seed: { type: 'string', default: '1' }, players: { type: 'string' }, workers: { type: 'string' }, option: { type: 'string', multiple: true }, report: { type: 'string' }, shard: { type: 'string' }, cache: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    io.err(`rulesmith diff: ${(e as Error).message}\n\n${DIFF_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${DIFF_USAGE}\n`); return 0; }
  const [a, b] = args.positionals;
  if (!a || !b || args.positionals.length > 2) { io.err(`${DIFF_USAGE}\n`); return 2; }
  const games = args.values.simulate === undefined ? 0 : Number(args.values.simulate);
  if (!Number.isInteger(games) || games < 0 || (args.values.simulate !== undefined && games < 1)) { io.err(`rulesmith diff: --simulate takes a positive number of games\n\n${DIFF_USAGE}\n`); return 2; }
  let shard: Shard | undefined;
  if (args.values.shard !== undefined) {
    const sh = parseShard(args.values.shard, process.env);
    const why = 'error' in sh ? sh.error : games === 0 ? '--shard splits the games of --simulate N; add --simulate' : !args.values.json ? '--shard prints its games as JSON for rulesmith merge; add --json'
      : args.values.report !== undefined ? '--shard and --report do not go together; merge the shards with --report' : undefined;
    if (why !== undefined) { io.err(`rulesmith diff: ${why}\n`); return 2; }
    shard = sh as Shard;
  }
  const unwritable = args.values.report !== undefined ? reportPathProblem(args.values.report) : undefined;
  if (unwritable) { io.err(`rulesmith diff: ${unwritable}\n`); return 2; }
  const refsA: Reference[] = [];
  const refsB: Reference[] = [];
  const pa = programFor(a, io, undefined, args.values.root, refsA);
  if (typeof pa === 'number') return pa;
  const pb = programFor(b, io, undefined, args.values.root, refsB);
  if (typeof pb === 'number') return pb;
  const changes = diffRulesets(pa.data, pb.data);
  addUsedBy(changes, { refs: refsA, data: pa.data }, { refs: refsB, data: pb.data });
  let odds: OddsChange[] | undefined;
  if (args.values.odds) {
    const oa = parseOptions(pa, args.values.option, io);
    if (typeof oa === 'number') return oa;
    const ob = parseOptions(pb, args.values.option, io);
    if (typeof ob === 'number') return ob;
    odds = oddsChanges(pa, pb, changes, { base: oa, variant: ob });
  }
  const sides = [{ path: a, program: pa }, { path: b, program: pb }] as const;
  // A variant given first, its base second: every change is the variant's reversed.
  const note = reversedNote('diff', ...sides);
  if (shard) {
    const range = shardRange(games, shard);
    return comparisonShard('diff', shard, ...sides, { ...args.values, games, range }, io, progress ?? (() => {}), undefined, { changes, ...(odds ? { odds } : {}), ...(note ? { note } : {}) });
  }
  let comparison: Comparison | undefined;
  if (games > 0) {
    const c = await runComparison('diff', ...sides, { ...args.values, games }, io, progress);
    if (typeof c === 'number') return c;
    comparison = c;
  }
  return printDiff({ base: a, variant: b, ...(note ? { note } : {}), changes, ...(odds ? { odds } : {}), ...(comparison ? { comparison } : {}), names: bothNames(...sides) }, ['rulesmith diff', ...argv].join(' '), args.values, io);
}

/** What `diff` found: the changes, and the odds and games when asked for. */
export interface DiffResult {
  base: string;
  variant: string;
  /** Said above everything: the first rule set extends the second (`reversedNote`). */
  note?: string;
  changes: ElementChange[];
  odds?: OddsChange[];
  comparison?: Comparison;
  /** Sides' names by id (`sideNames`), for the winners' labels. */
  names?: Record<string, string>;
}

/**
 * Print what `diff` prints (`merge` of diff shards prints the same), writing the report first
 * when asked; returns the exit status.
 */
export function printDiff(d: DiffResult, command: string, out: { json?: boolean; report?: string }, io: Io, name = 'diff'): number {
  const { base: a, variant: b, note, changes, odds, comparison, names } = d;
  // A failed write is said, and the figures still printed below: the games are not lost for the report.
  const written = writeReport(name, out.report, { title: `What ${b} changes${interruptedTitle(comparison?.interrupted)}`, command, base: a, variant: b, ...(note ? { note } : {}), changes, ...(odds ? { odds } : {}), ...(comparison ? { comparison } : {}), ...(names ? { names } : {}) }, io);
  if (out.json) {
    if (note) io.err(`rulesmith ${name}: ${note}\n`);
    io.out(`${JSON.stringify({ base: a, variant: b, changes, ...(odds ? { odds } : {}), ...(comparison ? { simulation: comparison } : {}) }, null, 2)}\n`);
  } else {
    if (note) io.out(`${note}\n\n`);
    // Which way the arrows read: old (the base) → new (the variant).
    io.out(`${b} against ${a} (old → new):\n\n${formatChanges(changes)}`);
    if (odds) io.out(`\n${formatOdds(odds)}`);
    if (comparison) io.out(`\n${interruptedLine(comparison.interrupted, true)}${formatComparison(comparison, a, b, undefined, names)}`);
    if (out.report && written) io.out(`\nreport written to ${out.report}\n`);
  }
  if (!written) return 2;
  return comparison ? comparisonExit(comparison) : 0;
}
