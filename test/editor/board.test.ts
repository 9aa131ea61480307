import { describe, expect, test } from 'vitest';
import { counterRoom, counterSlots, facingAngle, hexCenter, hexLabel, hexTerrain, layoutAreas, layoutHexes, spreadApart, BOARD_WIDTH } from '../../editor/components/game-board/board-geometry.ts';
import { intersects, placeAreaLabels, shortForm, textWidth } from '../../editor/components/game-board/board-labels.ts';
import { boardModel } from '../../editor/play/board-model.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import type { BoardModel, GridModel, PieceView } from '../../editor/play/protocol.ts';
import { stackIdentical, type StackContext } from '../../editor/components/game-board/counter-stacks.ts';
import { optionZones } from '../../editor/components/game-board/zone-titles.ts';
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

  test("phases and their nested steps should be named as the rules name them, for the game's status line", () => {
    const b = board(shippedGame('blockade-runner'), 'rulesets/blockade-runner/ruleset.yaml');
    // A step nested in a phase (the status line read `actions_phase` before).
    expect(b.phases.actions_phase).toBe('Actions');
    expect(Object.keys(b.phases).length).toBeGreaterThan(3);
  });

  test('a hex fixture should give its grid with orientation, offset, label and facing origin', () => {
    const { path, files } = importedFixture('hex', 'blue-max');
    expect(board(files, path).grid).toEqual({ columns: 8, rows: 6, orientation: 'flat', offset: 'odd', label: '{col:02}{row:02}', facingOrigin: 'north' });
  });

  test('a grid with hex props should tint the board by its first text prop: the default first, each hex that differs by label', () => {
    const text = `rulesmith: 1
id: terrain
name: Terrain
players: { min: 1, max: 1 }
map:
  grid:
    kind: hex
    columns: 3
    rows: 2
    orientation: flat
    props: { move_cost: 1, terrain: clear, town: false }
    hexes:
      "0101": { terrain: woods, move_cost: 2 }
      "0202": { terrain: clear, move_cost: 3 }
      "0301": { terrain: town }
      "0302": { terrain: woods }
flow: { rounds: { count: 1 }, phases: [{ id: p, do: 'log "x"' }] }
victory: { do: "end game with { winner: none }" }
`;
    expect(board({ 'rulesets/t/ruleset.yaml': text }, 'rulesets/t/ruleset.yaml').grid?.terrain).toEqual({
      prop: 'terrain',
      values: ['clear', 'woods', 'town'],
      byHex: { '0101': 1, '0301': 2, '0302': 1 },
    });
  });

  test('hexsides that differ from edge_props should be in the model, with what differs as text', () => {
    const text = `rulesmith: 1
id: sides
name: Sides
players: { min: 1, max: 1 }
map:
  grid:
    kind: hex
    columns: 3
    rows: 2
    orientation: flat
    edge_props: { river: false, wall: none }
    edges:
      "0101/0201": { river: true }
      "0201/0202": { wall: stone }
      "0301/0302": { river: false }
flow: { rounds: { count: 1 }, phases: [{ id: p, do: 'log "x"' }] }
victory: { do: "end game with { winner: none }" }
`;
    expect(board({ 'rulesets/t/ruleset.yaml': text }, 'rulesets/t/ruleset.yaml').grid?.edges).toEqual([
      { a: '0101', b: '0201', text: 'river' },
      { a: '0201', b: '0202', text: 'wall: stone' },
    ]);
  });

  test('a hex\'s tint is found by the rules\' label even where the board prints its own (no `label:` pattern)', () => {
    const terrain = { prop: 'terrain', values: ['clear', 'woods'], byHex: { '0302': 1 } };
    const bare = { columns: 4, rows: 4, orientation: 'flat' as const, offset: 'odd' as const, terrain };
    expect(hexLabel(bare, 3, 2)).toBe('3,2');
    expect(hexTerrain(bare, 3, 2)).toBe(1);
    expect(hexTerrain(bare, 2, 3)).toBe(0);
    expect(hexTerrain({ ...bare, label: '{col}.{row}', terrain: { ...terrain, byHex: { '3.2': 1 } } }, 3, 2)).toBe(1);
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
      { id: 'a', name: 'A', at: [0, 0], shape: 'circle' as const },
      { id: 'b', name: 'B', at: [100, 50], shape: 'circle' as const },
      { id: 'c', name: 'C', shape: 'circle' as const },
    ]);
    const a = layout.at.get('a')!;
    const b = layout.at.get('b')!;
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThanOrEqual(BOARD_WIDTH);
    expect(layout.at.get('c')!.y).toBeGreaterThan(b.y);
    expect(counterSlots(10, 20)).toHaveLength(8);
  });

  test('areas written a few units apart (real coordinates) should be drawn apart, in about the same places, the rest as written', () => {
    // Four ports within 10 units of each other on a map 300 units wide, and two far away.
    const areas = [
      { id: 'p1', name: 'P1', at: [200, 30] as [number, number], shape: 'circle' as const },
      { id: 'p2', name: 'P2', at: [205, 35] as [number, number], shape: 'circle' as const },
      { id: 'p3', name: 'P3', at: [200, 40] as [number, number], shape: 'circle' as const },
      { id: 'p4', name: 'P4', at: [195, 35] as [number, number], shape: 'circle' as const },
      { id: 'west', name: 'West', at: [0, 100] as [number, number], shape: 'circle' as const },
      { id: 'east', name: 'East', at: [300, 160] as [number, number], shape: 'circle' as const },
    ];
    const layout = layoutAreas(areas);
    const at = (id: string) => layout.at.get(id)!;
    for (const a of areas) for (const b of areas) if (a.id < b.id) expect(Math.hypot(at(a.id).x - at(b.id).x, at(a.id).y - at(b.id).y), `${a.id}-${b.id}`).toBeGreaterThan(89);
    // Each keeps its side of the others (p2 east of p4, p3 south of p1), and the shapes keep the
    // size the written map gives them.
    expect(at('p2').x).toBeGreaterThan(at('p4').x);
    expect(at('p3').y).toBeGreaterThan(at('p1').y);
    expect(layout.radius).toBe(18);
    // Areas already apart are drawn exactly where the scale puts them.
    const spaced = [{ x: 0, y: 0 }, { x: 100, y: 0 }];
    spreadApart(spaced, 90, { left: -1e9, right: 1e9, top: -1e9, bottom: 1e9 });
    expect(spaced).toEqual([{ x: 0, y: 0 }, { x: 100, y: 0 }]);
    // Two on one spot part along x; the same input gives the same drawing.
    const same = () => { const p = [{ x: 50, y: 50 }, { x: 50, y: 50 }]; spreadApart(p, 90, { left: 0, right: 1000, top: 0, bottom: 1000 }); return p; };
    expect(same()).toEqual([{ x: 5, y: 50 }, { x: 95, y: 50 }]);
    expect(same()).toEqual(same());
  });
});

describe('board labels (legible at any size)', () => {
  test('area names should be placed apart from each other and from areas and obstacles, in a short form or not at all when crowded', () => {
    const areas = [
      { id: 'a', name: 'Wilmington, NC', at: { x: 100, y: 100 } },
      { id: 'b', name: 'Beaufort, NC', at: { x: 130, y: 100 } },
      { id: 'c', name: 'New Bern (inland), NC', at: { x: 115, y: 125 } },
      { id: 'd', name: 'Far away', at: { x: 400, y: 300 } },
    ];
    const obstacle = { x: 380, y: 250, width: 40, height: 20 };
    const placed = placeAreaLabels(areas, 10, 14, { x: 0, y: 0, width: 500, height: 400 }, [obstacle]);
    expect(placed.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    const boxes = placed.filter((p) => p.at).map((p) => ({ x: p.at!.x - textWidth(p.text, 14) / 2, y: p.at!.y - 14 * 1.25 * 0.8, width: textWidth(p.text, 14), height: 14 * 1.25 }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(intersects(boxes[i]!, boxes[j]!)).toBe(false);
      expect(intersects(boxes[i]!, obstacle)).toBe(false);
      for (const a of areas) expect(intersects(boxes[i]!, { x: a.at.x - 10, y: a.at.y - 10, width: 20, height: 20 })).toBe(false);
    }
    expect(placed.find((p) => p.id === 'd')).toMatchObject({ text: 'Far away', at: expect.any(Object) });
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    expect(shortForm('St. Marks (Apalachicola), FL')).toBe('St. Marks');
    expect(shortForm('Old Bahama Channel / Windward Passage')).toBe('Old Bahama Channel');
  });

  test('a wide counter row should space its counters by their width', () => {
    const slots = counterSlots(3, 40, 8, 20);
    expect(slots.map((s) => s.x)).toEqual([-43, 0, 43]);
    expect(slots.every((s) => s.y === 0)).toBe(true);
  });

  test('wide counters should stack rather than reach into the next area, and narrow ones stay in a row', () => {
    // Areas of radius 30, two of them 100 apart: a row may be 90 wide there (not reaching the
    // other's centre), so two 90-wide counters go one above the other; 50 from a neighbour, a row
    // must stop 4 short of its circle (2 × (50 − 30) − 4 = 36, less than 0.9 × 50).
    const room = counterRoom(new Map([['a', { x: 0, y: 0 }], ['b', { x: 100, y: 0 }], ['c', { x: 0, y: 300 }], ['d', { x: 50, y: 300 }]]), 30);
    expect(room.get('a')).toBeCloseTo(90);
    expect(room.get('c')).toBeCloseTo(36);
    expect(counterSlots(2, 90, 8, 20, room.get('a'))).toEqual([{ x: 0, y: -11.5 }, { x: 0, y: 11.5 }]);
    // Square counters of 20 fit four to a row of 90; the fifth starts a second row.
    expect(counterSlots(5, 20, 8, 20, 90).map((s) => s.y)).toEqual([-11.5, -11.5, -11.5, -11.5, 11.5]);
    // Three of 40 in 90: two to a row, centred.
    expect(counterSlots(3, 40, 8, 20, 90)).toEqual([{ x: -21.5, y: -11.5 }, { x: 21.5, y: -11.5 }, { x: 0, y: 11.5 }]);
  });
});

describe('where a question’s options are', () => {
  const zonesBoard = {
    sides: [{ id: 'red', name: 'Red' }],
    zones: [
      { id: 'market', name: 'Market', per: 'global', visibility: 'public' },
      { id: 'hand', name: 'Hand', per: 'player', visibility: 'owner' },
    ],
  } as unknown as BoardModel;
  const state = {
    players: [{ id: 'p1', name: 'Ann', side: null }, { id: 'p2', name: 'Bo', side: null }],
    pieces: [
      { id: 'ship_1', type: 'ship', at: 'market', facing: null, flipped: false, owner: null },
      { id: 'card_1', type: 'card', at: 'hand@p2', facing: null, flipped: false, owner: null },
      { id: 'scout', type: 'scout', at: 'hill', facing: null, flipped: false, owner: null },
    ],
  };

  test('options lying in boxes below the map should name those boxes, in the order the board shows them; options on the map none', () => {
    expect(optionZones(zonesBoard, state, [{ kind: 'piece', id: 'card_1' }, { kind: 'piece', id: 'ship_1' }, null])).toEqual(['Market', 'Hand — Bo']);
    expect(optionZones(zonesBoard, state, [{ kind: 'zone', id: 'hand@p1' }])).toEqual(['Hand — Ann']);
    expect(optionZones(zonesBoard, state, [{ kind: 'piece', id: 'scout' }, { kind: 'area', id: 'hill' }])).toEqual([]);
  });
});

describe('counters on the board', () => {
  const piece = (id: string, type: string, extra: Partial<PieceView> = {}): PieceView => ({ id, type, at: 'capital', facing: null, flipped: false, owner: null, ...extra });
  const ctx = (over: Partial<StackContext> = {}): StackContext => ({ pieceOptions: new Map(), setup: false, held: undefined, ...over });
  const shown = (counters: ReturnType<typeof stackIdentical>) => counters.map((c) => `${c.piece.id}×${c.count}`);

  test('identical pieces share one counter with their number, in the order their first piece comes', () => {
    const pieces = [piece('red_1', 'red'), piece('blue_1', 'blue'), piece('red_2', 'red'), piece('red_3', 'red'), piece('h1', '?'), piece('h2', '?')];
    expect(shown(stackIdentical(ctx(), pieces))).toEqual(['red_1×3', 'blue_1×1', 'h1×2']);
  });

  test('pieces a question offers stay counters of their own, first; so does everything in setup and the piece held', () => {
    const pieces = [piece('red_1', 'red'), piece('red_2', 'red'), piece('red_3', 'red')];
    expect(shown(stackIdentical(ctx({ pieceOptions: new Map([['red_3', 0]]) }), pieces))).toEqual(['red_3×1', 'red_1×2']);
    expect(shown(stackIdentical(ctx({ held: 'red_2' }), pieces))).toEqual(['red_2×1', 'red_1×2']);
    expect(shown(stackIdentical(ctx({ setup: true }), pieces))).toEqual(['red_1×1', 'red_2×1', 'red_3×1']);
  });

  test('pieces that differ in facing, owner or flipped side are not stacked', () => {
    const pieces = [piece('a', 'tank', { facing: 1 }), piece('b', 'tank', { facing: 2 }), piece('c', 'ship', { owner: 'p1' }), piece('d', 'ship', { owner: 'p2' }), piece('e', 'unit'), piece('f', 'unit', { flipped: true })];
    expect(stackIdentical(ctx(), pieces).every((c) => c.count === 1)).toBe(true);
  });
});
