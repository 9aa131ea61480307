/**
 * The odds breakdown of a table lookup (issue 13, item 3): for each value, which cell (row and
 * column) gave it, the roll and modifier that reached the row, the column shift, and the chance.
 */
import { describe, expect, test } from 'vitest';
import { oddsBreakdown, type OddsWithBreakdown } from '../../interpreter/analysis/odds-breakdown.ts';
import { keyRanges, stepText } from '../../interpreter/analysis/odds-text.ts';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { loadProgram, programFromText } from '../helpers/ruleset.ts';
import { runCli } from '../cli/run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';

function breakdown(text: string): OddsWithBreakdown {
  const r = oddsBreakdown(loadProgram(DUEL), text);
  if ('error' in r) throw new Error(r.error);
  return r;
}

/** Each line as `value p row(keys) modifier column`, compact enough to compare whole. */
const lines = (r: OddsWithBreakdown) => r.breakdown.map((l) => [l.value, l.p, ...l.lookups.map((s) => `${s.row}:${s.keys.join(',')}${s.modifier === undefined ? '' : ` ${s.roll}${s.modifier >= 0 ? '+' : ''}${s.modifier}`}${s.column ? ` col ${s.column.key}→${s.column.used}${s.column.clamped ? '!' : ''}` : ''}`)]);

describe('odds breakdown', () => {
  test('roll on a cross table with a shift: each row band, its rolls and the shifted column', () => {
    // Column 2 is band 2-3; shifted +1 it reads the 4+ column: W on every row.
    const r = breakdown('roll on crt column 2 shift 1');
    expect(r.outcomes.map((o) => [o.value, o.p])).toEqual([['W', '1']]);
    expect(lines(r)).toEqual([
      ['W', '1/2', '1-3:1,2,3 1d6+0 col 2→4+'],
      ['W', '1/2', '4-6:4,5,6 1d6+0 col 2→4+'],
    ]);
    expect(r.breakdown[0]!.lookups[0]!.column).toEqual({ key: 2, band: '2-3', shift: 1, used: '4+', clamped: false });
  });

  test('a modified roll as the row key: the modifier is key minus roll, per line', () => {
    // min(1d6 + 2, 6): rolls 1-4 get +2, a 5 gets +1, a 6 nothing; the shift past the edge is clamped.
    const r = breakdown('crt[min(1d6 + 2, 6), 1 shift -1]');
    expect(lines(r)).toEqual([
      ['N', '1/6', '1-3:3 1d6+2 col 1→1!'],
      ['N', '1/2', '4-6:4,5,6 1d6+2 col 1→1!'],
      ['N', '1/6', '4-6:6 1d6+1 col 1→1!'],
      ['N', '1/6', '4-6:6 1d6+0 col 1→1!'],
    ]);
    expect(stepText(r.breakdown[1]!.lookups[0]!)).toBe('crt row 4-6 (1d6 2-4 + 2 = 4-6), column 1 shift −1 → 1 (clamped at the edge)');
  });

  test('an expression cell: dice it rolls are not taken for the row key’s roll', () => {
    // bonus rows: 0-2 → 1, 3+ → half_up(1d6) (1, 1, 2, 2, 3, 3).
    const r = breakdown('bonus[1d6]');
    expect(r.outcomes.map((o) => [o.value, o.p])).toEqual([[1, '5/9'], [2, '2/9'], [3, '2/9']]);
    expect(lines(r)).toEqual([
      [1, '1/3', '0-2:1,2 1d6+0'],
      [1, '2/9', '3+:3,4,5,6 1d6+0'],
      [2, '2/9', '3+:3,4,5,6 1d6+0'],
      [3, '2/9', '3+:3,4,5,6 1d6+0'],
    ]);
  });

  test('two lookups in one expression: each line lists both cells, in order', () => {
    const r = breakdown('(roll on events).tension + bonus[2]');
    expect(lines(r)).toEqual([
      [1, '1/2', '11-36:11,12,13,14,15,16,21,22,23,24,25,26,31,32,33,34,35,36 d66+0', '0-2:2'],
      [2, '1/2', '41-66:41,42,43,44,45,46,51,52,53,54,55,56,61,62,63,64,65,66 d66+0', '0-2:2'],
    ]);
    // A key that no roll gave is shown as the key.
    expect(stepText(r.breakdown[0]!.lookups[1]!)).toBe('bonus row 0-2 (key 2)');
  });

  test('the lines of a value add up to its chance; no lookup, no lines', () => {
    const r = breakdown('roll on crt column 1d6');
    const total = new Map<string, number>();
    for (const l of r.breakdown) total.set(JSON.stringify(l.value), (total.get(JSON.stringify(l.value)) ?? 0) + l.decimal);
    for (const o of r.outcomes) expect(total.get(JSON.stringify(o.value))).toBeCloseTo(o.decimal, 12);
    expect(breakdown('2d6 + 1').breakdown).toEqual([]);
  });

  test('keys are shown as designers write bands', () => {
    expect(keyRanges([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7, 8');
    expect(keyRanges(['road', 'path'])).toBe('road, path');
  });
});

describe('rulesmith odds prints the breakdown', () => {
  test('as text: which cells gave each value', async () => {
    const r = await runCli(['odds', DUEL, 'roll on crt column 2 shift 1']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('which cells gave each value:');
    // Neighbouring rows of one column that give the same value are one line (--json keeps a line per cell).
    expect(r.out).toMatch(/"W"\s+1\s+100\.00%\s+crt rows 1-6 \(1d6 1-6\), column 2 \(2-3\) shift \+1 → 4\+\n/);
    const modified = await runCli(['odds', DUEL, 'crt[min(1d6 + 2, 6), 1 shift -1]']);
    // Rows reached with different modifiers stay apart: +2 for rolls 1-4, +1 for a 5, none for a 6.
    expect(modified.out.match(/crt rows? /g)?.length).toBe(3);
  });

  test('as JSON, and not for an expression that reads no table or with --compare', async () => {
    const j = JSON.parse((await runCli(['odds', DUEL, 'roll on crt column 2', '--json'])).out);
    expect(j.breakdown[0]).toMatchObject({ value: 'N', p: '1/2', lookups: [{ table: 'crt', row: '1-3', keys: [1, 2, 3], roll: '1d6', modifier: 0, value: 'N' }] });
    expect(JSON.parse((await runCli(['odds', DUEL, '2d6', '--json'])).out).breakdown).toBeUndefined();
    const c = await runCli(['odds', DUEL, 'roll on crt column 2', '--compare', 'roll on crt column 4']);
    expect(c.out).not.toContain('which cells');
  });
});

describe('the order of text outcomes', () => {
  test("a table's results are listed in its legend's order, in every column; texts no legend names come after, in text order", () => {
    const program = programFromText(`rulesmith: 1
id: order
name: Order
tables:
  fight:
    roll: 1d6
    columns: ["1", "2"]
    column_key: { domain: "1+" }
    results: { N: { name: No effect }, R: { name: Retreat }, D: { name: Destroyed } }
    rows:
      1-2: [D, N]
      3-4: [N, R]
      5-6: [R, D]
`);
    for (const column of [1, 2]) {
      const r = exactOdds(program, `roll on fight column ${column}`);
      if ('error' in r) throw new Error(r.error);
      expect(r.outcomes.map((o) => o.value), `column ${column}`).toEqual(['N', 'R', 'D']);
    }
    const mixed = exactOdds(program, 'if 1d6 > 3 then roll on fight column 1 else (if 1d2 == 1 then "zebra" else "apple")');
    if ('error' in mixed) throw new Error(mixed.error);
    expect(mixed.outcomes.map((o) => o.value)).toEqual(['N', 'R', 'D', 'apple', 'zebra']);
  });
});
