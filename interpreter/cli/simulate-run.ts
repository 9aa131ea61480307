import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { agentFromSpec, MctsAgent } from '../agents/index.ts';
import type { Io } from './io.ts';
import type { GameRecord } from '../analysis/summary.ts';
import type { Program } from '../runtime/index.ts';
import { playAny, type PlayedRecord, type SimulationPlan } from './simulate-games.ts';
import { threadCpuMs } from './thread-cpu.ts';

/** Messages to a pool thread (simulate-worker.ts). */
export type ToWorker =
  | { type: 'load'; key: string; path: string; root?: string; files: Record<string, string> }
  | { type: 'play'; key: string; hash: string; plan: SimulationPlan; from: number; to: number };
/** Messages from a pool thread. */
export type FromWorker =
  | { type: 'ready'; key: string; hash: string; ms: number }
  | { type: 'game'; index: number; record: PlayedRecord; heapPeak: number; cpuMs: number | undefined }
  | { type: 'problems'; problems: string[] }
  /** Games sent before the worker's rules were known to be the checked ones, and they were not. */
  | { type: 'returned'; from: number; to: number };

/** `--workers`: how many threads play (this one included), or 'auto'. */
export type WorkerSetting = number | 'auto';

export function parseWorkers(raw: string | undefined): WorkerSetting | undefined {
  if (raw === undefined || raw === 'auto') return 'auto';
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Threads 'auto' uses once a run is worth it: one per core, up to 4. */
const AUTO_THREADS = Math.min(4, availableParallelism());
/**
 * 'auto' starts worker threads only when the games left would take longer than this on this
 * thread alone: a worker first pays 1–3 s of start-up (modules, compiling the rules, cold code).
 */
const AUTO_MIN_WORK_MS = 4000;
/** A single game this slow tells the cost already (waiting for a second one wastes a core). */
const SLOW_GAME_MS = 1000;

/** What `--verbose` reports about the threads of one command. */
export interface PoolReport {
  /**
   * Threads that played (this one first). `cpuMs`: the thread's own CPU time (Linux only), this
   * one's for the whole command, a worker's until its last game: the longest is about the wall
   * time on cores nobody else uses.
   */
  threads: Array<{ thread: string; games: number; readyMs?: number; compileMs?: number; heapPeakBytes: number; cpuMs?: number }>;
  /** Peak resident memory of the whole process (all threads share it). */
  rssPeakBytes: number;
  /** CPU time of the whole process so far (user + system, every thread). */
  cpuMs: number;
}

interface Helper {
  worker: Worker;
  name: string;
  /** The last rules sent: their load's key, ruleset path and root, whether as the checked texts. */
  key?: string;
  source?: string;
  texts: boolean;
  /** Whether it has compiled them, and their hash. */
  ready: boolean;
  hash?: string;
  /** Games handed out and not yet back. */
  pending: number;
  games: number;
  spawned: number;
  readyMs?: number;
  compileMs: number;
  heapPeak: number;
  cpuMs?: number;
}

interface Run {
  program: Program;
  plan: SimulationPlan;
  first: number;
  records: PlayedRecord[];
  done: number;
  /** After each game, in the order games end: its number and record. */
  tick: (i: number, record: PlayedRecord) => void;
  /** Whether this thread plays games too (see `stopOnInterrupt`). */
  mainPlays: boolean;
}

/** Whether a seat of the plan is a search bot (seconds a decision, minutes a game), as `agentFromSpec` makes them. */
export const searching = (plan: SimulationPlan): boolean => (plan.agents ?? []).some((spec) => agentFromSpec(spec, 'probe') instanceof MctsAgent);

/**
 * The threads of one command: this one plays too, and `threads - 1` worker threads, started once
 * and kept for every run of the command (both rule sets of a comparison), take chunks of games
 * from a queue (with search bots under `stopOnInterrupt`, `threads` workers and this thread only
 * waits). Game i is always seed "S:i" and its record goes to slot i, so the records (and replay
 * files) are the same for any number of threads and any hand-out order. Call close().
 */
export class GamePool {
  private readonly helpers: Helper[] = [];
  private run?: Run;
  private failure?: string;
  private problems?: string[];
  private wake: () => void = () => {};
  private decided: boolean;
  private loads = 0;
  private mainGames = 0;
  private mainHeapPeak = 0;
  /** Games a worker gave back, played by this thread (by another worker when this one does not play). */
  private returned: number[] = [];
  /**
   * Set by a command that stops on Ctrl-C (`Io.onInterrupt`): a game played on this thread cannot
   * be interrupted (signals are heard between games), and a search bots' game lasts minutes, so
   * such games are all played by worker threads and this thread stays free to hear Ctrl-C.
   */
  stopOnInterrupt = false;
  /** Whether `interrupt()` ended the last run early; its records are then the games it finished. */
  interrupted = false;

  /**
   * `waitForWorkers`: the first games are handed out only once every worker has compiled the
   * rules, so each thread gets some (for tests; otherwise this thread plays while they start).
   */
  constructor(private readonly setting: WorkerSetting, private readonly options: { waitForWorkers?: boolean } = {}) {
    this.decided = setting !== 'auto';
  }

  private get threads(): number {
    return this.setting === 'auto' ? AUTO_THREADS : this.setting;
  }

  /**
   * Play games `first..last` of a plan; records come back in game order. After `interrupt()`, only
   * the games finished (and `interrupted` is set); a later call plays nothing.
   */
  async play<R extends PlayedRecord = GameRecord>(program: Program, plan: SimulationPlan, [first, last]: [number, number], tick: (i: number, record: R) => void): Promise<R[] | { problems: string[] }> {
    if (first > last || this.interrupted) return [];
    if (plan.replays) mkdirSync(plan.replays, { recursive: true });
    const mainPlays = !(this.stopOnInterrupt && searching(plan));
    const run: Run = { program, plan, first, records: new Array(last - first + 1), done: 0, tick: tick as Run['tick'], mainPlays };
    this.run = run;
    if (!mainPlays) {
      // Every thread the setting asks for is a worker ('auto': one per core, up to 4).
      this.grow(Math.min(this.setting === 'auto' ? AUTO_THREADS : this.threads, last - first + 1));
      this.decided = true;
    }
    this.problems = undefined;
    this.returned = [];
    let next = first;
    this.prestart(last - first + 1);
    while (this.options.waitForWorkers) {
      // Rules only (an empty range): a worker ready first must not take every game while
      // another still compiles.
      this.handOut(next, next - 1);
      if (this.failure !== undefined || this.helpers.every((h) => h.ready && h.hash === program.hash)) break;
      await new Promise<void>((resolve) => { this.wake = resolve; });
    }
    const started = performance.now();
    let played = 0;
    let lastGameMs = 0;
    for (;;) {
      if (this.failure !== undefined || this.problems) {
        await this.close();
        return { problems: this.problems ?? [this.failure!] };
      }
      if (this.interrupted) {
        // Games in progress are dropped; the finished ones are kept, in game order.
        await this.close();
        this.run = undefined;
        return run.records.filter((r) => r !== undefined) as R[];
      }
      next = this.handOut(next, last);
      if (mainPlays && (next <= last || this.returned.length)) {
        const i = this.returned.shift() ?? next++;
        const t = performance.now();
        const record = playAny(program, plan, i);
        if ('problems' in record) { await this.close(); return record; }
        lastGameMs = performance.now() - t;
        this.mainHeapPeak = Math.max(this.mainHeapPeak, getHeapStatistics().total_heap_size);
        this.mainGames++;
        played++;
        this.store(i, record);
        if (!this.decided && (played >= 2 || lastGameMs >= SLOW_GAME_MS)) {
          // The first game runs cold code; from the second on, the last game's time is the estimate.
          if ((played >= 2 ? lastGameMs : performance.now() - started) * (last - next + 1) > AUTO_MIN_WORK_MS) {
            this.grow(Math.min(this.threads - 1, last - next + 1));
            this.decided = true;
          }
        }
        // Let the workers' messages in between two games of this thread.
        await nextTurn();
      } else if (run.done < run.records.length) await new Promise<void>((resolve) => { this.wake = resolve; });
      else break;
    }
    this.run = undefined;
    return run.records as R[];
  }

  /**
   * Start the worker threads a run of `games` games will use now (none for 'auto', which decides
   * while playing), so they load their modules, and compile the ruleset at `path` from disk,
   * while this thread still checks it. Should a file change meanwhile, play() notices by the hash
   * and sends the texts this thread checked.
   */
  prestart(games: number, path?: string, root?: string): void {
    if (this.setting === 'auto') return;
    this.grow(Math.min(this.threads - 1, games - 1));
    if (path !== undefined) for (const h of this.helpers) if (h.key === undefined) this.load(h, path, root);
  }

  /**
   * Stop on the Ctrl-C `io` hears (`Io.onInterrupt`; none in tests that give no hook), with
   * `stopOnInterrupt` set accordingly, until the returned function is called.
   */
  stopOn(io: Io): () => void {
    const release = io.onInterrupt?.(() => this.interrupt());
    this.stopOnInterrupt = release !== undefined;
    return release ?? (() => {});
  }

  /** End the current run after the games in progress on this thread (if any); workers stop at once. */
  interrupt(): void {
    this.interrupted = true;
    this.wake();
  }

  report(): PoolReport {
    return {
      threads: [
        { thread: 'main', games: this.mainGames, heapPeakBytes: this.mainHeapPeak, ...cpu(threadCpuMs()) },
        ...[...this.closed, ...this.helpers].map((h) => ({ thread: h.name, games: h.games, ...(h.readyMs !== undefined ? { readyMs: Math.round(h.readyMs), compileMs: Math.round(h.compileMs) } : {}), heapPeakBytes: h.heapPeak, ...cpu(h.cpuMs) })),
      ],
      rssPeakBytes: process.resourceUsage().maxRSS * 1024,
      cpuMs: Math.round(cpuMicros() / 1000),
    };
  }

  /** Stop every worker thread; the command may exit once this resolves. */
  async close(): Promise<void> {
    const helpers = this.helpers.splice(0);
    await Promise.all(helpers.map((h) => h.worker.terminate()));
    this.closed.push(...helpers);
  }

  /** Threads already stopped, kept for the report. */
  private readonly closed: Helper[] = [];

  /**
   * Keep each ready worker two chunks ahead, so it never waits while this thread plays a game.
   * Chunks shrink as the queue empties (a share of what is left per thread), so every thread
   * finishes at about the same time even when games differ in length.
   */
  private handOut(next: number, last: number): number {
    const run = this.run!;
    const { plan, program } = run;
    for (const h of this.helpers) {
      if (h.source !== `${plan.path}\0${plan.root ?? ''}` || (h.ready && h.hash !== program.hash && !h.texts)) {
        this.load(h, plan.path, plan.root, Object.fromEntries([...program.model.files].map(([f, source]) => [f, source.text])));
      } else if (h.ready && h.hash !== program.hash) this.fail(`${h.name} compiled other rules than this thread (hash ${h.hash}, not ${program.hash})`);
      // A worker still starting or compiling gets one game, so a long game does not wait for this
      // thread's (a search bot's game takes minutes); more would wait there while this thread
      // could play them. Should its rules turn out not to be the checked ones, it gives it back.
      if (!h.ready && h.pending === 0 && next <= last && h.source === `${plan.path}\0${plan.root ?? ''}`) {
        h.worker.postMessage({ type: 'play', key: h.key!, hash: program.hash, plan, from: next, to: next } satisfies ToWorker);
        h.pending = 1;
        next++;
      }
      // Games given back, when this thread does not play: one at a time to whoever is ready.
      while (!run.mainPlays && this.returned.length && h.ready && h.hash === program.hash && h.pending < 2) {
        const i = this.returned.shift()!;
        h.worker.postMessage({ type: 'play', key: h.key!, hash: program.hash, plan, from: i, to: i } satisfies ToWorker);
        h.pending++;
      }
      while (h.ready && h.hash === program.hash) {
        const size = Math.max(1, Math.min(16, Math.ceil((last - next + 1) / (4 * (this.helpers.length + 1)))));
        if (next > last || h.pending >= 2 * size) break;
        const to = Math.min(last, next + size - 1);
        h.worker.postMessage({ type: 'play', key: h.key!, hash: program.hash, plan, from: next, to } satisfies ToWorker);
        h.pending += to - next + 1;
        next = to + 1;
      }
    }
    return next;
  }

  /** Send a worker the rules to compile: the texts this thread read, or none (it reads the disk). */
  private load(h: Helper, path: string, root: string | undefined, files?: Record<string, string>): void {
    Object.assign(h, { key: String(++this.loads), source: `${path}\0${root ?? ''}`, texts: files !== undefined, ready: false, hash: undefined });
    h.worker.postMessage({ type: 'load', key: h.key!, path, files: files ?? {}, ...(root !== undefined ? { root } : {}) } satisfies ToWorker);
  }

  private store(i: number, record: PlayedRecord): void {
    const run = this.run!;
    run.records[i - run.first] = record;
    run.done++;
    run.tick(i, record);
  }

  /** Start worker threads until there are `count` (started ones are kept across runs). */
  private grow(count: number): void {
    while (this.helpers.length < count) {
      const h: Helper = { worker: newWorker(), name: `worker ${this.helpers.length + this.closed.length + 1}`, texts: false, ready: false, pending: 0, games: 0, compileMs: 0, spawned: performance.now(), heapPeak: 0 };
      h.worker.on('message', (m: FromWorker) => this.onMessage(h, m));
      h.worker.on('error', (e) => this.fail(`${h.name} stopped: ${e.message}`));
      h.worker.on('exit', (code) => { if (this.helpers.includes(h)) this.fail(`${h.name} exited (code ${code})`); });
      this.helpers.push(h);
    }
  }

  private onMessage(h: Helper, m: FromWorker): void {
    if (m.type === 'ready') {
      h.readyMs ??= performance.now() - h.spawned;
      h.compileMs += m.ms;
      if (m.key === h.key) Object.assign(h, { ready: true, hash: m.hash });
    } else if (m.type === 'problems') {
      this.problems = m.problems;
    } else if (m.type === 'returned') {
      h.pending -= m.to - m.from + 1;
      for (let i = m.from; i <= m.to; i++) this.returned.push(i);
    } else {
      h.pending--;
      h.games++;
      h.heapPeak = Math.max(h.heapPeak, m.heapPeak);
      h.cpuMs = m.cpuMs;
      this.store(m.index, m.record);
    }
    this.wake();
  }

  private fail(message: string): void {
    this.failure ??= message;
    this.wake();
  }
}

/**
 * Compiled (the package's lib/), the worker runs simulate-worker.js as is; from the TypeScript
 * sources, worker-entry.mjs registers tsx in the worker first (workers do not inherit loaders).
 */
function newWorker(): Worker {
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./simulate-worker.js', import.meta.url));
  return new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { module: new URL('./simulate-worker.ts', import.meta.url).href } });
}

/** `--verbose`: one line per thread (games, heap peak, start-up), then the process's peak memory; one JSON line with --json. */
export function formatPoolReport(r: PoolReport, json: boolean): string {
  if (json) return `${JSON.stringify({ pool: r })}\n`;
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const lines = r.threads.map((t) => `  ${t.thread.padEnd(9)} games ${String(t.games).padStart(6)}  heap peak ${mb(t.heapPeakBytes).padStart(9)}${t.cpuMs !== undefined ? `  CPU ${(t.cpuMs / 1000).toFixed(1).padStart(5)} s` : ''}${t.readyMs !== undefined ? `  ready after ${t.readyMs} ms (compiling ${t.compileMs} ms)` : ''}\n`);
  return `threads: ${r.threads.length} (this one${r.threads.length > 1 ? ` and ${r.threads.length - 1} worker thread${r.threads.length > 2 ? 's' : ''}` : ''})\n${lines.join('')}  process: peak memory (RSS, all threads) ${mb(r.rssPeakBytes)}, CPU ${(r.cpuMs / 1000).toFixed(1)} s\n`;
}

const cpu = (ms: number | undefined) => (ms === undefined ? {} : { cpuMs: ms });

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}
