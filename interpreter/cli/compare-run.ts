import { agentFromSpec } from '../agents/index.ts';
import { compareSimulations, type Comparison } from '../analysis/compare.ts';
import type { Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { parseOptions } from './load-program.ts';
import type { SimulationPlan } from './simulate-games.ts';
import { playGames, workerCount } from './simulate-run.ts';

export interface CompareArgs {
  games: number;
  seed: string;
  agents: string;
  players?: string;
  option?: string[];
  workers?: string;
  root?: string;
}

/**
 * Play the same N games (seeds `S:1..S:N`, the same bots per seat) under both rule sets and
 * compare them; prints a message and returns an exit code on bad arguments.
 */
export async function runComparison(command: string, base: { path: string; program: Program }, variant: { path: string; program: Program }, args: CompareArgs, io: Io, progress: (done: number, total: number) => void = () => {}): Promise<Comparison | number> {
  const agents = args.agents.split(',');
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith ${command}: --agents, per seat (comma-separated): ${bad.error}\n`); return 2; }
  const workers = workerCount(args.games, args.workers);
  if (!Number.isInteger(workers) || workers < 1) { io.err(`rulesmith ${command}: --workers takes a positive whole number\n`); return 2; }
  const players = args.players !== undefined ? Number(args.players) : undefined;
  let done = 0;
  const tick = () => progress(++done, 2 * args.games);
  const runs = [];
  for (const side of [base, variant]) {
    // Each rule set reads --option by its own declarations (a variant may add or narrow options).
    const options = parseOptions(side.program, args.option, io);
    if (typeof options === 'number') return options;
    const plan: SimulationPlan = { path: side.path, seed: args.seed, options, agents, facts: true, ...(players !== undefined ? { players } : {}), ...(args.root !== undefined ? { root: args.root } : {}) };
    const records = await playGames(side.program, plan, [1, args.games], workers, tick);
    if ('problems' in records) { io.err(records.problems.map((p) => `rulesmith ${command}: ${side.path}: ${p}\n`).join('')); return 2; }
    runs.push({ records, program: side.program });
  }
  return compareSimulations(runs[0]!, runs[1]!, { seed: args.seed, agents });
}
