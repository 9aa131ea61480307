/**
 * Ruleset data compiled once into typed structures, so the runtime reads a piece type's side or a
 * track's bounds with a Map lookup and a field load instead of walking untyped YAML data with shape
 * guards on every access. Built by `compileRuleset` and stored on the Program (shared by every
 * game); nothing here changes while games run.
 */
import type { RulesetFile } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import type { EntityRef, RefTable } from './values.ts';

export interface PieceTypeDef {
  id: string;
  /** The type's own data (as `def('pieces', id)` gives it). */
  raw: Record<string, unknown>;
  /** `name:` if it is text, else the id. */
  name: string;
  kind: string | null;
  label: string | null;
  /** The type's side, as a ref; null: the side of the piece's owner. */
  side: EntityRef | null;
  flipsTo: string | null;
  props: Record<string, unknown> | null;
}

export interface AreaDef {
  ref: EntityRef;
  name: string;
  type: string | null;
  props: Record<string, unknown> | null;
  /** Props of the area's type (`map.area_types.<type>.props`), the fallback of `props`. */
  typeProps: Record<string, unknown> | null;
}

export interface TrackDef {
  raw: Record<string, unknown>;
  min: number;
  max: number;
  per: string | null;
}

/** Which per-entity declaration a member name of an entity kind reads: a track, a variable or a zone. */
export type PerSource = 'track' | 'variable' | 'zone';
export type PerKind = 'player' | 'side' | 'area' | 'piece';

export interface Defs {
  /** Every record of a section by id (`def(section, id)`). */
  sections: ReadonlyMap<string, ReadonlyMap<string, Record<string, unknown>>>;
  pieceTypes: ReadonlyMap<string, PieceTypeDef>;
  areas: ReadonlyMap<string, AreaDef>;
  tracks: ReadonlyMap<string, TrackDef>;
  /** Per-entity members by entity kind: `per[kind].get(name)`; a track first, then a variable, then a zone, as declared `per: kind`. */
  per: Readonly<Record<PerKind, ReadonlyMap<string, PerSource>>>;
  sideIds: readonly string[];
  /**
   * Every piece id in creation order: the order of `Object.keys(state.pieces)` in every game (the
   * ids are inserted into a record exactly as init.ts does), and the `slot` of each piece's ref.
   */
  pieceIds: readonly string[];
  /** The ruleset has decks, so some card's face may be hidden (a draw pile is face down). */
  hasCards: boolean;
  /** Zones declared `visibility: owner` or `hidden`: what they hold, cards and pieces, is kept from the other seats. */
  secretZones: ReadonlySet<string>;
}

const SECTIONS = ['sides', 'options', 'dice', 'pieces', 'tracks', 'variables', 'zones', 'decks', 'tables', 'procedures', 'actions'] as const;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const rec = (v: unknown): Record<string, unknown> | null => (isRecord(v) ? v : null);

export function buildDefs(data: RulesetFile, refs: RefTable): Defs {
  const sections = new Map<string, Map<string, Record<string, unknown>>>();
  const d = data as Record<string, unknown>;
  for (const name of SECTIONS) {
    const byId = new Map<string, Record<string, unknown>>();
    const s = d[name];
    if (isRecord(s)) for (const id of Object.keys(s)) if (isRecord(s[id])) byId.set(id, s[id]);
    sections.set(name, byId);
  }
  const order: Record<string, true> = {};
  for (const [type, raw] of sections.get('pieces')!) {
    const count = typeof raw.count === 'number' ? raw.count : 0;
    for (let i = 1; i <= count; i++) order[count === 1 ? type : `${type}_${i}`] = true;
  }
  const pieceIds = Object.keys(order);
  refs.definePieces(pieceIds);
  const pieceTypes = new Map<string, PieceTypeDef>();
  for (const [id, raw] of sections.get('pieces')!) {
    const side = text(raw.side);
    pieceTypes.set(id, {
      id, raw, name: text(raw.name) ?? id, kind: text(raw.kind), label: text(raw.label),
      side: side === null ? null : refs.ref('side', side), flipsTo: text(raw.flips_to), props: rec(raw.props),
    });
  }
  const areas = new Map<string, AreaDef>();
  const map = rec(data.map);
  const areaData = rec(map?.areas);
  const areaTypes = rec(map?.area_types);
  if (areaData) {
    for (const id of Object.keys(areaData)) {
      const a = rec(areaData[id]);
      const type = text(a?.type);
      const typeDef = type !== null && areaTypes ? rec(areaTypes[type]) : null;
      areas.set(id, { ref: refs.ref('area', id), name: text(a?.name) ?? id, type, props: rec(a?.props), typeProps: rec(typeDef?.props) });
    }
  }
  const tracks = new Map<string, TrackDef>();
  for (const [id, raw] of sections.get('tracks')!) {
    tracks.set(id, { raw, min: typeof raw.min === 'number' ? raw.min : -Infinity, max: typeof raw.max === 'number' ? raw.max : Infinity, per: text(raw.per) });
  }
  const per: Record<PerKind, Map<string, PerSource>> = { player: new Map(), side: new Map(), area: new Map(), piece: new Map() };
  for (const kind of Object.keys(per) as PerKind[]) {
    const names = new Set([...sections.get('tracks')!.keys(), ...sections.get('variables')!.keys(), ...sections.get('zones')!.keys()]);
    for (const name of names) {
      if (sections.get('tracks')!.get(name)?.per === kind) per[kind].set(name, 'track');
      else if (sections.get('variables')!.get(name)?.per === kind) per[kind].set(name, 'variable');
      else if (sections.get('zones')!.get(name)?.per === kind) per[kind].set(name, 'zone');
    }
  }
  const secretZones = new Set([...sections.get('zones')!].filter(([, z]) => z.visibility === 'owner' || z.visibility === 'hidden').map(([id]) => id));
  return { sections, pieceTypes, areas, tracks, per, sideIds: [...sections.get('sides')!.keys()], pieceIds, hasCards: sections.get('decks')!.size > 0, secretZones };
}
