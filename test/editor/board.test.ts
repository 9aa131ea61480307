import { describe, expect, test } from 'vitest';
import { counterSlots, facingAngle, hexCenter, hexLabel, layoutAreas, layoutHexes, BOARD_WIDTH } from '../../editor/components/game-board/board-geometry.ts';
import { boardModel } from '../../editor/play/board-model.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import type { GridModel } from '../../editor/play/protocol.ts';
import { hexNeighbour } from '../../interpreter/runtime/map.ts';
import { importedFixture, shippedGame } from './helpers.ts';

function board(files: Record<string, string>, entry: string) {
  const r = compileEntry(files, entry);
  if (!r.ok) throw new Error(r.message);
  return boardModel(r.program);
}

describe('board model (read from the ruleset data)', () => {
  test('Battle of Seattle should give areas at their positions, typed links, zones, sides and options', () => {
    const b = board(shippedGame('battle-of-seattle'), 'rulesets/battle-of-seattle/ruleset.yaml');
    expect(b.areas.length).toBeGreaterThan(10);
    expect(b.areas.every((a) => a.at)).toBe(true);
    expect(b.areas.find((a) => a.id === 'convention_center')).toMatchObject({ name: 'Convention Center', shape: 'hexagon', type: 'downtown_core' });
    expect(b.linkTypes.map((t) => t.id)).toContain('transit_line');
    expect(b.links.every((l) => b.areas.some((a) => a.id === l.from))).toBe(true);
    expect(b.zones.length).toBeGreaterThan(2);
    expect(b.sides.map((s) => s.id)).toEqual(['protesters', 'authority']);
    expect(b.options.find((o) => o.id === 'event_roll')).toMatchObject({ type: 'choice', values: ['d66', 'sum_2d6'], default: 'd66' });
    expect(b.players).toEqual({ min: 2, max: 2, default: 2 });
    expect(b.grid).toBeUndefined();
  });

  test('a hex fixture should give its grid with orientation, offset, label and facing origin', () => {
    const { path, files } = importedFixture('hex', 'blue-max');
    expect(board(files, path).grid).toEqual({ columns: 8, rows: 6, orientation: 'flat', offset: 'odd', label: '{col:02}{row:02}', facingOrigin: 'north' });
  });
});

describe('board geometry', () => {
  const grid = (g: Partial<GridModel>): GridModel => ({ columns: 8, rows: 6, orientation: 'flat', offset: 'odd', ...g });

  test('the interpreter’s neighbours should be drawn one hex width away, in the direction a facing arrow points', () => {
    for (const orientation of ['flat', 'pointy'] as const) {
      for (const offset of ['odd', 'even'] as const) {
        const g = grid({ orientation, offset });
        const layout = layoutHexes(g);
        const rt = { program: { data: { map: { grid: { kind: 'hex', ...g } } } } } as unknown as Parameters<typeof hexNeighbour>[0];
        for (const [col, row] of [[3, 3], [4, 4], [2, 5]] as const) {
          const c = hexCenter(g, layout, col, row);
          for (let d = 0; d < 6; d++) {
            const n = hexNeighbour(rt, { col, row }, d);
            const p = hexCenter(g, layout, n.col, n.row);
            expect(Math.hypot(p.x - c.x, p.y - c.y), `${orientation} ${offset} ${col},${row} → ${d}`).toBeCloseTo(Math.sqrt(3) * layout.size, 5);
            const angle = (Math.atan2(p.y - c.y, p.x - c.x) * 180) / Math.PI;
            expect((((angle - facingAngle(g, d)) % 360) + 540) % 360 - 180, `${orientation} ${offset} direction ${d}`).toBeCloseTo(0, 5);
          }
        }
        const last = hexCenter(g, layout, g.columns, g.rows);
        expect(last.x + layout.size).toBeLessThanOrEqual(BOARD_WIDTH);
      }
    }
  });

  test('facings should count clockwise from the facing origin, and from the interpreter’s direction 0 without one', () => {
    expect(facingAngle(grid({ facingOrigin: 'north' }), 0)).toBe(-90);
    expect(facingAngle(grid({ facingOrigin: 'north' }), 1)).toBe(-30);
    expect(facingAngle(grid({ orientation: 'pointy', facingOrigin: 'east' }), 2)).toBe(120);
    expect(facingAngle(grid({ orientation: 'pointy' }), 0)).toBe(-60);
    expect(facingAngle(grid({}), 7)).toBe(-30);
  });

  test('hex labels should follow the grid pattern', () => {
    expect(hexLabel(grid({ label: '{col:02}{row:02}' }), 7, 12)).toBe('0712');
    expect(hexLabel(grid({ label: 'C{col}R{row}' }), 7, 2)).toBe('C7R2');
    expect(hexLabel(grid({}), 3, 4)).toBe('3,4');
  });

  test('areas should be scaled into the drawing, and areas without a position laid out below', () => {
    const layout = layoutAreas([
      { id: 'a', name: 'A', at: [0, 0], shape: 'circle' },
      { id: 'b', name: 'B', at: [100, 50], shape: 'circle' },
      { id: 'c', name: 'C', shape: 'circle' },
    ]);
    const a = layout.at.get('a')!;
    const b = layout.at.get('b')!;
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThanOrEqual(BOARD_WIDTH);
    expect(layout.at.get('c')!.y).toBeGreaterThan(b.y);
    expect(counterSlots(10, 20)).toHaveLength(8);
  });
});
