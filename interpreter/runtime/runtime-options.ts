import type { LogLevel } from './log.ts';
import type { TableTrace } from './tables.ts';
import type { RulesProfile } from './profile.ts';

export interface RuntimeOptions {
  log: LogLevel;
  /** Steps of work (statements, dice, items gone through; budget.ts) one game may do before it is stopped as endless. */
  stepBudget: number;
  /** Nested procedure calls allowed. */
  depthBudget: number;
  /**
   * Die results to use before the generator, one per die, in order (tests and rulebook examples:
   * "the attacker rolls a 5"). For d66 the tens die comes first; for custom dice, the face number.
   */
  forcedDice?: number[];
  /** Replaces the generator for dice entirely (exact-odds enumeration); returns 1..sides. */
  dieSource?: (sides: number) => number;
  /**
   * Rolls `count` like dice at once (exact odds): their results, sorted, as one multiset, and the
   * roll is made unordered (values.ts, Roll); `undefined` rolls them one by one through `dieSource`.
   */
  poolSource?: (count: number, sides: number) => number[] | undefined;
  /**
   * Which card a draw takes (exact-odds enumeration): given the cards it may take, in pile order,
   * and where from (`{deck}` or a zone key), the index of the one taken; `undefined` takes the first,
   * as without it. Called once per card, the pile shrinking as cards are taken, and with an empty
   * pile when there is nothing to take (its answer is then not used).
   */
  drawSource?: (pile: readonly string[], from: { deck: string } | { zone: string }) => number | undefined;
  /**
   * Told when a script lists a pile's cards in order (`deck.cards`, `zone.cards`): odds read the
   * game before its setup shuffles, so an order read there is the written one, not a chance.
   */
  pileListed?: (pile: readonly string[], from: { deck: string } | { zone: string }) => void;
  /** Told of every table lookup and roll (the odds breakdown: which cell gave which value). */
  trace?: TableTrace;
  /**
   * The host promises not to change the state between answers (it may read it, fork it, view it):
   * set by `playWith` for simulations and playouts. The rules may then reuse an option list they
   * computed before a question for the question right after it (compile/flow.ts).
   */
  hostReadsOnly?: boolean;
  /** Told when each script starts and ends, to say where the rules spend their time (profile.ts; `rulesmith profile`). */
  profile?: RulesProfile;
}

export const DEFAULT_RUNTIME_OPTIONS: RuntimeOptions = { log: 'full', stepBudget: 1_000_000, depthBudget: 200 };
