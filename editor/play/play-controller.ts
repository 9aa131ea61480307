/**
 * The playtest worker's lifecycle in a host element: starts it when the host connects and stops it
 * (and any game) on disconnect; compiles the ruleset being played soon after each edit, keeping the
 * last board that compiled; forwards game commands and keeps the newest update for rendering.
 * The worker runs bots on its own timers, so the controller pings it: a worker that stays silent
 * past the watchdog's budget is stuck in one task (rules looping where the step budget cannot see)
 * and is replaced, the game lost and the user told why.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BUDGET_WORDS, Watchdog } from '../workers/watchdog.ts';
import { failureDetail, STARTED, workerFailed } from '../workers/worker-health.ts';
import { openFileStore } from '../workspace/idb-file-store.ts';
import { storedLastGood, type LastGoodMemory } from './last-good.ts';
import type { BoardModel, GameSetupData, PlayRequest, PlayResponse, PlayUpdate, ReplayData, ScenarioEdit, ScenarioSettings, SeatState, StartRequest } from './protocol.ts';

/** Quiet time after an edit before compiling again. */
export const COMPILE_DELAY_MS = 400;

/** How often the worker is asked whether it is there (a small share of the watchdog's budget). */
export const PING_MS = 2_000;

export interface CompileStatus {
  entry: string;
  /** The newest text compiled. */
  ok: boolean;
  errors: number;
  message: string;
  /** A compile is waiting or running. */
  busy: boolean;
}

type Waiter<T> = { seq: number; resolve(value: T): void; reject(error: Error): void };

export class PlayController implements ReactiveController {
  /** The last board of the entry that compiled. */
  board: BoardModel | undefined;
  /** The last board that compiled of every entry compiled so far (a game keeps its own). */
  readonly boards = new Map<string, BoardModel>();
  status: CompileStatus | undefined;
  update: PlayUpdate | undefined;
  preview: { entry: string; state: SeatState; note?: string } | undefined;
  /** The last failure the worker reported (setup problems, a file it could not edit). */
  error = '';
  private worker: Worker | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiting: { files: Record<string, string>; entry: string } | undefined;
  private seq = 0;
  private compileSeq = 0;
  private previewSeq = 0;
  private replayWaiter: Waiter<ReplayData> | undefined;
  private editWaiter: Waiter<string> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private readonly watchdog = new Watchdog(() => this.handleTimeout());
  /** The newest compile sent, and whether its answer is still out. */
  private sent: { job: { files: Record<string, string>; entry: string }; answered: boolean } | undefined;

  constructor(private readonly host: ReactiveControllerHost, private readonly memory: LastGoodMemory = storedLastGood(openFileStore)) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('beforeunload', this.guard);
    this.startWorker();
    if (this.waiting) this.schedule(0);
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeunload', this.guard);
    clearTimeout(this.timer);
    this.stopWorker();
    this.update = undefined;
    this.replayWaiter?.reject(new Error('stopped'));
    this.editWaiter?.reject(new Error('stopped'));
  }

  /**
   * A game a person is playing lives in the worker until it is saved: leaving or reloading the page
   * with one under way (a human seat, an answer given, not ended) makes the browser ask first.
   */
  private readonly guard = (e: BeforeUnloadEvent): void => {
    const u = this.update;
    if (u && u.status === 'waiting' && u.decisions > 0 && Object.values(u.seats).includes('human')) e.preventDefault();
  };

  /** The worker said it started (its code loaded): silence after that is the rules'. */
  private started = false;

  private startWorker(): void {
    this.started = false;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./play.worker.ts', import.meta.url), { type: 'module', name: 'rulesmith-play' });
    } catch (error) {
      this.error = workerFailed('The game worker', false, failureDetail(error));
      this.host.requestUpdate();
      return;
    }
    worker.addEventListener('message', (e: MessageEvent<PlayResponse | typeof STARTED>) => {
      if (e.data !== STARTED) return this.handle(e.data);
      this.started = true;
      this.watchdog.heard(false);
    });
    worker.addEventListener('error', (e) => {
      // Not the rules (they stop with a message of their own): the worker did not load, or died.
      const started = this.started;
      // One that never started has nothing to ping (it would only time out, blaming the rules).
      if (!started) this.stopWorker();
      this.error = workerFailed('The game worker', started, failureDetail(e));
      this.host.requestUpdate();
    });
    this.worker = worker;
    this.pinger = setInterval(() => {
      this.post({ type: 'ping' });
      this.watchdog.expect();
    }, PING_MS);
  }

  private stopWorker(): void {
    clearInterval(this.pinger);
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = undefined;
  }

  /**
   * The worker stayed silent past the budget. The game (and anything asked of it) is lost; the
   * rules that compiled are compiled again in the new worker, unless compiling was what stalled.
   */
  private handleTimeout(): void {
    if (!this.started) {
      // Silent since it was made: its code never loaded. Another would fare no better.
      this.stopWorker();
      this.error = workerFailed('The game worker', false);
      this.host.requestUpdate();
      return;
    }
    this.stopWorker();
    this.startWorker();
    const stalledCompiling = this.sent !== undefined && !this.sent.answered;
    this.update = undefined;
    this.preview = undefined;
    this.replayWaiter?.reject(new Error('stopped'));
    this.editWaiter?.reject(new Error('stopped'));
    this.replayWaiter = this.editWaiter = undefined;
    this.error = stalledCompiling
      ? `Compiling these rules ran for more than ${BUDGET_WORDS} and was stopped; the game worker restarted. Simplify the rules, or check them for an endless loop.`
      : `The game stopped: the rules ran for more than ${BUDGET_WORDS} without a pause (an endless loop the step budget does not count, such as \`count\` over a huge range?), so the game worker restarted. Fix the rules, then start a new game.`;
    if (stalledCompiling && this.status) this.status = { ...this.status, ok: false, errors: 0, message: 'compiling took too long', busy: false };
    else if (this.sent && !this.waiting) this.postCompile(this.sent.job);
    if (this.waiting) this.schedule(0);
    this.host.requestUpdate();
  }

  /** Compile `entry` from these files soon (or at once); a newer request replaces one waiting. */
  compile(files: Record<string, string>, entry: string, immediate = false): void {
    if (this.board && this.board.entry !== entry) this.board = undefined;
    this.waiting = { files, entry };
    this.status = { entry, ok: this.status?.entry === entry ? this.status.ok : false, errors: 0, message: '', busy: true };
    this.schedule(immediate ? 0 : COMPILE_DELAY_MS);
  }

  start(request: StartRequest): void {
    this.error = '';
    this.post({ type: 'start', ...request });
  }

  /** Commands for the running game. */
  command(msg: DistributiveOmit<Extract<PlayRequest, { game: number }>, 'game'>): void {
    if (this.update) this.post({ ...msg, game: this.update.game } as PlayRequest);
  }

  /** The game as a replay file; with `save`, carrying the saved game (to resume it later). */
  requestReplay(ruleset: string, save = false): Promise<ReplayData> {
    return new Promise((resolve, reject) => {
      this.replayWaiter = { seq: 0, resolve, reject };
      this.command({ type: 'replay', ruleset, ...(save ? { save } : {}) });
    });
  }

  requestPreview(entry: string, setup: GameSetupData): void {
    this.post({ type: 'preview', seq: (this.previewSeq = ++this.seq), entry, setup });
  }

  /** The variant text with scenario edits applied (by the worker, which has the YAML library). */
  editScenario(entry: string, text: string, edits: ScenarioEdit[], settings?: ScenarioSettings): Promise<string> {
    return new Promise((resolve, reject) => {
      const seq = ++this.seq;
      this.editWaiter?.reject(new Error('replaced'));
      this.editWaiter = { seq, resolve, reject };
      this.post({ type: 'scenario-edit', seq, entry, text, edits, ...(settings ? { settings } : {}) });
    });
  }

  private post(msg: PlayRequest): void {
    this.worker?.postMessage(msg);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const job = this.waiting;
      if (!job || !this.worker) return;
      this.waiting = undefined;
      this.postCompile(job);
    }, delay);
  }

  private postCompile(job: { files: Record<string, string>; entry: string }): void {
    this.sent = { job, answered: false };
    const seq = ++this.compileSeq;
    if (this.boards.has(job.entry)) return this.post({ type: 'compile', seq, files: job.files, entry: job.entry });
    // No version of this entry compiled in this page yet: send the last good one of an earlier
    // load along, for the worker to fall back on should these files not compile.
    void this.memory.load(job.entry).catch(() => undefined).then((fallback) => {
      if (seq === this.compileSeq) this.post({ type: 'compile', seq, files: job.files, entry: job.entry, ...(fallback ? { fallback } : {}) });
    });
  }

  private handle(msg: PlayResponse): void {
    // Any message shows the worker is between tasks; the next ping times it again.
    this.watchdog.heard(false);
    switch (msg.type) {
      case 'pong':
        return;
      case 'compiled':
        if (msg.seq !== this.compileSeq) return;
        if (this.sent) this.sent.answered = true;
        if (msg.board) {
          this.board = msg.board;
          this.boards.set(msg.entry, msg.board);
        }
        if (msg.ok && this.sent?.job.entry === msg.entry) this.memory.save(msg.entry, this.sent.job.files);
        this.status = { entry: msg.entry, ok: msg.ok, errors: msg.ok ? 0 : msg.errors, message: msg.ok ? '' : msg.message, busy: this.waiting !== undefined };
        break;
      case 'update':
        this.update = msg;
        break;
      case 'replay':
        this.replayWaiter?.resolve(msg.replay);
        this.replayWaiter = undefined;
        return;
      case 'preview':
        if (msg.seq === this.previewSeq) this.preview = { entry: msg.entry, state: msg.state, ...(msg.note ? { note: msg.note } : {}) };
        break;
      case 'scenario-text':
        if (this.editWaiter?.seq === msg.seq) this.editWaiter.resolve(msg.text);
        this.editWaiter = undefined;
        return;
      case 'failed':
        this.error = msg.message;
        this.editWaiter?.reject(new Error(msg.message));
        this.editWaiter = undefined;
        break;
    }
    this.host.requestUpdate();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
