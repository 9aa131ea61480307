import { FLOW_KEY, type Program } from './program.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { answerFromView, decisionText } from './aliases.ts';
import type { Answer, DecisionRequest, Refusal } from './decisions.ts';
import { answerValue, validateAnswer } from './decisions.ts';
import { charge } from './budget.ts';
import { GameOver, RuleError, runtimeHint } from './errors.ts';
import { NO_SLOT } from './frame.ts';
import { checkSetup, initialState, type GameSetup, type SetupProblem } from './init.ts';
import type { LogEntry } from './log.ts';
import { cloneJson, cloneState, copyFrame, loadFrame, loadRequest, saveFrame, saveRequest, type MachineState } from './persist.ts';
import { DEFAULT_RUNTIME_OPTIONS, Runtime, type RuntimeOptions } from './runtime.ts';
import { upgradeLog, upgradeTexts } from './saved-v1.ts';
import { ownerNameIn, resultText } from './result-text.ts';
import { STATE_FORMAT, type GameState } from './state.ts';
import { toJson, type Value } from './values.ts';
import { viewFor, type GameView } from './views.ts';

export type GameStatus = 'waiting' | 'ended' | 'error';

export const SAVED_GAME_FORMAT = 'rulesmith-game';
/** Version 2: log entries keep their own parts and secret (version 1 kept them beside the log; still read). */
export const SAVED_GAME_VERSION = 2;

/**
 * A game as JSON: the setup, the state (RNG included), the frame stack and the pending question,
 * the status, and (unless dropped) the log. `Game.fromState` resumes it with the same rules.
 */
export interface SavedGame {
  format: typeof SAVED_GAME_FORMAT;
  version: typeof SAVED_GAME_VERSION;
  /** Hash of the rules it was played with (`Program.hash`). */
  rules: string;
  setup: GameSetup;
  state: GameState;
  machine: MachineState;
  status: GameStatus;
  result: unknown;
  error: Diagnostic | null;
  log?: { entries: LogEntry[] };
}

export interface ForkOptions {
  /** Keep a copy of the log (default false: a search copy needs none, and logs nothing). */
  log?: boolean;
}

/**
 * One game in progress. It runs until the rules ask a question (`pending`), then waits for
 * `answer`. Same program + setup + answers → the same game, in Node and in the browser.
 */
export class Game {
  pending: DecisionRequest | null = null;
  status: GameStatus = 'waiting';
  result: unknown = null;
  error: Diagnostic | null = null;

  private constructor(readonly program: Program, readonly setup: GameSetup, private readonly runtime: Runtime) {}

  /**
   * The game's runtime and state. Whoever reaches them may change the state between answers, so
   * each access bumps `hostEpoch` and the option lists the rules keep for reuse are not trusted.
   */
  get rt(): Runtime {
    this.runtime.hostEpoch++;
    return this.runtime;
  }

  /** Start a game; problems with the setup (player count, options) are returned, not thrown. */
  static start(program: Program, setup: GameSetup, opts: Partial<RuntimeOptions> = {}): Game | { problems: SetupProblem[] } {
    const problems = checkSetup(program, setup);
    if (problems.length) return { problems };
    const rt = new Runtime(program, initialState(program, setup), { ...DEFAULT_RUNTIME_OPTIONS, ...opts });
    const flow = program.codes.get(FLOW_KEY)!;
    rt.opts.profile?.called(FLOW_KEY);
    rt.stack.push(rt.frame(flow, flow, null, NO_SLOT));
    const game = new Game(program, setup, rt);
    // Every piece and card was created above; they count against the budget like other work.
    game.advance(() => {
      charge(rt, Object.keys(rt.state.pieces).length + Object.keys(rt.state.cards).length, undefined);
      rt.drive();
    });
    return game;
  }

  /**
   * Resume a saved game (`save()`) with the same rules. A game saved with other rules, or data
   * that is not a saved game, gives problems instead.
   */
  static fromState(program: Program, saved: SavedGame, opts: Partial<RuntimeOptions> = {}): Game | { problems: SetupProblem[] } {
    const problem = (code: string, message: string) => ({ problems: [{ code, message }] });
    const version = (saved as { version?: unknown } | null)?.version;
    if (!saved || typeof saved !== 'object' || saved.format !== SAVED_GAME_FORMAT || (version !== 1 && version !== SAVED_GAME_VERSION)) return problem('not-a-saved-game', `Not a saved rulesmith game (format "${SAVED_GAME_FORMAT}", version 1 or ${SAVED_GAME_VERSION}).`);
    saved = upgradeSavedGame(saved);
    if (saved.rules !== program.hash) return problem('rules-changed', `The game was saved with other rules (hash ${saved.rules}, these are ${program.hash}).`);
    if (!saved.state || saved.state.format !== STATE_FORMAT) return problem('state-format', `The saved state has format ${saved.state?.format}; this rulesmith reads format ${STATE_FORMAT}.`);
    const logged = saved.log !== undefined && (opts.log ?? DEFAULT_RUNTIME_OPTIONS.log) !== 'none';
    const rt = new Runtime(program, withFixedShapes(cloneJson(saved.state)), { ...DEFAULT_RUNTIME_OPTIONS, ...opts, ...(logged ? {} : { log: 'none' as const }) });
    try {
      rt.stack = saved.machine.stack.map((f) => loadFrame(f, program.codes, program.refs, rt));
      rt.pending = saved.machine.pending ? loadRequest(saved.machine.pending.request, program.refs) : null;
      rt.pendingSlot = saved.machine.pending?.slot ?? NO_SLOT;
      rt.steps = saved.machine.steps;
    } catch (e) {
      return problem('invalid-saved-game', `The saved game cannot be resumed: ${(e as Error).message}.`);
    }
    if (logged) rt.entries = saved.log!.entries.map((e) => cloneJson(e));
    const game = new Game(program, cloneJson(saved.setup), rt);
    game.pending = rt.pending;
    game.status = saved.status;
    game.result = cloneJson(saved.result);
    game.error = cloneJson(saved.error);
    return game;
  }

  /** The whole game as JSON data (see SavedGame); `log: false` leaves the log out. */
  save(opts: { log?: boolean } = {}): SavedGame {
    const rt = this.runtime;
    const saved: SavedGame = {
      format: SAVED_GAME_FORMAT, version: SAVED_GAME_VERSION, rules: this.program.hash, setup: cloneJson(this.setup), state: cloneJson(rt.state),
      machine: { stack: rt.stack.map(saveFrame), pending: rt.pending ? { request: saveRequest(rt.pending), slot: rt.pendingSlot } : null, steps: rt.steps },
      status: this.status, result: cloneJson(this.result), error: cloneJson(this.error),
    };
    if (opts.log !== false) saved.log = { entries: rt.entries.map((e) => cloneJson(e)) };
    return saved;
  }

  /**
   * An independent copy at this point: answering one never changes the other. Costs what the
   * state and the frames weigh, not how long the game has run (the log is left behind unless asked).
   */
  fork(opts: ForkOptions = {}): Game {
    const from = this.runtime;
    const rt = new Runtime(this.program, cloneState(from.state), opts.log ? from.opts : { ...from.opts, log: 'none' });
    rt.stack = from.stack.map((f) => copyFrame(f, rt));
    from.shareRecords();
    rt.shareRecords();
    rt.pending = from.pending;
    rt.pendingSlot = from.pendingSlot;
    rt.steps = from.steps;
    rt.hiding = from.hiding;
    // Entries are never changed once written (a determinized copy replaces those it renders again).
    if (opts.log) rt.entries = from.entries.slice();
    const game = new Game(this.program, this.setup, rt);
    game.pending = this.pending;
    game.status = this.status;
    game.result = this.result;
    game.error = this.error;
    return game;
  }

  get state(): GameState {
    this.runtime.hostEpoch++;
    return this.runtime.state;
  }

  get log(): LogEntry[] {
    return this.runtime.entries;
  }

  /** Answer the pending decision; an illegal answer is refused with a reason and changes nothing. */
  answer(answer: unknown): { ok: true } | Refusal {
    if (!this.pending) return { ok: false, code: 'no-pending-decision', message: this.status === 'ended' ? 'The game is over.' : 'Nothing is being asked.' };
    const refusal = validateAnswer(this.pending, answer);
    if (refusal) {
      const where = refusal.at && this.program.model.rangeIn(refusal.at.path, refusal.at.span.start, Math.max(refusal.at.span.end, refusal.at.span.start + 1));
      return where ? { ...refusal, range: { file: where.file, ...where.range } } : refusal;
    }
    const req = this.pending;
    this.runtime.state.decisions.push(answer);
    if (this.runtime.logging) {
      // The line is our own reading of the game (through `game.rt`), not a host's edit.
      const epoch = this.runtime.hostEpoch;
      const line = decisionText(this, req, answer as Answer);
      this.runtime.hostEpoch = epoch;
      this.runtime.log('decision', line.text, req.at, { answer }, req.secret ? req.player : undefined, line.secret);
    }
    // The step budget is per run between two questions: a long game never runs out of it, and an
    // endless loop still stops within about a second of the question it follows.
    this.runtime.steps = 0;
    this.advance(() => this.runtime.resume(answerValue(req, answer as Answer)));
    return { ok: true };
  }

  /**
   * Answer as the deciding seat saw the question in its view (options in shown order, see
   * `view`); the answer is recorded as `answer` takes it, so replays are unchanged.
   */
  answerFromView(answer: unknown): { ok: true } | Refusal {
    return this.answer(answerFromView(this, answer));
  }

  /** What one player may see (hidden pieces under aliases, other hands and secret answers redacted). */
  view(player: string | null): GameView {
    return viewFor(this, player);
  }

  private advance(run: () => void): void {
    this.pending = null;
    try {
      run();
      if (this.runtime.pending) this.pending = this.runtime.pending;
      else this.finish(null);
    } catch (e) {
      if (e instanceof GameOver) this.finish(e.result as Value);
      else if (e instanceof RuleError) this.fail(e.code, e.message, e.hint, e.at);
      // Values nested thousands deep (`l = [l]` in a loop) overflow any walk over them (text, equality).
      else if (e instanceof RangeError && /call stack/i.test(e.message)) this.fail('value-too-deep', 'A value is nested too deeply to go through (lists or records inside each other thousands of levels deep).', 'Keep lists flat: add items with `append(list, item)` instead of wrapping the list in a new one.', this.runtime.at);
      else this.fail('internal-error', `The interpreter failed: ${(e as Error).message}`, 'This is a bug in rulesmith, not in the ruleset; please report it.');
    }
  }

  private finish(result: Value): void {
    if (result === null && this.program.data.victory) {
      this.fail('no-result', 'The game ended but `victory.do` did not say who won.', 'End `victory.do` with `end game with { … }` on every path.', { path: ['victory', 'do'], span: { start: 0, end: 0 } });
      return;
    }
    this.status = 'ended';
    // A roll in the result is its total: summaries and margins read the fields as numbers.
    this.result = toJson(result, true);
    this.runtime.state.ended = { result: this.result };
    this.runtime.log('end', `Game over: ${resultText(this.result, (id) => ownerNameIn(this.runtime.state.players, this.program.data.sides, id))}`);
  }

  private fail(code: string, message: string, hint: string | undefined, at?: RuleError['at']): void {
    this.status = 'error';
    const where = at ? this.program.model.rangeIn(at.path, at.span.start, Math.max(at.span.end, at.span.start + 1)) ?? this.program.model.rangeOf(at.path) : undefined;
    this.error = {
      severity: 'error', code, message,
      file: where?.file ?? this.program.model.entry,
      range: where?.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      hint: runtimeHint(code, hint),
    };
    this.runtime.log('error', `${code}: ${message}`, at);
  }
}

/**
 * A saved game as this version writes it: version 1 (log secrets beside the log, text spans) is
 * upgraded on a copy; anything else is returned as is. Hosts that compare saved data use it too.
 */
export function upgradeSavedGame(saved: SavedGame): SavedGame {
  return (saved as { version?: unknown }).version === 1 ? upgradeV1(saved) : saved;
}

/** A version-1 saved game as version 2, on a copy: log secrets into their entries, text spans as parts. */
function upgradeV1(saved: SavedGame): SavedGame {
  const old = cloneJson(saved) as unknown as SavedGame & { log?: { entries: LogEntry[]; secrets?: Parameters<typeof upgradeLog>[1] } };
  upgradeTexts(old.state);
  upgradeTexts(old.machine);
  if (old.log) old.log = { entries: upgradeLog(old.log.entries, old.log.secrets ?? []) };
  return { ...old, version: SAVED_GAME_VERSION };
}

/**
 * The per-owner records of a state read from JSON, each copied once by spreading: built key by
 * key they are slow (dictionary) objects, which every fork's or determinization's first write
 * would copy at ~100 µs for a ruleset of 165 pieces (see `perOwner` in init.ts).
 */
function withFixedShapes(state: GameState): GameState {
  for (const store of [state.tracks, state.vars] as Array<Record<string, unknown>>) {
    for (const id of Object.keys(store)) {
      const v = store[id];
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) store[id] = { ...(v as object) };
    }
  }
  return state;
}
