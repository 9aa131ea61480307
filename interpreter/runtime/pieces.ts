import { isRecord } from '../check/context.ts';
import { charge } from './budget.ts';
import { locationKey, piecesUnplaced } from './collections.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { placeName } from './log-reading.ts';
import type { Runtime } from './runtime.ts';
import { cardBefore, cardSpan, movedCardSpan, movedPieceSpan, pieceSpan, span } from './secrets.ts';
import { EVERYONE, pieceAudience } from './visibility.ts';
import type { CardState } from './state.ts';
import { EntityRef, toText, type Value } from './values.ts';

/** `none` where pieces or cards are acted on is most often an empty draw or a query that found nothing. */
const NONE_HINT = 'A draw from an empty deck or zone, or a query that found nothing, gives `none`: test it first (`if x != none then … end`).';

function pieceIds(rt: Runtime, v: Value, at: SourceAt, verb: string): string[] {
  if (v instanceof EntityRef && v.kind === 'piece') return [v.id];
  if (Array.isArray(v)) return v.flatMap((x) => pieceIds(rt, x, at, verb));
  throw new RuleError('not-a-piece', `Only pieces can be ${verb}, not ${v === null ? 'none' : rt.label(v)}.`, at, v === null ? NONE_HINT : undefined);
}

/** The location string of a destination: an area, zone (per-owner zones included) or hex. */
function destination(rt: Runtime, to: Value, at: SourceAt): string {
  const key = locationKey(to);
  if (key) return key;
  if (typeof to === 'string') {
    const areas = rt.program.data.map?.areas;
    const zones = rt.program.data.zones;
    if ((isRecord(areas) && to in areas) || (isRecord(zones) && to in zones)) return to;
  }
  throw new RuleError('not-a-place', `${to === null ? 'none' : toText(to)} is not an area, zone or hex.`, at, 'Move pieces to an area, a zone or a hex.');
}

export function move(rt: Runtime, p: Value, to: Value, facing: number | null, at: SourceAt): void {
  const dest = destination(rt, to, at);
  for (const id of pieceIds(rt, p, at, 'moved')) {
    const piece = rt.writablePiece(id);
    const from = piece.at;
    const seen = rt.hiding && rt.describing ? pieceAudience(rt, id) : EVERYONE;
    piece.at = dest;
    rt.pieceMoved(id, dest);
    if (facing !== null) piece.facing = ((facing % 6) + 6) % 6;
    if (rt.describing) rt.log('move', [movedPieceSpan(rt, id, seen), `: ${from ?? 'box'} → ${dest}`], at, { piece: id, from, to: dest });
  }
}

/** Bring pieces into play: `place 2 of crowd in area` takes unplaced pieces of that type, lowest first. */
export function place(rt: Runtime, n: number | null, what: Value, where: Value, facing: number | null, at: SourceAt): void {
  if (what instanceof EntityRef && what.kind === 'piece-type') {
    const want = n ?? 1;
    const free = piecesUnplaced(rt, (p) => p.type === what.id).map((r) => r.id);
    if (free.length < want) {
      throw new RuleError('not-enough-pieces', `Only ${free.length} unplaced ${rt.label(what)} piece(s) remain; ${want} needed.`, at, 'Check `size(unplaced(type))` before placing.');
    }
    charge(rt, want, at);
    move(rt, free.slice(0, want).map((id) => rt.ref('piece', id)), where, facing, at);
    return;
  }
  // `place` brings a piece onto the map from the box, a zone or out of the game. One already on
  // the map is almost always a slip (a list that names the same piece twice, the wrong
  // variable) that would otherwise show only as a move from a place to itself.
  for (const id of pieceIds(rt, what, at, 'placed')) {
    const from = rt.state.pieces[id]!.at;
    if (from !== null && (from.startsWith('hex:') || rt.program.defs.areas.has(from))) {
      const name = rt.label(rt.ref('piece', id));
      throw new RuleError('piece-in-play', `${name} is already on the map (${placeName(rt.program, rt.state.players, from)}); \`place\` brings pieces into play.`, at, 'Write `move` to move a piece that is on the map, or place one from `unplaced(type)`.');
    }
  }
  move(rt, what, where, facing, at);
}

export function remove(rt: Runtime, x: Value, to: Value, at: SourceAt): void {
  if (x === null) throw new RuleError('not-a-piece', 'Only pieces and cards can be removed, not none.', at, NONE_HINT);
  if (x instanceof EntityRef && x.kind === 'card') {
    const card = rt.state.cards[x.id]!;
    const from = cardBefore(rt, x.id);
    detachCard(rt, x.id);
    if (to === null) card.at = 'out';
    else {
      const key = destination(rt, to, at);
      card.at = key;
      (rt.state.zones[key] ??= []).push(x.id);
    }
    if (rt.logging) rt.log('change', [movedCardSpan(rt, x.id, from), to === null ? ' removed from the game' : ` → ${placeName(rt.program, rt.state.players, card.at)}`], at);
    return;
  }
  if (Array.isArray(x) && x.some((v) => v instanceof EntityRef && v.kind === 'card')) {
    for (const v of x) remove(rt, v, to, at);
    return;
  }
  if (to !== null) return move(rt, x, to, null, at);
  for (const id of pieceIds(rt, x, at, 'removed')) {
    rt.writablePiece(id).at = '@out';
    rt.pieceMoved(id, '@out');
    if (rt.describing) rt.log('move', [pieceSpan(rt, id, 'label'), ' removed from the game'], at, { piece: id, to: null });
  }
}

/** A card shown where it lay (`reveal c`, `reveal c to x`) is shown no more: it moved, or its pile was shuffled. */
export function unshowCard(card: CardState): void {
  if (card.shown !== undefined) delete card.shown;
  if (card.shown_to !== undefined) delete card.shown_to;
}

/** Take a card out of whatever pile or zone holds it. */
export function detachCard(rt: Runtime, id: string): void {
  const card = rt.state.cards[id]!;
  // A card shown where it lay is shown no more once it moves.
  unshowCard(card);
  const deck = rt.state.decks[card.deck]!;
  for (const list of [deck.draw, deck.discard, rt.state.zones[card.at]]) {
    const i = list ? list.indexOf(id) : -1;
    if (list && i >= 0) list.splice(i, 1);
  }
}

export function flip(rt: Runtime, p: Value, at: SourceAt): void {
  for (const id of pieceIds(rt, p, at, 'flipped')) {
    const piece = rt.writablePiece(id);
    const def = rt.def('pieces', piece.type);
    if (typeof def?.flips_to === 'string') {
      const from = piece.type;
      piece.type = def.flips_to;
      // Other seats learn that a hidden piece turned, not into what.
      if (rt.logging) rt.log('change', [pieceSpan(rt, id, 'id'), span(rt, [id], `: ${from} → ${piece.type}`, { text: ' flipped' })], at);
    } else {
      piece.flipped = !piece.flipped;
      if (rt.logging) rt.log('change', [pieceSpan(rt, id, 'id'), ' flipped'], at);
    }
  }
}

/** `reveal x` turns pieces face up for everyone; `reveal x to s` shows hidden ones to side `s` only. */
export function reveal(rt: Runtime, x: Value, to: Value, at: SourceAt): void {
  const cards = x instanceof EntityRef && x.kind === 'card' ? [x] : Array.isArray(x) && x.length > 0 && x.every((v) => v instanceof EntityRef && v.kind === 'card') ? (x as EntityRef[]) : null;
  if (cards) {
    const who = to === null ? null : cardAudience(rt, to, at);
    for (const c of cards) revealCard(rt, c.id, who, at);
    return;
  }
  const side = to === null ? null : sideOf(rt, to, at);
  for (const id of pieceIds(rt, x, at, 'revealed')) {
    const piece = rt.writablePiece(id);
    if (side === null) {
      const was = piece.hidden === true;
      piece.hidden = false;
      delete piece.shown_to;
      // A piece already face up has nothing to reveal: no line saying it was.
      if (was && rt.describing) rt.log('change', `${rt.label(rt.ref('piece', id))} revealed`, at);
    } else if (piece.hidden && !piece.shown_to?.includes(side)) {
      piece.shown_to = [...(piece.shown_to ?? []), side];
      if (rt.describing) rt.log('change', [pieceSpan(rt, id, 'label'), ` shown to ${rt.label(rt.ref('side', side))}`], at);
    }
  }
}

/**
 * A card shown face up where it lies (a card played from the hand is shown to the table), to every
 * seat or to one side, until it moves or its pile is shuffled: views, bots' copies and the log read
 * its face as any card they may see (visibility.ts, `cardVisible`).
 */
function revealCard(rt: Runtime, id: string, who: { key: string; label: string } | null, at: SourceAt): void {
  const card = rt.state.cards[id]!;
  if (who === null) {
    if (card.shown) return;
    card.shown = true;
    delete card.shown_to;
    if (rt.logging) rt.log('change', `${rt.label(rt.ref('card', id))} shown`, at);
  } else if (!card.shown && !card.shown_to?.includes(who.key)) {
    card.shown_to = [...(card.shown_to ?? []), who.key];
    if (rt.logging) rt.log('change', [cardSpan(rt, id), ` shown to ${who.label}`], at);
  }
}

/** Whom `reveal card to x` shows it: a player (`player:p2`) or every player of a side (`side:red`); see `cardVisible`. */
function cardAudience(rt: Runtime, to: Value, at: SourceAt): { key: string; label: string } {
  if (to instanceof EntityRef && to.kind === 'player' && rt.state.players.some((p) => p.id === to.id)) return { key: `player:${to.id}`, label: rt.label(to) };
  const side = sideOf(rt, to, at);
  return { key: `side:${side}`, label: rt.label(rt.ref('side', side)) };
}

/** The side a `to` names: a side, or a player's side. */
function sideOf(rt: Runtime, to: Value, at: SourceAt): string {
  const sides = rt.program.data.sides ?? {};
  const id = to instanceof EntityRef && to.kind === 'side' ? to.id
    : to instanceof EntityRef && to.kind === 'player' ? rt.state.players.find((p) => p.id === to.id)?.side ?? null
    : typeof to === 'string' ? to : null;
  if (id !== null && Object.hasOwn(sides, id)) return id;
  throw new RuleError('not-a-side', `Pieces and cards are shown to a side (or a player's side), not ${to === null ? 'none' : toText(to)}.`, at, 'Write `reveal x to <side>`, or `reveal x` to show it to everyone.');
}
