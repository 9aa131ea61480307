import { isRecord } from '../check/context.ts';
import { charge } from './budget.ts';
import { iterable, locationKey } from './collections.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { placeName } from './log-reading.ts';
import { detachCard, unshowCard } from './pieces.ts';
import { shuffleInPlace } from './rng.ts';
import type { Runtime } from './runtime.ts';
import { cardBefore, cardSpan, movedCardSpan, pieceSpan, type MarkedText } from './secrets.ts';
import { EntityRef, toText, type Value } from './values.ts';

export function cardDef(rt: Runtime, deck: string, def: string): Record<string, unknown> | undefined {
  const cards = rt.def('decks', deck)?.cards;
  const found = Array.isArray(cards) ? cards.find((c) => isRecord(c) && c.id === def) : undefined;
  return isRecord(found) ? found : undefined;
}

function deckId(rt: Runtime, v: Value, at: SourceAt): string {
  if (v instanceof EntityRef && v.kind === 'deck') return v.id;
  if (typeof v === 'string' && rt.state.decks[v]) return v;
  throw new RuleError('not-a-deck', `${v === null ? 'none' : toText(v)} is not a deck.`, at);
}

const INTO_HINT = 'Name a zone (`into player.hand`), or keep the drawn cards in a variable: `let c = draw …`.';

/** Draw from the top; when empty, reshuffle the discards if the deck says so. */
export function draw(rt: Runtime, deckValue: Value, count: number | null, into: Value, at: SourceAt): Value {
  if (deckValue instanceof EntityRef && deckValue.kind === 'zone') return drawFromZone(rt, deckValue.id, count, into, at);
  const id = deckId(rt, deckValue, at);
  const deck = rt.state.decks[id]!;
  const want = count ?? 1;
  const drawn: EntityRef[] = [];
  const into_ = into === null ? null : locationKey(into);
  // As from a zone: cards drawn into what is no place would go nowhere.
  if (into !== null && !into_) throw new RuleError('not-a-place', 'Draw into a zone.', at, INTO_HINT);
  for (let i = 0; i < want; i++) {
    if (deck.draw.length === 0 && rt.def('decks', id)?.on_empty !== 'stop' && deck.discard.length > 0) {
      // Face down again: a card's `at` says where it lies (views and bots' copies read faces by it).
      for (const c of deck.discard) rt.state.cards[c]!.at = 'draw';
      deck.draw.push(...deck.discard.splice(0));
      unshow(rt, deck.draw);
      shuffleInPlace(rt.state.rng, deck.draw);
      if (rt.logging) rt.log('change', `${rt.label(rt.ref('deck', id))}: discards reshuffled`, at);
    }
    const index = rt.opts.drawSource?.(deck.draw, { deck: id }) ?? 0;
    const card = index === 0 ? deck.draw.shift() : deck.draw.splice(index, 1)[0];
    if (card === undefined) break;
    const cs = rt.state.cards[card]!;
    unshowCard(cs);
    cs.at = into_ ?? 'drawn';
    if (into_) (rt.state.zones[into_] ??= []).push(card);
    drawn.push(rt.ref('card', card));
  }
  if (rt.logging) {
    // Cards drawn face down (into a zone some seat may not see) are parts: views name them only to
    // the seats that may, and the others read that so many cards were drawn, as at the table.
    const names: MarkedText = drawn.flatMap((c, i) => (i ? [', ', cardSpan(rt, c.id)] : [cardSpan(rt, c.id)]));
    rt.log('draw', [`Draw from ${rt.label(rt.ref('deck', id))}${into_ ? ` into ${placeName(rt.program, rt.state.players, into_)}` : ''}: `, ...(names.length ? names : ['nothing (empty)'])], at, { deck: id, cards: drawn.map((c) => c.id) });
  }
  return count === null ? (drawn[0] ?? null) : drawn;
}

/** Take the first cards (in pile order) or pieces (in id order) of a zone, optionally into another. */
function drawFromZone(rt: Runtime, zone: string, count: number | null, into: Value, at: SourceAt): Value {
  const taken = takeFromZone(rt, zone, count ?? 1, at);
  const key = into === null ? null : locationKey(into);
  if (into !== null && !key) throw new RuleError('not-a-place', 'Draw into a zone.', at, INTO_HINT);
  const names: MarkedText = [];
  for (const ref of taken) {
    if (ref.kind === 'card') {
      const before = rt.logging ? cardBefore(rt, ref.id) : undefined;
      detachCard(rt, ref.id);
      rt.state.cards[ref.id]!.at = key ?? 'drawn';
      if (key) (rt.state.zones[key] ??= []).push(ref.id);
      if (before) names.push(...(names.length ? [', '] : []), movedCardSpan(rt, ref.id, before));
    } else if (key) {
      const from = rt.state.pieces[ref.id]!.at;
      rt.writablePiece(ref.id).at = key;
      rt.pieceMoved(ref.id, key);
      if (rt.describing) rt.log('move', [pieceSpan(rt, ref.id, 'label'), `: ${from ?? 'box'} → ${key}`], at, { piece: ref.id, from, to: key });
    }
  }
  // As a deck's draw line: the cards named to the seats that could see them there or can now.
  if (names.length && rt.logging) rt.log('draw', [`Draw from ${placeName(rt.program, rt.state.players, zone)}${key ? ` into ${placeName(rt.program, rt.state.players, key)}` : ''}: `, ...names], at, { zone, cards: taken.filter((r) => r.kind === 'card').map((r) => r.id) });
  return count === null ? (taken[0] ?? null) : taken;
}

/**
 * The first `n` things a zone holds, in its order; a zone of cards whose order the rules' host
 * draws itself (`drawSource`: exact odds) gives them one by one as the host picks.
 */
function takeFromZone(rt: Runtime, zone: string, n: number, at: SourceAt): EntityRef[] {
  const all = iterable(rt, rt.ref('zone', zone), at) as EntityRef[];
  const pick = rt.opts.drawSource;
  if (pick && all.length === 0) pick([], { zone });
  if (!pick || all.length === 0 || all.some((r) => r.kind !== 'card')) return all.slice(0, n);
  const pile = all.map((r) => r.id);
  const taken: EntityRef[] = [];
  while (taken.length < n && pile.length > 0) taken.push(rt.ref('card', pile.splice(pick(pile, { zone }) ?? 0, 1)[0]!));
  return taken;
}

/** Cards shown where they lay (`reveal`) are shown no more once their pile is shuffled. */
function unshow(rt: Runtime, ids: readonly string[]): void {
  for (const id of ids) {
    const c = rt.state.cards[id];
    if (c) unshowCard(c);
  }
}

export function shuffleDeck(rt: Runtime, v: Value, withDiscards: boolean, at: SourceAt): void {
  if (v instanceof EntityRef && v.kind === 'zone') {
    charge(rt, rt.state.zones[v.id]?.length ?? 0, at);
    unshow(rt, rt.state.zones[v.id] ?? []);
    shuffleInPlace(rt.state.rng, (rt.state.zones[v.id] ??= []));
    return;
  }
  const id = deckId(rt, v, at);
  const deck = rt.state.decks[id]!;
  charge(rt, deck.draw.length + (withDiscards ? deck.discard.length : 0), at);
  if (withDiscards) {
    for (const c of deck.discard) rt.state.cards[c]!.at = 'draw';
    deck.draw.push(...deck.discard.splice(0));
  }
  unshow(rt, deck.draw);
  shuffleInPlace(rt.state.rng, deck.draw);
  if (rt.logging) rt.log('change', `${rt.label(rt.ref('deck', id))} shuffled${withDiscards ? ' with its discards' : ''}`, at);
}

export function discard(rt: Runtime, v: Value, to: Value, at: SourceAt): void {
  if (Array.isArray(v)) { for (const c of v) discard(rt, c, to, at); return; }
  if (!(v instanceof EntityRef) || v.kind !== 'card') throw new RuleError('not-a-card', `Only cards can be discarded, not ${v === null ? 'none' : toText(v)}.`, at);
  const card = rt.state.cards[v.id]!;
  const from = cardBefore(rt, v.id);
  detachCard(rt, v.id);
  if (to === null) {
    card.at = 'discard';
    rt.state.decks[card.deck]!.discard.push(v.id);
  } else {
    const key = locationKey(to);
    if (!key) throw new RuleError('not-a-place', 'Discard to a zone.', at);
    card.at = key;
    (rt.state.zones[key] ??= []).push(v.id);
  }
  if (rt.logging) rt.log('change', [movedCardSpan(rt, v.id, from), to === null ? ' discarded' : ` discarded to ${placeName(rt.program, rt.state.players, card.at)}`], at);
}

export function putCard(rt: Runtime, v: Value, deckValue: Value, pos: 'top' | 'bottom', at: SourceAt): void {
  if (!(v instanceof EntityRef) || v.kind !== 'card') throw new RuleError('not-a-card', 'Only cards can be put on a deck.', at);
  const id = deckId(rt, deckValue, at);
  const card = rt.state.cards[v.id]!;
  const from = cardBefore(rt, v.id);
  detachCard(rt, v.id);
  card.at = 'draw';
  if (pos === 'top') rt.state.decks[id]!.draw.unshift(v.id);
  else rt.state.decks[id]!.draw.push(v.id);
  if (rt.logging) rt.log('change', [movedCardSpan(rt, v.id, from), ` put at the ${pos} of ${rt.label(rt.ref('deck', id))}`], at);
}
