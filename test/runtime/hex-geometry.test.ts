/**
 * Hex geometry against an independent model: each hex's centre on the page (offset columns or
 * rows, 1-based, `offset: odd` shifting columns/rows 1, 3, 5…), its neighbours the centres one
 * hex-width away, direction d the neighbour at compass bearing origin + 60·d, distance the fewest
 * steps between centres, and `direction_to` the direction nearest the bearing (ties to the lower).
 * Every orientation, offset and facing origin the grid allows, on a 7 × 6 grid: every hex, every
 * direction, every pair.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const COLUMNS = 7;
const ROWS = 6;
type Hex = [number, number];

const rules = (orientation: string, offset: string, origin: string) => `
rulesmith: 1
id: geometry
name: geometry
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
map:
  grid: { kind: hex, columns: ${COLUMNS}, rows: ${ROWS}, orientation: ${orientation}, offset: ${offset}, facing_origin: ${origin} }
flow:
  phases:
    - id: main
      do: |
        for each a in hexes do
          let ns = ""
          for each d in [0, 1, 2, 3, 4, 5] do
            let n = hex_neighbour(a, d)
            ns = ns + " " + (if n == none then "-" else "{n.column},{n.row}")
          end
          log "N {a.column},{a.row}:{ns}"
          for each b in hexes where b != a do log "D {a.column},{a.row} {b.column},{b.row} {distance(a, b)} {direction_to(a, b)}" end
        end
        end game with { winner: red, level: "done" }
`;

/** The page model: centres, neighbours by distance, bearings clockwise from north (y grows down). */
function model(orientation: string, offset: string, origin: string) {
  const s3 = Math.sqrt(3);
  const shifted = (i: number) => (offset === 'odd' ? i % 2 === 1 : i % 2 === 0);
  const centre = ([c, r]: Hex): [number, number] => (orientation === 'flat' ? [c * 1.5, r * s3 + (shifted(c) ? s3 / 2 : 0)] : [c * s3 + (shifted(r) ? s3 / 2 : 0), r * 1.5]);
  const hexes: Hex[] = [];
  for (let c = 1; c <= COLUMNS; c++) for (let r = 1; r <= ROWS; r++) hexes.push([c, r]);
  const key = (h: Hex) => `${h[0]},${h[1]}`;
  const bearing = (a: Hex, b: Hex) => {
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    return ((Math.atan2(x2 - x1, -(y2 - y1)) * 180) / Math.PI + 360) % 360;
  };
  const apart = (x: number, y: number) => Math.abs((((x - y) % 360) + 540) % 360 - 180);
  const adjacent = (a: Hex) => hexes.filter((b) => key(b) !== key(a) && Math.abs(Math.hypot(centre(a)[0] - centre(b)[0], centre(a)[1] - centre(b)[1]) - s3) < 1e-9);
  const origins: Record<string, number> = { 'flat/north': 0, 'flat/north-east': 60, 'pointy/north-east': 30, 'pointy/east': 90 };
  const zero = origins[`${orientation}/${origin}`]!;
  const neighbour = (a: Hex, d: number) => adjacent(a).find((b) => apart(bearing(a, b), zero + 60 * d) < 1e-6);
  const steps = (a: Hex): Map<string, number> => {
    const seen = new Map([[key(a), 0]]);
    const queue = [a];
    for (let h = queue.shift(); h; h = queue.shift()) for (const n of adjacent(h)) if (!seen.has(key(n))) { seen.set(key(n), seen.get(key(h))! + 1); queue.push(n); }
    return seen;
  };
  const direction = (a: Hex, b: Hex) => {
    const gaps = [0, 1, 2, 3, 4, 5].map((d) => apart(bearing(a, b), zero + 60 * d));
    const least = Math.min(...gaps);
    return gaps.findIndex((g) => g - least < 1e-6);
  };
  return { hexes, key, neighbour, steps, direction };
}

describe('hex geometry', () => {
  const grids = [['flat', 'north'], ['flat', 'north-east'], ['pointy', 'north-east'], ['pointy', 'east']].flatMap(([o, f]) => ['odd', 'even'].map((off) => [o!, off, f!] as const));
  test.each(grids)('%s tops, %s offset, facings from %s: neighbours, distances and directions should match the page', (orientation, offset, origin) => {
    const game = startGame(programFromText(rules(orientation, offset, origin)), { seed: 1 }, { log: 'full' });
    expect(game.error).toBeNull();
    const m = model(orientation, offset, origin);
    const lines = game.log.filter((e) => e.kind === 'log').map((e) => e.text);
    const got = { neighbours: lines.filter((l) => l.startsWith('N ')), pairs: lines.filter((l) => l.startsWith('D ')) };
    const want = { neighbours: [] as string[], pairs: [] as string[] };
    for (const a of m.hexes) {
      want.neighbours.push(`N ${m.key(a)}: ${[0, 1, 2, 3, 4, 5].map((d) => { const n = m.neighbour(a, d); return n ? m.key(n) : '-'; }).join(' ')}`);
      const steps = m.steps(a);
      for (const b of m.hexes) if (m.key(b) !== m.key(a)) want.pairs.push(`D ${m.key(a)} ${m.key(b)} ${steps.get(m.key(b))} ${m.direction(a, b)}`);
    }
    expect(got).toEqual(want);
  });
});
