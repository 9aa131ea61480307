import { LIMITS } from '../check/limits.ts';
import { RuleError, type SourceAt } from './errors.ts';
import type { Runtime } from './runtime.ts';
import { MarkedString, type Value } from './values.ts';

/**
 * The step budget counts work, not only statements: each die rolled, each item a loop, query or
 * built-in goes through, each card shuffled, each piece placed and each piece or card created
 * costs one step. Counting (never timing) keeps a stopped game deterministic: the same seed stops
 * at the same place on any machine.
 */
export function budgetExceeded(rt: Runtime, at: SourceAt | undefined): RuleError {
  return new RuleError(
    'step-budget-exceeded',
    `The game did more than ${rt.opts.stepBudget.toLocaleString('en-US')} steps of work (statements, dice, items gone through) without reaching a question or the end; a loop probably never ends.`,
    at,
    'Bound loops with `while … max N`, make sure conditions can change, and go through fewer items.',
  );
}

/** Charge `n` steps of work before doing it, so a huge request fails before it allocates anything. */
export function charge(rt: Runtime, n: number, at: SourceAt | undefined): void {
  rt.steps += n;
  if (!(rt.steps <= rt.opts.stepBudget)) throw budgetExceeded(rt, at);
}

/** A text a script built, refused past the text limit before it can grow by doubling. */
export function limitText<T extends Value>(v: T, at: SourceAt): T {
  const length = typeof v === 'string' ? v.length : v instanceof MarkedString ? v.text.length : 0;
  if (length > LIMITS.textLength) {
    throw new RuleError('text-too-long', `A text of ${length.toLocaleString('en-US')} characters; texts have at most ${LIMITS.textLength.toLocaleString('en-US')}.`, at, 'Build shorter texts: log a summary, not every item.');
  }
  return v;
}
