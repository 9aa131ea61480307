import type { Diagnostic } from '../diagnostics.ts';
import { answerFromView, decisionText } from './aliases.ts';
import type { Answer, DecisionRequest, Refusal } from './decisions.ts';
import { validateAnswer } from './decisions.ts';
import { GameOver, RuleError } from './errors.ts';
import { playGame } from './flow.ts';
import { checkSetup, initialState, type GameSetup, type SetupProblem } from './init.ts';
import type { LogEntry } from './log.ts';
import type { Program } from './program.ts';
import { DEFAULT_RUNTIME_OPTIONS, Runtime, type RuntimeOptions } from './runtime.ts';
import type { GameState } from './state.ts';
import { toJson, type Value } from './values.ts';
import { viewFor, type GameView } from './views.ts';

export type GameStatus = 'waiting' | 'ended' | 'error';

/**
 * One game in progress. It runs until the rules ask a question (`pending`), then waits for
 * `answer`. Same program + setup + answers → the same game, in Node and in the browser.
 */
export class Game {
  readonly rt: Runtime;
  private readonly gen: Generator<DecisionRequest, void, unknown>;
  pending: DecisionRequest | null = null;
  status: GameStatus = 'waiting';
  result: unknown = null;
  error: Diagnostic | null = null;

  private constructor(readonly program: Program, readonly setup: GameSetup, opts: RuntimeOptions) {
    this.rt = new Runtime(program, initialState(program, setup), opts);
    this.gen = playGame(this.rt);
    this.advance(undefined);
  }

  /** Start a game; problems with the setup (player count, options) are returned, not thrown. */
  static start(program: Program, setup: GameSetup, opts: Partial<RuntimeOptions> = {}): Game | { problems: SetupProblem[] } {
    const problems = checkSetup(program, setup);
    if (problems.length) return { problems };
    return new Game(program, setup, { ...DEFAULT_RUNTIME_OPTIONS, ...opts });
  }

  get state(): GameState {
    return this.rt.state;
  }

  get log(): LogEntry[] {
    return this.rt.entries;
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
    this.state.decisions.push(answer);
    if (this.rt.logging) {
      const line = decisionText(this, req, answer as Answer);
      this.rt.log('decision', line.text, req.at, { answer }, req.secret ? req.player : undefined, line.secret);
    }
    this.advance(answer);
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

  private advance(answer: unknown): void {
    this.pending = null;
    try {
      const r = this.gen.next(answer);
      if (r.done) this.finish(null);
      else this.pending = r.value;
    } catch (e) {
      if (e instanceof GameOver) this.finish(e.result as Value);
      else if (e instanceof RuleError) this.fail(e.code, e.message, e.hint, e.at);
      else this.fail('internal-error', `The interpreter failed: ${(e as Error).message}`, 'This is a bug in rulesmith, not in the ruleset; please report it.');
    }
  }

  private finish(result: Value): void {
    if (result === null && this.program.data.victory) {
      this.fail('no-result', 'The game ended but `victory.do` did not say who won.', 'End `victory.do` with `end game with { … }` on every path.', { path: ['victory', 'do'], span: { start: 0, end: 0 } });
      return;
    }
    this.status = 'ended';
    this.result = toJson(result);
    this.state.ended = { result: this.result };
    this.rt.log('end', `Game over: ${JSON.stringify(this.result)}`);
  }

  private fail(code: string, message: string, hint: string | undefined, at?: RuleError['at']): void {
    this.status = 'error';
    const where = at ? this.program.model.rangeIn(at.path, at.span.start, Math.max(at.span.end, at.span.start + 1)) ?? this.program.model.rangeOf(at.path) : undefined;
    this.error = {
      severity: 'error', code, message,
      file: where?.file ?? this.program.model.entry,
      range: where?.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      ...(hint ? { hint } : {}),
    };
    this.rt.log('error', `${code}: ${message}`, at);
  }
}
