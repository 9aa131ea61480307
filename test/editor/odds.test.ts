import { describe, expect, test } from 'vitest';
import { columnBaseOdds, columnOutcomes, formatOdds, lookupsInRules, odds, oddsSuggestion, rowOdds } from '../../editor/tables/odds.ts';
import type { TableView } from '../../editor/validator/protocol.ts';

const table: TableView = {
  id: 't',
  roll: '2d6',
  columnKind: 'bands',
  columns: ['1-3', '4+'],
  totalWeight: 36,
  results: { N: 'No effect', X: 'Dispersal' },
  rows: [
    { label: '2-6', weight: 15, cells: [{ text: 'N' }, { text: 'N' }] },
    { label: '7', weight: 6, cells: [{ text: 'N' }, { text: 'X' }] },
    { label: '8-12', weight: 15, cells: [{ text: 'X' }, { text: 'X' }] },
  ],
};

describe('table odds', () => {
  test('odds should be reduced fractions with a percentage', () => {
    expect(odds(6, 36)).toMatchObject({ numerator: 1, denominator: 6 });
    expect(formatOdds(odds(6, 36))).toBe('1/6 (16.7%)');
    expect(formatOdds(odds(1, 216))).toBe('1/216 (0.46%)');
    expect(formatOdds(odds(36, 36))).toBe('1 (100%)');
    expect(formatOdds(odds(0, 36))).toBe('0 (0%)');
  });

  test('a row should have the chance of its band of the roll', () => {
    expect(formatOdds(rowOdds(table, 0)!)).toBe('5/12 (41.7%)');
    expect(rowOdds({ ...table, totalWeight: undefined } as TableView, 0)).toBeUndefined();
  });

  test("a column should add up the rows that give each result, in the legend's order (as `rulesmith odds` lists them)", () => {
    // X is the likelier, but N comes first in `results:`; the order stays as cells change.
    const out = columnOutcomes(table, 1);
    expect(out.map((o) => [o.result, o.name, formatOdds(o.odds), o.rows])).toEqual([
      ['N', 'No effect', '5/12 (41.7%)', ['2-6']],
      ['X', 'Dispersal', '7/12 (58.3%)', ['7', '8-12']],
    ]);
    // Results the legend does not name come after it, in the order the rows give them.
    const unnamed: TableView = { ...table, rows: [...table.rows, { label: '13', weight: 0, cells: [{ text: 'Q' }, { text: 'R' }] }], results: { X: 'Dispersal' } };
    expect(columnOutcomes(unnamed, 0).map((o) => o.result)).toEqual(['X', 'N', 'Q']);
  });

  test("in a variant, a column's base odds should come from the cells it changed; none when nothing changed or rows were cut anew", () => {
    // Row 7, column 4+: the base had N, the variant X.
    const variant: TableView = { ...table, rows: table.rows.map((r) => (r.label === '7' ? { ...r, cells: [r.cells[0]!, { text: 'X', base: 'N' }] } : r)) };
    const base = columnBaseOdds(variant, 1)!;
    expect([...base].map(([r, o]) => [r, formatOdds(o)])).toEqual([['N', '7/12 (58.3%)'], ['X', '5/12 (41.7%)']]);
    expect(columnBaseOdds(variant, 0)).toBeUndefined();
    const added: TableView = { ...variant, rows: [...variant.rows, { label: '13', weight: 0, cells: [{ text: 'Q', base: '' }, { text: 'R', base: '' }] }] };
    expect(columnBaseOdds(added, 1)).toBeUndefined();
  });
});

describe('what Odds of starts with', () => {
  const keyed = (labels: string[]): TableView => ({ id: 'k', columnKind: 'value', columns: ['result'], rows: labels.map((label) => ({ label, cells: [{ text: '0' }] })) });

  test('a rolled table: a roll on it (its first column)', () => {
    expect(oddsSuggestion(table)).toMatchObject({ text: 'roll on t column 1', rolled: true });
    expect(oddsSuggestion({ ...table, columnKind: 'value', columns: ['result'] }).text).toBe('roll on t');
  });

  test('an example roll on a keyed table starts a die at its first row', () => {
    expect(oddsSuggestion(keyed(['2-4', '5-6', '9+'])).example).toBe('k[1d6 + 1]');
    expect(oddsSuggestion(keyed(['1', '2-6'])).example).toBe('k[1d6]');
    expect(oddsSuggestion(keyed(['-1', '0-3'])).example).toBe('k[1d6 - 2]');
    expect(oddsSuggestion(keyed(['calm', 'storm'])).example).toBe('k[1d6]');
  });

  test('a keyed table the rules read with dice: their lookup, and the field starts with it or with the example when it has other terms', () => {
    expect(oddsSuggestion(keyed(['2-4', '5-6']), ['1d6 + card.ops'])).toEqual({ text: 'k[1d6 + 1]', example: 'k[1d6 + 1]', readAs: 'k[1d6 + card.ops]', rolled: true });
    expect(oddsSuggestion(keyed(['2-4', '5-6']), ['n', '2d6 - 1'])).toEqual({ text: 'k[2d6 - 1]', example: 'k[1d6 + 1]', readAs: 'k[2d6 - 1]', rolled: true });
  });

  test('a keyed table the rules read with no dice starts empty: no roll the rules do not make', () => {
    expect(oddsSuggestion(keyed(['2', '3']), ['player_count'])).toEqual({ text: '', example: 'k[1d6 + 1]', readAs: 'k[player_count]', rolled: false });
    expect(oddsSuggestion(keyed(['2', '3']))).toEqual({ text: '', example: 'k[1d6 + 1]', rolled: false });
  });

  test("the rules' lookups of a table are found in the files' text, in path order, not other names that end the same", () => {
    const files = {
      'g/b.yaml': 'do: |\n  let r = coup[1d6 + card.ops]\n  x = my_coup[3]\n',
      'g/a.yaml': 'note: coup[ 2 ] and a.coup[9]\n',
    };
    expect(lookupsInRules(files, 'g/', 'coup')).toEqual(['2', '1d6 + card.ops']);
    expect(lookupsInRules(files, 'g/', 'coup', 1)).toEqual(['2']);
    expect(lookupsInRules(undefined, 'g/', 'coup')).toEqual([]);
    expect(lookupsInRules(files, 'g/', 'no such')).toEqual([]);
    // Another game's files are not read; the same files answer the same (kept) list.
    expect(lookupsInRules({ ...files, 'h/c.yaml': 'x: coup[0]' }, 'h/', 'coup')).toEqual(['0']);
    expect(lookupsInRules(files, 'g/', 'coup')).toBe(lookupsInRules(files, 'g/', 'coup'));
  });
});
