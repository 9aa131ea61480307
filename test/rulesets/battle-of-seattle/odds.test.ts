import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../../interpreter/analysis/odds.ts';
import { loadProgram } from '../../helpers/ruleset.ts';

const BOS = 'rulesets/battle-of-seattle';

describe('Battle of Seattle: exact odds [T-CRT]', () => {
  test('rulesmith odds should reproduce every CRT column exactly, as counted from the printed table', () => {
    const program = loadProgram(BOS);
    const crt = program.data.tables!.crt!;
    const columns = crt.columns as string[];
    const rows = crt.rows as Record<string, string[]>;
    columns.forEach((label, i) => {
      const value = Number(/^\d+/.exec(label)![0]);
      const counts = new Map<string, number>();
      for (const cells of Object.values(rows)) counts.set(cells[i]!, (counts.get(cells[i]!) ?? 0) + 1);
      // Listed in the order of the table's legend (N, VM, A, X), as every column is.
      const legend = Object.keys(crt.results ?? {});
      const expected = [...counts].map(([code, n]) => ({ value: code, p: simplify(n, 6) })).sort((a, b) => legend.indexOf(a.value) - legend.indexOf(b.value));
      const got = exactOdds(program, `roll on crt column ${value}`);
      if ('error' in got) throw new Error(got.error);
      expect(got.outcomes.map(({ value: v, p }) => ({ value: v, p })), `column ${label}`).toEqual(expected);
    });
  });

  test('a shifted column should read the neighbouring column, clamped at the table edge', () => {
    const program = loadProgram(BOS);
    const right = exactOdds(program, 'roll on crt column 16 shift 1');
    const edge = exactOdds(program, 'roll on crt column 16');
    expect(right).toEqual(edge);
  });
});

function simplify(n: number, d: number): string {
  const g = (a: number, b: number): number => (b ? g(b, a % b) : a);
  const k = g(n, d);
  return d / k === 1 ? `${n / k}` : `${n / k}/${d / k}`;
}
