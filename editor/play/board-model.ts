/**
 * What the board, the setup form and the charts need from a compiled ruleset, as plain data: map
 * areas and links, the hex grid, piece types, zones, sides, options. Read from the data alone; no
 * game is known by name.
 */
import { flowNames, type Program } from '../../interpreter/index.ts';
import type { AreaModel, BoardModel, GridModel, OptionModel, PieceTypeModel } from './protocol.ts';

type Data = Program['data'];
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function boardModel(program: Program): BoardModel {
  const d = program.data;
  const sides = Object.entries(d.sides ?? {}).map(([id, s]) => ({ id, name: s.name ?? id, ...(s.color ? { color: s.color } : {}) }));
  const players = d.players;
  const count = players?.default ?? players?.min ?? (sides.length || 2);
  const model: BoardModel = {
    entry: program.model.entry,
    hash: program.hash,
    name: d.name ?? d.id ?? program.model.entry,
    players: { min: players?.min ?? count, max: players?.max ?? count, default: count },
    sides,
    options: optionModels(d),
    areas: areaModels(d),
    links: linkModels(d),
    linkTypes: Object.entries(d.map?.link_types ?? {}).map(([id, t]) => ({ id, name: t.name ?? id })),
    areaTypes: Object.entries(d.map?.area_types ?? {}).map(([id, t]) => ({ id, name: t.name ?? id })),
    pieceTypes: pieceTypeModels(d),
    zones: Object.entries(d.zones ?? {}).map(([id, z]) => ({ id, name: z.name ?? id, per: z.per ?? 'global', visibility: z.visibility ?? 'public' })),
    cards: Object.fromEntries(Object.entries(d.decks ?? {}).map(([id, deck]) => [id, Object.fromEntries((deck.cards ?? []).map((c) => [c.id, c.name ?? c.id]))])),
    tracks: Object.entries(d.tracks ?? {}).filter(([, t]) => t.display !== 'hidden').map(([id, t]) => ({ id, name: t.name ?? id, per: t.per ?? 'global' })),
    // The names the log's tags use too (a phase without a name reads by its id where shown).
    phases: Object.fromEntries(flowNames(program)),
    scenario: Array.isArray(d.setup) && d.setup.some((s) => s.id === 'scenario'),
  };
  const g = d.map?.grid;
  if (g) {
    model.grid = { columns: g.columns, rows: g.rows, orientation: g.orientation === 'pointy' ? 'pointy' : 'flat', offset: g.offset === 'even' ? 'even' : 'odd' };
    if (g.label) model.grid.label = g.label;
    if (g.facing_origin) model.grid.facingOrigin = g.facing_origin;
    const terrain = terrainModel(g.props, g.hexes);
    if (terrain) model.grid.terrain = terrain;
    const edges = edgesModel(g.edge_props, g.edges);
    if (edges.length) model.grid.edges = edges;
  }
  return model;
}

/** Hexsides whose own values differ from `edge_props`: true flags by name, other values as `key: value`. */
function edgesModel(props: unknown, edges: unknown): NonNullable<GridModel['edges']> {
  const base = isRecord(props) ? props : {};
  const out: NonNullable<GridModel['edges']> = [];
  for (const [key, own] of Object.entries(isRecord(edges) ? edges : {})) {
    const [a, b] = key.split('/').map((x) => x.trim());
    if (!a || !b || !isRecord(own)) continue;
    const parts = Object.entries(own).filter(([k, v]) => v !== base[k] && v !== false && v !== null).map(([k, v]) => (v === true ? k : `${k}: ${String(v)}`));
    if (parts.length) out.push({ a, b, text: parts.join(', ') });
  }
  return out;
}

/** The first hex prop whose value is text (terrain, most often), with each value an index for its tint. */
function terrainModel(props: unknown, hexes: unknown): GridModel['terrain'] {
  if (!isRecord(props)) return undefined;
  const prop = Object.keys(props).find((k) => typeof props[k] === 'string');
  if (prop === undefined) return undefined;
  const values = [props[prop] as string];
  const byHex: Record<string, number> = {};
  for (const [label, own] of Object.entries(isRecord(hexes) ? hexes : {})) {
    const value = isRecord(own) ? own[prop] : undefined;
    if (typeof value !== 'string' || value === values[0]) continue;
    if (!values.includes(value)) values.push(value);
    byHex[label] = values.indexOf(value);
  }
  return { prop, values, byHex };
}

function optionModels(d: Data): OptionModel[] {
  return Object.entries(d.options ?? {}).map(([id, o]) => {
    const m: OptionModel = { id, name: o.name ?? id, type: o.type, default: o.default };
    if (o.description) m.description = o.description;
    if (o.values) m.values = [...o.values];
    if (typeof o.min === 'number') m.min = o.min;
    if (typeof o.max === 'number') m.max = o.max;
    if (o.requires) m.requires = { ...o.requires };
    if (o.source) m.source = o.source;
    if (o.assumption) m.assumption = o.assumption;
    if (o.note) m.note = o.note;
    return m;
  });
}

function areaModels(d: Data): AreaModel[] {
  const types = d.map?.area_types ?? {};
  return Object.entries(d.map?.areas ?? {}).map(([id, a]) => {
    const typeProps = a.type ? types[a.type]?.props : undefined;
    const shape = text(a.props?.['shape']) ?? text(typeProps?.['shape']);
    const m: AreaModel = { id, name: a.name ?? id, shape: shape === 'hexagon' || shape === 'square' ? shape : 'circle' };
    if (Array.isArray(a.at) && a.at.length === 2 && a.at.every((n) => typeof n === 'number')) m.at = [a.at[0], a.at[1]];
    if (a.type) m.type = a.type;
    return m;
  });
}

function linkModels(d: Data): BoardModel['links'] {
  const types = d.map?.link_types ?? {};
  const out: BoardModel['links'] = [];
  for (const raw of d.map?.links ?? []) {
    const l = Array.isArray(raw) ? { from: raw[0], to: raw[1], type: raw[2] } : raw;
    if (typeof l.from !== 'string' || typeof l.to !== 'string') continue;
    const type = typeof l.type === 'string' ? l.type : null;
    const directed = (isRecord(l) && l['directed'] === true) || (type !== null && types[type]?.directed === true);
    out.push({ from: l.from, to: l.to, type, directed });
  }
  return out;
}

function pieceTypeModels(d: Data): Record<string, PieceTypeModel> {
  const out: Record<string, PieceTypeModel> = {};
  for (const [id, p] of Object.entries(d.pieces ?? {})) {
    const m: PieceTypeModel = { name: p.name ?? id };
    if (p.label) m.label = p.label;
    if (p.color) m.color = p.color;
    if (p.side) m.side = p.side;
    if (p.kind) m.kind = p.kind;
    out[id] = m;
  }
  return out;
}
