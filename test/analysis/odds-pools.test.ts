/**
 * Like dice as one chance (odds-pools.ts): `8d6` is enumerated as its 1,287 multisets of results,
 * each weighted by how many orders give it, so pools too large to go through die by die are exact;
 * and an expression that reads which die came first is enumerated die by die as before.
 */
import { describe, expect, test } from 'vitest';
import { exactOdds, type Distribution } from '../../interpreter/analysis/odds.ts';
import { dicePool } from '../../interpreter/analysis/odds-pools.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const DUEL = 'test/fixtures/runtime/duel';
const program = loadProgram(DUEL);

function odds(text: string): Distribution {
  const d = exactOdds(program, text);
  if ('error' in d) throw new Error(d.error);
  return d;
}
const pairs = (d: Distribution) => d.outcomes.map((o) => [o.value, o.p]);

describe('dice pools in exact odds', () => {
  test('a pool lists every multiset once, sorted, and its weights count the orders', () => {
    const p = dicePool(3, 6, 1000)!;
    expect(p.outcomes).toHaveLength(56); // C(8, 3)
    expect(p.outcomes[0]).toEqual([1, 1, 1]);
    expect(p.outcomes[1]).toEqual([1, 1, 2]);
    expect(p.outcomes.at(-1)).toEqual([6, 6, 6]);
    expect(p.outcomes.every((o) => o.every((v, i) => i === 0 || o[i - 1]! <= v))).toBe(true);
    const at = (o: number[]) => p.weights[p.outcomes.findIndex((x) => x.join() === o.join())];
    expect(at([2, 2, 2])).toBe(1n);
    expect(at([1, 1, 2])).toBe(3n);
    expect(at([1, 2, 3])).toBe(6n);
    expect(p.weights.reduce((a, b) => a + b, 0n)).toBe(216n);
    expect(p.total).toBe(216n);
    expect(dicePool(12, 10, 200_000)).toBeUndefined(); // 293,930 multisets
  });

  test('4d6 as a pool gives exactly what four single dice give', () => {
    const pooled = odds('4d6');
    expect(pairs(pooled)).toEqual(pairs(odds('1d6 + 1d6 + 1d6 + 1d6')));
    expect(pooled.meanExact).toBe('14');
  });

  test('8d6 is exact, with 1,679,616 orders of dice behind its 41 totals', () => {
    const d = odds('8d6');
    expect(d.estimate).toBeUndefined();
    expect(d.outcomes).toHaveLength(41);
    expect(pairs(d).slice(0, 3)).toEqual([[8, '1/1679616'], [9, '1/209952'], [10, '1/46656']]);
    // 28 is the middle of 8..48: C(27,7) − 8·C(21,7) + 28·C(15,7) − 56·C(9,7) = 135,954 ways.
    expect(d.outcomes.find((o) => o.value === 28)!.p).toBe('7553/93312'); // 135,954 / 1,679,616
    expect(d.meanExact).toBe('28');
    expect(odds('(8d6) >= 30').outcomes.map((o) => [o.value, o.p])).toEqual([[false, '1041073/1679616'], [true, '638543/1679616']]);
  });

  test('20d6 and 1000d2 are exact too', () => {
    expect(odds('20d6').meanExact).toBe('70');
    const coins = odds('1000d2');
    expect(coins.outcomes).toHaveLength(1001);
    expect(coins.meanExact).toBe('1500');
  });

  test('reading which die came first enumerates die by die, so the first die is not the lowest', () => {
    // As a sorted multiset the first die would be the lowest (1 with 91/216); die by die it is 1/6 each.
    expect(pairs(odds('(3d6).dice[1]'))).toEqual([1, 2, 3, 4, 5, 6].map((v) => [v, '1/6']));
    expect(pairs(odds('(2d6).dice[1] - (2d6).dice[2]'))).toEqual(pairs(odds('1d6 - 1d6')));
  });

  test('a custom die pools by face, and its faces read in order fall back too', () => {
    // colour faces: values 1-6, colours none, none, blue, blue, red, red.
    expect(pairs(odds('3d[colour]'))).toEqual(pairs(odds('3d6')));
    expect(pairs(odds('(2d[colour]).faces[1].colour'))).toEqual([['blue', '1/3'], ['none', '1/3'], ['red', '1/3']]);
  });

  test('counting successes in a pool reads its dice in any order, so 10d6 is exact and a binomial', () => {
    const hits = odds('count d in (10d6).dice where d >= 5');
    expect(hits.estimate).toBeUndefined();
    expect(pairs(hits).slice(0, 2)).toEqual([[0, '1024/59049'], [1, '5120/59049']]); // (2/3)^10, 10·(1/3)(2/3)^9
    expect(hits.meanExact).toBe('10/3');
    expect(pairs(odds('count d in (3d6).dice where d >= 5'))).toEqual(pairs(odds('(if 1d6 >= 5 then 1 else 0) + (if 1d6 >= 5 then 1 else 0) + (if 1d6 >= 5 then 1 else 0)')));
    expect(odds('max((4d6).dice)').meanExact).toBe('6797/1296');
    expect(odds('count f in (12d[colour]).faces where f.colour == "red"').meanExact).toBe('4');
  });

  test('a query whose answer follows the dice\'s order reads them die by die', () => {
    // The first die above 3: 4, 5 or 6 alike (7/24 each), none when all three are 3 or less.
    expect(pairs(odds('first d in (3d6).dice where d > 3'))).toEqual([[4, '7/24'], [5, '7/24'], [6, '7/24'], [null, '1/8']]);
    // select keeps the order: [4, 5] and [5, 4] are two outcomes.
    const picked = pairs(odds('select d in (2d6).dice where d > 3'));
    expect(picked).toContainEqual([[4, 5], '1/36']);
    expect(picked).toContainEqual([[5, 4], '1/36']);
  });
});
