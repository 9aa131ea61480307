/** compare-kept.ts: kept games read back (margins and seats filled in), paired by number. */
import { describe, expect, test } from 'vitest';
import { keptGames, pairKept } from './compare-kept.ts';

const line = (i: number, margin: number, extra: object = {}) => JSON.stringify({ i, record: { seed: `s:${i}`, status: 'ended', result: { winner: 'red', margin }, rounds: 3, decisions: 40, error: null, ...extra } });

describe('compare-kept', () => {
  test('a record without a margin takes its result margin, and seats when given; a broken line is left out', () => {
    const games = keptGames([line(2, 7), '{"i": 3, "rec', line(1, 5, { margin: 9, seats: { p1: 'blue' } }), ''].join('\n'), { p1: 'red', p2: 'blue' });
    expect([...games.keys()]).toEqual([2, 1]);
    expect(games.get(2)).toMatchObject({ margin: 7, seats: { p1: 'red', p2: 'blue' } });
    expect(games.get(1)).toMatchObject({ margin: 9, seats: { p1: 'blue' } });
  });

  test('games are paired by number, in order, as far as both go; the seed is the records\'', () => {
    const a = keptGames([line(3, 1), line(1, 1), line(2, 1)].join('\n'));
    const b = keptGames([line(2, 1), line(1, 1), line(5, 1)].join('\n'));
    expect(pairKept(a, b)).toEqual({ numbers: [1, 2], seed: 's' });
  });
});
