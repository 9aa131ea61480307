import { BUILTIN_FUNCTIONS } from '../check/signatures.ts';
import { iterable, locationKey, piecesAt, piecesAtShared, piecesInPlay, piecesInPlayShared, piecesUnplaced } from './collections.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { areaDistance, areaNeighbours, sharedNeighbours, cheapestCosts, hexDirection, hexDistance, gridHexRef, gridHexes, hexInGrid, mapAreas, hexNeighbour, linkBetween, parseHexId, type Hex } from './map.ts';
import { shuffleInPlace } from './rng.ts';
import { edgeBetween } from './edges.ts';
import { memberGetter, type MemberGetter } from './members.ts';
import type { Runtime } from './runtime.ts';
import { EntityRef, isRecordValue, rollTotal, toNumber, toText, valueEquals, type Value } from './values.ts';

export type Impl = (rt: Runtime, args: Value[], at: SourceAt) => Value;

const n = (v: Value | undefined, at: SourceAt): number => {
  const x = toNumber(v ?? null);
  if (x === undefined) throw new RuleError('type-mismatch', `Expected a number, got ${v === undefined || v === null ? 'none' : toText(v)}.`, at);
  return x;
};
/** A hex side, counted round the hex: any whole number (taken mod 6); a fraction names no side. */
const direction = (v: Value | undefined, at: SourceAt): number => {
  const x = n(v, at);
  if (!Number.isInteger(x)) throw new RuleError('invalid-direction', `A direction is a whole number (0–5 round the hex), not ${x}.`, at, 'Round it (`round(d)`), or compute directions with whole numbers and `mod 6`.');
  return x;
};
const numbers = (rt: Runtime, args: Value[], at: SourceAt): number[] =>
  (args.length === 1 && typeof rollTotal(args[0]!) !== 'number' ? iterable(rt, args[0]!, at) : args).map((v) => n(v, at));

function hexOf(rt: Runtime, v: Value, at: SourceAt): Hex {
  if (v instanceof EntityRef && v.kind === 'hex') { const h = parseHexId(v.id); if (h) return h; }
  if (v instanceof EntityRef && v.kind === 'piece') {
    const p = rt.state.pieces[v.id];
    if (p?.at?.startsWith('hex:')) return parseHexId(p.at.slice(4))!;
  }
  throw new RuleError('not-a-hex', `${v === null ? 'none' : rt.label(v)} is not a hex (or a piece on one).`, at);
}
const areaId = (v: Value, at: SourceAt): string => {
  if (v instanceof EntityRef && v.kind === 'area') return v.id;
  if (typeof v === 'string') return v;
  throw new RuleError('not-an-area', `${v === null ? 'none' : toText(v)} is not an area.`, at);
};

// Made on first use: members.ts and this module import each other through runtime.ts.
let getters: { side: MemberGetter; owner: MemberGetter } | null = null;
const pieceGetters = () => (getters ??= { side: memberGetter('side'), owner: memberGetter('owner') });

const IMPL: Record<string, Impl> = {
  ceil: (_, a, at) => Math.ceil(n(a[0], at)),
  floor: (_, a, at) => Math.floor(n(a[0], at)),
  round: (_, a, at) => Math.floor(n(a[0], at) + 0.5),
  half_up: (_, a, at) => Math.ceil(n(a[0], at) / 2),
  half_down: (_, a, at) => Math.floor(n(a[0], at) / 2),
  abs: (_, a, at) => Math.abs(n(a[0], at)),
  min: (rt, a, at) => { const v = numbers(rt, a, at); return v.length ? Math.min(...v) : null; },
  max: (rt, a, at) => { const v = numbers(rt, a, at); return v.length ? Math.max(...v) : null; },
  clamp: (_, a, at) => Math.min(n(a[2], at), Math.max(n(a[1], at), n(a[0], at))),
  size: (rt, a, at) => (typeof a[0] === 'string' ? a[0].length : iterable(rt, a[0] ?? null, at).length),
  text: (rt, a) => rt.label(a[0] ?? null),
  append: (rt, a, at) => [...iterable(rt, a[0] ?? null, at), a[1] ?? null],
  without: (rt, a, at) => {
    const drop = Array.isArray(a[1]) ? a[1] : [a[1] ?? null];
    return iterable(rt, a[0] ?? null, at).filter((x) => !drop.some((d) => valueEquals(d, x)));
  },
  reverse: (rt, a, at) => [...iterable(rt, a[0] ?? null, at)].reverse(),
  unique: (rt, a, at) => iterable(rt, a[0] ?? null, at).filter((x, i, all) => all.findIndex((y) => valueEquals(x, y)) === i),
  shuffled: (rt, a, at) => shuffleInPlace(rt.state.rng, [...iterable(rt, a[0] ?? null, at)]),
  keys: (_, a) => (isRecordValue(a[0]) ? Object.keys(a[0]) : []),
  pieces_in: (rt, a, at) => piecesAt(rt, placeKey(a[0] ?? null, at)),
  pieces_of: (rt, a, at) => {
    const who = a[0] ?? null;
    // A player's pieces are the ones it owns (a piece's side is a side, never a player): one field
    // read a piece, the question most rulesets ask (`pieces_of(player)`), not two members compared.
    if (who instanceof EntityRef && who.kind === 'player') {
      const states = rt.pieceStates();
      return piecesInPlayShared(rt).filter((p) => states[p.slot]!.owner === who.id);
    }
    const get = pieceGetters();
    return piecesInPlayShared(rt).filter((p) => {
      const side = get.side(rt, p, at);
      const owner = get.owner(rt, p, at);
      return valueEquals(side, who) || valueEquals(owner, who);
    });
  },
  unplaced: (rt, a, at) => {
    const type = a[0] instanceof EntityRef ? a[0].id : toText(a[0] ?? null);
    if (!rt.def('pieces', type)) throw new RuleError('unknown-name', `No piece type \`${type}\`.`, at);
    return piecesUnplaced(rt, (p) => p.type === type);
  },
  unplaced_of_kind: (rt, a) => {
    const kind = toText(a[0] ?? null);
    const types = rt.program.defs.pieceTypes;
    return piecesUnplaced(rt, (p) => { const t = types.get(p.type); return t !== undefined && t.raw.kind === kind; });
  },
  peek: (rt, a, at) => {
    const deck = a[0];
    if (!(deck instanceof EntityRef) || deck.kind !== 'deck') throw new RuleError('not-a-deck', `${toText(deck ?? null)} is not a deck.`, at);
    return (rt.state.decks[deck.id]?.draw ?? []).slice(0, a[1] === undefined ? 1 : n(a[1], at)).map((c) => rt.ref('card', c));
  },
  cards_in: (rt, a, at) => iterable(rt, a[0] ?? null, at).filter((x) => x instanceof EntityRef && x.kind === 'card'),
  neighbours: (rt, a, at) => areaNeighbours(rt, areaId(a[0] ?? null, at), a[1] === undefined || a[1] === null ? null : toText(a[1])),
  linked: (rt, a, at) => linkBetween(rt, areaId(a[0] ?? null, at), areaId(a[1] ?? null, at)) !== undefined,
  link_type: (rt, a, at) => linkBetween(rt, areaId(a[0] ?? null, at), areaId(a[1] ?? null, at))?.type ?? null,
  link_cost: (rt, a, at) => linkBetween(rt, areaId(a[0] ?? null, at), areaId(a[1] ?? null, at))?.cost ?? null,
  reachable: (rt, a, at) => {
    const costs = cheapestCosts(rt, areaId(a[0] ?? null, at));
    const budget = n(a[1], at);
    return [...costs].filter(([id, c]) => c > 0 && c <= budget).map(([id]) => rt.ref('area', id));
  },
  path_cost: (rt, a, at) => cheapestCosts(rt, areaId(a[0] ?? null, at)).get(areaId(a[1] ?? null, at)) ?? null,
  distance: (rt, a, at) => {
    const x = a[0] ?? null;
    if (x instanceof EntityRef && x.kind === 'area') return areaDistance(rt, x.id, areaId(a[1] ?? null, at));
    return hexDistance(rt, hexOf(rt, x, at), hexOf(rt, a[1] ?? null, at));
  },
  hex_at: (rt, a, at) => {
    return gridHexRef(rt, { col: n(a[0], at), row: n(a[1], at) });
  },
  hex_neighbour: (rt, a, at) => {
    return gridHexRef(rt, hexNeighbour(rt, hexOf(rt, a[0] ?? null, at), direction(a[1], at)));
  },
  direction_to: (rt, a, at) => hexDirection(rt, hexOf(rt, a[0] ?? null, at), hexOf(rt, a[1] ?? null, at)),
  edge: (rt, a, at) => edgeBetween(rt, hexOf(rt, a[0] ?? null, at), hexOf(rt, a[1] ?? null, at)),
  in_arc: (rt, a, at) => {
    const dir = hexDirection(rt, hexOf(rt, a[0] ?? null, at), hexOf(rt, a[2] ?? null, at));
    // Arcs are data: `map.grid.arcs` names the facing offsets of each.
    const arcs = rt.program.data.map?.grid?.arcs ?? {};
    const name = toText(a[3] ?? null);
    const offsets = Object.hasOwn(arcs, name) ? arcs[name] : undefined;
    if (!offsets) throw new RuleError('unknown-arc', `Unknown arc ${name}; the grid declares ${Object.keys(arcs).join(', ') || 'no arcs'}.`, at, 'Declare it under `map.grid.arcs`.');
    return dir !== null && offsets.includes((((dir - n(a[1], at)) % 6) + 6) % 6);
  },
  line_of_fire: (rt, a, at) => {
    const from = hexOf(rt, a[0] ?? null, at);
    const to = hexOf(rt, a[2] ?? null, at);
    let h = from;
    for (let i = 0; i < 64; i++) {
      h = hexNeighbour(rt, h, direction(a[1], at));
      if (h.col === to.col && h.row === to.row) return true;
      if (!hexInGrid(rt, h)) return false;
    }
    return false;
  },
  owner_of: (rt, a, at) => rt.member(a[0] ?? null, 'owner', at),
  resolve: (rt, a, at) => rt.resolveNow(a[0] ?? null, at),
  opponent: (rt, a, at) => {
    const other = opponentsOf(rt, a[0] ?? null);
    if (other.length !== 1) throw new RuleError('no-opponent', `${rt.label(a[0] ?? null)} has ${other.length} opponents, not one.`, at, 'Use `opponents(side)`, or give the side one `opponents:` entry.');
    return rt.ref('side', other[0]!);
  },
  opponents: (rt, a) => opponentsOf(rt, a[0] ?? null).map((s) => rt.ref('side', s)),
  box_value: (rt, a, at) => {
    const id = a[0] instanceof EntityRef ? a[0].id : toText(a[0] ?? null);
    const def = rt.def('tracks', id);
    if (!def) throw new RuleError('unknown-name', `No track \`${id}\`.`, at);
    const position = a[1] === undefined || a[1] === null ? n(rt.getTrack(id, null), at) : n(a[1], at);
    const boxes = Array.isArray(def.boxes) ? (def.boxes as unknown[]) : [];
    const box = boxes[position - (typeof def.min === 'number' ? def.min : 0)];
    if (typeof box === 'number') return box;
    return box !== null && typeof box === 'object' && typeof (box as { value?: unknown }).value === 'number' ? (box as { value: number }).value : null;
  },
  next_player: (rt, a, at) => {
    const ps = rt.state.players;
    const i = ps.findIndex((p) => a[0] instanceof EntityRef && p.id === a[0].id);
    if (i < 0) throw new RuleError('no-such-player', `${toText(a[0] ?? null)} is not a player.`, at);
    return rt.ref('player', ps[(i + 1) % ps.length]!.id);
  },
};

/** The sides a side (or a player's side) plays against: its `opponents:`, else every other side. */
function opponentsOf(rt: Runtime, who: Value): string[] {
  const sides = rt.program.data.sides ?? {};
  const me = who instanceof EntityRef ? (who.kind === 'player' ? rt.state.players.find((p) => p.id === who.id)?.side : who.id) : toText(who);
  const declared = me ? sides[me]?.opponents : undefined;
  return declared ? [...declared] : Object.keys(sides).filter((s) => s !== me);
}

/**
 * Built-ins whose list may be handed out shared when the caller only reads it (the right side of
 * `in`): the same elements as IMPL's, without the copy.
 */
const READ_ONLY: Record<string, Impl> = {
  pieces_in: (rt, a, at) => piecesAtShared(rt, placeKey(a[0] ?? null, at)) as Value[],
  neighbours: (rt, a, at) => sharedNeighbours(rt, areaId(a[0] ?? null, at), a[1] === undefined || a[1] === null ? null : toText(a[1])) as Value[],
};

/** Where pieces at `v` are filed (`pieces_in`'s argument). */
function placeKey(v: Value, at: SourceAt): string {
  const key = locationKey(v);
  if (!key) throw new RuleError('not-a-place', `${toText(v)} is not an area, zone or hex.`, at);
  return key;
}

/** The read-only variant of built-in `name` (see READ_ONLY), or undefined. */
export function builtinReadOnly(name: string): Impl | undefined {
  return Object.hasOwn(READ_ONLY, name) ? READ_ONLY[name] : undefined;
}

/** The implementation of built-in `name`, found once when compiling a call (undefined: no such built-in). */
export function builtinImpl(name: string): Impl | undefined {
  return Object.hasOwn(IMPL, name) ? IMPL[name] : undefined;
}

export function callBuiltin(rt: Runtime, name: string, args: Value[], at: SourceAt): Value {
  const impl = IMPL[name];
  if (!impl) throw new RuleError('unknown-name', `Unknown function \`${name}\`.`, at);
  return impl(rt, args, at);
}

/** The active player's (side's) ref, remembered while the id and the program's RefTable stay the same. */
function activeRef(kind: 'player' | 'side', idOf: (rt: Runtime) => string | null): (rt: Runtime) => Value {
  let lastId: string | null = null;
  let lastRefs: unknown = null;
  let last: EntityRef | null = null;
  return (rt) => {
    const id = idOf(rt);
    if (!id) return null;
    if (id !== lastId || rt.program.refs !== lastRefs) {
      lastId = id;
      lastRefs = rt.program.refs;
      last = rt.ref(kind, id);
    }
    return last;
  };
}

/** What reads built-in name `name`, chosen once when compiling (the hot ones directly). */
export function builtinNameGetter(name: string): (rt: Runtime, at: SourceAt) => Value {
  switch (name) {
    case 'player': return activeRef('player', (rt) => rt.state.active.player);
    case 'side': return activeRef('side', (rt) => rt.state.active.side);
    case 'pieces': return (rt) => piecesInPlay(rt);
    default: return (rt, at) => builtinName(rt, name, at);
  }
}

/** Names every script can read (signatures.ts BUILTIN_NAMES). */
export function builtinName(rt: Runtime, name: string, at: SourceAt): Value {
  const s = rt.state;
  switch (name) {
    case 'player': return s.active.player ? rt.ref('player', s.active.player) : null;
    case 'side': return s.active.side ? rt.ref('side', s.active.side) : null;
    case 'players': return s.players.map((p) => rt.ref('player', p.id));
    case 'sides': return rt.program.defs.sideIds.map((id) => rt.ref('side', id));
    case 'turn_order': return (s.turnOrder ?? s.players.map((p) => p.id)).map((id) => rt.ref('player', id));
    case 'turn': return s.round;
    case 'phase': return s.phase;
    case 'player_count': return s.players.length;
    case 'pieces': return piecesInPlay(rt);
    case 'areas': return mapAreas(rt).slice();
    // A fresh list (lists are values a script may change); compileReadSource shares it where it is only read.
    case 'hexes': return gridHexes(rt).slice();
  }
  throw new RuleError('unknown-name', `Unknown name \`${name}\`.`, at);
}

/** Every built-in the checker knows must be implemented here (a test asserts it). */
export const IMPLEMENTED_BUILTINS = new Set(Object.keys(IMPL));
void BUILTIN_FUNCTIONS;
