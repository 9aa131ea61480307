import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { loadProgram } from '../helpers/ruleset.ts';

describe('unplaced_of_kind', () => {
  const program = loadProgram('test/fixtures/runtime/duel');
  const value = (text: string) => {
    const r = exactOdds(program, text);
    if ('error' in r) throw new Error(r.error);
    return r.outcomes[0]!.value;
  };

  test('should list every piece of that kind still in the box, in declaration order', () => {
    expect(value('unplaced_of_kind("infantry")')).toEqual(['soldier_1', 'soldier_2', 'soldier_3', 'soldier_4']);
  });

  test('should give an empty list for a kind no piece type has', () => {
    expect(value('unplaced_of_kind("cavalry")')).toEqual([]);
  });
});
