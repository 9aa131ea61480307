import { describe, expect, test } from 'vitest';
import { compareRecordSets } from '../../interpreter/analysis/compare.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';

describe('a change of zero', () => {
  test('should print without a minus sign, ±0.00, whatever the rounding left of it', () => {
    // Margins 0.2, 1.4, 1.4 against 1, 1, 1: the per-seed differences average −7.4e-17.
    const games = (margins: number[]): GameRecord[] => margins.map((margin, i) => ({
      seed: `1:${i + 1}`, status: 'ended', result: { winner: 'red' }, rounds: 3, decisions: 10, error: null, seats: { p1: 'red', p2: 'blue' }, margin,
    }));
    const c = compareRecordSets({ records: games([1, 1, 1]), ruleset: 'a', hash: 'h1' }, { records: games([0.2, 1.4, 1.4]), ruleset: 'b', hash: 'h2' }, { seed: '1', agents: ['random'] });
    expect(c.margin!.diff).toBeLessThan(0);
    const text = formatComparison(c, 'a', 'b');
    expect(text).toContain('\n  margin         1.00      1.00    ±0.00 (−1.72 to 1.72)\n');
    expect(text).toContain('  rounds         3.00      3.00    ±0.00 (0.00 to 0.00)\n');
    expect(text).not.toContain('−0.0');
  });
});
