/**
 * One playtest game: the interpreter's `Game` with a human or a bot at each seat. Bots are random
 * agents seeded by the game seed, the seat and the decision's number, so a game restarted with the
 * same answers (undo, a loaded replay) takes the same course. Pure: the worker wraps it.
 */
import { Game, RandomAgent, compileRuleset, replayFile, type Program } from '../../interpreter/index.ts';
import type { GameSetupData, PlayUpdate, ReplayData, SeatKind, SeatState, StartRequest } from './protocol.ts';
import { logLines, pendingView, seatState } from './seat-view.ts';

export class PlaySession {
  seats: Record<string, SeatKind>;
  seat: string | null;
  autoplay: boolean;
  delay: number;
  note: string | undefined;

  private constructor(
    readonly id: number,
    readonly program: Program,
    readonly setup: GameSetupData,
    public game: Game,
    request: StartRequest,
  ) {
    this.seats = { ...request.seats };
    this.seat = request.seat;
    this.autoplay = request.autoplay;
    this.delay = request.delay;
  }

  /** Start a game (and replay `request.decisions`); setup problems come back as text. */
  static start(id: number, program: Program, request: StartRequest): PlaySession | { problems: string[] } {
    const game = Game.start(program, request.setup);
    if (!(game instanceof Game)) return { problems: game.problems.map((p) => p.message) };
    const session = new PlaySession(id, program, request.setup, game, request);
    if (request.decisions?.length) session.replay(request.decisions);
    return session;
  }

  /** The seat deciding now is a bot. */
  get botToMove(): boolean {
    const req = this.game.pending;
    return req !== null && this.seats[req.player] === 'bot';
  }

  /**
   * Answer for the deciding seat (a person), as its view showed the question (options in shown
   * order); a refused answer leaves a note and changes nothing.
   */
  answer(answer: unknown): boolean {
    return this.settle(this.game.answerFromView(answer));
  }

  /** Let the bot at the deciding seat answer once (it reads the question as the rules ask it). */
  botStep(): boolean {
    const req = this.game.pending;
    if (!req || this.seats[req.player] !== 'bot') return false;
    const index = this.game.state.decisions.length;
    const agent = new RandomAgent(`${this.setup.seed}:${req.player}:${index}`);
    return this.settle(this.game.answer(agent.choose(req)));
  }

  private settle(r: { ok: true } | { ok: false; message: string }): boolean {
    this.note = r.ok ? undefined : `Refused: ${r.message}`;
    return r.ok;
  }

  /** Start again from setup with every answer but the last (the interpreter is deterministic). */
  undo(): void {
    const decisions = this.game.state.decisions.slice(0, -1);
    this.restart(decisions);
    this.autoplay = false;
  }

  restart(decisions: unknown[] = []): void {
    const game = Game.start(this.program, this.setup);
    if (!(game instanceof Game)) return;
    this.game = game;
    this.note = undefined;
    this.replay(decisions);
  }

  private replay(decisions: readonly unknown[]): void {
    for (let i = 0; i < decisions.length; i++) {
      if (!this.game.pending) {
        this.note = `The replay stopped at decision ${i + 1} of ${decisions.length}: the game ${this.game.status === 'ended' ? 'had ended' : 'stopped'}.`;
        return;
      }
      const prompt = this.game.pending.prompt;
      const r = this.game.answer(decisions[i]);
      if (!r.ok) {
        this.note = `The replay diverged at decision ${i + 1} ("${prompt}"): ${r.message}`;
        return;
      }
    }
  }

  /** What the chosen seat may see, and who decides now. */
  update(): PlayUpdate {
    const { game, program } = this;
    const view = game.view(this.seat);
    const req = game.pending;
    const update: PlayUpdate = {
      type: 'update',
      game: this.id,
      entry: program.model.entry,
      hash: program.hash,
      status: game.status,
      seat: this.seat,
      state: seatState(program, view.state),
      log: logLines(program, view.log),
      // Only the seat that decides may answer (others may see a public question being asked).
      pending: view.pending && view.pending.player === this.seat ? pendingView(program, view.pending) : null,
      waiting: req ? { player: req.player, name: game.state.players.find((p) => p.id === req.player)?.name ?? req.player, bot: this.seats[req.player] === 'bot', secret: req.secret } : null,
      seats: { ...this.seats },
      decisions: game.state.decisions.length,
      result: game.result,
      error: game.error,
      autoplay: this.autoplay,
    };
    if (this.note) update.note = this.note;
    return update;
  }

  /**
   * The game as a replay file for `rulesmith replay` (`ruleset`: the path it is run with). It
   * carries the rules' files: a variant edited here exists in this browser only.
   */
  replayFile(ruleset: string): ReplayData {
    return replayFile(ruleset, this.program, this.setup, this.game.state.decisions, this.game.result, { embed: true });
  }
}

/**
 * The state right after setup, with setup's own questions answered by a seeded bot: the game is
 * played with a copy of the rules whose flow has no rounds and no victory, so it ends there.
 */
export function setupPreview(program: Program, setup: GameSetupData): { state: SeatState; note?: string } | { problems: string[] } {
  const game = Game.start(setupOnly(program), setup);
  if (!(game instanceof Game)) return { problems: game.problems.map((p) => p.message) };
  let asked = 0;
  while (game.pending && asked < 10_000) {
    const req = game.pending;
    game.answer(new RandomAgent(`${setup.seed}:setup:${asked++}`).choose(req));
  }
  const note = game.status === 'error' ? `Setup stopped: ${game.error?.message ?? 'error'}` : asked ? `Setup asked ${asked} question(s); a bot answered them (seed ${setup.seed}).` : undefined;
  return { state: seatState(program, game.state), ...(note ? { note } : {}) };
}

const setupPrograms = new WeakMap<Program, Program>();

function setupOnly(program: Program): Program {
  let out = setupPrograms.get(program);
  if (!out) {
    const data = program.model.data;
    const flow = data.flow ? { ...data.flow, rounds: { count: 0 } } : undefined;
    out = compileRuleset({ ...program.model, data: { ...data, flow, victory: undefined } as typeof data });
    setupPrograms.set(program, out);
  }
  return out;
}
