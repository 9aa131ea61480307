import { describe, expect, test } from 'vitest';
import { compareShares, differenceInterval, wilson } from '../../editor/simulate/compare.ts';

const round = (xs: [number, number]) => xs.map((x) => Math.round(x * 10000) / 10000);

describe('variant minus base (editor/simulate/compare.ts)', () => {
  test('the Wilson interval should match the published values and stay inside [0, 1]', () => {
    // Newcombe (1998), table I: 81/263 gives 0.2553-0.3662.
    expect(round(wilson(81, 263))).toEqual([0.2553, 0.3662]);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });

  test("the difference interval should match Newcombe's hybrid score examples", () => {
    // Newcombe (1998), table II, method 10: 56/70 - 48/80 gives 0.0524 to 0.3339; 9/10 - 3/10 gives 0.1705 to 0.8090.
    expect(round(differenceInterval(56, 70, 48, 80))).toEqual([0.0524, 0.3339]);
    expect(round(differenceInterval(9, 10, 3, 10))).toEqual([0.1705, 0.809]);
    // At the edges the interval stays inside [-1, 1] and is not degenerate.
    const [lo, hi] = differenceInterval(10, 10, 0, 10);
    expect(hi).toBeLessThanOrEqual(1);
    expect(lo).toBeGreaterThan(0.5);
    expect(lo).toBeLessThan(1);
    expect(differenceInterval(1, 0, 1, 5)).toEqual([-1, 1]);
  });

  test('every result of either run should get a row, a missing result counting 0', () => {
    const rows = compareShares(
      [
        { label: 'pirates', count: 120 },
        { label: 'rapallini', count: 80 },
      ],
      200,
      [
        { label: 'rapallini', count: 110 },
        { label: 'pirates', count: 85 },
        { label: 'none', count: 5 },
      ],
      200,
    );
    expect(rows.map((r) => r.label)).toEqual(['pirates', 'rapallini', 'none']);
    expect(rows[0]).toMatchObject({ variant: { count: 120, share: 0.6 }, base: { count: 85, share: 0.425 } });
    expect(rows[0]!.difference).toBeCloseTo(0.175, 10);
    expect(rows[0]!.ci95[0]).toBeGreaterThan(0);
    expect(rows[2]).toMatchObject({ variant: { count: 0, share: 0 }, base: { count: 5 } });
    expect(rows[2]!.difference).toBeCloseTo(-0.025, 10);
    // 0/200 against 5/200: Wilson 0-0.0188 and 0.0107-0.0572 combine to -0.0572 to -0.0014.
    expect(round(rows[2]!.ci95)).toEqual([-0.0572, -0.0014]);
  });
});
