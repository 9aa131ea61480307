/**
 * `npm run bench:workers` (`-- --games N --normal-games N --rounds N --json`): does
 * `simulate --workers 2` pay against `--workers 1` on Battle of Seattle, with random bots and
 * with `normal` search bots? Not part of `npm test`.
 *
 * Method. Each run is the CLI as users run it: a fresh `node bin/rulesmith.js simulate` process on
 * the compiled lib/ (built first, as `npm pack` does), so every run pays its own start-up, worker
 * threads included. Per run: wall time (measured here) and the process's CPU time and peak
 * memory (all threads; from `--verbose --json`), and the games and heap peak of each thread. The
 * machine is shared, so 1 and 2 workers alternate in blocks (1 2, then 2 1, …) and ratios are
 * taken per round (median, min–max). The CPU ratio (2 workers / 1) is what the second thread
 * costs in extra work: start-up, compiling the rules again, cold code; other load does not enter
 * it, while it does enter the wall ratio. Both runs must print byte-identical JSON.
 * On Linux each thread's own CPU time is known too: the 1-worker run's thread against the busiest
 * thread of the 2-worker run estimates the speed-up on two cores nobody else uses (what the wall
 * ratio would be on an idle machine; it leaves out V8's helper threads and waiting for a core).
 *
 * A Battle of Seattle game between two `normal` bots costs about two minutes of CPU, so the
 * normal workload plays a few games (`--normal-games`), not 1,000.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { PoolReport } from '../../interpreter/cli/simulate-run.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const json = argv.includes('--json');
const ROUNDS = flag('rounds', 3);
const WORKLOADS = [
  { name: 'random', agents: 'random', games: flag('games', 1000), rounds: ROUNDS },
  { name: 'normal', agents: 'normal', games: flag('normal-games', 2), rounds: flag('normal-rounds', 1) },
].filter((w) => w.games > 0 && w.rounds > 0);

interface Run {
  workers: number;
  wallMs: number;
  cpuMs: number;
  rssPeakBytes: number;
  threads: PoolReport['threads'];
  digest: string;
}

function simulate(agents: string, games: number, workers: number): Run {
  const args = ['bin/rulesmith.js', 'simulate', 'rulesets/battle-of-seattle', '--games', String(games), '--seed', 'bench', '--agents', agents, '--workers', String(workers), '--json', '--verbose'];
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallMs = performance.now() - start;
  const line = r.stderr.trim().split('\n').pop() ?? '';
  if (r.status === null || r.status > 1 || !line.startsWith('{"pool"')) throw new Error(`simulate --workers ${workers} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  const pool = (JSON.parse(line) as { pool: PoolReport }).pool;
  return { workers, wallMs, cpuMs: pool.cpuMs, rssPeakBytes: pool.rssPeakBytes, threads: pool.threads, digest: createHash('sha256').update(r.stdout).digest('hex') };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[]) => ({ median: +median(xs).toFixed(3), min: +Math.min(...xs).toFixed(3), max: +Math.max(...xs).toFixed(3) });
const mb = (b: number) => +(b / 1048576).toFixed(1);
/** CPU ms of a run's busiest thread, when every thread's is known. */
const busiest = (r: Run): number | undefined => (r.threads.every((t) => t.cpuMs !== undefined) ? Math.max(...r.threads.map((t) => t.cpuMs!)) : undefined);
/**
 * A run's wall time on two cores nobody else uses, estimated from CPU time: at least its busiest
 * thread's, and at least half the process's. The second bound matters: V8 compiles and collects
 * garbage on helper threads (a third of a 300-game random run's CPU, 15-20% of 1,000 games), which
 * a 1-worker run gets on the idle second core for free and a 2-worker run must share.
 */
const idleWall = (r: Run): number | undefined => {
  const b = busiest(r);
  return b === undefined ? undefined : Math.max(b, r.cpuMs / 2);
};

const build = spawnSync(process.execPath, ['bin/build-lib.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const results = [];
for (const w of WORKLOADS) {
  const rounds: Array<{ one: Run; two: Run }> = [];
  for (let r = 0; r < w.rounds; r++) {
    const order = r % 2 === 0 ? [1, 2] : [2, 1];
    const runs = order.map((n) => simulate(w.agents, w.games, n));
    const one = runs.find((x) => x.workers === 1)!;
    const two = runs.find((x) => x.workers === 2)!;
    if (one.digest !== two.digest) throw new Error(`${w.name}: --workers 1 and 2 printed different results`);
    rounds.push({ one, two });
    if (!json) console.log(`${w.name} round ${r + 1}: 1 worker ${(one.wallMs / 1000).toFixed(1)} s wall, ${(one.cpuMs / 1000).toFixed(1)} s CPU; 2 workers ${(two.wallMs / 1000).toFixed(1)} s wall, ${(two.cpuMs / 1000).toFixed(1)} s CPU, games per thread ${two.threads.map((t) => t.games).join('/')}, CPU per thread ${two.threads.map((t) => ((t.cpuMs ?? NaN) / 1000).toFixed(1)).join('/')} s`);
  }
  const last = rounds[rounds.length - 1]!;
  results.push({
    workload: w.name, games: w.games, rounds: w.rounds,
    speedup: spread(rounds.map((x) => x.one.wallMs / x.two.wallMs)),
    cpuRatio: spread(rounds.map((x) => x.two.cpuMs / x.one.cpuMs)),
    ...(rounds.every((x) => idleWall(x.one) && idleWall(x.two)) ? { idleSpeedup: spread(rounds.map((x) => idleWall(x.one)! / idleWall(x.two)!)) } : {}),
    // What the second thread could give at best if it added no work at all: the 1-worker run's
    // estimated idle wall time over half its process CPU time.
    ...(rounds.every((x) => idleWall(x.one)) ? { ceiling: spread(rounds.map((x) => idleWall(x.one)! / (x.one.cpuMs / 2))) } : {}),
    wallSeconds: { one: spread(rounds.map((x) => x.one.wallMs / 1000)), two: spread(rounds.map((x) => x.two.wallMs / 1000)) },
    rssPeakMB: { one: mb(last.one.rssPeakBytes), two: mb(last.two.rssPeakBytes) },
    threads: last.two.threads.map((t) => ({ thread: t.thread, games: t.games, heapPeakMB: mb(t.heapPeakBytes), ...(t.cpuMs !== undefined ? { cpuSeconds: t.cpuMs / 1000 } : {}), ...(t.readyMs !== undefined ? { readyMs: t.readyMs } : {}) })),
  });
}

if (json) console.log(JSON.stringify(results, null, 2));
else {
  for (const r of results) {
    console.log(`\n${r.workload} bots, ${r.games} games, ${r.rounds} round(s) of 1 and 2 workers alternating`);
    console.log(`  speed-up (wall, 1 worker / 2): median ${r.speedup.median}× (min ${r.speedup.min}, max ${r.speedup.max}); goal ≥ 1.8×`);
    if (r.idleSpeedup) console.log(`  estimated on idle cores (per run: max(busiest thread's CPU, process CPU / 2)): median ${r.idleSpeedup.median}× (min ${r.idleSpeedup.min}, max ${r.idleSpeedup.max})`);
    if (r.ceiling) console.log(`  ceiling (1-worker estimate / half its process CPU: a second thread adding no work): median ${r.ceiling.median}× (min ${r.ceiling.min}, max ${r.ceiling.max})`);
    console.log(`  CPU, 2 workers / 1:            median ${r.cpuRatio.median} (min ${r.cpuRatio.min}, max ${r.cpuRatio.max}); the extra is the second thread's start-up and cold code`);
    console.log(`  peak memory (process RSS): ${r.rssPeakMB.one} MB with 1 worker, ${r.rssPeakMB.two} MB with 2`);
    for (const t of r.threads) console.log(`  ${t.thread.padEnd(9)} games ${t.games}  heap peak ${t.heapPeakMB} MB${t.cpuSeconds !== undefined ? `  CPU ${t.cpuSeconds} s` : ''}${t.readyMs !== undefined ? `  ready after ${t.readyMs} ms` : ''}`);
  }
}
