import { readFileSync } from 'node:fs';
import { parseCli } from './args.ts';
import { compareRecordSets } from '../analysis/compare.ts';
import type { ElementChange } from '../analysis/diff.ts';
import type { OddsChange } from '../analysis/odds-diff.ts';
import { summariseRecords, type GameRecord } from '../analysis/summary.ts';
import { formatComparison } from './analysis-format.ts';
import { comparisonExit, type ComparedPair, type ComparisonRun } from './compare-run.ts';
import { printDiff } from './diff.ts';
import { reportPathProblem, writeReport } from './report-file.ts';
import type { Io } from './io.ts';
import type { ShardFile } from './shard.ts';
import { formatSummary } from './summary-format.ts';
import { aggregate, formatTournament, type TournamentGame, type TournamentRun } from './tournament-games.ts';

export const MERGE_USAGE = `Usage: rulesmith merge <shard.json>… [--json] [--report FILE.html]

Merges the shards of one run (what 'rulesmith simulate|tournament … --shard i/n --json',
'rulesmith simulate … --compare <other> --shard i/n --json' or 'rulesmith diff <a> <b> --simulate N
--shard i/n --json' print, one file per shard, in any order) and prints what the unsharded command
prints: the same text, or with --json the same JSON. --report writes the HTML report the unsharded
simulate or diff would (not for tournaments). Exit 1 when games hit runtime errors (as the
unsharded run); exit 2 when a file is not a shard, shards belong to different runs (ruleset path
or hash, seed, games, options, agents, players, n), or a shard is missing or given twice.`;

/** What every "not a shard" message says a shard is. */
const SHARD_IS = "a shard is what 'rulesmith simulate|tournament|diff … --shard i/n --json' prints";

interface Loaded {
  file: string;
  shard: ShardFile;
  index: number;
  count: number;
}

export function runMerge(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, report: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith merge: ${(e as Error).message}\n\n${MERGE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${MERGE_USAGE}\n`); return 0; }
  if (args.positionals.length === 0) { io.err(`rulesmith merge: give the shard files\n\n${MERGE_USAGE}\n`); return 2; }
  const unwritable = args.values.report !== undefined ? reportPathProblem(args.values.report) : undefined;
  if (unwritable) { io.err(`rulesmith merge: ${unwritable}\n`); return 2; }
  const loaded: Loaded[] = [];
  for (const file of args.positionals) {
    const l = load(file);
    if (typeof l === 'string') { io.err(`rulesmith merge: ${l}\n`); return 2; }
    loaded.push(l);
  }
  const problem = mismatch(loaded);
  if (problem) { io.err(`rulesmith merge: ${problem}\n`); return 2; }
  // Contiguous blocks in shard order are the games in order, as one run plays them.
  loaded.sort((a, b) => a.index - b.index);
  const first = loaded[0]!.shard;
  const records = loaded.flatMap((l) => l.shard.records);
  const run = first.run;
  const command = ['rulesmith merge', ...argv].join(' ');
  if (first.command === 'compare') return mergeComparison(run as unknown as ComparisonRun, records as ComparedPair[], first.context, command, args.values, io);
  if (first.command === 'simulate') {
    const summary = summariseRecords(records as GameRecord[], String(run.ruleset), String(run.hash));
    const names = (run.names as Record<string, string> | undefined) ?? {};
    const written = writeReport('merge', args.values.report, { title: `Simulation of ${String(run.path)}`, command, summary, names }, io);
    io.out(args.values.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary, String(run.path), (run.agents as string[] | undefined) ?? [], names));
    if (!written) return 2;
    return summary.errors.count > 0 || (summary.invariants?.violations ?? 0) > 0 ? 1 : 0;
  }
  if (args.values.report !== undefined) { io.err('rulesmith merge: --report is for simulate and diff shards; a tournament has no report\n'); return 2; }
  const result = aggregate(run as unknown as TournamentRun, records as TournamentGame[]);
  io.out(formatTournament(String(run.path), result, args.values.json, run.names as Record<string, string> | undefined));
  return result.errors.length ? 1 : 0;
}

/** A comparison's shards: what the unsharded `simulate --compare` or `diff --simulate` prints. */
function mergeComparison(run: ComparisonRun, pairs: ComparedPair[], context: Record<string, unknown> | undefined, command: string, out: { json?: boolean; report?: string }, io: Io): number {
  const side = (k: 0 | 1) => ({ records: pairs.map((p) => p[k]), ruleset: run.rulesets[k], hash: run.hashes[k] });
  const comparison = compareRecordSets(side(0), side(1), { seed: run.seed, agents: run.agents });
  const { changes, odds, note } = (context ?? {}) as { changes?: ElementChange[]; odds?: OddsChange[]; note?: string };
  if (run.command === 'diff') return printDiff({ base: run.base, variant: run.variant, ...(note ? { note } : {}), changes: changes ?? [], ...(odds ? { odds } : {}), comparison, ...(run.names ? { names: run.names } : {}) }, command, out, io, 'merge');
  const written = writeReport('merge', out.report, { title: `${run.base} against ${run.variant}`, command, base: run.base, variant: run.variant, ...(note ? { note } : {}), changes: changes ?? [], comparison, ...(run.names ? { names: run.names } : {}) }, io);
  if (out.json && note) io.err(`rulesmith merge: ${note}\n`);
  io.out(out.json ? `${JSON.stringify(comparison, null, 2)}\n` : formatComparison(comparison, run.base, run.variant, note, run.names));
  return written ? comparisonExit(comparison) : 2;
}

/** Read one shard file, or say what is wrong with it. */
function load(file: string): Loaded | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return `${file} is not JSON; ${SHARD_IS}`;
  }
  const s = data as Partial<ShardFile>;
  if (!s || typeof s !== 'object' || s.format !== 'rulesmith-shard') return `${file} is not a shard; ${SHARD_IS}`;
  if (s.version !== 1) return `${file} is a shard of format version ${String(s.version)}; this rulesmith reads version 1 (use the same rulesmith for shards and merge)`;
  const m = /^(\d+)\/(\d+)$/.exec(String(s.shard));
  const [from, to] = [Number(s.from), Number(s.to)];
  if (!m || !['simulate', 'tournament', 'compare'].includes(String(s.command)) || !s.run || typeof s.run !== 'object' || !Array.isArray(s.records)
    || !Number.isInteger(from) || !Number.isInteger(to) || s.records.length !== Math.max(0, to - from + 1)) {
    return `${file} is a damaged shard (its command, shard, run or games do not add up); run that shard again`;
  }
  return { file, shard: s as ShardFile, index: Number(m[1]), count: Number(m[2]) };
}

/** Why these shards are not the n shards of one run, or undefined when they are. */
function mismatch(loaded: Loaded[]): string | undefined {
  const [a] = loaded as [Loaded];
  for (const b of loaded.slice(1)) {
    if (b.shard.command !== a.shard.command) return `${a.file} is a ${a.shard.command} shard and ${b.file} a ${b.shard.command} shard: shards of different runs`;
    if (b.count !== a.count) return `${a.file} is shard ${a.shard.shard} and ${b.file} shard ${b.shard.shard}: they split the run into different numbers of shards`;
    const keys = [...new Set([...Object.keys(a.shard.run), ...Object.keys(b.shard.run)])];
    const differ = keys.filter((k) => JSON.stringify(a.shard.run[k]) !== JSON.stringify(b.shard.run[k]));
    if (differ.length) {
      const what = differ.map((k) => `${k} ${JSON.stringify(a.shard.run[k]) ?? '(none)'} vs ${JSON.stringify(b.shard.run[k]) ?? '(none)'}`).join(', ');
      return `${a.file} and ${b.file} are shards of different runs (${what}); merge only the shards of one command`;
    }
  }
  const seen = new Map<number, string>();
  for (const l of loaded) {
    const other = seen.get(l.index);
    if (other !== undefined) return `shard ${l.shard.shard} is given twice (${other} and ${l.file})`;
    seen.set(l.index, l.file);
  }
  const missing = Array.from({ length: a.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length) return `missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${a.count}`).join(', ')} of ${a.count}; run ${missing.length > 1 ? 'them' : 'it'} with --shard and merge all ${a.count}`;
  return undefined;
}
