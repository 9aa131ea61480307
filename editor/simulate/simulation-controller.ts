/**
 * Runs a simulation in a pool of Web Workers (one per core, up to 4): each compiles the ruleset,
 * then takes small batches of games from a queue until none are left; one of them summarises the
 * records. Several rulesets (a variant and its base) run one after the other with the same seeds.
 * Cancel terminates the workers at once; disconnecting the host cancels too. A worker silent past
 * the watchdog's budget (no game ended, no heartbeat) is stuck in one statement: the run stops
 * with a message saying so.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BUDGET_WORDS, Watchdog } from '../workers/watchdog.ts';
import type { GameRecord, SimRequest, SimResponse, SimulationPlan, SimulationSummary } from './protocol.ts';
import { split } from './batches.ts';

export interface SimRun {
  entry: string;
  label: string;
  name?: string;
  hash?: string;
  /** Side names by id, for the charts. */
  sides: Record<string, string>;
  records: GameRecord[];
  summary?: SimulationSummary;
  error?: string;
  /** Wall-clock milliseconds of the run. */
  elapsed?: number;
}

export interface SimulationRequest {
  files: Record<string, string>;
  runs: Array<{ entry: string; label: string }>;
  games: number;
  plan: SimulationPlan;
}

export class SimulationController implements ReactiveController {
  running = false;
  cancelled = false;
  done = 0;
  total = 0;
  workerCount = 0;
  runs: SimRun[] = [];
  private workers: Worker[] = [];
  private watchdogs: Watchdog[] = [];
  private token = 0;
  private frame = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.cancel();
  }

  async run(request: SimulationRequest): Promise<void> {
    this.cancel();
    const token = ++this.token;
    Object.assign(this, { running: true, cancelled: false, done: 0, total: request.games * request.runs.length });
    this.runs = request.runs.map((r) => ({ ...r, sides: {}, records: [] }));
    this.host.requestUpdate();
    for (const run of this.runs) {
      await this.runOne(run, request, token);
      if (token !== this.token) return;
    }
    this.stopWorkers();
    this.running = false;
    this.host.requestUpdate();
  }

  cancel(): void {
    if (!this.running) return;
    this.token++;
    this.stopWorkers();
    this.running = false;
    this.cancelled = true;
    this.host.requestUpdate();
  }

  private runOne(run: SimRun, request: SimulationRequest, token: number): Promise<void> {
    return new Promise((resolve) => {
      const started = performance.now();
      const size = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2, request.games));
      const batches = split(request.games, size);
      const results = new Map<number, GameRecord[]>();
      let next = 0;
      const finish = (error?: string) => {
        if (error) run.error = error;
        run.elapsed = Math.round(performance.now() - started);
        this.stopWorkers();
        this.host.requestUpdate();
        resolve();
      };
      const stalled = `A game ran for more than ${BUDGET_WORDS} without a move or an end, so the simulation was stopped (an endless loop the step budget does not count, such as \`count\` over a huge range?). Fix the rules and run again.`;
      this.stopWorkers();
      this.workerCount = size;
      this.workers = Array.from({ length: size }, () => new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module', name: 'rulesmith-simulate' }));
      this.watchdogs = this.workers.map(() => new Watchdog(() => token === this.token && finish(stalled)));
      // Every request starts its worker's clock; every answer or heartbeat starts it again.
      const ask = (i: number, msg: SimRequest) => {
        this.workers[i]!.postMessage(msg);
        this.watchdogs[i]!.heard(true);
      };
      const give = (i: number) => {
        const batch = batches[next];
        if (!batch) return this.watchdogs[i]!.heard(false);
        ask(i, { type: 'play', job: next++, from: batch.from, to: batch.to, plan: request.plan });
      };
      this.workers.forEach((worker, i) => {
        worker.addEventListener('error', (e) => token === this.token && finish(e.message || 'A simulation worker stopped.'));
        worker.addEventListener('message', (e: MessageEvent<SimResponse>) => {
          if (token !== this.token) return;
          const msg = e.data;
          switch (msg.type) {
            case 'alive':
              return this.watchdogs[i]!.heard(true);
            case 'ready':
              if (!msg.ok) return finish(`The ruleset does not compile: ${msg.message}`);
              if (i === 0) Object.assign(run, { name: msg.name, hash: msg.hash, sides: msg.sides });
              return give(i);
            case 'progress':
              this.watchdogs[i]!.heard(true);
              this.done++;
              return this.tick();
            case 'records':
              results.set(msg.job, msg.records);
              if (results.size < batches.length) return give(i);
              this.watchdogs[i]!.heard(false);
              run.records = [...results].sort((a, b) => a[0] - b[0]).flatMap(([, r]) => r);
              return ask(0, { type: 'summarise', records: run.records });
            case 'summary':
              run.summary = msg.summary;
              return finish();
            case 'failed':
              return finish(msg.message);
          }
        });
        ask(i, { type: 'init', files: request.files, entry: run.entry });
      });
    });
  }

  /** At most one render per frame while games finish. */
  private tick(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }

  private stopWorkers(): void {
    for (const w of this.watchdogs) w.stop();
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.watchdogs = [];
  }
}
