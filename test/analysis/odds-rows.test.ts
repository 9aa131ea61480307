/**
 * Outcomes that are table rows with a name and an effect, in words (a designer's walk-through:
 * `odds game "roll on winds"` listed `{"name":"Calm"}` twice in the cells, once per band).
 */
import { describe, expect, test } from 'vitest';
import { breakdownLines, valueLabels, valueText } from '../../interpreter/analysis/odds-text.ts';
import { oddsBreakdown, type BreakdownLine } from '../../interpreter/analysis/odds-breakdown.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const program = loadProgram('test/fixtures/odds/market');

describe('record rows in words', () => {
  test('one value read from rows apart is one line of cells: winds rows 2-3, 5', () => {
    const d = oddsBreakdown(program, 'roll on winds');
    if ('error' in d) throw new Error(d.error);
    const lines = breakdownLines(d.breakdown).map((l) => `${valueText(l.value)} ${l.p} ${l.cells}`);
    expect(lines).toEqual([
      'Storm 1/6 winds row 1 (1d6 1)',
      'Calm 1/2 winds rows 2-3, 5 (1d6 2, 3, 5)',
      'Fair 1/6 winds row 4 (1d6 4)',
      'Gale 1/6 winds row 6 (1d6 6)',
    ]);
    // --json keeps a line per row read (2, 3 and 5), each with the whole row.
    expect(d.breakdown.filter((l) => valueText(l.value) === 'Calm').map((l) => l.lookups[0]!.row)).toEqual(['2', '3', '5']);
  });

  test('neighbouring rows still read as one band, after rows apart too', () => {
    const d = oddsBreakdown(program, 'roll on crt column "1:2"');
    if ('error' in d) throw new Error(d.error);
    expect(breakdownLines(d.breakdown).map((l) => `${valueText(l.value)} ${l.p} ${l.cells}`)).toEqual([
      '"A" 2/3 crt rows 1-4 (1d6 1-4), column 1:2',
      '"N" 1/3 crt row 5-6 (1d6 5, 6), column 1:2',
    ]);
    // Rows 2-3, then 5, then 6: the last two are neighbours.
    const cell = (row: string, keys: number[]): BreakdownLine => ({ value: 'C', p: `${keys.length}/6`, decimal: keys.length / 6, lookups: [{ table: 't', row, keys, roll: '1d6', modifier: 0, value: 'C' }] });
    expect(breakdownLines([cell('2-3', [2, 3]), cell('5', [5]), cell('6', [6])]).map((l) => `${l.p} ${l.cells}`)).toEqual(['2/3 t rows 2-3, 5-6 (1d6 2, 3, 5, 6)']);
  });

  test('a record by its name, a list of them by their names; values that would read alike keep their JSON', () => {
    expect(valueText({ name: 'Air strike', effect: 'air_strike(s)' })).toBe('Air strike');
    expect(valueText([{ name: 'Silver' }, { name: 'Gold' }])).toBe('Silver, Gold');
    expect(valueText('N')).toBe('"N"');
    const label = valueLabels([{ name: 'Calm' }, { name: 'Calm', effect: 'x += 1' }, { name: 'Gale' }]);
    expect(label({ name: 'Gale' })).toBe('Gale');
    expect(label({ name: 'Calm' })).toBe('{"name":"Calm"}');
  });
});
