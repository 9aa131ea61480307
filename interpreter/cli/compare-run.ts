import { agentFromSpec } from '../agents/index.ts';
import { compareSimulations, type Comparison } from '../analysis/compare.ts';
import type { Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { parseOptions } from './load-program.ts';
import type { SimulationPlan } from './simulate-games.ts';
import type { GameRecord } from '../analysis/summary.ts';
import { formatPoolReport, GamePool, parseWorkers, searching } from './simulate-run.ts';
import { INTERRUPTED } from './interrupt.ts';

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
}

/**
 * Play the same N games (seeds `S:1..S:N`, the same bots per seat) under both rule sets and
 * compare them; prints a message and returns an exit code on bad arguments.
 */
export async function runComparison(command: string, base: { path: string; program: Program }, variant: { path: string; program: Program }, args: CompareArgs, io: Io, progress: (done: number, total: number) => void = () => {}, given?: GamePool): Promise<Comparison | number> {
  const agents = args.agents.split(',');
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith ${command}: --agents, per seat (comma-separated): ${bad.error}\n`); return 2; }
  const workers = parseWorkers(args.workers);
  if (workers === undefined) { io.err(`rulesmith ${command}: --workers takes a positive whole number or auto\n`); return 2; }
  let done = 0;
  const tick = () => progress(++done, 2 * args.games);
  // One pool for both rule sets: its worker threads start once and compile each rule set once.
  // A pool the caller gives is the caller's to close and report on.
  if (given) return compareRuns(command, [base, variant], agents, args, io, given, tick);
  const pool = new GamePool(workers);
  // Ctrl-C ends the run early and compares the seeds both rule sets finished.
  const release = pool.stopOn(io);
  pool.prestart(args.games, base.path, args.root);
  try {
    return await compareRuns(command, [base, variant], agents, args, io, pool, tick);
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
async function compareRuns(command: string, sides: Array<{ path: string; program: Program }>, agents: string[], args: CompareArgs, io: Io, pool: GamePool, tick: () => void): Promise<Comparison | number> {
  const players = args.players !== undefined ? Number(args.players) : undefined;
  const plans: SimulationPlan[] = [];
  for (const side of sides) {
    // Each rule set reads --option by its own declarations (a variant may add or narrow options).
    const options = parseOptions(side.program, args.option, io);
    if (typeof options === 'number') return options;
    plans.push({ path: side.path, seed: args.seed, options, agents, facts: true, ...(players !== undefined ? { players } : {}), ...(args.root !== undefined ? { root: args.root } : {}) });
  }
  const turn = pool.stopOnInterrupt && searching(plans[0]!) ? Math.max(1, Math.ceil(args.games / 8)) : args.games;
  const records: GameRecord[][] = sides.map(() => []);
  for (let from = 1; from <= args.games && !pool.interrupted; from += turn) {
    const range: [number, number] = [from, Math.min(args.games, from + turn - 1)];
    for (const [k, side] of sides.entries()) {
      const played = await pool.play(side.program, plans[k]!, range, tick);
      if ('problems' in played) { io.err(played.problems.map((p) => `rulesmith ${command}: ${side.path}: ${p}\n`).join('')); return 2; }
      records[k]!.push(...played);
      if (pool.interrupted) break;
    }
  }
  const plan = { seed: args.seed, agents };
  if (!pool.interrupted) return compareSimulations({ records: records[0]!, program: sides[0]!.program }, { records: records[1]!, program: sides[1]!.program }, plan);
  // Stopped by Ctrl-C: the seeds both rule sets finished, so the comparison stays paired.
  const variantSeeds = new Set(records[1]!.map((r) => r.seed));
  const both = new Set(records[0]!.map((r) => r.seed).filter((seed) => variantSeeds.has(seed)));
  if (both.size === 0) {
    io.err(`rulesmith ${command}: interrupted before a game of each rule set had ended on the same seed; nothing to compare\n`);
    return INTERRUPTED;
  }
  const paired = records.map((rs) => rs.filter((r) => both.has(r.seed)));
  return { ...compareSimulations({ records: paired[0]!, program: sides[0]!.program }, { records: paired[1]!, program: sides[1]!.program }, plan), interrupted: { finished: both.size, asked: args.games } };
}
