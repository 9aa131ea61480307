import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { summariseRecords, type GameRecord } from '../analysis/summary.ts';
import type { Io } from './io.ts';
import type { ShardFile } from './shard.ts';
import { formatSummary } from './summary-format.ts';
import { aggregate, formatTournament, type TournamentGame, type TournamentRun } from './tournament-games.ts';

export const MERGE_USAGE = `Usage: rulesmith merge <shard.json>… [--json]

Merges the shards of one run ('rulesmith simulate … --shard i/n --json' or 'rulesmith tournament
… --shard i/n --json', one file per shard, in any order) and prints what the unsharded command
prints: the same text, or with --json the same JSON. Exit 1 when games hit runtime errors (as the
unsharded run); exit 2 when a file is not a shard, shards belong to different runs (ruleset path
or hash, seed, games, options, agents, players, n), or a shard is missing or given twice.`;

interface Loaded {
  file: string;
  shard: ShardFile;
  index: number;
  count: number;
}

export function runMerge(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith merge: ${(e as Error).message}\n\n${MERGE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${MERGE_USAGE}\n`); return 0; }
  if (args.positionals.length === 0) { io.err(`rulesmith merge: give the shard files\n\n${MERGE_USAGE}\n`); return 2; }
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
  if (first.command === 'simulate') {
    const summary = summariseRecords(records as GameRecord[], String(run.ruleset), String(run.hash));
    io.out(args.values.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary, String(run.path)));
    return summary.errors.count > 0 || (summary.invariants?.violations ?? 0) > 0 ? 1 : 0;
  }
  const result = aggregate(run as unknown as TournamentRun, records as TournamentGame[]);
  io.out(formatTournament(String(run.path), result, args.values.json));
  return result.errors.length ? 1 : 0;
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
    return `${file} is not JSON; a shard is what 'rulesmith simulate|tournament … --shard i/n --json' prints`;
  }
  const s = data as Partial<ShardFile>;
  if (!s || typeof s !== 'object' || s.format !== 'rulesmith-shard') return `${file} is not a shard; a shard is what 'rulesmith simulate|tournament … --shard i/n --json' prints`;
  if (s.version !== 1) return `${file} is a shard of format version ${String(s.version)}; this rulesmith reads version 1 (use the same rulesmith for shards and merge)`;
  const m = /^(\d+)\/(\d+)$/.exec(String(s.shard));
  const [from, to] = [Number(s.from), Number(s.to)];
  if (!m || (s.command !== 'simulate' && s.command !== 'tournament') || !s.run || typeof s.run !== 'object' || !Array.isArray(s.records)
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
