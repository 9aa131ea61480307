/**
 * Runs a simulation in a pool of Web Workers (one per core, up to 4): each compiles the rulesets
 * (a variant and its base) once, then takes small batches of games from one queue until none are
 * left. The queue alternates the runs, so a variant and its base advance together and their
 * comparison can be read at any time. Every game's record comes back as it ends and the charts are
 * summarised again on the main thread (at most every SUMMARY_MS), so a designer watches the
 * intervals narrow and can stop once the answer is clear: Cancel terminates the workers at once and
 * keeps the games played. Disconnecting the host cancels too. A worker silent past the watchdog's
 * budget (no game ended, no heartbeat) is stuck in one statement: the run stops with a message
 * saying so.
 */
import { LONG_RUN_MS } from './limits.ts';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { summariseRecords } from '../../interpreter/analysis/summary.ts';
import { BUDGET_WORDS, Watchdog } from '../workers/watchdog.ts';
import { failureDetail, STARTED, workerFailed } from '../workers/worker-health.ts';
import type { GameRecord, SimRequest, SimResponse, SimulationPlan, SimulationSummary } from './protocol.ts';
import { queue, type Batch } from './batches.ts';

export interface SimRun {
  entry: string;
  label: string;
  name?: string;
  hash?: string;
  /** The ruleset's id, as `rulesmith simulate` names it in a summary. */
  id?: string;
  /** Side names by id, for the charts. */
  sides: Record<string, string>;
  /** Records by game number (1-based); holes are games not finished yet. */
  records: GameRecord[];
  /** Of the games finished so far (all of them once the simulation is over). */
  summary?: SimulationSummary;
  error?: string;
}

export interface SimulationRequest {
  files: Record<string, string>;
  runs: Array<{ entry: string; label: string }>;
  games: number;
  plan: SimulationPlan;
}

/** Least time between two summaries while games arrive (each is a pass over every record). */
export const SUMMARY_MS = 250;

/**
 * Games already played in this page, by rules hash and plan: game i of a plan is the same game
 * whenever it is played (seed `S:i`, the same bots, the same code), so a designer who edits a
 * variant and runs the comparison again waits only for the variant's games, and a run cut short
 * or made longer keeps what it had. Kept in memory only: a new build of the editor (a new page)
 * starts afresh, so no record outlives the code that played it. At most MAX_KEPT records.
 */
const played = new Map<string, Map<number, GameRecord>>();
const MAX_KEPT = 200_000;
let kept = 0;

const planKey = (hash: string, plan: SimulationPlan): string => `${hash}\n${JSON.stringify(plan)}`;

function keep(key: string, n: number, record: GameRecord): void {
  let games = played.get(key);
  if (!games) played.set(key, (games = new Map()));
  if (!games.has(n)) kept++;
  games.set(n, record);
  // The oldest plan's games go first (a Map keeps insertion order).
  for (const [k, g] of played) {
    if (kept <= MAX_KEPT || k === key) break;
    kept -= g.size;
    played.delete(k);
  }
}

export class SimulationController implements ReactiveController {
  running = false;
  cancelled = false;
  done = 0;
  total = 0;
  workerCount = 0;
  /** Games taken from earlier runs in this page instead of played again (in `done`). */
  reused = 0;
  /** Wall-clock milliseconds since Run, and the estimate of what is left (once games have ended). */
  elapsed = 0;
  remaining: number | undefined;
  runs: SimRun[] = [];
  private workers: Worker[] = [];
  private watchdogs: Watchdog[] = [];
  private token = 0;
  private frame = 0;
  private started = 0;
  /** When the first game of this run was played (ms since Run): the pace is measured from there. */
  private firstGame = 0;
  private lastSummary = 0;
  private dirty = new Set<SimRun>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('beforeunload', this.guard);
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeunload', this.guard);
    this.cancel();
  }

  /**
   * Leaving or reloading the page mid-run would drop the games in progress and every figure drawn
   * (search bots' games take minutes): once a run has gone on for LONG_RUN_MS, the browser asks first.
   */
  private readonly guard = (e: BeforeUnloadEvent): void => {
    if (this.running && performance.now() - this.started > LONG_RUN_MS) e.preventDefault();
  };

  /** Play the request's games; resolves when every game has ended, the run failed or was cancelled. */
  run(request: SimulationRequest): Promise<void> {
    this.cancel();
    const token = ++this.token;
    this.started = performance.now();
    this.firstGame = 0;
    Object.assign(this, { running: true, cancelled: false, done: 0, reused: 0, total: request.games * request.runs.length, elapsed: 0, remaining: undefined });
    this.runs = request.runs.map((r) => ({ ...r, sides: {}, records: [] }));
    this.dirty.clear();
    this.host.requestUpdate();
    return new Promise((resolve) => {
      const size = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2, request.games));
      /** Made once the rules' hashes are known: the games not played before, in batches. */
      let jobs: Batch[] = [];
      /** Jobs not yet finished, by number; the simulation ends when none is left. */
      let open = new Set<number>();
      const keys: string[] = [];
      let next = 0;
      let ready = false;
      const finish = (error?: string) => {
        if (token !== this.token) return;
        // A worker that stopped or stalled ends the simulation: every run still playing says why.
        if (error) for (const run of this.runs) if (run.records.filter(Boolean).length < request.games) run.error ??= error;
        this.stopWorkers();
        this.running = false;
        this.summariseAll();
        resolve();
      };
      const stalled = `A game ran for more than ${BUDGET_WORDS} without a move or an end, so the simulation was stopped (an endless loop the step budget does not count, such as \`count\` over a huge range?). Fix the rules and run again.`;
      this.workerCount = size;
      try {
        this.workers = Array.from({ length: size }, () => new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module', name: 'rulesmith-simulate' }));
      } catch (error) {
        return finish(workerFailed('A simulation worker', false, failureDetail(error)));
      }
      // A worker silent since it was made never loaded its code: that is the page, not the rules.
      const started = this.workers.map(() => false);
      this.watchdogs = this.workers.map((_, i) => new Watchdog(() => finish(started[i] ? stalled : workerFailed('A simulation worker', false))));
      // Every request starts its worker's clock; every answer or heartbeat starts it again.
      const ask = (i: number, msg: SimRequest) => {
        this.workers[i]!.postMessage(msg);
        this.watchdogs[i]!.heard(true);
      };
      const give = (i: number) => {
        // A run that failed (its rules do not compile, its setup is refused) plays no more games.
        while (next < jobs.length && this.runs[jobs[next]!.run]!.error !== undefined) open.delete(next++);
        if (open.size === 0) return finish();
        const job = next < jobs.length ? next++ : -1;
        if (job < 0) return this.watchdogs[i]!.heard(false);
        const b = jobs[job]!;
        ask(i, { type: 'play', job, run: b.run, from: b.from, to: b.to, plan: request.plan });
      };
      this.workers.forEach((worker, i) => {
        worker.addEventListener('error', (e) => token === this.token && finish(workerFailed('A simulation worker', started[i]!, failureDetail(e))));
        worker.addEventListener('message', (e: MessageEvent<SimResponse | typeof STARTED>) => {
          if (token !== this.token) return;
          if (e.data === STARTED) {
            started[i] = true;
            return this.watchdogs[i]!.heard(true);
          }
          const msg = e.data;
          switch (msg.type) {
            case 'alive':
              return this.watchdogs[i]!.heard(true);
            case 'ready':
              // Every worker compiles the same files alike: the first to answer names the runs.
              if (!ready) {
                ready = true;
                msg.runs.forEach((c, r) => {
                  const run = this.runs[r]!;
                  if (c.ok) {
                    Object.assign(run, { id: c.id, name: c.name, hash: c.hash, sides: c.sides });
                    keys[r] = planKey(c.hash, request.plan);
                    // The games an earlier run of these rules and this plan played are taken as they are.
                    for (const [n, record] of played.get(keys[r]) ?? []) {
                      if (n > request.games) continue;
                      run.records[n - 1] = record;
                      this.done++;
                      this.reused++;
                    }
                    if (this.reused) this.dirty.add(run);
                  } else {
                    run.error = `The ruleset does not compile: ${c.message}`;
                    this.total -= request.games;
                  }
                });
                jobs = queue(request.games, request.runs.length, size, (r, n) => this.runs[r]!.error !== undefined || this.runs[r]!.records[n - 1] !== undefined);
                open = new Set(jobs.map((_, j) => j));
                this.tick();
                if (jobs.length === 0) return finish();
              }
              return give(i);
            case 'game': {
              this.watchdogs[i]!.heard(true);
              const run = this.runs[msg.run]!;
              run.records[msg.n - 1] = msg.record;
              keep(keys[msg.run]!, msg.n, msg.record);
              this.dirty.add(run);
              this.done++;
              if (this.done - this.reused === 1) this.firstGame = performance.now() - this.started;
              return this.tick();
            }
            case 'done':
              open.delete(msg.job);
              return give(i);
            case 'failed': {
              const run = this.runs[msg.run]!;
              if (run.error === undefined) {
                run.error = msg.message;
                // The games this run will not play leave the total.
                this.total -= request.games - run.records.filter(Boolean).length;
              }
              open.delete(msg.job);
              this.dirty.add(run);
              return give(i);
            }
          }
        });
        ask(i, { type: 'init', files: request.files, entries: request.runs.map((r) => r.entry) });
      });
    });
  }

  cancel(): void {
    if (!this.running) return;
    this.token++;
    this.stopWorkers();
    this.running = false;
    this.cancelled = true;
    // The games played so far stay on the charts.
    this.summariseAll();
  }

  /** Summaries of every run from the games ended so far, and a render. */
  private summariseAll(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const run of this.runs) this.dirty.add(run);
    this.refresh(true);
    this.host.requestUpdate();
  }

  private refresh(now: boolean): void {
    const t = performance.now();
    this.elapsed = t - this.started;
    // Wall clock per game played since the first one ended (workers starting and games reused took
    // none of it), all workers together: the rest at that pace.
    const playedNow = this.done - this.reused;
    this.remaining = this.running && playedNow >= 2 && this.done < this.total ? ((this.elapsed - this.firstGame) / (playedNow - 1)) * (this.total - this.done) : undefined;
    if (!now && t - this.lastSummary < SUMMARY_MS) return;
    this.lastSummary = t;
    for (const run of this.dirty) {
      const records = run.records.filter(Boolean);
      if (records.length > 0 && run.hash !== undefined) run.summary = summariseRecords(records, run.id ?? run.entry, run.hash);
    }
    this.dirty.clear();
  }

  /** At most one render per frame while games finish, and a summary at most every SUMMARY_MS. */
  private tick(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.refresh(false);
      this.host.requestUpdate();
      // Games that came in since the last summary are charted on the next frame after the pause.
      if (this.dirty.size > 0 && this.running) setTimeout(() => this.running && this.tick(), SUMMARY_MS);
    });
  }

  private stopWorkers(): void {
    for (const w of this.watchdogs) w.stop();
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.watchdogs = [];
  }
}
