/**
 * `determinize(game, seat, rng)`: a complete game that one seat cannot tell from the real one.
 * Everything the seat may not see (visibility.ts) is drawn again at random, consistently with what
 * it can see: unseen cards (draw piles, other seats' hidden hands) swap faces within their deck, face-down pieces hidden from it swap identities (type and props) within their side, values
 * declared `owner`/`hidden` that are not its own are redrawn (bounded tracks) or set back to their
 * initial values (or a declared `guess:`), and the dice to come are reseeded. Search bots plan on such copies, so they never read
 * another seat's secrets; the non-interference test checks that the seat's view is unchanged.
 * Answers other seats already gave in a simultaneous secret choice that is still being asked
 * (they wait in the frames until every seat has answered) are drawn again among their options.
 */
import type { Game } from './game.ts';
import { nextInt, nextUint32, shuffleInPlace, type RngState } from './rng.ts';
import type { Runtime } from './runtime.ts';
import type { Frame } from './frame.ts';
import { retellLog } from './determinize-log.ts';
import { cloneData } from './init.ts';
import { toStored } from './persist.ts';
import { record, valueEquals, type EntityKind, type Value } from './values.ts';
import type { GameState, PlayerState } from './state.ts';
import { cardVisible, pieceSide, pieceVisible, unseenValues, type Unseen } from './visibility.ts';

/** How much a determinization drew again (tests use it to know the check was not empty). */
export interface Resampled {
  cards: number;
  pieces: number;
  values: number;
  /** Other seats' answers to a simultaneous secret choice still being asked. */
  answers: number;
  /** Log entries told again from the copy's state (with `log: true`; see determinize-log.ts). */
  lines: number;
}

export interface Determinized {
  game: Game;
  resampled: Resampled;
}

/**
 * Which tracks' and variables' values a seat may not see at one question of a game: the same for
 * every copy made there, so a search that draws hundreds of copies of one question finds them once
 * (`determinizer`). A ruleset with three dozen values per piece for 165 pieces spent about a
 * tenth of a search bot's decision finding the unseen ones again.
 */
interface UnseenPlan {
  /** The question it was found at: the plan serves only while the game waits there. */
  pending: unknown;
  values: Record<'tracks' | 'variables', Unseen[]>;
  /** The same lists for the guesses, when resampling cannot change which values they hold (see `unseenPlan`). */
  guesses: Record<'tracks' | 'variables', Unseen[]> | null;
}

/** `determinize` for many copies of one question: what is unseen is found once, the copies are the same. */
export function determinizer(game: Game, seat: string | null): (rng: RngState, opts?: { log?: boolean }) => Determinized {
  let plan: UnseenPlan | null = null;
  return (rng, opts = {}) => {
    if (plan === null || plan.pending !== game.pending) plan = unseenPlan(game, seat);
    return determinize(game, seat, rng, opts, plan);
  };
}

/**
 * Found on the real game, as each copy would find them: a fork's values and pieces' places are
 * the real game's until resampleValues runs, and visibility is always asked of the real game.
 * applyGuesses looks again after resampleValues, which keeps every value's owners (it edits a copy
 * of a per-owner record) except where it replaces a whole value: a value declared per owner but
 * stored whole could come back as a record, so then the guesses look for themselves.
 */
function unseenPlan(game: Game, seat: string | null): UnseenPlan {
  const rt = game.rt;
  const state = rt.state;
  const me = state.players.find((p) => p.id === seat);
  const inBox = (per: string, owner: string) => per === 'piece' && state.pieces[owner]?.at == null;
  const values = {
    tracks: unseenValues(rt, 'tracks', state.tracks as Record<string, unknown>, me, inBox),
    variables: unseenValues(rt, 'variables', state.vars as Record<string, unknown>, me, inBox),
  };
  const reshapes = (u: Unseen) => u.owners === null && u.def.per !== undefined && u.def.per !== 'global';
  const same = !values.tracks.some(reshapes) && !values.variables.some(reshapes);
  return { pending: game.pending, values, guesses: same ? values : null };
}

export function determinize(game: Game, seat: string | null, rng: RngState, opts: { log?: boolean } = {}, plan?: UnseenPlan): Determinized {
  // A fork: its runtime is new, and builds its caches from its own state only once it runs, so
  // the state may be edited first. Visibility is asked of the real game, whose state is unchanged.
  const copy = game.fork({ log: opts.log ?? false });
  const state = copy.state;
  const me = state.players.find((p) => p.id === seat);
  const rt = game.rt;
  const resampled: Resampled = {
    cards: resampleCards(rt, state, me, rng),
    pieces: resamplePieces(rt, copy.rt, me, rng),
    values: resampleValues(rt, copy, me, rng, plan?.values),
    answers: resampleAnswers(copy.rt.stack, seat, rng),
    lines: 0,
  };
  state.rng = [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng)];
  // Last, once nothing hidden in the copy is the real game's any more (the dice included): a
  // guess never reads a secret.
  const guesses = plan?.guesses ?? undefined;
  resampled.values += applyGuesses(rt, copy, me, 'tracks', guesses?.tracks) + applyGuesses(rt, copy, me, 'variables', guesses?.variables);
  // The copy's log says what the copy's pieces, cards and values would have made it say.
  if (opts.log) resampled.lines = retellLog(game, copy, me);
  return { game: copy, resampled };
}

/**
 * What is drawn again is first put in a fixed order (by content), so a copy depends on what the
 * seat sees, the multiset of what it does not, and `rng` — not on how the hidden things lie in the
 * real game. Two games a seat cannot tell apart then give it the same copies for the same `rng`,
 * and a search agent with the same seed the same answer (its information-set fairness test).
 */
function canonical<T>(items: T[]): T[] {
  // Plain numbers and texts (most private values) sort as they are; anything else by its JSON.
  if (items.every((x) => typeof x === 'number')) return (items as number[]).sort((a, b) => a - b) as T[];
  if (items.every((x) => typeof x === 'string')) return items.sort();
  const keyed = items.map((item) => [JSON.stringify(item) ?? '', item] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map(([, item]) => item);
}

/**
 * Unseen cards of a deck (in its draw pile or in zones hidden from the seat) swap faces: each
 * physical card keeps its place and every reference to it, and shows another face of the same deck.
 */
function resampleCards(rt: Runtime, state: GameState, me: PlayerState | undefined, rng: RngState): number {
  const byDeck = new Map<string, string[]>();
  for (const id of Object.keys(state.cards)) {
    if (cardVisible(rt, id, me)) continue;
    const deck = state.cards[id]!.deck;
    const ids = byDeck.get(deck);
    if (ids) ids.push(id);
    else byDeck.set(deck, [id]);
  }
  let changed = 0;
  for (const ids of byDeck.values()) {
    const faces = shuffleInPlace(rng, ids.map((id) => state.cards[id]!.def).sort());
    ids.forEach((id, k) => {
      const c = state.cards[id]!;
      if (c.def !== faces[k]) changed++;
      c.def = faces[k]!;
    });
  }
  return changed;
}

const isEmpty = (o: object): boolean => {
  for (const _ in o) return false;
  return true;
};

/** Face-down pieces hidden from the seat swap identities (type and props) within their side. */
function resamplePieces(rt: Runtime, copy: Runtime, me: PlayerState | undefined, rng: RngState): number {
  const state = copy.state;
  const bySide = new Map<string, string[]>();
  for (const [id, p] of Object.entries(state.pieces)) {
    if (pieceVisible(rt, id, me)) continue;
    const side = pieceSide(rt, id);
    const ids = bySide.get(String(side));
    if (ids) ids.push(id);
    else bySide.set(String(side), [id]);
  }
  let changed = 0;
  for (const ids of bySide.values()) {
    const identities = shuffleInPlace(rng, canonical(ids.map((id) => ({ type: state.pieces[id]!.type, props: state.pieces[id]!.props }))));
    ids.forEach((id, k) => {
      const { type, props } = identities[k]!;
      const p = state.pieces[id]!;
      // The records are shared with the real game until written: write only what changes.
      if (p.type === type && (p.props === props || (isEmpty(p.props) && isEmpty(props)))) return;
      if (p.type !== type) changed++;
      const own = copy.writablePiece(id);
      own.type = type;
      own.props = props;
    });
  }
  return changed;
}

/**
 * Other seats' answers in the frames' secret-answer lists (Code.secretAnswers), drawn again among
 * what they were asked. The frames are the copy's own (`fork` copies slot values).
 */
function resampleAnswers(stack: Frame[], seat: string | null, rng: RngState): number {
  let changed = 0;
  for (const frame of stack) {
    for (const slot of frame.code?.secretAnswers ?? []) {
      const list = frame.slots[slot];
      if (!Array.isArray(list)) continue;
      for (const entry of list as Value[][]) {
        const asked = entry[2] as { player: string; kind: string; options: Value[]; min: number; max: number } | null | undefined;
        if (!asked || asked.player === seat) continue;
        const before = entry[1] ?? null;
        if (asked.kind === 'number') entry[1] = asked.min + nextInt(rng, asked.max - asked.min + 1);
        else if (asked.kind === 'one') entry[1] = asked.options[nextInt(rng, asked.options.length)] ?? null;
        else {
          const count = asked.min + nextInt(rng, asked.max - asked.min + 1);
          const picked = shuffleInPlace(rng, asked.options.map((_, i) => i)).slice(0, count).sort((a, b) => a - b);
          entry[1] = picked.map((i) => asked.options[i] ?? null);
        }
        if (!valueEquals(entry[1] ?? null, before)) changed++;
      }
    }
  }
  return changed;
}

/**
 * Values declared `owner`/`hidden` that are not the seat's: bounded tracks drawn again within their
 * bounds; every other such value set back to its declared initial value. Swapping them between
 * their owners, as before, kept the real value whenever there was one owner to swap among (a global
 * secret, the one enemy aircraft of a duel) and told the seat the values' multiset otherwise; the
 * initial value is what every seat knows from the rules. A ruleset that wants its bots to assume
 * better declares a `guess:` (applyGuesses, run afterwards).
 */
function resampleValues(rt: Runtime, copy: Game, me: PlayerState | undefined, rng: RngState, planned?: Record<'tracks' | 'variables', Unseen[]>): number {
  const state = copy.state;
  let changed = 0;
  for (const section of ['tracks', 'variables'] as const) {
    const values = (section === 'tracks' ? state.tracks : state.vars) as Record<string, unknown>;
    // A piece out of the game (no place: still in the box) keeps its values: the rules read them
    // only once they place it, which every seat sees. A ruleset may keep some 150 pieces in the box,
    // and drawing all their values again made most of a determinization's cost.
    const inBox = (per: string, owner: string) => per === 'piece' && state.pieces[owner]?.at == null;
    for (const { id, def, owners: unseen } of planned?.[section] ?? unseenValues(rt, section, values, me, inBox)) {
      const bounded = section === 'tracks' && typeof def.min === 'number' && typeof def.max === 'number' ? { min: def.min, max: def.max } : null;
      const fresh = (owner: string | null): unknown => bounded
        ? bounded.min + nextInt(rng, bounded.max - bounded.min + 1)
        : initialOf(copy, section, id, def, owner);
      const v = values[id];
      if (unseen === null) {
        values[id] = fresh(null);
        if (!valueEquals((values[id] ?? null) as Value, (v ?? null) as Value)) changed++;
        continue;
      }
      if (unseen.length === 0) continue;
      // A fork shares per-owner records with the real game (Runtime.shareRecords): edit a copy,
      // made at the first value that is not the one already there (most are: with records of 165
      // pieces, copying 36 of them made 7% of a search bot's decision).
      let rec = v as Record<string, unknown>;
      for (const owner of unseen) {
        const old = rec[owner];
        const next = fresh(owner);
        if (next === old) continue;
        if (rec === v) values[id] = rec = { ...rec };
        rec[owner] = next;
        if (!valueEquals((next ?? null) as Value, (old ?? null) as Value)) changed++;
      }
    }
  }
  return changed;
}

/** A value's declared initial value: a plain one copied, a track's expression read on the copy. */
function initialOf(copy: Game, section: 'tracks' | 'variables', id: string, def: { initial?: unknown; per?: string }, owner: string | null): unknown {
  const init = def.initial;
  // Most are scalars, which cloneData returns as they are (structuredClone of one cost 1.4% of a search bot's decision).
  if (section === 'variables') return init === undefined ? null : cloneData(init);
  if (typeof init === 'number') return init;
  if (typeof init !== 'string') return 0;
  const per = def.per as EntityKind | undefined;
  const v = copy.rt.evalSite(['tracks', id, 'initial'], owner !== null && per ? record([[per, copy.rt.ref(per, owner)]]) : undefined);
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * Tracks and variables that declare a `guess:` (what a seat assumes of a value it may not see):
 * every such value of the copy becomes the guess, read on the copy with the owner bound (a track's
 * within its bounds). All guesses are read before any is written, so none depends on another.
 */
function applyGuesses(rt: Runtime, copy: Game, me: PlayerState | undefined, section: 'tracks' | 'variables', planned?: Unseen[]): number {
  const state = copy.state;
  const values = (section === 'tracks' ? state.tracks : state.vars) as Record<string, unknown>;
  const real = (section === 'tracks' ? rt.state.tracks : rt.state.vars) as Record<string, unknown>;
  const inBox = (per: string, owner: string) => per === 'piece' && state.pieces[owner]?.at == null;
  const writes: Array<[id: string, owner: string | null, value: unknown]> = [];
  for (const { id, def, owners } of planned ?? unseenValues(rt, section, values, me, inBox)) {
    const guess = (def as { guess?: unknown }).guess;
    if (typeof guess !== 'number' && typeof guess !== 'string' && typeof guess !== 'boolean') continue;
    const lo = typeof def.min === 'number' ? def.min : -Infinity;
    const hi = typeof def.max === 'number' ? def.max : Infinity;
    const per = def.per as EntityKind | undefined;
    for (const owner of owners ?? [null]) {
      const v = typeof guess !== 'string' ? guess : copy.rt.evalSite([section, id, 'guess'], owner !== null && per ? record([[per, copy.rt.ref(per, owner)]]) : undefined);
      if (section === 'variables') writes.push([id, owner, toStored(v ?? null)]);
      else if (typeof v === 'number' && Number.isFinite(v)) writes.push([id, owner, Math.min(hi, Math.max(lo, v))]);
    }
  }
  let changed = 0;
  for (const [id, owner, v] of writes) {
    if (owner === null) {
      changed += values[id] !== v ? 1 : 0;
      values[id] = v;
      continue;
    }
    let rec = values[id] as Record<string, unknown>;
    if (rec[owner] === v) continue;
    // A record still the real game's (resampleValues left it as it was) is copied before it is written.
    if (rec === real[id]) values[id] = rec = { ...rec };
    changed++;
    rec[owner] = v;
  }
  return changed;
}
