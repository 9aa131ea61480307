/**
 * The playtest worker's lifecycle in a host element: starts it when the host connects and stops it
 * (and any game) on disconnect; compiles the ruleset being played soon after each edit, keeping the
 * last board that compiled; forwards game commands and keeps the newest update for rendering.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BoardModel, GameSetupData, PlayRequest, PlayResponse, PlayUpdate, ReplayData, ScenarioEdit, ScenarioSettings, SeatState, StartRequest } from './protocol.ts';

/** Quiet time after an edit before compiling again. */
export const COMPILE_DELAY_MS = 400;

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

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.worker = new Worker(new URL('./play.worker.ts', import.meta.url), { type: 'module', name: 'rulesmith-play' });
    this.worker.addEventListener('message', (e: MessageEvent<PlayResponse>) => this.handle(e.data));
    this.worker.addEventListener('error', (e) => {
      this.error = e.message || 'The game worker stopped.';
      this.host.requestUpdate();
    });
    if (this.waiting) this.schedule(0);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.worker?.terminate();
    this.worker = undefined;
    this.update = undefined;
    this.replayWaiter?.reject(new Error('stopped'));
    this.editWaiter?.reject(new Error('stopped'));
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
      this.post({ type: 'compile', seq: ++this.compileSeq, files: job.files, entry: job.entry });
    }, delay);
  }

  private handle(msg: PlayResponse): void {
    switch (msg.type) {
      case 'compiled':
        if (msg.seq !== this.compileSeq) return;
        if (msg.ok) {
          this.board = msg.board;
          this.boards.set(msg.entry, msg.board);
        }
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
