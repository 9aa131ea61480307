import { agentFromSpec } from '../agents/index.ts';
import { compareSimulations, type Comparison } from '../analysis/compare.ts';
import type { Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { parseOptions } from './load-program.ts';
import type { SimulationPlan } from './simulate-games.ts';
import { formatPoolReport, GamePool, parseWorkers } from './simulate-run.ts';

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
  pool.prestart(args.games, base.path, args.root);
  try {
    return await compareRuns(command, [base, variant], agents, args, io, pool, tick);
  } finally {
    await pool.close();
    if (args.verbose) io.err(formatPoolReport(pool.report(), args.json ?? false));
  }
}

async function compareRuns(command: string, sides: Array<{ path: string; program: Program }>, agents: string[], args: CompareArgs, io: Io, pool: GamePool, tick: () => void): Promise<Comparison | number> {
  const players = args.players !== undefined ? Number(args.players) : undefined;
  const runs = [];
  for (const side of sides) {
    // Each rule set reads --option by its own declarations (a variant may add or narrow options).
    const options = parseOptions(side.program, args.option, io);
    if (typeof options === 'number') return options;
    const plan: SimulationPlan = { path: side.path, seed: args.seed, options, agents, facts: true, ...(players !== undefined ? { players } : {}), ...(args.root !== undefined ? { root: args.root } : {}) };
    const records = await pool.play(side.program, plan, [1, args.games], tick);
    if ('problems' in records) { io.err(records.problems.map((p) => `rulesmith ${command}: ${side.path}: ${p}\n`).join('')); return 2; }
    runs.push({ records, program: side.program });
  }
  return compareSimulations(runs[0]!, runs[1]!, { seed: args.seed, agents });
}
