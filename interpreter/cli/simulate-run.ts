import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameRecord } from '../analysis/summary.ts';
import type { Program } from '../runtime/index.ts';
import { playRange, type SimulationPlan } from './simulate-games.ts';

/** Worker threads for a batch: the user's choice, else one per core (up to 4) from 50 games. */
export function workerCount(games: number, raw: string | undefined): number {
  return raw === undefined ? (games >= 50 ? Math.min(4, availableParallelism()) : 1) : Number(raw);
}

/**
 * Play games `first..last` of a plan (all of them: 1..N; a shard: its block), on this thread or
 * split over workers; records come back in game order.
 */
export async function playGames(program: Program, plan: SimulationPlan, [first, last]: [number, number], workers: number, tick: () => void): Promise<GameRecord[] | { problems: string[] }> {
  if (workers === 1 || first > last) return playRange(program, plan, first, last, tick);
  return inWorkers(plan, first, last, workers, tick);
}

/** Split games into contiguous ranges, one per worker; records come back in game order. */
async function inWorkers(plan: SimulationPlan, first: number, last: number, count: number, tick: () => void): Promise<GameRecord[] | { problems: string[] }> {
  const size = Math.ceil((last - first + 1) / count);
  const ranges = Array.from({ length: count }, (_, w) => [first + w * size, Math.min(last, first + (w + 1) * size - 1)] as const).filter(([a, b]) => a <= b);
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
