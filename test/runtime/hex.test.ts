import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { loadProgram, programFromText } from '../helpers/ruleset.ts';

/** Hex members and built-ins, on the hex-grid ruleset shipped with the repository. */
describe('hex grids', () => {
  const value = (text: string) => {
    const r = exactOdds(loadProgram('rulesets/blue-max'), text);
    if ('error' in r) throw new Error(r.error);
    return r.outcomes[0]!.value;
  };

  test('a hex should know its column, row, label and neighbours', () => {
    expect([value('hex_at(7, 12).column'), value('hex_at(7, 12).row'), value('hex_at(7, 12).label')]).toEqual([7, 12, '0712']);
    expect(value('distance(hex_at(3, 3), hex_neighbour(hex_at(3, 3), 2))')).toBe(1);
    expect(value('direction_to(hex_at(3, 3), hex_neighbour(hex_at(3, 3), 4))')).toBe(4);
    expect(value('size(pieces_in(hex_at(1, 1)))')).toBe(0);
  });

  test('hexes lists the grid column by column, and a list a script changes is its own', () => {
    // 18 columns of 12 rows; the list is made once per program (map.ts, gridHexes) and shared
    // only where it is read, so changing one `hexes` list leaves the next one whole.
    expect(value('size(hexes)')).toBe(216);
    expect([value('hexes[1].label'), value('hexes[2].label'), value('hexes[13].label'), value('hexes[216].label')]).toEqual(['0101', '0102', '0201', '1812']);
    expect(value('count h in hexes where h.column == 3')).toBe(12);
    expect(value('size(select h in hexes where h.row == 1)')).toBe(18);
    const program = programFromText(`rulesmith: 1
id: hexes_owned
name: Hexes owned
map:
  grid: { kind: hex, columns: 3, rows: 2, orientation: pointy, offset: odd }
procedures:
  changed:
    do: |
      let l = hexes
      l[1] = none
      let s = select h in hexes
      s[2] = none
      return [l[1], s[2], hexes[1].column, hexes[2].row, size(hexes)]
`);
    const r = exactOdds(program, 'changed()');
    if ('error' in r) throw new Error(r.error);
    expect(r.outcomes[0]!.value).toEqual([null, null, 1, 2, 6]);
  });

  test('a fractional direction should stop with invalid-direction, not an interpreter failure (found by the fuzzer)', () => {
    const odds = (text: string) => exactOdds(loadProgram('rulesets/blue-max'), text);
    expect(odds('hex_neighbour(hex_at(3, 3), 7 / 5)')).toEqual({ error: expect.stringMatching(/^invalid-direction: /) });
    expect(odds('line_of_fire(hex_at(3, 3), 0.5, hex_at(3, 6))')).toEqual({ error: expect.stringMatching(/^invalid-direction: /) });
    expect(value('hex_neighbour(hex_at(3, 3), 8).column')).toBe(value('hex_neighbour(hex_at(3, 3), 2).column'));
  });
});

describe('hex grids: facing_origin', () => {
  test('direction 0 should be the declared origin side, counting clockwise', () => {
    const program = loadProgram('test/fixtures/runtime/hex-east');
    const value = (text: string) => {
      const r = exactOdds(program, text);
      if ('error' in r) throw new Error(r.error);
      return r.outcomes[0]!.value;
    };
    // Pointy tops, odd rows shifted: east of (3,3) is (4,3); direction 1 (south-east) is (4,4) on an odd row.
    expect([value('hex_neighbour(hex_at(3, 3), 0).column'), value('hex_neighbour(hex_at(3, 3), 0).row')]).toEqual([4, 3]);
    expect(value('direction_to(hex_at(3, 3), hex_at(2, 3))')).toBe(3);
    expect(value('direction_to(hex_at(3, 3), hex_neighbour(hex_at(3, 3), 5))')).toBe(5);
  });
});
