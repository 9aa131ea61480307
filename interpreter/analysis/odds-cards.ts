/**
 * Card draws as chance events, for exact odds. A deck's draw pile is shuffled when the game is set
 * up and lies face down, and a zone that is not public hides its order, so which card a draw takes
 * is not known: each card of the pile is as likely, and a second draw in the same expression takes
 * one of the cards left. Copies of a card (one id of one deck) are one outcome weighted by their
 * number, so a pile of 30 cards of 8 kinds is 8 branches of the enumeration, not 30. A public zone
 * shows its order to everyone: a draw from it takes its first card, and the answer says why.
 */
import type { Program } from '../runtime/program.ts';
import type { GameState } from '../runtime/state.ts';
import type { RuntimeOptions } from '../runtime/runtime-options.ts';
import { EntityRef, isRecordValue, toJson, type Value } from '../runtime/values.ts';

/** Where an enumeration (or an estimate) takes its chances from. */
export interface Chance {
  /** A die: 1..sides, each as likely. */
  die(sides: number): number;
  /** One of several outcomes with these whole weights (each > 0): its index, from 0. */
  pick(weights: readonly number[]): number;
  /**
   * `count` like dice at once, as a sorted multiset (exact odds: odds-pools.ts); absent or
   * `undefined`, they are rolled one by one.
   */
  pool?(count: number, sides: number): number[] | undefined;
}

/** A card as an outcome: copies alike, named for people (`Silver`), with its deck and id for programs. */
export interface CardOutcome {
  name: string;
  card: string;
  deck: string;
}

type CardDef = { id?: unknown; name?: unknown };
const deckCards = (program: Program, deck: string): CardDef[] => {
  const cards = (program.data.decks?.[deck] as { cards?: unknown } | undefined)?.cards;
  return Array.isArray(cards) ? (cards as CardDef[]) : [];
};

export function cardOutcome(program: Program, deck: string, def: string): CardOutcome {
  const found = deckCards(program, deck).find((c) => c && c.id === def);
  return { name: typeof found?.name === 'string' ? found.name : def, card: def, deck };
}

/** Every card of every deck as an outcome, in the order the decks and their cards are written. */
export function cardOutcomes(program: Program): CardOutcome[] {
  return Object.keys(program.data.decks ?? {}).flatMap((deck) => deckCards(program, deck).filter((c) => c && typeof c.id === 'string').map((c) => cardOutcome(program, deck, c.id as string)));
}

/** A value as `odds` lists it: cards as `CardOutcome`s (copies are one outcome), the rest as JSON. */
export function oddsJson(program: Program, state: GameState, v: Value): unknown {
  if (v instanceof EntityRef && v.kind === 'card') {
    const c = state.cards[v.id];
    return c ? cardOutcome(program, c.deck, c.def) : v.id;
  }
  if (Array.isArray(v)) return v.map((x) => oddsJson(program, state, x));
  if (isRecordValue(v)) return Object.fromEntries(Object.keys(v).map((k) => [k, oddsJson(program, state, v[k]!)]));
  return toJson(v);
}

const nameOf = (program: Program, section: 'decks' | 'zones', id: string): string => {
  const name = (program.data[section]?.[id] as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : id;
};

/**
 * The runtime's `drawSource` for odds: the card a draw takes, chosen by `chance` among the kinds of
 * card in the pile; `note` is told once per pile what was assumed of it.
 */
export function chanceDraws(program: Program, state: () => GameState, chance: Chance, note: (text: string) => void): NonNullable<RuntimeOptions['drawSource']> {
  const rank = new Map<string, number>();
  for (const c of cardOutcomes(program)) rank.set(`${c.deck}\0${c.card}`, rank.size);
  const told = new Set<string>();
  return (pile, from) => {
    const source = 'deck' in from ? from.deck : from.zone;
    const zone = 'zone' in from ? from.zone.split('@')[0]! : undefined;
    const visibility = zone === undefined ? 'hidden' : (program.data.zones?.[zone] as { visibility?: unknown } | undefined)?.visibility ?? 'public';
    const first = !told.has(source);
    told.add(source);
    const name = zone === undefined ? nameOf(program, 'decks', source) : nameOf(program, 'zones', zone);
    if (pile.length === 0) {
      // Odds read the game as it starts: `draw from market` finds a row the set-up has not dealt.
      if (first) note(`${name} has no cards to draw here: odds read the game as it starts, before its setup: script (decks full, zones empty).`);
      return undefined;
    }
    if (visibility === 'public') {
      if (first && pile.length > 1) note(`${name} is public: everyone sees its order, so a draw takes its first card (certain, not a chance).`);
      return undefined;
    }
    if (first) note(zone === undefined
      ? `${name}: shuffled when the game is set up and drawn face down, so each of its ${pile.length} cards is as likely to be drawn.`
      : `${name} (${visibility}): its order is not known, so each of its ${pile.length} cards is as likely to be drawn.`);
    // Copies are alike: one branch per kind of card, weighted by its copies, taking the first copy.
    const kinds = new Map<string, { at: number; n: number; rank: number }>();
    const cards = state().cards;
    pile.forEach((id, at) => {
      const c = cards[id];
      const key = c ? `${c.deck}\0${c.def}` : id;
      const k = kinds.get(key);
      if (k) k.n++;
      else kinds.set(key, { at, n: 1, rank: rank.get(key) ?? Infinity });
    });
    if (kinds.size === 1) return 0;
    const list = [...kinds.values()].sort((a, b) => a.rank - b.rank || a.at - b.at);
    return list[chance.pick(list.map((k) => k.n))]!.at;
  };
}

/**
 * The runtime's `pileListed` for odds: a pile whose order is hidden, read in order (`deck.cards[1]`),
 * is in one fixed order, the one shuffle of the seed odds starts the game with; the answer then says so (an answer that needs no order, a count, is right anyway: the runtime cannot
 * tell which is asked), and how to ask about the card a draw takes instead.
 */
export function listedPiles(program: Program, state: () => GameState, note: (text: string) => void): NonNullable<RuntimeOptions['pileListed']> {
  const told = new Set<string>();
  return (pile, from) => {
    const zone = 'zone' in from ? from.zone.split('@')[0]! : undefined;
    const visibility = zone === undefined ? 'hidden' : (program.data.zones?.[zone] as { visibility?: unknown } | undefined)?.visibility ?? 'public';
    if (visibility === 'public') return;
    const cards = state().cards;
    if (new Set(pile.map((id) => cards[id]?.def ?? id)).size < 2) return;
    const source = 'deck' in from ? from.deck : from.zone;
    if (told.has(source)) return;
    told.add(source);
    note(zone === undefined
      ? `\`${source}.cards\` lists ${nameOf(program, 'decks', source)} in one fixed order (the one shuffle of the seed odds starts the game with): an answer that depends on where a card lies is not a chance here. For the card a draw takes, ask \`odds ${source}\` or \`odds "draw 1 from ${source}"\`.`
      : `${nameOf(program, 'zones', zone)}'s cards are listed in one fixed order (the game's start, as odds reads it; in play that order is hidden): an answer that depends on where a card lies is not a chance here. For the card a draw takes, ask about a \`draw 1 from\` the zone.`);
  };
}
