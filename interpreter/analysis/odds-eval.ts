import { compileStandalone, type Program } from '../compile/index.ts';
import { RuleError } from '../runtime/errors.ts';
import { checkSetup, initialState, type GameSetup } from '../runtime/init.ts';
import { DEFAULT_RUNTIME_OPTIONS, Runtime, type RuntimeOptions } from '../runtime/runtime.ts';
import { DiceOrderRead, Roll } from '../runtime/values.ts';
import { chanceDraws, listedPiles, oddsJson, type Chance } from './odds-cards.ts';

/**
 * Work one `odds` question may do, counted (never timed, so answers do not depend on the machine):
 * one unit per die drawn and per evaluation, and one per 50 characters of game state saved and
 * restored around an evaluation that changes the state. About a second of work on a laptop.
 */
export const MAX_WORK = 1_000_000;

/** An evaluation tried to change the frozen state: evaluate again with a snapshot per evaluation. */
export const MUTATES = Symbol('mutates');
/** An evaluation read the order of dice drawn as a multiset (`Chance.pool`): enumerate them die by die. */
export const ORDER_READ = Symbol('order-read');

export interface OddsError {
  error: string;
  /** Only the work bounds stopped it (an estimate may help). */
  tooLarge?: boolean;
}

/**
 * Evaluates one expression again and again on the untouched initial state, with dice and the cards
 * drawn from `chance` (odds-cards.ts: a draw from a shuffled pile is a chance, as a die is).
 * Most expressions only read the state (tables, dice, pieces), so it is first frozen and shared by
 * every evaluation; an expression that changes it (a draw, `shuffled`) makes `run` answer MUTATES,
 * and the caller starts over with `frozen` false: state copied and restored around each evaluation.
 */
export class OddsEvaluator {
  work = 0;
  /** What the answer assumed, once each (how a pile was drawn from). */
  readonly notes: string[] = [];
  private constructor(private readonly rt: Runtime, private readonly evaluate: NonNullable<ReturnType<typeof compileStandalone>['eval']>, private readonly slots: number, private readonly frozen: boolean) {}

  static create(program: Program, text: string, setup: GameSetup, chance: Chance, frozen: boolean, trace?: RuntimeOptions['trace']): OddsEvaluator | OddsError {
    const problems = checkSetup(program, setup);
    if (problems.length) return { error: problems.map((p) => `${p.code}: ${p.message}`).join('; ') };
    const compiled = compileStandalone(program, text);
    if (!compiled.eval) return { error: compiled.error ?? 'cannot compile' };
    const state = initialState(program, setup);
    if (frozen) deepFreeze(state);
    let self: OddsEvaluator | undefined;
    const rt = new Runtime(program, state, {
      ...DEFAULT_RUNTIME_OPTIONS,
      log: 'none',
      ...(trace ? { trace } : {}),
      dieSource: (n) => {
        self!.work++;
        return chance.die(n);
      },
      ...(chance.pool ? {
        poolSource: (count: number, n: number) => {
          self!.work++;
          return chance.pool!(count, n);
        },
      } : {}),
      drawSource: chanceDraws(program, () => state, { die: chance.die, pick: (w) => { self!.work++; return chance.pick(w); } }, (note) => { self!.notes.push(note); }),
      pileListed: listedPiles(program, () => state, (note) => { self!.notes.push(note); }),
    });
    self = new OddsEvaluator(rt, compiled.eval, compiled.slots, frozen);
    return self;
  }

  get tooMuch(): boolean {
    return this.work > MAX_WORK;
  }

  /** One evaluation: its value as JSON, the RuleError it stopped with, or MUTATES. */
  run(): unknown {
    this.work++;
    // Each evaluation is one roll of the expression and gets the whole step budget.
    this.rt.steps = 0;
    const state = this.rt.state;
    const snapshot = this.frozen ? '' : JSON.stringify(state);
    this.work += Math.ceil(snapshot.length / 50); // saved here and parsed back below
    try {
      const value = this.evaluate(this.rt.frame({ slots: this.slots }, null, null, -1));
      // A bare roll (`3d6`) is asked about its total; its dice would make every combination an outcome.
      return oddsJson(this.rt.program, this.rt.state, value instanceof Roll ? value.total : value);
    } catch (e) {
      if (e instanceof RuleError) return e;
      if (e instanceof DiceOrderRead) return ORDER_READ;
      if (this.frozen && e instanceof TypeError) return MUTATES;
      throw e;
    } finally {
      if (!this.frozen) Object.assign(state, JSON.parse(snapshot));
    }
  }
}

function deepFreeze(v: unknown): void {
  if (!v || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}
