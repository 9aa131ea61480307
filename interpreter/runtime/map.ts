import { isRecord } from '../check/context.ts';
import type { Runtime } from './runtime.ts';
import type { EntityRef } from './values.ts';
import { programMemo } from './program-memo.ts';
import { gridCube } from '../load/hex-label.ts';

export interface MapLink {
  from: string;
  to: string;
  type: string | null;
  cost: number;
  directed: boolean;
}

const cache = new WeakMap<object, Map<string, MapLink[]>>();

/** Links by area (both directions unless directed), built once per compiled ruleset. */
export function linksByArea(rt: Runtime): Map<string, MapLink[]> {
  const key = rt.program;
  let byArea = cache.get(key);
  if (byArea) return byArea;
  byArea = new Map();
  const map = rt.program.data.map;
  const linkTypes = isRecord(map?.link_types) ? map!.link_types : {};
  for (const raw of Array.isArray(map?.links) ? map!.links : []) {
    const l = Array.isArray(raw) ? { from: raw[0], to: raw[1], type: raw[2] } : (raw as unknown as Record<string, unknown>);
    if (typeof l.from !== 'string' || typeof l.to !== 'string') continue;
    const type = typeof l.type === 'string' ? l.type : null;
    const typeDef = type && isRecord(linkTypes) ? (linkTypes as Record<string, unknown>)[type] : undefined;
    const cost = typeof (l as { cost?: unknown }).cost === 'number' ? (l as { cost: number }).cost : isRecord(typeDef) && typeof typeDef.cost === 'number' ? typeDef.cost : 1;
    const directed = (l as { directed?: unknown }).directed === true || (isRecord(typeDef) && typeDef.directed === true);
    const link: MapLink = { from: l.from, to: l.to, type, cost, directed };
    push(byArea, l.from, link);
    if (!directed) push(byArea, l.to, { ...link, from: l.to, to: l.from });
  }
  cache.set(key, byArea);
  return byArea;
}

function push(m: Map<string, MapLink[]>, k: string, v: MapLink): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Per program, by link type (null: any), by area: the neighbour lists made so far. */
const neighbourCache = programMemo(() => new Map<string | null, Map<string, EntityRef[]>>());

/** An area's neighbours (over links of `type`, or any), in link order; a fresh list each call, from a per-program cache. */
export function areaNeighbours(rt: Runtime, area: string, type: string | null): EntityRef[] {
  return sharedNeighbours(rt, area, type).slice();
}

/** `areaNeighbours` without the copy: the cached list itself, for callers that only read it. */
export function sharedNeighbours(rt: Runtime, area: string, type: string | null): readonly EntityRef[] {
  // The last answer first: a query's condition asks for the same area's list once per item.
  if (area === last.area && type === last.type && rt.program === last.program) return last.list;
  const list = neighboursCached(rt, area, type);
  last.program = rt.program;
  last.area = area;
  last.type = type;
  last.list = list;
  return list;
}

/** The last `sharedNeighbours` answer; the lists it caches never change, so it stays right. */
const last: { program: object | null; area: string; type: string | null; list: readonly EntityRef[] } = { program: null, area: '', type: null, list: [] };

function neighboursCached(rt: Runtime, area: string, type: string | null): readonly EntityRef[] {
  const perProgram = neighbourCache(rt.program);
  // Nested maps rather than a joined key: no string is built per call.
  let byArea = perProgram.get(type);
  if (byArea === undefined) perProgram.set(type, (byArea = new Map()));
  let list = byArea.get(area);
  if (list === undefined) byArea.set(area, (list = neighboursOf(rt, area, type)));
  return list;
}

function neighboursOf(rt: Runtime, area: string, type: string | null): EntityRef[] {
  const seen = new Set<string>();
  const out: EntityRef[] = [];
  for (const l of linksByArea(rt).get(area) ?? []) {
    if (type !== null && l.type !== type) continue;
    if (seen.has(l.to)) continue;
    seen.add(l.to);
    out.push(rt.ref('area', l.to));
  }
  return out;
}

export function linkBetween(rt: Runtime, a: string, b: string): MapLink | undefined {
  return (linksByArea(rt).get(a) ?? []).find((l) => l.to === b);
}

/** Fewest links between two areas (breadth-first), or null when unreachable. */
export function areaDistance(rt: Runtime, a: string, b: string): number | null {
  if (a === b) return 0;
  const links = linksByArea(rt);
  let frontier = [a];
  const seen = new Set([a]);
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const x of frontier) {
      for (const l of links.get(x) ?? []) {
        if (seen.has(l.to)) continue;
        if (l.to === b) return d;
        seen.add(l.to);
        next.push(l.to);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Cheapest total link cost from an area to every area it can reach (Dijkstra; costs are small
 * non-negative numbers). Keys come out in order of cost, then discovery, so results are stable.
 */
export function cheapestCosts(rt: Runtime, from: string): Map<string, number> {
  const best = new Map<string, number>([[from, 0]]);
  const done = new Set<string>();
  const links = linksByArea(rt);
  for (;;) {
    let current: string | undefined;
    let currentCost = Infinity;
    for (const [id, c] of best) if (!done.has(id) && c < currentCost) { current = id; currentCost = c; }
    if (current === undefined) break;
    done.add(current);
    for (const l of links.get(current) ?? []) {
      const c = currentCost + l.cost;
      if (c < (best.get(l.to) ?? Infinity)) best.set(l.to, c);
    }
  }
  return new Map([...best].sort((a, b) => a[1] - b[1]));
}

// ---------------------------------------------------------------- hex grids (offset coordinates)

export interface Hex { col: number; row: number }

export const hexId = (h: Hex): string => `${h.col},${h.row}`;

/**
 * Hex ids read before, and what they gave (frozen: callers share them). Rules read a hex's column
 * and row again and again (`select h in hexes where h.column == c` reads all of them); a regular
 * expression each time was most of that. Ids are the same text in every program, so one table
 * serves all; it starts over past HEX_IDS_KEPT, so ids a script computes without end cannot grow it.
 */
const parsedHexIds = new Map<string, Readonly<Hex> | null>();
const HEX_IDS_KEPT = 20_000;

export function parseHexId(id: string): Readonly<Hex> | undefined {
  let h = parsedHexIds.get(id);
  if (h === undefined) {
    const m = /^(-?\d+),(-?\d+)$/.exec(id);
    h = m ? Object.freeze({ col: Number(m[1]), row: Number(m[2]) }) : null;
    if (parsedHexIds.size >= HEX_IDS_KEPT) parsedHexIds.clear();
    parsedHexIds.set(id, h);
  }
  return h ?? undefined;
}

function gridShape(rt: Runtime): { flat: boolean; oddShift: boolean; turn: number } {
  const g = rt.program.data.map?.grid;
  const flat = g?.orientation !== 'pointy';
  // Direction 0 is the grid's `facing_origin` side: flat tops have north and north-east sides,
  // pointy tops north-east and east; the table below starts at north (flat) or north-east (pointy).
  const turn = flat ? (g?.facing_origin === 'north-east' ? 1 : 0) : g?.facing_origin === 'east' ? 1 : 0;
  return { flat, oddShift: g?.offset !== 'even', turn };
}

function directions(rt: Runtime): Array<[number, number, number]> {
  const { flat, turn } = gridShape(rt);
  const dirs = flat ? FLAT_DIRS : POINTY_DIRS;
  return [...dirs.slice(turn), ...dirs.slice(0, turn)];
}

/** Offset → cube coordinates (flat: columns offset; pointy: rows offset). */
function toCube(rt: Runtime, h: Hex): [number, number, number] {
  return gridCube(rt.program.data.map?.grid, h);
}

function fromCube(rt: Runtime, c: [number, number, number]): Hex {
  const { flat, oddShift } = gridShape(rt);
  if (flat) {
    const col = c[0];
    const parity = oddShift ? col & 1 : (col + 1) & 1;
    return { col, row: c[2] + (col - parity) / 2 };
  }
  const row = c[2];
  const parity = oddShift ? row & 1 : (row + 1) & 1;
  return { col: c[0] + (row - parity) / 2, row };
}

/** Cube direction vectors, clockwise, direction 0 first (north for flat tops, north-east for pointy). */
const FLAT_DIRS: Array<[number, number, number]> = [[0, 1, -1], [1, 0, -1], [1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0]];
const POINTY_DIRS: Array<[number, number, number]> = [[1, 0, -1], [1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0], [0, 1, -1]];

export function hexDistance(rt: Runtime, a: Hex, b: Hex): number {
  const x = toCube(rt, a);
  const y = toCube(rt, b);
  return Math.max(Math.abs(x[0] - y[0]), Math.abs(x[1] - y[1]), Math.abs(x[2] - y[2]));
}

export function hexNeighbour(rt: Runtime, h: Hex, direction: number): Hex {
  const d = directions(rt)[((direction % 6) + 6) % 6]!;
  const c = toCube(rt, h);
  return fromCube(rt, [c[0] + d[0], c[1] + d[1], c[2] + d[2]]);
}

/** Nearest direction 0–5 from a towards b (ties go to the lower direction). */
export function hexDirection(rt: Runtime, a: Hex, b: Hex): number | null {
  if (a.col === b.col && a.row === b.row) return null;
  const dirs = directions(rt);
  const x = toCube(rt, a);
  const y = toCube(rt, b);
  const v = [y[0] - x[0], y[1] - x[1], y[2] - x[2]];
  let best = 0;
  let bestDot = -Infinity;
  dirs.forEach((d, i) => {
    const dot = d[0] * v[0]! + d[1] * v[1]! + d[2] * v[2]!;
    if (dot > bestDot) { bestDot = dot; best = i; }
  });
  return best;
}

/** Each program's hex refs by grid position, so a hex found by column and row builds no id text. */
const gridRefs = new WeakMap<object, Array<EntityRef | undefined>>();

/** The hex at `h` if it lies on the grid, else null (what `hexInGrid` and `Runtime.ref` give, remembered per program). */
export function gridHexRef(rt: Runtime, h: Hex): EntityRef | null {
  if (!hexInGrid(rt, h)) return null;
  const g = rt.program.data.map!.grid!;
  if (!Number.isInteger(h.col) || !Number.isInteger(h.row)) return rt.ref('hex', hexId(h));
  const refs = rt.program.refs;
  let list = gridRefs.get(refs);
  if (list === undefined) gridRefs.set(refs, (list = []));
  const i = (h.col - 1) * g.rows + (h.row - 1);
  return (list[i] ??= rt.ref('hex', hexId(h)));
}

/** Every area of the map, in the order the map lists them (`areas`), made once per program: read it, do not change it. */
const allAreas = new WeakMap<object, readonly EntityRef[]>();
export function mapAreas(rt: Runtime): readonly EntityRef[] {
  let list = allAreas.get(rt.program.refs);
  if (list === undefined) allAreas.set(rt.program.refs, (list = Object.freeze(Object.keys(rt.program.data.map?.areas ?? {}).map((id) => rt.ref('area', id)))));
  return list;
}

/** Every hex of the grid, column by column (`hexes`), made once per program: read it, do not change it. */
const allHexes = new WeakMap<object, readonly EntityRef[]>();
export function gridHexes(rt: Runtime): readonly EntityRef[] {
  let list = allHexes.get(rt.program.refs);
  if (list === undefined) {
    const g = rt.program.data.map?.grid;
    const out: EntityRef[] = [];
    if (g) for (let c = 1; c <= g.columns; c++) for (let r = 1; r <= g.rows; r++) out.push(gridHexRef(rt, { col: c, row: r })!);
    allHexes.set(rt.program.refs, (list = Object.freeze(out)));
  }
  return list;
}

export function hexInGrid(rt: Runtime, h: Hex): boolean {
  const g = rt.program.data.map?.grid;
  return !!g && h.col >= 1 && h.row >= 1 && h.col <= g.columns && h.row <= g.rows;
}
