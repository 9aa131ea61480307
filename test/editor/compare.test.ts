import { describe, expect, test } from 'vitest';
import { compareFacts, compareRecords, comparisonVerdict } from '../../editor/simulate/compare.ts';
import { newcombe, newcombePaired } from '../../interpreter/analysis/intervals.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';

const rec = (winner: string, level = 'Points') => ({ seed: 's', status: 'ended', result: { winner, level }, rounds: 1, decisions: 1, error: null }) as GameRecord;
const stopped = { seed: 's', status: 'error', result: null, rounds: 1, decisions: 1, error: { code: 'x', message: 'x' } } as GameRecord;

describe('variant minus base, paired by seed (editor/simulate/compare.ts)', () => {
  test('games of the same number should be paired, and only those both runs have', () => {
    // Base: red wins games 1-60 of 100; variant: red wins 1-70. Game 101 only in the variant, game 50 missing from the base.
    const base: Array<GameRecord | undefined> = Array.from({ length: 100 }, (_, i) => rec(i < 60 ? 'red' : 'blue'));
    const variant: Array<GameRecord | undefined> = Array.from({ length: 101 }, (_, i) => rec(i < 70 ? 'red' : 'blue'));
    base[49] = undefined;
    const { games, rows } = compareRecords(variant, base, 'winner', ['blue']);
    expect(games).toBe(99);
    expect(rows.map((r) => r.label)).toEqual(['blue', 'red']);
    const red = rows[1]!;
    expect(red).toMatchObject({ variant: { count: 69, games: 99 }, base: { count: 59, games: 99 } });
    const paired = newcombePaired(59, 10, 0, 30);
    expect(red.difference).toBeCloseTo(paired.diff, 12);
    expect(red.ci95).toEqual(paired.ci95);
    // Narrower than the independent samples' interval of the same counts.
    const [lo, hi] = newcombe(69, 99, 59, 99).ci95;
    expect(red.ci95[1] - red.ci95[0]).toBeLessThan(hi - lo);
    expect(compareRecords(variant, base, 'outcome').rows.map((r) => r.label).sort()).toEqual(['blue — Points', 'red — Points']);
    expect(compareRecords([], base, 'winner')).toEqual({ games: 0, differ: 0, rows: [], stopped: 0 });
  });

  test('a result of one run only should count 0 in the other, and a game that stopped counts in no share', () => {
    // 200 seeds: pirates win 120 under the variant and 85 under the base, which also has 5 draws ("none").
    const base = Array.from({ length: 200 }, (_, i) => rec(i < 85 ? 'pirates' : i < 195 ? 'rapallini' : 'none'));
    const variant = Array.from({ length: 200 }, (_, i) => rec(i < 120 ? 'pirates' : 'rapallini'));
    const { rows } = compareRecords(variant, base, 'winner', ['pirates', 'rapallini']);
    expect(rows.map((r) => r.label)).toEqual(['pirates', 'rapallini', 'none']);
    expect(rows[0]).toMatchObject({ variant: { count: 120, share: 0.6 }, base: { count: 85, share: 0.425 } });
    expect(rows[0]!.difference).toBeCloseTo(0.175, 10);
    expect(rows[0]!.ci95[0]).toBeGreaterThan(0);
    expect(rows[2]).toMatchObject({ variant: { count: 0, share: 0 }, base: { count: 5 } });
    expect(rows[2]!.difference).toBeCloseTo(-0.025, 10);
    expect(rows[2]!.ci95).toEqual(newcombePaired(0, 0, 5, 195).ci95);
    // Intervals stay inside [-1, 1].
    const all = compareRecords(Array(10).fill(rec('a')), Array(10).fill(rec('b')), 'winner').rows;
    for (const r of all) expect(r.ci95[0]).toBeGreaterThanOrEqual(-1), expect(r.ci95[1]).toBeLessThanOrEqual(1);
    // A game that stopped takes its pair out of the figures, as the CLI does (it used to count as
    // "no winner", so a variant that always stops read as a change of who wins).
    const withStop = compareRecords([rec('a'), stopped, rec('b'), rec('a')], [rec('a'), rec('a'), rec('a'), rec('a')], 'winner');
    expect(withStop).toMatchObject({ games: 3, stopped: 1 });
    expect(withStop.rows[0]).toMatchObject({ label: 'a', variant: { count: 2, games: 3 }, base: { count: 3, games: 3 } });
    const allStopped = compareRecords([stopped, stopped, stopped], [rec('a'), rec('a'), rec('a')], 'winner');
    expect(allStopped).toMatchObject({ games: 0, stopped: 3, rows: [] });
    expect(comparisonVerdict(allStopped, (l) => l)).toBeUndefined();
  });
});

describe('who wins, in one sentence (comparisonVerdict)', () => {
  const name = (l: string) => (l === 'red' ? 'Red' : l === 'blue' ? 'Blue' : l);
  const runs = (baseRed: number, variantRed: number, n = 200) => ({
    base: Array.from({ length: n }, (_, i) => rec(i < baseRed ? 'red' : 'blue')),
    variant: Array.from({ length: n }, (_, i) => rec(i < variantRed ? 'red' : 'blue')),
  });

  test('a shift whose interval clears zero should be named with its interval', () => {
    const { base, variant } = runs(100, 130);
    const c = compareRecords(variant, base, 'winner', ['red', 'blue']);
    expect(c.differ).toBe(30);
    const said = comparisonVerdict(c, name)!;
    expect(said.kind).toBe('changed');
    expect(said.text).toMatch(/^The change moves who wins, with 95% confidence over 200 games of each: Red \+15\.0 points \(95% \+\d+\.\d to \+\d+\.\d\); Blue −15\.0 points/);
  });

  test('a small shift should say that nothing is clear yet, and how large a change is still possible', () => {
    const { base, variant } = runs(100, 103);
    const said = comparisonVerdict(compareRecords(variant, base, 'winner'), name)!;
    expect(said.kind).toBe('unclear');
    expect(said.text).toMatch(/^No clear change in who wins over 200 games of each \(3 had another winner\): every 95% interval includes zero, so a change of up to \d+\.\d points either way is still possible\./);
  });

  test('the same winner in every seed should be said as such, and no games should say nothing', () => {
    const { base, variant } = runs(100, 100);
    expect(comparisonVerdict(compareRecords(variant, base, 'winner'), name)).toEqual({
      kind: 'same',
      text: 'Every one of the 200 games of each had the same winner under both rules: on these seeds the change makes no difference to who wins.',
    });
    expect(comparisonVerdict(compareRecords([], base, 'winner'), name)).toBeUndefined();
  });
});

describe('game length, margin and first seat in the editor (compareFacts)', () => {
  const game = (i: number, winner: string, rounds: number, margin: number) => ({ seed: `s:${i + 1}`, status: 'ended', result: { winner }, rounds, decisions: 10, error: null, seats: { p1: 'red', p2: 'blue' }, margin }) as GameRecord;

  test("should be the CLI's comparison over the games both runs have", () => {
    const base: Array<GameRecord | undefined> = Array.from({ length: 10 }, (_, i) => game(i, i < 5 ? 'red' : 'blue', 4, i));
    const variant: Array<GameRecord | undefined> = Array.from({ length: 12 }, (_, i) => game(i, i < 8 ? 'red' : 'blue', 5, i + 2));
    variant[3] = undefined;
    const c = compareFacts(variant, base)!;
    // Nine seeds both have: rounds +1 in every one, margin +2 in every one.
    expect(c.games).toBe(9);
    expect(c.rounds).toMatchObject({ diff: 1, ci95: [1, 1], significant: true });
    expect(c.margin).toMatchObject({ diff: 2, ci95: [2, 2], significant: true });
    expect(c.firstSeat).toMatchObject({ fair: 0.5, side: 'red', base: { wins: 4, games: 9 }, variant: { wins: 7, games: 9 } });
    expect(compareFacts([undefined], base)).toBeUndefined();
  });
});
