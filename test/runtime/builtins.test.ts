import { describe, expect, test } from 'vitest';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES } from '../../interpreter/check/signatures.ts';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { IMPLEMENTED_BUILTINS } from '../../interpreter/runtime/builtins.ts';
import { loadProgram } from '../helpers/ruleset.ts';

describe('built-ins', () => {
  test('every function the checker knows should be implemented by the runtime, and no other', () => {
    expect([...IMPLEMENTED_BUILTINS].sort()).toEqual([...BUILTIN_FUNCTIONS.keys()].sort());
  });

  test('every built-in name should evaluate in a game', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    for (const name of BUILTIN_NAMES.keys()) {
      const r = exactOdds(program, name);
      expect(r, name).not.toHaveProperty('error');
    }
  });

  test('arithmetic helpers should round as documented', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    const value = (text: string) => {
      const r = exactOdds(program, text);
      if ('error' in r) throw new Error(r.error);
      return r.outcomes[0]!.value;
    };
    expect([value('half_up(5)'), value('half_down(5)'), value('round(2.5)'), value('ceil(7 / 2)'), value('floor(-0.5)')]).toEqual([3, 2, 3, 4, -1]);
    expect([value('min(3, 1, 2)'), value('max([4, 9])'), value('clamp(12, 0, 10)'), value('-7 mod 3')]).toEqual([1, 9, 10, 2]);
    expect([value('size([1, 2, 3])'), value('[5, 6, 7][1]'), value('reverse([1, 2])'), value('without([1, 2, 3], 2)')]).toEqual([3, 5, [2, 1], [1, 3]]);
    expect([value('distance(hill, keep)'), value('size(neighbours(ford))'), value('linked(hill, keep)')]).toEqual([2, 2, false]);
    expect([value('reachable(hill, 1)'), value('reachable(hill, 2)'), value('path_cost(hill, keep)')]).toEqual([['ford'], ['ford', 'keep'], 2]);
    expect(value('size(peek(orders, 2))')).toBe(2);
  });

  test('a roll should index a list by its total, as it counts in arithmetic', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    const r = exactOdds(program, '[10, 20, 30, 40, 50, 60][1d6]');
    if ('error' in r) throw new Error(r.error);
    expect(r.outcomes.map((o) => o.value).sort()).toEqual([10, 20, 30, 40, 50, 60]);
  });
});
