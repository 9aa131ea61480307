import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { agentFromSpec } from '../agents/index.ts';
import { summarise, type GameRecord } from '../analysis/summary.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import { playRange, type SimulationPlan } from './simulate-games.ts';
import { formatSummary } from './summary-format.ts';

export const SIMULATE_USAGE = `Usage: rulesmith simulate <ruleset> [--games N] [--seed S] [--players N] [--option k=v…]
                         [--agents random|first|easy|normal|hard|mcts:iterations=N,…] [--workers N] [--replays DIR] [--json] [--root DIR]

Plays N games with bots and prints results per side/player (with 95% intervals), game length and
runtime errors. Game i uses seed "S:i" whichever worker plays it, so the same seed gives the same
summary with any number of workers (default: one per core, up to 4, for 50 games or more).`;

export async function runSimulate(argv: string[], io: Io, progress: (done: number, total: number) => void = () => {}): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv, allowPositionals: true,
      options: { games: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' }, players: { type: 'string' }, option: { type: 'string', multiple: true }, agents: { type: 'string', default: 'random' }, workers: { type: 'string' }, replays: { type: 'string' }, json: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    io.err(`rulesmith simulate: ${(e as Error).message}\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${SIMULATE_USAGE}\n`); return 0; }
  const [path] = args.positionals;
  const games = Number(args.values.games);
  if (!path || !Number.isInteger(games) || games < 1) {
    io.err(`rulesmith simulate: give a ruleset and a positive --games\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const agents = args.values.agents.split(',');
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) {
    io.err(`rulesmith simulate: --agents, per seat (comma-separated): ${bad.error}\n`);
    return 2;
  }
  const workers = args.values.workers === undefined ? (games >= 50 ? Math.min(4, availableParallelism()) : 1) : Number(args.values.workers);
  if (!Number.isInteger(workers) || workers < 1) { io.err('rulesmith simulate: --workers takes a positive whole number\n'); return 2; }
  const plan: SimulationPlan = { path, seed: args.values.seed, options, agents, ...(args.values.players !== undefined ? { players: Number(args.values.players) } : {}), ...(args.values.replays ? { replays: args.values.replays } : {}), ...(args.values.root !== undefined ? { root: args.values.root } : {}) };
  let done = 0;
  const tick = () => progress(++done, games);
  let records: GameRecord[] | { problems: string[] };
  if (workers === 1) records = playRange(program, plan, 1, games, tick);
  else records = await inWorkers(plan, games, workers, tick);
  if ('problems' in records) {
    io.err(records.problems.map((p) => `rulesmith simulate: ${p}\n`).join(''));
    return 2;
  }
  const summary = summarise(records, program);
  io.out(args.values.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary, path));
  return summary.errors.count > 0 ? 1 : 0;
}

/** Split games into contiguous ranges, one per worker; records come back in game order. */
async function inWorkers(plan: SimulationPlan, games: number, count: number, tick: () => void): Promise<GameRecord[] | { problems: string[] }> {
  const size = Math.ceil(games / count);
  const ranges = Array.from({ length: count }, (_, w) => [w * size + 1, Math.min(games, (w + 1) * size)] as const).filter(([a, b]) => a <= b);
  const parts = await Promise.all(ranges.map(([from, to]) => new Promise<GameRecord[] | { problems: string[] }>((resolve, reject) => {
    const worker = newWorker({ plan, from, to });
    worker.on('message', (m: { type: string; records?: GameRecord[] | { problems: string[] } }) => {
      if (m.type === 'progress') tick();
      else if (m.type === 'done') { resolve(m.records!); void worker.terminate(); }
    });
    worker.on('error', reject);
  })));
  const problems = parts.find((p): p is { problems: string[] } => 'problems' in p);
  return problems ?? parts.flat() as GameRecord[];
}

/**
 * Compiled (the package's lib/), the worker runs simulate-worker.js as is; from the TypeScript
 * sources, worker-entry.mjs registers tsx in the worker first (workers do not inherit loaders).
 */
function newWorker(data: { plan: SimulationPlan; from: number; to: number }): Worker {
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./simulate-worker.js', import.meta.url), { workerData: data });
  return new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { module: new URL('./simulate-worker.ts', import.meta.url).href, ...data } });
}
