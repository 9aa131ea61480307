import { describe, expect, test } from 'vitest';
import { shareText } from '../../editor/components/simulate-view/sim-charts.ts';
import { wilson } from '../../interpreter/analysis/intervals.ts';

describe("Simulate's share labels", () => {
  test('a share should be labelled with its 95% interval as it is, lopsided near 0 and 100%', () => {
    expect(shareText({ share: 19 / 30, ci95: wilson(19, 30), count: 19 })).toBe('63.3% (45.5–78.1) · 19');
    // 30 of 30: the interval ends at 100%, where a ± half-width would reach past it.
    expect(shareText({ share: 1, ci95: wilson(30, 30), count: 30 })).toBe('100.0% (88.6–100.0) · 30');
    expect(shareText({ share: 0, ci95: wilson(0, 30), count: 0 })).toBe('0.0% (0.0–11.4) · 0');
  });
});
