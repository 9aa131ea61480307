/**
 * One playtest game: the interpreter's `Game` with a person or a bot at each seat. A bot is the
 * agent its seat's kind names (`random`, or a search level: `agentFromSpec`), seeded by the game
 * seed, the seat and the decision's number, so a game restarted with the same answers (a loaded
 * replay, an undo past the snapshots) takes the same course. Search bots plan on
 * `searchContext(game, seat)` (determinizations for their seat), never on the game itself. Pure:
 * the worker wraps it.
 *
 * A search bot thinks in slices (`think`): its search (`MctsAgent.begin`) is kept between calls,
 * so the worker can read messages, a Cancel among them, between slices. Cancel drops the search;
 * as the bot's agent is seeded per decision, thinking again later finds the same move.
 *
 * Undo and restart do not replay from the start: before each answer the session keeps a fork of
 * the game (`Game.fork`, costing what the state weighs), for the last `SNAPSHOT_LIMIT` answers;
 * undo puts the newest one back. An undo past them forks the game as it was at the start and
 * replays the answers up to there (which refills the snapshots). Restart forks the game at start.
 * A saved game (`SavedGame`, the `game` of a replay file) resumes with `Game.fromState`, no replay.
 */
import { Game, MctsAgent, RandomAgent, agentFromSpec, checkInvariants, compileRuleset, gameDigest, hasInvariants, replayFile, searchContext, type Agent, type MctsSearch, type Program } from '../../interpreter/index.ts';
import { agentSpec, isBot, type GameSetupData, type PlayUpdate, type ReplayData, type SavedGameData, type SeatKind, type SeatState, type StartRequest, type ThinkingView } from './protocol.ts';
import { logLines, pendingView, seatState } from './seat-view.ts';

/** How many answers back undo goes without replaying (one fork of the game each). */
export const SNAPSHOT_LIMIT = 64;

export interface SessionOptions {
  /** Snapshots kept (default `SNAPSHOT_LIMIT`). */
  snapshots?: number;
}

/** What `think` did: answered, still thinking, the answer was refused, or no bot is to move. */
export type ThinkResult = 'moved' | 'thinking' | 'refused' | 'idle';

/** A search bot's move in progress: which decision of which game it answers. */
interface Thought {
  game: Game;
  decision: number;
  player: string;
  level: SeatKind;
  search: MctsSearch;
}

export class PlaySession {
  seats: Record<string, SeatKind>;
  seat: string | null;
  autoplay: boolean;
  delay: number;
  note: string | undefined;
  /** One bot move was asked for (Bot move): made even while autoplay is off. */
  moveAsked = false;
  private thought: Thought | undefined;
  /** The game before each of the last answers, oldest first: `snapshots[i]` waits for answer number `decisions` + 1. */
  private snapshots: Array<{ decisions: number; game: Game }> = [];
  private readonly limit: number;
  /** The game as setup left it (forked, never played), made when first needed for a resumed game. */
  private startGame: Game | undefined;

  private constructor(
    readonly id: number,
    readonly program: Program,
    readonly setup: GameSetupData,
    public game: Game,
    request: StartRequest,
    options: SessionOptions,
  ) {
    this.seats = { ...request.seats };
    this.seat = request.seat;
    this.autoplay = request.autoplay;
    this.delay = request.delay;
    this.limit = Math.max(0, options.snapshots ?? SNAPSHOT_LIMIT);
  }

  /**
   * Start a game: resume `request.game` (a saved game of these rules) as it was saved, or start
   * from setup and replay `request.decisions`; setup problems come back as text.
   */
  static start(id: number, program: Program, request: StartRequest, options: SessionOptions = {}): PlaySession | { problems: string[] } {
    if (request.game) {
      const resumed = PlaySession.resume(program, request.game);
      if (resumed instanceof Game) return new PlaySession(id, program, resumed.setup, resumed, request, options);
      const session = PlaySession.start(id, program, { ...request, game: undefined }, options);
      if (!('problems' in session)) session.note = `The saved game could not be resumed (${resumed}); its ${request.decisions?.length ?? 0} answers were replayed instead.${session.note ? ` ${session.note}` : ''}`;
      return session;
    }
    const game = Game.start(program, request.setup);
    if (!(game instanceof Game)) return { problems: game.problems.map((p) => p.message) };
    const session = new PlaySession(id, program, request.setup, game, request, options);
    session.startGame = game.fork({ log: true });
    if (request.decisions?.length) session.replay(request.decisions);
    if (request.digest !== undefined && session.note === undefined) {
      // As `rulesmith replay` checks it: every answer and the state they lead to, not just the winner.
      const same = gameDigest(session.game) === request.digest;
      session.note = same ? `Verified: the ${request.decisions?.length ?? 0} answers lead to the game recorded.` : `The answers do not lead to the game recorded (digest ${gameDigest(session.game)}, recorded ${request.digest}): the file was edited, or these rules play differently.`;
    }
    return session;
  }

  /**
   * A saved game back as it was, or why not. One saved without its log (`rulesmith play --save`)
   * logs from here on.
   */
  private static resume(program: Program, saved: SavedGameData): Game | string {
    const game = Game.fromState(program, saved.log ? saved : { ...saved, log: { entries: [] } });
    return game instanceof Game ? game : game.problems.map((p) => p.message).join('; ');
  }

  /** The seat deciding now is a bot. */
  get botToMove(): boolean {
    const req = this.game.pending;
    return req !== null && isBot(this.seats[req.player]);
  }

  /** The seat deciding now is a search bot (a level): it thinks in slices, not at once. */
  get searchBotToMove(): boolean {
    const req = this.game.pending;
    return req !== null && agentSpec(this.seats[req.player]) !== null && agentSpec(this.seats[req.player]) !== 'random';
  }

  /** A search bot is thinking about the pending question (its search begun, not done). */
  get thinking(): boolean {
    return this.current !== undefined;
  }

  /** The search in progress, if it is still about the pending question (else it is dropped). */
  private get current(): Thought | undefined {
    const t = this.thought;
    const req = this.game.pending;
    if (t && (t.game !== this.game || !req || t.decision !== this.game.state.decisions.length || t.player !== req.player || t.level !== this.seats[req.player])) this.thought = undefined;
    return this.thought;
  }

  /** Answers undo can take back without replaying (the snapshots kept). */
  get undoable(): number {
    return this.snapshots.length;
  }

  /**
   * Answer for the deciding seat (a person), as its view showed the question (options in shown
   * order); a refused answer leaves a note and changes nothing.
   */
  answer(answer: unknown): boolean {
    return this.settle(this.play((game) => game.answerFromView(answer)));
  }

  /** Let the bot at the deciding seat answer once, thinking to the end (it reads the question as the rules ask it). */
  botStep(): boolean {
    return this.think(Infinity) === 'moved';
  }

  /**
   * Let the deciding bot work for at most `iterations` search iterations: a random bot answers at
   * once; a search bot begins its search (or goes on with the one begun for this question) and
   * answers when the search is done.
   */
  think(iterations: number): ThinkResult {
    const req = this.game.pending;
    const kind = req ? this.seats[req.player] : undefined;
    if (!req || !isBot(kind)) return 'idle';
    let t = this.current;
    if (!t) {
      const decision = this.game.state.decisions.length;
      const agent = this.agentFor(req.player, kind!, decision);
      if (!(agent instanceof MctsAgent)) return this.settle(this.play((game) => game.answer(agent.choose(req, () => game.view(req.player))))) ? 'moved' : 'refused';
      t = this.thought = { game: this.game, decision, player: req.player, level: kind!, search: agent.begin(req, searchContext(this.game, req.player)) };
    }
    if (!t.search.step(iterations)) return 'thinking';
    this.thought = undefined;
    const answer = t.search.answer();
    return this.settle(this.play((game) => game.answer(answer))) ? 'moved' : 'refused';
  }

  /**
   * Stop the search bot thinking (about decision number `decision`, when given): its search is
   * dropped, bots pause, and the game waits for that seat, to be answered by hand or thought again.
   */
  cancel(decision?: number): boolean {
    const t = this.current;
    if (!t || (decision !== undefined && t.decision !== decision)) return false;
    this.thought = undefined;
    this.moveAsked = false;
    this.autoplay = false;
    const name = this.playerName(t.player);
    this.note = `Cancelled: ${name} (${t.level}) stopped thinking. The game waits for ${name}: answer by hand (View as ${name}), or Bot move / Run bots to think again.`;
    return true;
  }

  /** The agent of a bot seat for one decision, seeded by the game seed, the seat and the decision's number. */
  private agentFor(player: string, kind: SeatKind, decision: number): Agent {
    const seed = `${this.setup.seed}:${player}:${decision}`;
    const agent = agentFromSpec(agentSpec(kind) ?? 'random', seed);
    return 'error' in agent ? new RandomAgent(seed) : agent;
  }

  private playerName(player: string): string {
    return this.game.state.players.find((p) => p.id === player)?.name ?? player;
  }

  private thinkingView(): ThinkingView | null {
    const t = this.current;
    return t ? { player: t.player, name: this.playerName(t.player), level: t.level, decision: t.decision, done: t.search.iterations, total: t.search.budget } : null;
  }

  private settle(r: { ok: true } | { ok: false; message: string }): boolean {
    this.note = r.ok ? undefined : `Refused: ${r.message}`;
    return r.ok;
  }

  /** Answer once, keeping the game as it was before (dropped again when the answer is refused). */
  private play<R extends { ok: boolean }>(answer: (game: Game) => R): R {
    if (this.limit === 0 || !this.game.pending) return answer(this.game);
    const before = { decisions: this.game.state.decisions.length, game: this.game.fork({ log: true }) };
    const r = answer(this.game);
    if (r.ok) {
      this.snapshots.push(before);
      if (this.snapshots.length > this.limit) this.snapshots.shift();
    }
    return r;
  }

  /** Back to before the last answer: the newest snapshot, else the start replayed up to there. */
  undo(): void {
    const target = Math.max(0, this.game.state.decisions.length - 1);
    this.autoplay = false;
    this.moveAsked = false;
    this.note = undefined;
    const snapshot = this.snapshots.pop();
    if (snapshot && snapshot.decisions === target) {
      this.game = snapshot.game;
      return;
    }
    // Older than every snapshot (or a game that ended without a pending question): replay.
    const decisions = this.game.state.decisions.slice(0, target);
    this.snapshots = [];
    this.game = this.initial().fork({ log: true });
    this.replay(decisions);
  }

  /** The game as setup left it, as a fresh fork (nothing of the game played so far is replayed). */
  restart(): void {
    this.moveAsked = false;
    this.snapshots = [];
    this.note = undefined;
    this.game = this.initial().fork({ log: true });
  }

  /** The game at setup (a game resumed from a save starts once, here, when first needed). */
  private initial(): Game {
    if (!this.startGame) {
      const game = Game.start(this.program, this.game.setup);
      if (!(game instanceof Game)) throw new Error(`This game's setup is refused: ${game.problems.map((p) => p.message).join(' ')}`);
      this.startGame = game.fork({ log: true });
    }
    return this.startGame;
  }

  private replay(decisions: readonly unknown[]): void {
    for (let i = 0; i < decisions.length; i++) {
      if (!this.game.pending) {
        this.note = `The replay stopped at decision ${i + 1} of ${decisions.length}: the game ${this.game.status === 'ended' ? 'had ended' : 'stopped'}.`;
        return;
      }
      const prompt = this.game.pending.prompt;
      // Only the last answers get snapshots (the ones undo can reach without replaying).
      const r = i >= decisions.length - this.limit ? this.play((game) => game.answer(decisions[i])) : this.game.answer(decisions[i]);
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
      log: logLines(program, view.state.players, view.log, view.state.cards, view.state.pieces),
      // Only the seat that decides may answer (others may see a public question being asked).
      pending: view.pending && view.pending.player === this.seat ? pendingView(program, view.pending, view.state) : null,
      waiting: req ? { player: req.player, name: this.playerName(req.player), bot: isBot(this.seats[req.player]), secret: req.secret } : null,
      thinking: this.thinkingView(),
      seats: { ...this.seats },
      decisions: game.state.decisions.length,
      result: game.result,
      error: game.error,
      autoplay: this.autoplay,
    };
    if (this.note) update.note = this.note;
    const broken = this.brokenInvariant();
    if (broken) update.invariant = broken;
    return update;
  }

  /**
   * The first of the ruleset's `invariants:` that does not hold now (`checkInvariants`, which
   * leaves the game as it was), so a designer playtesting a changed number sees a conservation law
   * break at once. Its message as declared, not interpolated: the values it would show are read
   * from the whole game, which the viewed seat may not see.
   */
  private brokenInvariant(): PlayUpdate['invariant'] {
    if (!hasInvariants(this.program) || this.game.status === 'error') return undefined;
    const v = checkInvariants(this.game);
    if (!v) return undefined;
    const at = this.program.model.rangeOf(['invariants', v.invariant], { key: true });
    const text = String(this.program.data.invariants?.[v.invariant]?.message ?? v.invariant);
    return { id: v.invariant, code: v.code, text, ...(at ? { file: at.file, range: at.range } : {}) };
  }

  /**
   * The game as a replay file for `rulesmith replay` (`ruleset`: the path it is run with). It
   * carries the rules' files: a variant edited here exists in this browser only. With `save`, it
   * carries the game itself too (`SavedGame`, log included): `rulesmith play --load` and Load game
   * go on from there without replaying, and `rulesmith replay` checks the answers lead to it.
   */
  replayFile(ruleset: string, options: { save?: boolean } = {}): ReplayData {
    const { game } = this;
    return replayFile(ruleset, this.program, game.setup, game.state.decisions, game.result, { embed: true, digest: gameDigest(game), ...(options.save ? { game: game.save() } : {}) });
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
