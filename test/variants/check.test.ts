/**
 * The bounded version of `npm run variants:check` (200 games per variant with `normal` bots takes
 * hours): every shipped variant validates and plays one game with search bots on the smallest
 * budget (`mcts:iterations=2`), so the search path (determinize, fork, heuristics) runs on every
 * variant; `test/rulesets/variants.test.ts` plays random games of each.
 */
import { describe, expect, test } from 'vitest';
import { checkVariant, formatResult, shippedVariants } from './check.ts';

const variants = shippedVariants();

describe('variants:check, bounded', () => {
  test('finds every shipped variant', () => {
    expect(variants.length).toBeGreaterThanOrEqual(11);
    expect(variants.every((p) => /^rulesets\/[^/]+\/variants\/[^/]+\.yaml$/.test(p))).toBe(true);
  });

  test.each(variants)('%s validates and plays a game with search bots without a runtime error', async (path) => {
    const r = await checkVariant(path, 1, 'mcts:iterations=2', 'variants-bounded', 1);
    expect(formatResult(r)).toMatch(/^ok {2}/);
    expect([r.validate, r.ended, r.errors]).toEqual([0, 1, 0]);
  }, 120_000);
});
