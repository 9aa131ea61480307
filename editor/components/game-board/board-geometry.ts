/**
 * Where things go on the board, as numbers: areas scaled from their `at` positions to fit the
 * drawing, hex centres and corners for flat or pointy grids with odd or even offsets, facing
 * angles, and hex labels from the grid's `label` pattern. Pure (no DOM), so it is unit-tested.
 */
import { gridHexLabel } from '../../../interpreter/load/hex-label.ts';
import type { AreaModel, GridModel } from '../../play/protocol.ts';

/** Width of every board drawing in SVG units; the height follows the map's proportions. */
export const BOARD_WIDTH = 1000;
const MARGIN = 70;
const MAX_HEIGHT = 760;

export interface Point {
  x: number;
  y: number;
}

export interface AreaLayout {
  width: number;
  height: number;
  /** Radius of an area's shape. */
  radius: number;
  /** Size of a piece counter. */
  counter: number;
  at: Map<string, Point>;
  /** How wide a row of counters may be around each area (`counterRoom`), kept with the layout. */
  room: Map<string, number>;
}

/**
 * Scale the areas' `at` positions into the drawing; areas without one go in a row at the bottom.
 * Kept per areas list (a board's areas do not change between the updates of a game, and pushing
 * crowded areas apart is quadratic in their number): callers must not change the result.
 */
export function layoutAreas(areas: readonly AreaModel[]): AreaLayout {
  let layout = layouts.get(areas);
  if (!layout) layouts.set(areas, (layout = computeLayout(areas)));
  return layout;
}
const layouts = new WeakMap<readonly AreaModel[], AreaLayout>();

function computeLayout(areas: readonly AreaModel[]): AreaLayout {
  const placed = areas.filter((a) => a.at);
  const xs = placed.map((a) => a.at![0]);
  const ys = placed.map((a) => a.at![1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = placed.length ? Math.max(maxX - minX, 1e-9) : 1;
  const spanY = placed.length ? Math.max(maxY - minY, 1e-9) : 1;
  const inner = BOARD_WIDTH - 2 * MARGIN;
  const scale = Math.min(inner / spanX, (MAX_HEIGHT - 2 * MARGIN) / spanY);
  const at = new Map<string, Point>();
  // A tall map is drawn no wider than it is (plus margins): the view fits it larger on screen.
  const width = placed.length ? Math.max(400, Math.min(BOARD_WIDTH, spanX * scale + 2 * MARGIN)) : BOARD_WIDTH;
  const offsetX = (width - spanX * scale) / 2;
  for (const a of placed) at.set(a.id, { x: offsetX + (a.at![0] - minX) * scale, y: MARGIN + (a.at![1] - minY) * scale });
  // The areas' size follows the map as written; crowded areas then get room around them (the
  // drawing grows downwards if it must), not bigger shapes.
  const radius = clamp(nearest([...at.values()]) * 0.4, 18, 46);
  const points = [...at.values()];
  spreadApart(points, MIN_GAP, { left: MARGIN / 2, right: width - MARGIN / 2, top: -Infinity, bottom: Infinity });
  const top = Math.min(...points.map((p) => p.y), MARGIN);
  for (const p of points) p.y += MARGIN - top;
  let height = placed.length ? Math.max(...points.map((p) => p.y)) + MARGIN : MARGIN;
  const loose = areas.filter((a) => !a.at);
  if (loose.length) {
    const perRow = Math.max(1, Math.floor((width - 2 * MARGIN) / 110));
    loose.forEach((a, i) => at.set(a.id, { x: MARGIN + (i % perRow) * 110 + 40, y: height + Math.floor(i / perRow) * 120 + 40 }));
    height += Math.ceil(loose.length / perRow) * 120 + 20;
  }
  return { width, height: Math.max(height, 200), radius, counter: clamp(radius * 0.62, 14, 26), at, room: counterRoom(at, radius) };
}

/**
 * Areas whose `at` positions put them closer than this (SVG units) are pushed apart: a map drawn
 * from real coordinates (ports a few miles apart) gets room for its areas, names and counters.
 */
const MIN_GAP = 90;

/**
 * Push apart, in place, points closer than `gap`: each close pair moves away from each other by
 * what is missing, shared, for a bounded number of rounds, within `box`. Points already `gap`
 * apart do not move, so a map that has the room is drawn exactly as written. Deterministic (the
 * same map gives the same drawing), and a pair on the same spot parts along the x axis.
 */
export function spreadApart(points: Point[], gap: number, box: { left: number; right: number; top: number; bottom: number }): void {
  for (let round = 0; round < 80; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const a = points[i]!;
        const b = points[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= gap - 0.5) continue;
        if (d < 1e-6) [dx, dy, d] = [1, 0, 1];
        const push = (gap - d) / 2;
        const [ux, uy] = [dx / d, dy / d];
        a.x = clamp(a.x - ux * push, box.left, box.right);
        a.y = clamp(a.y - uy * push, box.top, box.bottom);
        b.x = clamp(b.x + ux * push, box.left, box.right);
        b.y = clamp(b.y + uy * push, box.top, box.bottom);
        moved = true;
      }
    }
    if (!moved) return;
  }
}

/** Smallest distance between two points (or a default for fewer than two). */
function nearest(points: Point[]): number {
  let best = Infinity;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) best = Math.min(best, Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y));
  }
  return Number.isFinite(best) ? best : 120;
}

export function clamp(n: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, n));
}

export interface HexLayout {
  width: number;
  height: number;
  /** Centre-to-corner distance. */
  size: number;
}

const SQRT3 = Math.sqrt(3);

export function layoutHexes(grid: GridModel): HexLayout {
  const pointy = grid.orientation === 'pointy';
  const unitsWide = pointy ? SQRT3 * (grid.columns + 0.5) : 1.5 * grid.columns + 0.5;
  const unitsHigh = pointy ? 1.5 * grid.rows + 0.5 : SQRT3 * (grid.rows + 0.5);
  const size = Math.min((BOARD_WIDTH - 40) / unitsWide, (MAX_HEIGHT - 40) / unitsHigh);
  return { width: BOARD_WIDTH, height: unitsHigh * size + 40, size };
}

/** Whether this column (flat) or row (pointy) is the one shifted half a hex. */
function shifted(grid: GridModel, n: number): boolean {
  return grid.offset === 'even' ? n % 2 === 0 : n % 2 === 1;
}

/** Centre of hex (col, row), 1-based as in scripts (`hex_at(col, row)`). */
export function hexCenter(grid: GridModel, layout: HexLayout, col: number, row: number): Point {
  const s = layout.size;
  const x0 = (BOARD_WIDTH - hexSpan(grid, s)) / 2;
  if (grid.orientation === 'pointy') {
    return { x: x0 + SQRT3 * s * (col - 0.5 + (shifted(grid, row) ? 0.5 : 0)), y: 20 + s + 1.5 * s * (row - 1) };
  }
  return { x: x0 + s + 1.5 * s * (col - 1), y: 20 + SQRT3 * s * (row - 0.5 + (shifted(grid, col) ? 0.5 : 0)) };
}

function hexSpan(grid: GridModel, s: number): number {
  return grid.orientation === 'pointy' ? SQRT3 * s * (grid.columns + 0.5) : s * (1.5 * grid.columns + 0.5);
}

/** The six corners as an SVG `points` list. */
export function hexPoints(grid: GridModel, center: Point, size: number): string {
  const start = grid.orientation === 'pointy' ? -90 : 0;
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return `${(center.x + size * Math.cos(a)).toFixed(1)},${(center.y + size * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/**
 * Screen angle (degrees clockwise from east) of facing 0–5. Facings count clockwise from
 * `facing_origin`; without one, from the interpreter's direction 0 (north for flat tops,
 * north-east for pointy tops).
 */
export function facingAngle(grid: GridModel, facing: number): number {
  const pointy = grid.orientation === 'pointy';
  const origin = grid.facingOrigin === 'east' ? 0 : grid.facingOrigin === 'north' ? -90 : grid.facingOrigin === 'north-east' ? (pointy ? -60 : -30) : pointy ? -60 : -90;
  return origin + 60 * (((facing % 6) + 6) % 6);
}

/** `{col:02}{row:02}` → `0712`; `{col}.{row}` → `7.12`; no pattern → `7,12`. */
export function hexLabel(grid: GridModel, col: number, row: number): string {
  return grid.label ? gridHexLabel(grid.label, col, row) : `${col},${row}`;
}

/**
 * Which terrain tint a hex has (0: the grid's default). `map.grid.hexes` is keyed by the label the
 * rules use (`{col:02}{row:02}` when the grid declares none), not by the board's own fallback.
 */
export function hexTerrain(grid: GridModel, col: number, row: number): number {
  return grid.terrain?.byHex[gridHexLabel(grid.label, col, row)] ?? 0;
}

/**
 * Offsets of up to `max` counters (`width` × `height`) laid out in rows of four around a point,
 * or of fewer when a row of four would be wider than `room` (at least one a row): wide counters
 * then stack instead of reaching into the next area's.
 */
export function counterSlots(count: number, width: number, max = 8, height = width, room = Infinity): Point[] {
  const n = Math.min(count, max);
  const cols = Math.max(1, Math.min(4, Math.floor((room + 3) / (width + 3))));
  const perRow = Math.min(n, cols);
  const rows = Math.ceil(n / cols);
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : perRow;
    return { x: ((i % cols) - (inRow - 1) / 2) * (width + 3), y: (row - (rows - 1) / 2) * (height + 3) };
  });
}

/**
 * How wide a row of counters may be around each area's centre (areas of `radius`): short of the
 * nearest other area's shape, which is drawn over counters that reach into it, and of most of the
 * way to its centre, so that two neighbours' rows do not meet either.
 */
export function counterRoom(points: ReadonlyMap<string, Point>, radius: number): Map<string, number> {
  const all = [...points];
  return new Map(all.map(([id, p]) => {
    let nearest = Infinity;
    for (const [other, q] of all) if (other !== id) nearest = Math.min(nearest, Math.hypot(q.x - p.x, q.y - p.y));
    return [id, Math.min(nearest * 0.9, 2 * (nearest - radius) - 4)] as const;
  }));
}
