import { describe, expect, test } from 'vitest';
import { newcombe, newcombePaired, pairedMean, pairedShares, sample, studentTCdf, studentTQuantile, welch, wilson, meanOfProportions } from '../../interpreter/analysis/intervals.ts';

describe('Newcombe hybrid score interval for a difference of proportions', () => {
  // Newcombe (1998), Statistics in Medicine 17:873–890, Table II, method 10 (score, no continuity correction).
  test.each([
    [56, 70, 48, 80, 0.2, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.6, 0.1705, 0.8090],
    [5, 56, 0, 29, 0.0893, -0.0381, 0.1926],
    [0, 10, 0, 20, 0, -0.1611, 0.2775],
    [10, 10, 0, 10, 1, 0.6075, 1.0],
  ])('%i/%i − %i/%i should give the published interval', (x1, n1, x2, n2, diff, lo, hi) => {
    const r = newcombe(x1, n1, x2, n2);
    expect(r.diff).toBeCloseTo(diff, 4);
    expect(r.ci95[0]).toBeCloseTo(lo, 4);
    expect(r.ci95[1]).toBeCloseTo(hi, 4);
  });

  test('significance should follow whether the interval excludes 0', () => {
    expect(newcombe(56, 70, 48, 80).significant).toBe(true);
    expect(newcombe(5, 56, 0, 29).significant).toBe(false);
    expect(newcombe(0, 10, 0, 20).significant).toBe(false);
    // Swapping the samples mirrors the interval.
    const r = newcombe(48, 80, 56, 70);
    expect(r.ci95[0]).toBeCloseTo(-0.3339, 4);
    expect(r.ci95[1]).toBeCloseTo(-0.0524, 4);
  });

  test('no games on a side should give an empty, non-significant difference', () => {
    expect(newcombe(0, 0, 3, 10)).toEqual({ diff: 0, ci95: [0, 0], significant: false });
  });
});

describe("Student's t and Welch's interval", () => {
  // Quantiles from standard t tables (two-sided 95%: the 0.975 quantile).
  test.each([[1, 12.7062], [2, 4.3027], [5, 2.5706], [10, 2.2281], [30, 2.0423], [120, 1.9799]])('t(0.975, %d) should be %f', (df, t) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(t, 4);
  });

  test('the quantile should invert the distribution, for fractional degrees of freedom too', () => {
    for (const df of [1.5, 7.5024, 44.2]) {
      expect(studentTCdf(studentTQuantile(0.975, df), df)).toBeCloseTo(0.975, 9);
      expect(studentTQuantile(0.025, df)).toBeCloseTo(-studentTQuantile(0.975, df), 9);
    }
    expect(studentTQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 5);
  });

  test('Welch should match a worked example (unequal variances)', () => {
    // a = 2,4,4,9,12,3 and b = 1..7: means 5.6667 and 4, variances 15.0667 and 4.6667.
    const r = welch(sample([2, 4, 4, 9, 12, 3]), sample([1, 2, 3, 4, 5, 6, 7]));
    expect(r.diff).toBeCloseTo(1.666667, 5);
    expect(r.df).toBeCloseTo(7.5025, 3);
    expect(r.ci95[0]).toBeCloseTo(-2.53543, 4);
    expect(r.ci95[1]).toBeCloseTo(5.86876, 4);
    expect(r.significant).toBe(false);
  });

  test('samples without spread should give an exact difference', () => {
    const r = welch(sample([2, 2, 2]), sample([3, 3, 3, 3]));
    expect(r).toMatchObject({ diff: -1, ci95: [-1, -1], significant: true });
    expect(welch(sample([2, 2]), sample([2, 2])).significant).toBe(false);
  });

  test('sample should use n − 1 for the standard deviation', () => {
    expect(sample([1, 2, 3, 4])).toEqual({ n: 4, mean: 2.5, sd: Math.sqrt(5 / 3) });
    expect(sample([])).toEqual({ n: 0, mean: 0, sd: 0 });
  });
});

describe('paired intervals (the same seeds under two rule sets)', () => {
  test("Newcombe's paired method 10 should give the paper's example and agree with the unpaired interval when pairs are uncorrelated", () => {
    // Newcombe (1998), Statistics in Medicine 17:2635, example: 36 pairs with the event under both, 12 under X only, 2 under Y only, none under neither.
    const r = newcombePaired(36, 12, 2, 0);
    expect(r.diff).toBeCloseTo(0.2, 12);
    expect(r.ci95[0]).toBeCloseTo(0.0569, 4);
    expect(r.ci95[1]).toBeCloseTo(0.3404, 4);
    expect(r.significant).toBe(true);
    // ad − bc = 0: no correlation, so the paired interval is the independent one over the same margins.
    expect(newcombePaired(25, 25, 25, 25)).toEqual(newcombe(50, 100, 50, 100));
    // X and Y swapped: the interval mirrors.
    const m = newcombePaired(36, 2, 12, 0);
    expect(m.diff).toBeCloseTo(-0.2, 12);
    expect(m.ci95[0]).toBeCloseTo(-r.ci95[1], 12);
    expect(m.ci95[1]).toBeCloseTo(-r.ci95[0], 12);
    expect(newcombePaired(0, 0, 0, 0)).toEqual({ diff: 0, ci95: [0, 0], significant: false });
  });

  test('pairs that agree more than chance should give a narrower interval than independent samples of the same games', () => {
    // 100 seeds: 60 won by red under both, 10 more under Y only, 30 by neither.
    const paired = newcombePaired(60, 0, 10, 30);
    const independent = newcombe(60, 100, 70, 100);
    expect(paired.diff).toBeCloseTo(independent.diff, 12);
    expect(paired.ci95[1] - paired.ci95[0]).toBeLessThan(0.6 * (independent.ci95[1] - independent.ci95[0]));
    expect([paired.significant, independent.significant]).toEqual([true, false]);
    // The same through labels: shares of 'red' and 'blue', Y − X.
    const xs = [...Array(60).fill('red'), ...Array(40).fill('blue')] as string[];
    const ys = [...Array(70).fill('red'), ...Array(30).fill('blue')] as string[];
    const [red, blue] = pairedShares(xs, ys);
    expect(red).toMatchObject({ label: 'red', x: 60, y: 70, diff: newcombePaired(60, 10, 0, 30).diff, ci95: newcombePaired(60, 10, 0, 30).ci95 });
    expect(blue!.label).toBe('blue');
    expect(blue!.diff).toBeCloseTo(-0.1, 12);
    // A game with no label (it did not end) counts in neither share.
    expect(pairedShares(['red', null], [null, 'red'])[0]).toMatchObject({ x: 1, y: 1, diff: 0 });
  });

  test('a paired mean should be the mean of the differences with Student t on n − 1 degrees of freedom', () => {
    const r = pairedMean([1, 2, 3, 4]);
    // mean 2.5, sd 1.2910, se 0.6455, t(0.975, 3) = 3.182446.
    expect(r.diff).toBe(2.5);
    expect(r.ci95[0]).toBeCloseTo(0.4457, 4);
    expect(r.ci95[1]).toBeCloseTo(4.5543, 4);
    expect(pairedMean([1, 1, 1])).toMatchObject({ diff: 1, ci95: [1, 1], significant: true });
    expect(pairedMean([3])).toMatchObject({ diff: 3, ci95: [-Infinity, Infinity], significant: false });
  });
});

describe('the Wilson score interval', () => {
  test('should match the published values and stay inside [0, 1]', () => {
    // Newcombe (1998), table I: 81/263 gives 0.2553-0.3662.
    const [lo, hi] = wilson(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });
});

describe('the mean of independent proportions (MOVER)', () => {
  test('one group should be its Wilson interval; two unequal seats a narrower interval than pooling them', () => {
    const one = meanOfProportions([[81, 263]])!;
    expect(one.rate).toBeCloseTo(81 / 263, 12);
    expect(one.ci95[0]).toBeCloseTo(wilson(81, 263)[0], 8);
    expect(one.ci95[1]).toBeCloseTo(wilson(81, 263)[1], 8);
    // An agent that won 15 of 15 games on the strong seat and 2 of 15 on the weak one (Dragut, hard against normal).
    const seats = meanOfProportions([[15, 15], [2, 15]])!;
    expect(seats.rate).toBeCloseTo(17 / 30, 12);
    // By hand: Wilson 15/15 is 0.7961-1 and 2/15 is 0.0374-0.3788; 0.5667 − √(¼·0.2039² + ¼·0.0959²) and 0.5667 + √(¼·0.2455²).
    expect(seats.ci95[0]).toBeCloseTo(0.4540, 3);
    expect(seats.ci95[1]).toBeCloseTo(0.6894, 3);
    const pooled = wilson(17, 30);
    expect(seats.ci95[1] - seats.ci95[0]).toBeLessThan(pooled[1] - pooled[0]);
    expect(meanOfProportions([])).toBeUndefined();
    expect(meanOfProportions([[1, 2], [0, 0]])).toBeUndefined();
  });
});
