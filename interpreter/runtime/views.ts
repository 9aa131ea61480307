import { aliasesOf, shownOrder } from './aliases.ts';
import { previewsOf } from './previews.ts';
import type { DecisionRequest } from './decisions.ts';
import type { Game } from './game.ts';
import type { LogEntry } from './log.ts';
import { HIDDEN_CARD, hiddenLabel, PLACES, type LineSecret, type MarkedText } from './secrets.ts';
import type { GameState, PlayerState } from './state.ts';
import { EntityRef, isRecordValue, MarkedString, toText, type Value } from './values.ts';
import { cardVisible, hiddenFrom, pieceVisible, placeShowsCards, unseenValues, zoneVisible } from './visibility.ts';

/** A seat's view: the state with what it may not see redacted, its log, and its own question. */
export interface GameView {
  player: string | null;
  state: GameState;
  log: LogEntry[];
  pending: DecisionRequest | null;
}

const HIDDEN = '?';

/** Pieces hidden from a seat → their aliases. */
export type Concealed = ReadonlyMap<string, string>;

/**
 * Redaction rules: a piece hidden from a seat shows no type or props, and goes by its alias
 * (aliases.ts) everywhere in the view: state, log text and data, and the question; zones visible
 * only to their owner (or to nobody) show only how many things they hold; draw piles show only
 * their size; secret decisions and log lines addressed to another seat are left out. `player: null`
 * is the spectator (sees only public information).
 */
export function viewFor(game: Game, player: string | null): GameView {
  const me = game.state.players.find((p) => p.id === player);
  const concealed = concealedFrom(game, (id) => !pieceVisible(game.rt, id, me));
  const cards = hiddenCards(game, me);
  // Pieces and cards this seat may not identify (their id namespaces do not overlap).
  const unknown: Concealed = cards.size ? new Map([...concealed, ...cards]) : concealed;
  const state = stateFor(game, me, concealed, cards, unknown);
  const log = game.log.filter((e) => !e.visibleTo || e.visibleTo === player || (me?.side != null && e.visibleTo === me.side)).map((e) => lineFor(game, e, me));
  // Previews are the deciding seat's alone: other seats may see an open question, not its previews.
  const pending = game.pending && (game.pending.player === player || !game.pending.secret) ? pendingFor(game, game.pending, unknown, game.pending.player === player) : null;
  return { player, state, log, pending };
}

/** The pieces `hides` says are concealed, with their aliases, in alias order. */
function concealedFrom(game: Game, hides: (id: string) => boolean): Map<string, string> {
  return new Map([...aliasesOf(game)].filter(([id]) => hides(id)));
}

/**
 * Card instances whose face `me` may not see → where they are (`hand@p2#3`, `events.draw#1`).
 * A card's id names its face, and a fixed alias per card would let a seat follow one card from
 * hand to hand; where it lies is all a seat can see of a face-down card.
 */
function hiddenCards(game: Game, me: PlayerState | undefined): Concealed {
  const s = game.state;
  const out = new Map<string, string>();
  // Positions from one pass over each pile (an indexOf per card was quadratic in long decks).
  const place = (name: string, list: readonly string[]) => list.forEach((id, i) => {
    if (s.cards[id] !== undefined && !cardVisible(game.rt, id, me)) out.set(id, `${name}#${i + 1}`);
  });
  for (const [deck, d] of Object.entries(s.decks)) place(`${deck}.draw`, d.draw);
  for (const [key, list] of Object.entries(s.zones)) if (!zoneVisible(game.rt, key, me)) place(key, list);
  return out;
}

function stateFor(game: Game, me: PlayerState | undefined, concealed: Concealed, cards: Concealed, unknown: Concealed): GameState {
  const s = game.state;
  const state: GameState = structuredClone(s);
  state.rng = [0, 0, 0, 0];
  state.pieces = rekey(state.pieces, concealed);
  for (const alias of concealed.values()) state.pieces[alias] = { ...state.pieces[alias]!, type: HIDDEN, props: {} };
  // Values declared `owner` or `hidden` show `?` to the seats they are not for (before pieces are aliased).
  state.tracks = redactValues(game, 'tracks', state.tracks, me) as GameState['tracks'];
  state.vars = redactValues(game, 'variables', state.vars, me) as GameState['vars'];
  // Text about hidden pieces held in variables reads as this seat may read it (before ids become aliases).
  state.vars = renderTexts(state.vars, concealed) as GameState['vars'];
  // Per-piece tracks and variables are keyed by piece id; variables may hold pieces and cards.
  state.tracks = swap(state.tracks, concealed) as GameState['tracks'];
  state.vars = swap(state.vars, unknown) as GameState['vars'];
  for (const key of Object.keys(state.zones)) {
    state.zones[key] = zoneVisible(game.rt, key, me) ? (swap(state.zones[key], concealed) as string[]) : state.zones[key]!.map(() => HIDDEN);
  }
  for (const deck of Object.values(state.decks)) deck.draw = deck.draw.map(() => HIDDEN);
  // Face-down cards are only the `?`s of their zone or draw pile.
  for (const id of cards.keys()) delete state.cards[id];
  state.decisions = [];
  state.turnOrder = s.turnOrder ? [...s.turnOrder] : null;
  return state;
}

/** Stored marked text (`{ $text: parts }`, see persist.ts toStored) rendered for a seat. */
function renderTexts(v: unknown, concealed: Concealed): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => renderTexts(x, concealed));
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.$text)) return render(o.$text as MarkedText, concealed);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) out[k] = renderTexts(o[k], concealed);
  return out;
}

/** Tracks or variables with the values `me` may not see (by their declared visibility) as `?`. */
function redactValues(game: Game, section: 'tracks' | 'variables', values: Record<string, unknown>, me: PlayerState | undefined): Record<string, unknown> {
  for (const { id, owners } of unseenValues(game.rt, section, values, me)) {
    if (owners === null) values[id] = HIDDEN;
    else for (const owner of owners) (values[id] as Record<string, unknown>)[owner] = HIDDEN;
  }
  return values;
}

/** A record with concealed pieces' keys replaced by their aliases, listed after the others in alias order (key order would tell types). */
function rekey<T>(rec: Record<string, T>, concealed: Concealed): Record<string, T> {
  const keys = Object.keys(rec);
  if (!keys.some((k) => concealed.has(k))) return rec;
  const out: Record<string, T> = {};
  for (const k of keys) if (!concealed.has(k)) out[k] = rec[k]!;
  for (const [id, alias] of concealed) if (Object.hasOwn(rec, id)) out[alias] = rec[id]!;
  return out;
}

/** JSON data with concealed pieces' ids (as strings and as keys) replaced by their aliases. */
function swap(v: unknown, concealed: Concealed): unknown {
  if (concealed.size === 0) return v;
  if (typeof v === 'string') return concealed.get(v) ?? v;
  if (Array.isArray(v)) return v.map((x) => swap(x, concealed));
  if (v === null || typeof v !== 'object') return v;
  const out = rekey(v as Record<string, unknown>, concealed);
  return Object.fromEntries(Object.entries(out).map(([k, x]) => [k, swap(x, concealed)]));
}

/**
 * A log line as this seat reads it, rendered from its parts: what it told about pieces hidden from
 * the seat, or cards whose face it could not see, when it was written is redacted. The line carries
 * neither its parts nor its secret (they hold the referee's text).
 */
function lineFor(game: Game, e: LogEntry, me: PlayerState | undefined): LogEntry {
  if (e.secret === undefined && e.parts === undefined) return e;
  const { parts, secret, ...line } = e;
  if (!secret) return line;
  const concealed = concealedIn(game, secret, me);
  if (concealed.size === 0 && !secret.everyone) return line;
  if (parts) line.text = render(parts, concealed);
  const data = 'data' in secret ? secret.data : e.data;
  if (data !== undefined) line.data = swap(data, concealed);
  return line;
}

/**
 * What of a line's secret `me` may not identify, from what was hidden when it was written: its
 * pieces hidden from the seat (→ their aliases) and cards whose face the seat could not see there
 * (→ `?` in data, HIDDEN_CARD in text). Keeps a line's redaction after a piece is revealed.
 */
export function concealedIn(game: Game, secret: LineSecret, me: PlayerState | undefined): Concealed {
  const out: Map<string, string> = concealedFrom(game, (id) => Object.hasOwn(secret.pieces, id) && hiddenFrom(secret.pieces[id] ?? null, me));
  for (const [id, at] of Object.entries(secret.cards ?? {})) if (!at.split(PLACES).some((place) => placeShowsCards(game.rt, place, me))) out.set(id, HIDDEN);
  return out;
}

/** Text with the parts about concealed pieces and cards replaced by their stand-ins. */
function render(parts: MarkedText, concealed: Concealed): string {
  return parts.map((p) => {
    if (typeof p === 'string') return p;
    if ('card' in p) return concealed.has(p.card) ? HIDDEN_CARD : p.text;
    if ('piece' in p) {
      const alias = concealed.get(p.piece);
      return alias === undefined ? p.text : p.as === 'id' ? alias : hiddenLabel(alias);
    }
    return p.reads.some((id) => concealed.has(id)) ? p.shown : p.text;
  }).join('');
}

/** The question as this seat sees it: concealed pieces by alias, options in shown order (aliases.ts), previews for the deciding seat. */
function pendingFor(game: Game, req: DecisionRequest, concealed: Concealed, deciding: boolean): DecisionRequest {
  const order = shownOrder(game, req) ?? req.options.map((_, i) => i);
  const label = (i: number): string => {
    const o = req.options[i]!;
    if (o instanceof EntityRef && o.kind === 'piece' && concealed.has(o.id)) return hiddenLabel(concealed.get(o.id)!);
    if (o instanceof EntityRef && o.kind === 'card' && concealed.has(o.id)) return `hidden card (${concealed.get(o.id)!})`;
    if (o instanceof MarkedString) return render([...o.parts], concealed);
    const shown = swapValue(o, concealed);
    return shown === o ? req.labels[i]! : toText(shown);
  };
  const { promptParts, ...shown } = req;
  const previews = deciding ? previewsOf(game, req) : null;
  return {
    ...shown,
    ...(previews ? { previews: order.map((i) => previews[i] ?? null) } : {}),
    ...(req.notes ? { notes: order.map((i) => req.notes![i] ?? null) } : {}),
    prompt: render(promptParts ?? [req.prompt], concealed),
    options: order.map((i) => swapValue(req.options[i]!, concealed)),
    labels: order.map(label),
  };
}

/** A value with concealed pieces replaced by refs to their aliases (the same value when it holds none). */
function swapValue(v: Value, concealed: Concealed): Value {
  if (v instanceof MarkedString) return render([...v.parts], concealed);
  if (v instanceof EntityRef) return (v.kind === 'piece' || v.kind === 'card') && concealed.has(v.id) ? new EntityRef(v.kind, concealed.get(v.id)!) : v;
  if (Array.isArray(v)) {
    const out = v.map((x) => swapValue(x, concealed));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (!isRecordValue(v)) return v;
  const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swapValue(x, concealed)]));
  return Object.keys(v).some((k) => out[k] !== v[k]) ? out : v;
}
