import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';

/** One piece type declares a name and a kind, the other neither. */
const RULESET = `rulesmith: 1
id: types
name: Piece types
sides: { red: {} }
pieces:
  militia: { name: Militia, kind: foot, side: red, count: 2 }
  scout: { side: red, count: 1 }
`;

describe('piece type members', () => {
  const loaded = loadRuleset('types/ruleset.yaml', createMemoryHost({ 'types/ruleset.yaml': RULESET }));
  const value = (text: string) => {
    const r = exactOdds(compileRuleset(loaded.model!), text);
    if ('error' in r) throw new Error(r.error);
    return r.outcomes[0]!.value;
  };

  test('the ruleset should check clean', () => {
    expect([...loaded.diagnostics, ...checkRuleset(loaded.model!)].filter(isError)).toEqual([]);
  });

  test('a type without a declared name should go by its id, and one without a kind by none (found by the fuzzer)', () => {
    expect([value('militia.name'), value('militia.kind')]).toEqual(['Militia', 'foot']);
    expect([value('scout.name'), value('scout.kind == none')]).toEqual(['scout', true]);
  });
});
