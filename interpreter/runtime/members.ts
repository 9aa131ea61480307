import { isRecord } from '../check/context.ts';
import { piecesAt, iterable } from './collections.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { charge } from './budget.ts';
import { cardDef } from './cards.ts';
import { fromStored, toStored } from './persist.ts';
import type { Runtime } from './runtime.ts';
import { pieceSpan, span } from './secrets.ts';
import { lookup } from './tables.ts';
import { EntityRef, RangeValue, Roll, isRecordValue, rollTotal, toText, type EntityKind, type Value } from './values.ts';
import { areaNeighbours, parseHexId } from './map.ts';
import { gridHexLabel } from '../load/hex-label.ts';
import { programMemo } from './program-memo.ts';
import type { PerKind, PieceTypeDef } from './defs.ts';
import type { PieceState } from './state.ts';

/** Per-entity tracks, variables and zones declared with `per: <kind>`, read as members. */
/** undefined: no such declaration (a value is never undefined), so no result object is made per read. */
function perMember(rt: Runtime, kind: PerKind, owner: string, prop: string): Value | undefined {
  const source = rt.program.defs.per[kind].get(prop);
  if (source === undefined) return undefined;
  if (source === 'track') return rt.getTrack(prop, owner);
  if (source === 'variable') return rt.getVar(prop, owner);
  return rt.ref('zone', `${prop}@${owner}`);
}

const convert = (rt: Runtime, v: unknown): Value => fromStored(rt, v);

export function member(rt: Runtime, o: Value, prop: string, at: SourceAt): Value {
  if (o instanceof Roll) {
    if (prop === 'total') return o.total;
    if (prop === 'dice') return o.dice;
    if (prop === 'faces') return o.faces as Value[];
  }
  if (isRecordValue(o)) return prop in o ? o[prop]! : null;
  if (Array.isArray(o) && prop === 'size') return o.length;
  if (o instanceof EntityRef) {
    const v = entityMember(rt, o, prop);
    if (v !== undefined) return v;
    throw new RuleError('unknown-property', `${rt.label(o)} has no \`${prop}\`.`, at);
  }
  if (o === null) throw new RuleError('member-of-none', `Cannot read \`${prop}\` of none.`, at, 'Check the value is not `none` first (for example `if x != none then …`).');
  throw new RuleError('unknown-property', `${toText(o)} has no \`${prop}\`.`, at);
}

function entityMember(rt: Runtime, o: EntityRef, prop: string): Value | undefined {
  // A card's id is its id in the deck (`captain`), shared by its copies; other entities' ids are unique.
  if (prop === 'id' && o.kind !== 'card' && o.kind !== 'piece') return o.id;
  switch (o.kind) {
    case 'piece': return pieceMember(rt, o, prop);
    case 'card': {
      const c = rt.state.cards[o.id];
      if (!c) return undefined;
      const def = cardDef(rt, c.deck, c.def);
      if (prop === 'deck') return rt.ref('deck', c.deck);
      if (prop === 'owner') return c.owner ? rt.ref('player', c.owner) : null;
      // The rest tells the card's face.
      rt.noteCard(o.id);
      if (prop === 'id') return c.def;
      if (prop === 'name') return typeof def?.name === 'string' ? def.name : c.def;
      if (prop === 'text') return typeof def?.text === 'string' ? def.text : '';
      // Whether the card has an effect to play (`where c.effect != none`): its script, or none.
      if (prop === 'effect' && !(isRecord(def?.props) && 'effect' in def.props)) return typeof def?.effect === 'string' ? def.effect : null;
      return isRecord(def?.props) && prop in def.props ? typedField(rt, c.deck, prop, def.props[prop]) : null;
    }
    case 'area': {
      const per = perMember(rt, 'area', o.id, prop);
      if (per !== undefined) return per;
      const a = rt.program.defs.areas.get(o.id);
      if (prop === 'name') return a ? a.name : o.id;
      if (prop === 'type') return a ? a.type : null;
      if (prop === 'pieces') return piecesAt(rt, o.id);
      if (prop === 'neighbours') return areaNeighbours(rt, o.id, null);
      if (a?.props && prop in a.props) return convert(rt, a.props[prop]);
      // Fall back to the area type's props (`area_types.town.props`).
      return a?.typeProps && prop in a.typeProps ? convert(rt, a.typeProps[prop]) : undefined;
    }
    case 'player': {
      const p = rt.state.players.find((x) => x.id === o.id);
      if (!p) return undefined;
      if (prop === 'name') return p.name;
      if (prop === 'seat') return p.seat;
      if (prop === 'side') return p.side ? rt.ref('side', p.side) : null;
      return perMember(rt, 'player', o.id, prop);
    }
    case 'side': {
      if (prop === 'players') return rt.state.players.filter((p) => p.side === o.id).map((p) => rt.ref('player', p.id));
      const def = rt.def('sides', o.id);
      if (prop === 'name' || prop === 'color') return typeof def?.[prop] === 'string' ? (def[prop] as string) : prop === 'name' ? o.id : null;
      return perMember(rt, 'side', o.id, prop);
    }
    case 'zone': {
      const [zone, owner] = o.id.split('@');
      if (prop === 'pieces') return iterable(rt, o, { path: [], span: { start: 0, end: 0 } }).filter((x) => x instanceof EntityRef && x.kind === 'piece');
      if (prop === 'cards') {
        const pile = (rt.state.zones[o.id] ?? []).filter((id) => rt.state.cards[id]);
        rt.opts.pileListed?.(pile, { zone: o.id });
        return pile.map((id) => rt.ref('card', id));
      }
      if (prop === 'owner') return owner ? rt.ref(rt.state.players.some((p) => p.id === owner) ? 'player' : 'side', owner) : null;
      if (prop === 'size') return (rt.state.zones[o.id] ?? []).length;
      if (prop === 'name') return typeof rt.def('zones', zone!)?.name === 'string' ? (rt.def('zones', zone!)!.name as string) : zone!;
      return undefined;
    }
    case 'deck': {
      const d = rt.state.decks[o.id];
      if (prop === 'cards') {
        rt.opts.pileListed?.(d?.draw ?? [], { deck: o.id });
        return (d?.draw ?? []).map((c) => rt.ref('card', c));
      }
      if (prop === 'discards') return (d?.discard ?? []).map((c) => rt.ref('card', c));
      if (prop === 'size') return d?.draw.length ?? 0;
      if (prop === 'name') return typeof rt.def('decks', o.id)?.name === 'string' ? (rt.def('decks', o.id)!.name as string) : o.id;
      return undefined;
    }
    case 'hex': {
      const h = parseHexId(o.id);
      if (!h) return undefined;
      if (prop === 'column') return h.col;
      if (prop === 'row') return h.row;
      if (prop === 'pieces') return piecesAt(rt, `hex:${o.id}`);
      if (prop === 'label') return hexLabel(rt, h.col, h.row);
      const props = hexProps(rt, o.id, h.col, h.row);
      return props && prop in props ? convert(rt, props[prop]) : undefined;
    }
    case 'piece-type': {
      const def = rt.def('pieces', o.id);
      if (!def) return undefined;
      if (prop === 'side') return typeof def.side === 'string' ? rt.ref('side', def.side) : null;
      if (prop in def && prop !== 'props') return convert(rt, def[prop]);
      // Every piece type has a name and a kind (the checker promises them): its id, and none, when not declared.
      if (prop === 'name') return o.id;
      if (prop === 'kind') return null;
      return isRecord(def.props) && prop in def.props ? convert(rt, def.props[prop]) : undefined;
    }
    default: {
      const section = o.kind === 'table' ? 'tables' : o.kind === 'die' ? 'dice' : undefined;
      const def = section ? rt.def(section, o.id) : undefined;
      if (prop === 'name') return typeof def?.name === 'string' ? def.name : o.id;
      return undefined;
    }
  }
}

/** A piece's own fields that tell what it is: secret while it is hidden (where it is and whose it is are not). */
const SECRET_FIELDS = new Set(['id', 'type', 'name', 'kind', 'label']);

const NO_TYPE: PieceTypeDef = { id: '', raw: {}, name: '', kind: null, label: null, side: null, flipsTo: null, props: null };

/** One member of a piece, given its state; undefined when the piece has no such member. */
type PieceField = (rt: Runtime, p: PieceState, o: EntityRef) => Value | undefined;

/** A piece's type, remembered per slot while the piece keeps that type (a flip changes it). */
function typeOf(rt: Runtime, p: PieceState, o: EntityRef): PieceTypeDef {
  const cache = rt.pieceTypeCache;
  if (o.slot >= 0) {
    const d = cache[o.slot];
    if (d !== undefined && d.id === p.type) return d;
  }
  const d = rt.program.defs.pieceTypes.get(p.type);
  if (d === undefined) return NO_TYPE;
  if (o.slot >= 0) cache[o.slot] = d;
  return d;
}
/** The entity a piece is at, remembered per slot while its location string stays the same. */
function placeOf(rt: Runtime, p: PieceState, o: EntityRef): Value {
  const at = p.at;
  if (o.slot < 0 || at === null) return locationRef(rt, at);
  const c = rt.pieceLocationCache[o.slot];
  if (c !== undefined && c.at === at) return c.ref;
  const ref = locationRef(rt, at);
  rt.pieceLocationCache[o.slot] = { at, ref };
  return ref;
}

const located = (kind: EntityKind): PieceField => (rt, p, o) => {
  const l = placeOf(rt, p, o);
  return l instanceof EntityRef && l.kind === kind ? l : null;
};

/** The fixed fields (the switch of what a piece is and where), each resolved once by name. */
const FIXED_FIELDS: Record<string, PieceField> = {
  id: (_, __, o) => o.id,
  type: (rt, p) => rt.ref('piece-type', p.type),
  name: (rt, p, o) => { const def = typeOf(rt, p, o); return def === NO_TYPE ? p.type : def.name; },
  kind: (rt, p, o) => typeOf(rt, p, o).kind,
  label: (rt, p, o) => typeOf(rt, p, o).label,
  side: (rt, p, o) => pieceSideRef(rt, typeOf(rt, p, o), p.owner),
  owner: (rt, p) => (p.owner ? rt.ref('player', p.owner) : null),
  facing: (_, p) => p.facing,
  hidden: (_, p) => p.hidden,
  flipped: (_, p) => p.flipped,
  location: placeOf,
  area: located('area'),
  zone: located('zone'),
  hex: located('hex'),
  in_play: (_, p) => p.at !== null && p.at !== '@out',
};

const fieldCache = new Map<string, PieceField>();

/** How to read member `prop` of a piece: its fixed field, else a per-piece track or variable, else a prop. */
function pieceField(prop: string): PieceField {
  let field = fieldCache.get(prop);
  if (field) return field;
  const fixed = Object.hasOwn(FIXED_FIELDS, prop) ? FIXED_FIELDS[prop]! : null;
  const secret = SECRET_FIELDS.has(prop);
  if (fixed) field = secret ? (rt, p, o) => { rt.noteSecret(o.id); return fixed(rt, p, o); } : fixed;
  else {
    field = (rt, p, o) => {
      // Per-piece tracks and variables are in every view; props are not.
      const per = perMember(rt, 'piece', o.id, prop);
      if (per !== undefined) return per;
      rt.noteSecret(o.id);
      if (prop in p.props) return convert(rt, p.props[prop]);
      const def = typeOf(rt, p, o);
      return def.props && prop in def.props ? convert(rt, def.props[prop]) : undefined;
    };
  }
  fieldCache.set(prop, field);
  return field;
}

function pieceMember(rt: Runtime, o: EntityRef, prop: string): Value | undefined {
  const p = rt.state.pieces[o.id];
  if (!p) return undefined;
  return pieceField(prop)(rt, p, o);
}

/** What reads `x.prop`: resolved once when compiling, with a direct path for pieces. */
export type MemberGetter = (rt: Runtime, o: Value, at: SourceAt) => Value;

export function memberGetter(prop: string): MemberGetter {
  const field = pieceField(prop);
  // Names a player, side or area answers before its per-entity tracks and variables (entityMember).
  const perFirst = !OWN_FIELDS.has(prop);
  return (rt, o, at) => {
    if (o instanceof EntityRef) {
      if (o.slot >= 0) {
        const p = rt.pieceStates()[o.slot];
        if (p !== undefined) {
          const v = field(rt, p, o);
          if (v !== undefined) return v;
        }
      } else if (perFirst && (o.kind === 'side' || o.kind === 'area' || (o.kind === 'player' && isPlayer(rt, o.id)))) {
        const source = rt.program.defs.per[o.kind].get(prop);
        if (source === 'track') return rt.getTrack(prop, o.id);
        if (source === 'variable') return rt.getVar(prop, o.id);
      }
    }
    return member(rt, o, prop, at);
  };
}

/** What players, sides and areas answer themselves, ahead of per-entity state (entityMember). */
const OWN_FIELDS = new Set(['id', 'name', 'seat', 'side', 'players', 'color', 'type', 'pieces', 'neighbours']);

function isPlayer(rt: Runtime, id: string): boolean {
  const players = rt.state.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.id === id) return true;
  return false;
}

/** A piece's side: its type's, else its owner's. */
function pieceSideRef(rt: Runtime, def: PieceTypeDef, owner: string | null): Value {
  if (def.side) return def.side;
  const players = rt.state.players;
  for (let i = 0; i < players.length; i++) {
    const x = players[i]!;
    if (x.id === owner) return x.side ? rt.ref('side', x.side) : null;
  }
  return null;
}

/** Each program's hexes' props (`map.grid.props` with the hex's own from `hexes`), by hex id, made on first reading. */
const hexPropsMemo = programMemo(() => new Map<string, Readonly<Record<string, unknown>> | null>());

function hexProps(rt: Runtime, id: string, col: number, row: number): Readonly<Record<string, unknown>> | null {
  const byHex = hexPropsMemo(rt.program);
  let props = byHex.get(id);
  if (props === undefined) {
    const g = rt.program.data.map?.grid;
    const own = g?.hexes?.[hexLabel(rt, col, row)];
    props = g?.props ? (own ? { ...g.props, ...own } : g.props) : null;
    byHex.set(id, props);
  }
  return props;
}

/** A hex's label from the grid's `label` pattern: `{col:02}{row:02}` → "0712". */
function hexLabel(rt: Runtime, col: number, row: number): string {
  return gridHexLabel(rt.program.data.map?.grid?.label, col, row);
}


/** Card fields declared `type: area` (or side, deck, zone) read as those entities, not as text. */
function typedField(rt: Runtime, deck: string, prop: string, raw: unknown): Value {
  const fields = rt.def('decks', deck)?.fields;
  const type = isRecord(fields) && isRecord(fields[prop]) ? fields[prop].type : undefined;
  if (typeof raw === 'string' && (type === 'area' || type === 'side' || type === 'deck' || type === 'zone')) return rt.ref(type, raw);
  return convert(rt, raw);
}

/** The entity a piece's location string names. */
export function locationRef(rt: Runtime, at: string | null): Value {
  if (at === null || at === '@out') return null;
  const area = rt.program.defs.areas.get(at);
  if (area) return area.ref;
  if (at.startsWith('hex:')) return rt.ref('hex', at.slice(4));
  return rt.ref('zone', at);
}

export function setMember(rt: Runtime, o: Value, prop: string, v: Value, at: SourceAt): void {
  if (isRecordValue(o)) { o[prop] = v; return; }
  if (o instanceof EntityRef) {
    const kind = o.kind as EntityKind;
    if (kind === 'player' || kind === 'side' || kind === 'area' || kind === 'piece') {
      const track = rt.def('tracks', prop);
      if (track && track.per === kind) return rt.setTrack(prop, o.id, v, at);
      const variable = rt.def('variables', prop);
      if (variable && variable.per === kind) return rt.setVar(prop, o.id, v, at);
    }
    if (kind === 'piece') {
      const p = rt.writablePiece(o.id);
      if (prop === 'facing') { p.facing = typeof v === 'number' ? ((v % 6) + 6) % 6 : null; return; }
      if (prop === 'owner') { p.owner = v instanceof EntityRef ? v.id : typeof v === 'string' ? v : null; return; }
      // `p.hidden = true` turns a revealed piece face down again (`reveal` turns it up).
      if (prop === 'hidden') {
        // A line only for a change: turned over, or hidden again from the sides it was shown to.
        const changed = p.hidden !== (v === true) || (v === true && p.shown_to !== undefined);
        p.hidden = v === true; delete p.shown_to; rt.hiding ||= p.hidden;
        if (changed && rt.logging) rt.log('change', [pieceSpan(rt, o.id, 'id'), ` ${p.hidden ? 'hidden' : 'revealed'}`], at);
        return;
      }
      p.props[prop] = toStored(v);
      if (rt.describing) rt.log('change', [pieceSpan(rt, o.id, 'label'), span(rt, [o.id], `.${prop} = ${toText(v)}`, { text: ' changed' })], at);
      return;
    }
  }
  // Setting a member of none fails on what the game holds, as reading one does (member-of-none), not on the rules' text.
  if (o === null) throw new RuleError('member-of-none', `Cannot set \`${prop}\` of none.`, at, 'Check the value is not `none` first (for example `if x != none then …`).');
  throw new RuleError('not-assignable', `Cannot set \`${prop}\` of ${rt.label(o)}.`, at, 'Declare a track or variable with `per:` for state that changes.');
}

/** `read`: hidden pieces whose secrets the keys were computed from (a table lookup then says nothing of its keys to other seats). */
export function index(rt: Runtime, o: Value, keys: Value[], shift: number, at: SourceAt, read?: string[]): Value {
  if (o instanceof EntityRef && o.kind === 'table') return lookup(rt, o.id, keys, shift, at, read);
  // A roll is its total wherever a number is wanted (`cards[1d6]`), as in arithmetic.
  const k = rollTotal(keys[0] ?? null);
  if (Array.isArray(o)) {
    // `xs[2..4]`: items 2 to 4 as a new list, those the list has (each a step, as a query's).
    if (k instanceof RangeValue) return listSlice(rt, o, k, at);
    // Lists count from 1, as designers do ("the first card").
    if (typeof k !== 'number' || !Number.isInteger(k)) throw new RuleError('type-mismatch', 'Lists are indexed by whole numbers (from 1) or a range of them (`xs[2..4]`).', at);
    return o[k - 1] ?? null;
  }
  if (isRecordValue(o)) return o[k instanceof EntityRef ? k.id : toText(k)] ?? null;
  throw new RuleError('not-indexable', `${o === null ? 'none' : toText(o)} cannot be indexed.`, at, 'Index tables, lists and records.');
}

function listSlice(rt: Runtime, o: readonly Value[], r: RangeValue, at: SourceAt): Value[] {
  if (!Number.isInteger(r.from) || !(Number.isInteger(r.to) || r.to === Infinity)) throw new RuleError('type-mismatch', `A list's range of items is of whole numbers, not ${r.toString()}.`, at);
  const items = o.slice(Math.max(0, r.from - 1), Math.max(0, Math.min(o.length, r.to)));
  charge(rt, items.length, at);
  return items;
}

/** A table's cell assigned to, directly or through a field of it (compile/assign-chain.ts). */
export function tableCellSet(table: string, at: SourceAt): RuleError {
  return new RuleError('not-assignable', `Table \`${table}\` is the rules' data: its cells cannot be changed during a game.`, at, 'Copy the cell into a `let` name or a variable and change that.');
}

export function setIndex(rt: Runtime, o: Value, keys: Value[], v: Value, at: SourceAt): void {
  const k = rollTotal(keys[0] ?? null);
  if (Array.isArray(o) && typeof k === 'number' && Number.isInteger(k) && k >= 1) { o[k - 1] = v; return; }
  if (isRecordValue(o)) { o[k instanceof EntityRef ? k.id : toText(k)] = v; return; }
  if (o === null) throw new RuleError('member-of-none', 'Cannot set an element of none.', at, 'Check the value is not `none` first (for example `if x != none then …`).');
  if (o instanceof EntityRef && o.kind === 'table') throw tableCellSet(o.id, at);
  throw new RuleError('not-assignable', 'Only list and record elements can be assigned by index.', at);
  void rt;
}
