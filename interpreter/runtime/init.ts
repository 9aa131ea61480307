import { entries, isRecord } from '../check/context.ts';
import { LIMITS } from '../check/limits.ts';
import type { Program } from './program.ts';
import { effectiveOptions, optionProblem } from './options.ts';
import { seedRng, shuffleInPlace } from './rng.ts';
import { STATE_FORMAT, zoneKey, type GameState, type PlayerState } from './state.ts';

export interface GameSetup {
  seed: string | number;
  /** Number of players; defaults to `players.default`, else `players.min`, else the number of sides, else 2. */
  players?: number;
  /** Option values by id; unknown ids and wrong types are refused. */
  options?: Record<string, unknown>;
  names?: string[];
}

export interface SetupProblem {
  code: string;
  message: string;
}

/** Player count the setup asks for, or the ruleset's default. */
export function playerCount(program: Program, setup: GameSetup): number {
  const p = program.data.players;
  const sides = Object.keys(program.data.sides ?? {}).length;
  return setup.players ?? p?.default ?? p?.min ?? (sides || 2);
}

/** Check a setup against the ruleset (player count bounds, option ids and types). */
export function checkSetup(program: Program, setup: GameSetup): SetupProblem[] {
  const problems: SetupProblem[] = [];
  const n = playerCount(program, setup);
  const p = program.data.players;
  if (!Number.isInteger(n) || n < 1) problems.push({ code: 'invalid-players', message: `Player count must be a positive whole number${Number.isNaN(n) ? '' : `, not ${n}`}.` });
  else if (p && (n < p.min || n > p.max)) problems.push({ code: 'invalid-players', message: `This ruleset is for ${p.min}–${p.max} players, not ${n}.` });
  problems.push(...sizeProblems(program));
  for (const [id, value] of Object.entries(setup.options ?? {})) {
    const problem = optionProblem(program.data.options as Record<string, unknown> | undefined, id, value);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * The piece and card limits, checked again before anything is created: a model nobody checked
 * must not make ten million pieces (the checker reports the same with a position).
 */
function sizeProblems(program: Program): SetupProblem[] {
  // The program never changes: worked out once, then copied (callers add to the list).
  let found = sizes.get(program);
  if (!found) sizes.set(program, (found = countSizes(program)));
  return [...found];
}
const sizes = new WeakMap<Program, SetupProblem[]>();

function countSizes(program: Program): SetupProblem[] {
  const d = program.data;
  const count = (c: unknown, absent: number) => (isRecord(c) && typeof c.count === 'number' ? c.count : absent);
  const pieces = entries(d.pieces).reduce((sum, [, p]) => sum + count(p, 0), 0);
  const cards = entries(d.decks).reduce((sum, [, deck]) => sum + (isRecord(deck) && Array.isArray(deck.cards) ? deck.cards.reduce((n: number, c) => n + count(c, 1), 0) : 0), 0);
  const problems: SetupProblem[] = [];
  if (pieces > LIMITS.pieces) problems.push({ code: 'too-many-pieces', message: `The ruleset has ${pieces} pieces; at most ${LIMITS.pieces.toLocaleString('en-US')} are allowed.` });
  if (cards > LIMITS.cards) problems.push({ code: 'too-many-cards', message: `The ruleset's decks have ${cards} cards; at most ${LIMITS.cards.toLocaleString('en-US')} are allowed.` });
  return problems;
}

/**
 * The state before setup scripts run: players seated (and assigned to sides in turn), every piece
 * in the box, every deck built and shuffled, tracks and variables at their plain initial values
 * (expression initials are evaluated by the game driver).
 */
export function initialState(program: Program, setup: GameSetup): GameState {
  const d = program.data;
  const rng = seedRng(setup.seed);
  const sides = Object.keys(d.sides ?? {});
  const n = playerCount(program, setup);
  const players: PlayerState[] = Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    seat: i + 1,
    side: sides.length ? sides[i % sides.length]! : null,
    name: setup.names?.[i] ?? (sides.length && n === sides.length ? String(d.sides?.[sides[i]!]?.name ?? sides[i]) : `Player ${i + 1}`),
  }));
  // Given values or defaults; an option whose `requires` fail keeps its default.
  const options: GameState['options'] = effectiveOptions(d.options as Record<string, unknown> | undefined, setup.options ?? {});
  const state: GameState = {
    format: STATE_FORMAT, rng, round: 0, phase: null, active: { player: players[0]?.id ?? null, side: players[0]?.side ?? null },
    // Every piece's key is in place from a per-program template (a fixed shape, as for per-owner records below).
    players, options, tracks: {}, vars: {}, pieces: { ...pieceKeys(program) } as GameState['pieces'], zones: {}, decks: {}, cards: {}, turnOrder: null, decisions: [], ended: null,
  };
  for (const { id, type, hidden } of piecePlan(program)) {
    setOwn(state.pieces, id, { type, at: null, owner: null, facing: null, flipped: false, hidden, props: {} });
  }
  const owners = { player: players.map((p) => p.id), side: sides };
  for (const [id, z] of entries(d.zones)) {
    const per = isRecord(z) ? z.per : undefined;
    if (per === 'player' || per === 'side') for (const o of owners[per]) state.zones[zoneKey(id, o)] = [];
    else state.zones[id] = [];
  }
  const cards = cardPlan(program);
  state.cards = { ...cards.keys } as GameState['cards'];
  for (const { id, draw } of cards.decks) {
    for (const c of draw) setOwn(state.cards, c.inst, { deck: id, def: c.def, at: 'draw', owner: null });
    state.decks[id] = { draw: shuffleInPlace(rng, draw.map((c) => c.inst)), discard: [] };
  }
  initialValues(program, state, owners);
  return state;
}

function initialValues(program: Program, state: GameState, owners: { player: string[]; side: string[] }): void {
  const d = program.data;
  const areas = Object.keys(d.map?.areas ?? {});
  const pieces = Object.keys(state.pieces);
  const ownersOf = (per: unknown): string[] | null => {
    if (per === 'player' || per === 'side') return owners[per];
    if (per === 'area') return areas;
    if (per === 'piece') return pieces;
    return null;
  };
  const shared = templatesOf(program);
  for (const [id, t] of entries(d.tracks)) {
    if (!isRecord(t)) continue;
    const v = typeof t.initial === 'number' ? t.initial : 0;
    const list = ownersOf(t.per);
    state.tracks[id] = list ? (copyOf(shared, `t:${id}:${list.length}`, list, v) as Record<string, number>) : v;
  }
  for (const [id, v] of entries(d.variables)) {
    if (!isRecord(v)) continue;
    const init = v.initial ?? null;
    const list = ownersOf(v.per);
    if (!list) state.vars[id] = cloneData(init);
    else if (init === null || typeof init !== 'object') state.vars[id] = copyOf(shared, `v:${id}:${list.length}`, list, init);
    else {
      // Each owner its own copy, set into a copy of the owners' fixed-shape record (built key by
      // key, a record of 165 pieces would be a slow dictionary object, see perOwner).
      const out = copyOf(shared, `k:${String(v.per)}:${list.length}`, list, null);
      for (const k of list) setOwn(out, k, cloneData(init));
      state.vars[id] = out;
    }
  }
}

/**
 * Per-owner records of one plain value, made once per program and owner count (the owners of a
 * kind are the same in every game with that many players) and copied for each game: a spread copy
 * of a fixed-shape record is a fraction of building it key by key (a ruleset of ~40 such records over 165
 * pieces). Each game gets its own copy, so hosts may still edit a game's state in place.
 */
const templates = new WeakMap<Program, Map<string, Record<string, unknown>>>();

function templatesOf(program: Program): Map<string, Record<string, unknown>> {
  let m = templates.get(program);
  if (!m) templates.set(program, (m = new Map()));
  return m;
}

/**
 * Every piece to create, in creation order, with its id and type worked out once per program: the
 * ids are the same strings in every game (no `${type}_${i}` made per game), so filing each under its
 * key is a known key's store. A later id equal to an earlier one replaces it, as setting it did.
 */
function piecePlan(program: Program): ReadonlyArray<{ id: string; type: string; hidden: boolean }> {
  let plan = plans.get(program);
  if (!plan) {
    plan = [];
    for (const [type, p] of entries(program.data.pieces)) {
      const count = isRecord(p) && typeof p.count === 'number' ? p.count : 0;
      for (let i = 1; i <= count; i++) plan.push({ id: count === 1 ? type : `${type}_${i}`, type, hidden: isRecord(p) && p.hidden === true });
    }
    plans.set(program, plan);
  }
  return plan;
}
const plans = new WeakMap<Program, Array<{ id: string; type: string; hidden: boolean }>>();

interface CardPlan {
  /** Every deck in order, with its cards' instance ids in the order they are put in before shuffling. */
  decks: Array<{ id: string; draw: Array<{ inst: string; def: string }> }>;
  /** The instance ids as the keys of a fixed-shape record (each game's `cards` copied from it). */
  keys: Record<string, unknown>;
}

/**
 * Every card to create, deck by deck, worked out once per program as `piecePlan` is, instead of
 * each start making its cards' ids as new strings (a hundred and more in a ruleset of damage
 * decks) and filing them key by key into a slow (dictionary) object (docs/runtime.md). The same
 * ids in the same order as before, so a game's cards and its shuffles are the same.
 */
function cardPlan(program: Program): CardPlan {
  let plan = cardPlans.get(program);
  if (!plan) {
    const decks: CardPlan['decks'] = [];
    for (const [id, deck] of entries(program.data.decks)) {
      const draw: Array<{ inst: string; def: string }> = [];
      for (const card of isRecord(deck) && Array.isArray(deck.cards) ? deck.cards : []) {
        if (!isRecord(card) || typeof card.id !== 'string') continue;
        const count = typeof card.count === 'number' ? card.count : 1;
        for (let i = 1; i <= count; i++) draw.push({ inst: count === 1 ? `${id}.${card.id}` : `${id}.${card.id}_${i}`, def: card.id });
      }
      decks.push({ id, draw });
    }
    plan = { decks, keys: perOwner(decks.flatMap((d) => d.draw.map((c) => c.inst)), () => null) };
    cardPlans.set(program, plan);
  }
  return plan;
}
const cardPlans = new WeakMap<Program, CardPlan>();

/** The piece ids (creation order) as the keys of a fixed-shape record, each game's pieces copied from it. */
function pieceKeys(program: Program): Record<string, unknown> {
  const shared = templatesOf(program);
  let t = shared.get('pieces');
  if (t === undefined) shared.set('pieces', (t = perOwner([...program.defs.pieceIds], () => null)));
  return t;
}

function copyOf(shared: Map<string, Record<string, unknown>>, key: string, owners: string[], value: unknown): Record<string, unknown> {
  let t = shared.get(key);
  if (t === undefined) shared.set(key, (t = perOwner(owners, () => value)));
  return { ...t };
}

/** `{ owner: value() }` for every owner, in order (as `Object.fromEntries` makes it, with one loop and no pairs). */
function perOwner(owners: string[], value: () => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of owners) setOwn(out, k, value());
  // Built key by key, a record of many owners is a slow (dictionary) object, and copying it for a
  // fork's or a determinization's first write cost ~100 µs for a ruleset of 165 pieces. Copied once
  // by spreading, it gets a fixed shape, and so do the copies made from it (~2 µs).
  return { ...out };
}

/** `o[k] = x` as an own property even for `__proto__`. */
function setOwn(o: Record<string, unknown>, k: string, x: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: x, enumerable: true, writable: true, configurable: true });
  else o[k] = x;
}

/** A copy of plain ruleset data (what `structuredClone` gives for it, without its cost for the common scalar). */
export function cloneData(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneData);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setOwn(out, k, cloneData((v as Record<string, unknown>)[k]));
  return out;
}
