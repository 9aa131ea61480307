/**
 * `rulesmith odds` never aborts (issue 12, item 5): exact enumeration is bounded by counted work;
 * past the bound it says so and prints a labelled, seeded Monte Carlo estimate (or refuses with
 * --exact); rolls past the dice limit are refused by the runtime before anything is allocated.
 */
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';

describe('rulesmith odds bounds', () => {
  test('a roll of 999999999d999999999 should exit 1 with too-many-dice, not run out of memory', async () => {
    const r = await runCli(['odds', DUEL, '999999999d999999999']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('too-many-dice');
    expect(r.err).toContain('at most 1,000 dice');
    expect(r.out).toBe('');
  });

  test('1000d1000 should say it is past the exact bound and print an estimate labelled as one', async () => {
    const r = await runCli(['odds', DUEL, '1000d1000']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('Too many dice combinations to enumerate exactly');
    expect(r.err).toContain('Monte Carlo estimate');
    expect(r.out).toMatch(/^ESTIMATE, not exact \(Monte Carlo, [\d,]+ samples, seed "odds"\)/);
    expect(r.out).toContain('more values (--json lists them all)');
    expect(r.out).not.toMatch(/\d+\/\d+/);
  });

  test('the estimate should be the same every run, and flagged in JSON', async () => {
    // 12d10: 293,930 multisets of results, past the 200,000 combinations enumerated exactly.
    const [a, b] = [await runCli(['odds', DUEL, '12d10', '--json']), await runCli(['odds', DUEL, '12d10', '--json'])];
    expect(a.out).toBe(b.out);
    const json = JSON.parse(a.out);
    expect(json.estimate).toEqual({ samples: 10_000, seed: 'odds' });
    expect(json.meanExact).toBeUndefined();
    expect(json.mean).toBeGreaterThan(63);
    expect(json.mean).toBeLessThan(69);
    expect(json.outcomes.reduce((s: number, o: { decimal: number }) => s + o.decimal, 0)).toBeCloseTo(1, 9);
  });

  test('--exact should refuse instead of estimating', async () => {
    const r = await runCli(['odds', DUEL, '12d10', '--exact']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Too many dice combinations');
    expect(r.out).toBe('');
  });

  test('a bare roll should be asked about its total, exactly', async () => {
    const r = JSON.parse((await runCli(['odds', DUEL, '3d6', '--json'])).out);
    expect(r.estimate).toBeUndefined();
    expect(r.outcomes.map((o: { value: number }) => o.value)).toEqual(Array.from({ length: 16 }, (_, i) => i + 3));
    expect(r.meanExact).toBe('21/2');
  });

  test('an expression that changes the state should still be enumerated exactly', async () => {
    const r = JSON.parse((await runCli(['odds', DUEL, 'size(shuffled([1, 2, 3])) + 1d6', '--json'])).out);
    expect(r.estimate).toBeUndefined();
    expect(r.outcomes.map((o: { value: number; p: string }) => [o.value, o.p])).toEqual([4, 5, 6, 7, 8, 9].map((v) => [v, '1/6']));
  });
});
