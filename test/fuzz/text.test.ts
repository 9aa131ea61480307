import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rulesText, yamlText } from './arbitraries.ts';
import { parseOutcome, runRuleset } from './pipeline.ts';

/**
 * Bounded property runs with fixed seeds, so `npm test` is the same every time; `npm run fuzz`
 * is the long run with fresh seeds (and reports the slowest input against the one-second bound).
 */
describe('fuzz: arbitrary text', () => {
  test('the parser should never throw and give only well-formed, hinted diagnostics', () => {
    fc.assert(
      fc.property(rulesText, (text) => {
        expect(parseOutcome(text)).toBeUndefined();
      }),
      { seed: 15, numRuns: 400 },
    );
  });

  test('the loader (and the rest of the pipeline) should never throw on arbitrary YAML', () => {
    fc.assert(
      fc.property(yamlText, (text) => {
        const outcome = runRuleset({ 'fuzz/ruleset.yaml': text }, 'fuzz/ruleset.yaml', { decisions: 20, seed: 1 });
        expect(outcome.crash).toBeUndefined();
        expect(outcome.verdict).not.toBe('crash');
      }),
      { seed: 15, numRuns: 200 },
    );
  });

  test('`secretly` without `choose` should give a diagnostic with a hint', () => {
    // A fixed, known-awkward case: the parser once gave `missing-token` without a hint here.
    expect(parseOutcome('x = secretly y')).toBeUndefined();
  });
});
