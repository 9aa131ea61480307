import { resolve } from 'node:path';
import { agentFromSpec, splitAgentSpecs } from '../agents/index.ts';
import { compareRecordSets, type Comparison } from '../analysis/compare.ts';
import type { Program } from '../runtime/index.ts';
import type { Io, Progress } from './io.ts';
import { parseOptions } from './load-program.ts';
import type { SimulationPlan } from './simulate-games.ts';
import { rulesetName, type GameRecord } from '../analysis/summary.ts';
import { sideNames } from '../analysis/labels.ts';
import { formatPoolReport, GamePool, parseWorkers, searching } from './simulate-run.ts';
import { INTERRUPTED, nothingToReport } from './interrupt.ts';
import { cacheLine, GameCache, playKept } from './game-cache.ts';
import { shardFile, shardJson, type Shard, type ShardFile } from './shard.ts';

export interface CompareArgs {
  games: number;
  seed: string;
  agents: string;
  players?: string;
  option?: string[];
  workers?: string;
  /** Print the pool's threads and memory to stderr. */
  verbose?: boolean;
  json?: boolean;
  root?: string;
  /** Keep games in this folder between runs, and take the ones kept there (`game-cache.ts`). */
  cache?: string;
  /** Games `from..to` of the N (a shard's block); all N when absent. */
  range?: [number, number];
}

interface Side {
  path: string;
  program: Program;
}

/** Both rule sets' games over the range played, in game order, and the options each read. */
export interface ComparedGames {
  records: [GameRecord[], GameRecord[]];
  options: [Record<string, unknown>, Record<string, unknown>];
  interrupted: boolean;
  range: [number, number];
}

/** Game i of a comparison shard: its record under the base and under the variant. */
export type ComparedPair = [GameRecord, GameRecord];

/** What names a comparison run: shards merge only when these are equal. */
export interface ComparisonRun {
  /** The command that played it, whose output `merge` prints. */
  command: 'simulate' | 'diff';
  base: string;
  variant: string;
  rulesets: [string, string];
  hashes: [string, string];
  seed: string;
  games: number;
  players?: number;
  options: [Record<string, unknown>, Record<string, unknown>];
  agents: string[];
  /** Sides' names of both rule sets (`sideNames`), for what merge prints. */
  names?: Record<string, string>;
}

/**
 * Play the same N games (seeds `S:1..S:N`, the same bots per seat) under both rule sets and
 * compare them; prints a message and returns an exit code on bad arguments.
 */
export async function runComparison(command: string, base: Side, variant: Side, args: CompareArgs, io: Io, progress: Progress = () => {}, given?: GamePool): Promise<Comparison | number> {
  const played = await playComparison(command, base, variant, args, io, progress, given);
  return typeof played === 'number' ? played : comparisonOf(command, played, base, variant, args, io);
}

/** Both rule sets' games of `args.range` (all N by default); a message and an exit code on bad arguments. */
export async function playComparison(command: string, base: Side, variant: Side, args: CompareArgs, io: Io, progress: Progress = () => {}, given?: GamePool): Promise<ComparedGames | number> {
  const agents = splitAgentSpecs(args.agents);
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith ${command}: --agents, per seat (comma-separated): ${bad.error}\n`); return 2; }
  const workers = parseWorkers(args.workers);
  if (workers === undefined) { io.err(`rulesmith ${command}: --workers takes a positive whole number or auto\n`); return 2; }
  const range = args.range ?? [1, args.games];
  const count = Math.max(0, range[1] - range[0] + 1);
  let done = 0;
  let restored = 0;
  const tick = (fromCache?: boolean) => {
    if (fromCache) restored++;
    progress(++done, 2 * count, restored);
  };
  // One pool for both rule sets: its worker threads start once and compile each rule set once.
  // A pool the caller gives is the caller's to close and report on.
  if (given) return compareRuns(command, [base, variant], agents, range, args, io, given, tick);
  const pool = new GamePool(workers);
  // Ctrl-C ends the run early and compares the seeds both rule sets finished.
  const release = pool.stopOn(io);
  pool.prestart(count, base.path, args.root);
  try {
    return await compareRuns(command, [base, variant], agents, range, args, io, pool, tick);
  } finally {
    release();
    await pool.close();
    if (args.verbose) io.err(formatPoolReport(pool.report(), args.json ?? false));
  }
}

/**
 * Both rule sets' games. A run that Ctrl-C can stop, with search bots (minutes a game), takes the
 * rule sets in turns of an eighth of the games, so that stopped at any point it has played about
 * as many of each; other runs play one rule set, then the other (each switch makes the worker
 * threads load the other rules). The records are the same either way: game i is seed `S:i`.
 */
async function compareRuns(command: string, sides: [Side, Side], agents: string[], range: [number, number], args: CompareArgs, io: Io, pool: GamePool, tick: (fromCache?: boolean) => void): Promise<ComparedGames | number> {
  const players = args.players !== undefined ? Number(args.players) : undefined;
  const plans: SimulationPlan[] = [];
  for (const side of sides) {
    // Each rule set reads --option by its own declarations (a variant may add or narrow options).
    const options = parseOptions(side.program, args.option, io);
    if (typeof options === 'number') return options;
    plans.push({ path: side.path, seed: args.seed, options, agents, facts: true, ...(players !== undefined ? { players } : {}), ...(args.root !== undefined ? { root: args.root } : {}) });
  }
  const count = range[1] - range[0] + 1;
  const turn = pool.stopOnInterrupt && searching(plans[0]!) ? Math.max(1, Math.ceil(count / 8)) : Math.max(1, count);
  const records: [GameRecord[], GameRecord[]] = [[], []];
  const cache = args.cache !== undefined ? new GameCache(args.cache) : undefined;
  const kept = { games: 0 };
  for (let from = range[0]; from <= range[1] && !pool.interrupted; from += turn) {
    const block: [number, number] = [from, Math.min(range[1], from + turn - 1)];
    for (const [k, side] of sides.entries()) {
      const played = await playKept(pool, cache, side.program, plans[k]!, block, tick, kept);
      if ('problems' in played) { io.err(played.problems.map((p) => `rulesmith ${command}: ${side.path}: ${p}\n`).join('')); return 2; }
      records[k]!.push(...played);
      if (pool.interrupted) break;
    }
  }
  if (cache) io.err(cacheLine(command, plans[0]!, kept.games, records[0].length + records[1].length - kept.games, cache.dir));
  return { records, options: [plans[0]!.options, plans[1]!.options], interrupted: pool.interrupted, range };
}

/** The comparison of games played; stopped by Ctrl-C, of the seeds both rule sets finished, so it stays paired. */
function comparisonOf(command: string, played: ComparedGames, base: Side, variant: Side, args: CompareArgs, io: Io): Comparison | number {
  const plan = { seed: args.seed, agents: splitAgentSpecs(args.agents) };
  const named = (records: GameRecord[], side: Side) => ({ records, ruleset: rulesetName(side.program), hash: side.program.hash });
  if (!played.interrupted) return compareRecordSets(named(played.records[0], base), named(played.records[1], variant), plan);
  const variantSeeds = new Set(played.records[1].map((r) => r.seed));
  const both = new Set(played.records[0].map((r) => r.seed).filter((seed) => variantSeeds.has(seed)));
  if (both.size === 0) {
    io.err(`rulesmith ${command}: interrupted before a game of each rule set had ended on the same seed; nothing to compare\n`);
    return INTERRUPTED;
  }
  const [b, v] = played.records.map((rs) => rs.filter((r) => both.has(r.seed))) as [GameRecord[], GameRecord[]];
  return { ...compareRecordSets(named(b, base), named(v, variant), plan), interrupted: { finished: both.size, asked: args.games } };
}

/**
 * Play shard `shard` of a comparison and print its file for `rulesmith merge` (`context`: what the
 * command prints besides the games, the same in every shard). Interrupted, it prints nothing:
 * a shard stands for its whole block.
 */
export async function comparisonShard(command: ComparisonRun['command'], shard: Shard, base: Side, variant: Side, args: CompareArgs, io: Io, progress: Progress, given?: GamePool, context?: Record<string, unknown>): Promise<number> {
  const played = await playComparison(command, base, variant, args, io, progress, given);
  if (typeof played === 'number') return played;
  const count = played.range[1] - played.range[0] + 1;
  if (played.interrupted) {
    io.err(nothingToReport(command, Math.min(played.records[0].length, played.records[1].length), count, true)!);
    return INTERRUPTED;
  }
  const run: ComparisonRun = {
    command, base: base.path, variant: variant.path, rulesets: [rulesetName(base.program), rulesetName(variant.program)], hashes: [base.program.hash, variant.program.hash],
    seed: args.seed, games: args.games, ...(args.players !== undefined ? { players: Number(args.players) } : {}), options: played.options, agents: splitAgentSpecs(args.agents),
    names: bothNames(base, variant),
  };
  const pairs = played.records[0].map((r, i): ComparedPair => [r, played.records[1][i]!]);
  const file: ShardFile<ComparedPair> = { ...shardFile('compare', shard, run as unknown as Record<string, unknown>, played.range, pairs), ...(context ? { context } : {}) };
  io.out(shardJson(file));
  return 0;
}

/** Both rule sets' sides by name, the variant's where it renames one. */
export const bothNames = (base: Side, variant: Side): Record<string, string> => ({ ...sideNames(base.program.data), ...sideNames(variant.program.data) });

/** A finished comparison's exit status: 130 when Ctrl-C stopped it, 1 when games hit runtime errors. */
export const comparisonExit = (c: Comparison): number => (c.interrupted ? INTERRUPTED : c.base.errors.count + c.variant.errors.count > 0 ? 1 : 0);

/**
 * When the first rule set given is a variant of the second (the second is in its `extends`
 * chain), a line that says so: the figures run from the variant to its base, every change the
 * other way round from the one the variant makes. Undefined otherwise.
 */
export function reversedNote(command: 'simulate' | 'diff', first: Side, second: Side): string | undefined {
  const chain = first.program.model.lineage.slice(0, -1).map((f) => resolve(f));
  if (!chain.includes(resolve(second.program.model.entry))) return undefined;
  const [a, b] = [first.path, second.path];
  const reverse = `note: ${a} extends ${b}, so ${command === 'simulate' ? 'the figures are' : 'this shows'} ${a} → ${b}, the reverse of the change your variant makes`;
  return command === 'simulate'
    ? `${reverse}; for that change, write \`rulesmith simulate ${b} --compare ${a}\`.`
    : `${reverse} (what it adds shows as removed); for that change, write \`rulesmith diff ${b} ${a}\`.`;
}
