import type { Expr } from '../../grammar/index.ts';
import type { Report } from './context.ts';

/**
 * `fractional-count`: a count written as a division (`repeat units / 2 times`, `place n / 2 of …`,
 * `(cf / 3)d6`, `draw size(hand) / 2 from …`, `choose n / 2 of …`). `/` divides exactly, and a
 * count that is not whole stops the game (`not-whole-number`), so a division there stops it
 * whenever the numbers do not divide: the rules say which way a half goes. Not said when both
 * sides are numbers written out that divide.
 */
export function fractionalCountReport(e: Expr, what: string): Report | undefined {
  if (e.kind !== 'binary' || e.op !== '/') return undefined;
  if (e.left.kind === 'number' && e.right.kind === 'number' && e.right.value !== 0 && Number.isInteger(e.left.value / e.right.value)) return undefined;
  return {
    severity: 'warning',
    code: 'fractional-count',
    message: `${what} is a division, which may not be a whole number; the game stops when it is not (\`not-whole-number\`).`,
    hint: 'Round it the way the rules say: `floor(…)` rounds down, `ceil(…)` up, `round(…)` to the nearest.',
  };
}
