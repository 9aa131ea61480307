import { describe, expect, test } from 'vitest';
import { newcombe, sample, studentTCdf, studentTQuantile, welch } from '../../interpreter/analysis/intervals.ts';

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
