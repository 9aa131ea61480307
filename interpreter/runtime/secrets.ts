/**
 * Text that tells about pieces or cards some seat may not identify. The runtime writes the referee's
 * full text as parts: plain stretches, and parts naming a piece hidden at the time (PiecePart), a
 * card lying face down (CardPart), or saying something read from hidden pieces' secrets
 * (ValuePart). A log entry keeps its parts and what was hidden when it was written (LineSecret);
 * views.ts renders each entry for each seat, and determinize.ts renders a copy's entries again
 * from the copy's state.
 */
import type { Frame, Eval } from './frame.ts';
import type { LogEntry } from './log.ts';
import type { Runtime } from './runtime.ts';
import { EntityRef, isRecordValue, MarkedString, partPieces, toText, type CardPart, type MarkedText, type PiecePart, type SecretPart, type ValuePart, type Value } from './values.ts';
import { audienceUnion, cardVisible, EVERYONE, lineSides, pieceConcealed, SHOWN_TO } from './visibility.ts';

export type { CardPart, MarkedText, PiecePart, SecretPart, ValuePart };

/** Data views show instead of a line's own: to the seats some of `pieces` are hidden from, or (`everyone`) to every seat. */
export interface SecretData {
  data: unknown;
  pieces: string[];
  everyone?: boolean;
}

/**
 * What decides who reads a log entry in full, as it was when the entry was written: the pieces it
 * tells about that were hidden then, with their side; the cards it names that lay face down, with
 * where; and data for the seats some of them are hidden from (or every seat: `everyone`).
 */
export interface LineSecret {
  pieces: Record<string, string | null>;
  /**
   * Each card named → the places a seat may read it from, joined by PLACES: where it lies (a
   * card's `at`), where it lay before a move, and `@shown:…` for whom it was shown to (`cardPlaces`).
   */
  cards?: Record<string, string>;
  data?: unknown;
  everyone?: boolean;
}

/** Joins the places of a card in `LineSecret.cards` (no place key holds it: ids are words). */
export const PLACES = '|';

/** Where a card may be read from now: where it lies, and whom it was shown to (`@shown:player:p2`). */
const cardPlaces = (c: { at: string; shown_to?: string[] }): string[] => [c.at, ...(c.shown_to ?? []).map((s) => SHOWN_TO + s)];

/** A hidden piece shows as `hidden piece (alias)`: no type, no name. */
export const hiddenLabel = (alias: string): string => `hidden piece (${alias})`;

/** A face-down card named in a line, to a seat that may not see its face. */
export const HIDDEN_CARD = 'hidden card';

/** A piece some seat may not identify now (face down, or in a zone that hides its pieces). */
const isHidden = pieceConcealed;

/** `text` as a part computed from `pieces`' secrets when some of them are hidden now, else plain. */
export function span(rt: Runtime, pieces: string[], text: string, shown: { text: string }): string | ValuePart {
  if (!rt.hiding) return text;
  const hidden = pieces.filter((id) => isHidden(rt, id));
  return hidden.length ? { text, reads: hidden, shown: shown.text } : text;
}

/** A piece named in a line, by its id or its label. */
export function pieceSpan(rt: Runtime, id: string, as: 'id' | 'label', text?: string): string | PiecePart {
  const written = text ?? (as === 'id' ? id : rt.label(rt.ref('piece', id)));
  return rt.hiding && isHidden(rt, id) ? { piece: id, as, text: written } : written;
}

/**
 * A piece named in a line about its move, called after the move with who could identify it before
 * (`pieceAudience`): by its label when everyone could before or can now, else a part those who
 * could before or can now may read (a side pulling a unit back into its hidden reserve knows which
 * one; a unit leaving the reserve is named to all).
 */
export function movedPieceSpan(rt: Runtime, id: string, seen: string | null): string | PiecePart {
  const part = pieceSpan(rt, id, 'label');
  return typeof part === 'string' ? part : { ...part, seen };
}

/** A card named in a line by its face: a part when some seat (a spectator at least) may not see that face where it lies now. */
export function cardSpan(rt: Runtime, id: string): string | CardPart {
  const text = rt.label(rt.ref('card', id));
  return cardVisible(rt, id, undefined) ? text : { card: id, text };
}

/**
 * Who could see a card's face before it moves (`movedCardSpan`): every seat, or those who could
 * see it where it lay or were shown it.
 */
export function cardBefore(rt: Runtime, id: string): { seen: boolean; places: string } {
  return { seen: cardVisible(rt, id, undefined), places: cardPlaces(rt.state.cards[id]!).join(PLACES) };
}

/**
 * A card named in a line about its move (discarded, put on a deck, removed to a zone), called after
 * the move with who could see it before (`cardBefore`): by its face when every seat could see it
 * before or can now, else a part that a seat which could see it before or now may read (its
 * holder putting it face down on a deck knows what it put there; the other seats do not).
 */
export function movedCardSpan(rt: Runtime, id: string, before: { seen: boolean; places: string }): string | CardPart {
  const text = rt.label(rt.ref('card', id));
  if (before.seen || cardVisible(rt, id, undefined)) return text;
  return { card: id, text, from: before.places };
}

/**
 * A value as an interpolation writes it: an entity by its label (a piece's `Scout (scout_1)`, a
 * card's face, an area's or side's name, a hex's `hex 0704`), a hidden piece and a card some seat
 * may not see as parts; lists and records item by item.
 */
function shownText(rt: Runtime, v: Value): MarkedText {
  if (v instanceof EntityRef) return [v.kind === 'piece' ? pieceSpan(rt, v.id, 'label') : v.kind === 'card' ? cardSpan(rt, v.id) : rt.label(v)];
  if (v instanceof MarkedString) return [...v.parts];
  if (Array.isArray(v)) return v.flatMap((x, i) => (i ? [', ', ...shownText(rt, x)] : shownText(rt, x)));
  if (isRecordValue(v)) return ['{', ...Object.keys(v).flatMap((k, i) => [i ? `, ${k}: ` : `${k}: `, ...shownText(rt, v[k]!)]), '}'];
  return [toText(v)];
}

/** A value as text (as `toText` writes it), its hidden pieces and text written about them as parts. */
export function valueText(rt: Runtime, v: Value): MarkedText {
  if (!rt.hiding) return [toText(v)];
  if (v instanceof EntityRef && v.kind === 'piece') return [pieceSpan(rt, v.id, 'id')];
  if (v instanceof MarkedString) return [...v.parts];
  if (Array.isArray(v)) return v.flatMap((x, i) => (i ? [', ', ...valueText(rt, x)] : valueText(rt, x)));
  if (isRecordValue(v)) return ['{', ...Object.keys(v).flatMap((k, i) => [i ? `, ${k}: ` : `${k}: `, ...valueText(rt, v[k]!)]), '}'];
  return [toText(v)];
}

export const plainText = (t: MarkedText): string => t.map((p) => (typeof p === 'string' ? p : p.text)).join('');

const NOTHING_READ: string[] = [];

/**
 * Evaluate `fn` noting which hidden pieces' secrets it reads (type, name, props, id, label).
 * Windows nest and share one list, so an outer window also sees what inner ones read.
 */
export function watched<T>(rt: Runtime, fn: () => T): [T, string[]] {
  rt.watching++;
  const mark = rt.read.length;
  try {
    const value = fn();
    return [value, rt.read.length > mark ? rt.read.slice(mark) : NOTHING_READ];
  } finally {
    if (--rt.watching === 0) rt.read.length = 0;
  }
}

/**
 * `"… {expr} …"`: the text, remembered with its parts when an interpolation told about a hidden
 * piece or a card some seat may not see (named, or its face read: `{c.name}`).
 */
export function interpolate(f: Frame, parts: ReadonlyArray<string | Eval>): string | MarkedString {
  if (!f.rt.hiding && !f.rt.program.defs.hasCards) return parts.map((p) => (typeof p === 'string' ? p : plainShown(f.rt, p(f)))).join('');
  const out: MarkedText = [];
  let secret = false;
  for (const p of parts) {
    if (typeof p === 'string') { out.push(p); continue; }
    const seg = segment(f.rt, ...watched(f.rt, () => p(f)));
    if (typeof seg === 'string') out.push(seg);
    else { out.push(...seg); secret = true; }
  }
  return secret ? new MarkedString(out) : out.join('');
}

/** An interpolated value's text where nothing is hidden: entities by their labels. */
const plainShown = (rt: Runtime, v: Value): string => (v instanceof EntityRef || Array.isArray(v) || isRecordValue(v) ? plainText(shownText(rt, v)) : toText(v));

/** Whether a value's text could name an entity (checked before building its parts). */
const mayName = (v: Value): boolean => v instanceof EntityRef || Array.isArray(v) || isRecordValue(v) || v instanceof MarkedString;

/**
 * One interpolated value: plain text, or parts when it names hidden pieces or cards, or was
 * computed from their secrets (`read`: hidden pieces and face-down cards, by id).
 */
function segment(rt: Runtime, v: Value, read: string[]): string | MarkedText {
  if (read.length === 0 && !mayName(v)) return toText(v);
  const parts = shownText(rt, v);
  if (read.length === 0) return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
  const ids = [...new Set([...read, ...parts.flatMap((p) => (typeof p === 'string' ? [] : 'card' in p ? [p.card] : partPieces(p)))])];
  const text = plainText(parts);
  const one = ids.length === 1 && rt.state.pieces[ids[0]!] ? ids[0]! : undefined;
  if (one !== undefined && text === one) return [{ piece: one, as: 'id', text }];
  if (one !== undefined && text === rt.label(rt.ref('piece', one))) return [{ piece: one, as: 'label', text }];
  const words = typeof v === 'string' || v instanceof MarkedString;
  return [{ text, reads: ids, shown: !words ? '?' : ids.every((id) => rt.state.cards[id]) ? HIDDEN_CARD : 'hidden piece' }];
}

/** A card whose face some seat (a spectator at least) may not see where it lies now. */
const isFaceDown = (rt: Runtime, id: string): boolean => rt.state.cards[id] !== undefined && !cardVisible(rt, id, undefined);

/**
 * Keep in a new entry what its line tells about things hidden now: the parts that still do (the
 * rest become plain text), and its secret. An entry that tells nothing hidden gets neither.
 */
export function keepSecret(rt: Runtime, entry: LogEntry, text: MarkedText | undefined, data: unknown, extra?: SecretData): void {
  const pieces = new Set<string>(extra?.pieces.filter((id) => isHidden(rt, id)));
  if (rt.hiding) hiddenIdsIn(rt, data, pieces);
  // Pieces a line tells the move of: who could identify them before may read the line too.
  const seen = new Map<string, string | null>();
  for (const p of text ?? []) if (typeof p !== 'string' && 'piece' in p && p.seen !== undefined) seen.set(p.piece, p.seen);
  // Asked up to three times per piece (dropping, parts, the secret): worked out once.
  const audiences = new Map<string, string | null>();
  const audience = (id: string): string | null => {
    let a = audiences.get(id);
    if (a === undefined) audiences.set(id, (a = seen.has(id) ? audienceUnion(seen.get(id)!, lineSides(rt, id)) : lineSides(rt, id)));
    return a;
  };
  for (const id of pieces) if (audience(id) === EVERYONE) pieces.delete(id);
  const cards: Record<string, string> = {};
  let secretParts = false;
  const parts = text?.map((p): string | SecretPart => {
    if (typeof p === 'string') return p;
    if ('card' in p) {
      const card = rt.state.cards[p.card];
      if (card === undefined) return p.text;
      // Every place a seat could see the face from: where it lay before a move, where it lies, the
      // sides it was shown to (views.ts, concealedIn).
      const places = new Set([...(p.from !== undefined ? p.from.split(PLACES) : []), ...cardPlaces(card)]);
      cards[p.card] = [...places].join(PLACES);
      secretParts = true;
      return p.from !== undefined ? { card: p.card, text: p.text } : p;
    }
    const hidden = partPieces(p).filter((id) => (isHidden(rt, id) && audience(id) !== EVERYONE) || isFaceDown(rt, id));
    if (hidden.length === 0) return p.text;
    for (const id of hidden) {
      const card = rt.state.cards[id];
      if (card) cards[id] = cardPlaces(card).join(PLACES);
      else pieces.add(id);
    }
    secretParts = true;
    if ('piece' in p && p.seen !== undefined) return { piece: p.piece, as: p.as, text: p.text };
    return 'reads' in p && hidden.length !== p.reads.length ? { ...p, reads: hidden } : p;
  });
  const hasCards = Object.keys(cards).length > 0;
  if (pieces.size === 0 && !hasCards) return;
  const secret: LineSecret = { pieces: {} };
  for (const id of pieces) secret.pieces[id] = audience(id);
  if (hasCards) secret.cards = cards;
  if (extra) Object.assign(secret, { data: extra.data }, extra.everyone ? { everyone: true } : {});
  if (secretParts) entry.parts = parts;
  entry.secret = secret;
}

/** Strings in log data that are ids of hidden pieces. */
function hiddenIdsIn(rt: Runtime, data: unknown, into: Set<string>): void {
  if (typeof data === 'string') {
    if (isHidden(rt, data)) into.add(data);
  } else if (Array.isArray(data)) {
    for (const x of data) hiddenIdsIn(rt, x, into);
  } else if (data !== null && typeof data === 'object') {
    for (const x of Object.values(data)) hiddenIdsIn(rt, x, into);
  }
}
