import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mutation } from './arbitraries.ts';
import { corpus, filesOf } from './corpus.ts';
import { applyMutation } from './mutate.ts';
import { runRuleset } from './pipeline.ts';

describe('fuzz: mutations of the shipped rulesets', () => {
  test('every shipped ruleset should load, check clean and play unmutated through the fuzz pipeline', () => {
    for (const ruleset of corpus()) {
      const outcome = runRuleset(filesOf(ruleset), ruleset.entry, { decisions: 20, seed: 1 });
      expect([ruleset.name, outcome.verdict, outcome.codes]).toEqual([ruleset.name, expect.stringMatching(/^(ended|playing)$/), []]);
    }
  });

  test('a mutation should change its file, the same way every time', () => {
    fc.assert(
      fc.property(mutation(), (m) => {
        const a = applyMutation(m);
        const b = applyMutation(m);
        expect(a).toBeDefined();
        expect(b?.text).toBe(a?.text);
        const original = a!.ruleset.files.find((f) => f.path === a!.path)!.text;
        expect(a!.text).not.toBe(original);
      }),
      { seed: 15, numRuns: 40 },
    );
  });

  test('a mutant should end in diagnostics, a result or a positioned runtime error, never a crash', () => {
    fc.assert(
      fc.property(mutation(), (m) => {
        const mutant = applyMutation(m)!;
        const outcome = runRuleset(filesOf(mutant.ruleset, mutant), mutant.ruleset.entry, { decisions: 30, seed: 1 });
        expect(outcome.crash, mutant.change).toBeUndefined();
        if (outcome.verdict === 'runtime-error') expect(outcome.runtimeError?.range.start.line).toBeGreaterThanOrEqual(1);
      }),
      { seed: 15, numRuns: 15 },
    );
  });
});
