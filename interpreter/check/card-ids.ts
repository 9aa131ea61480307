import type { RulesetFile } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { entries, isRecord } from './context.ts';
import { ENTITY_MEMBERS } from './signatures.ts';
import { cardOf, listOf, type Ty } from './types.ts';

/**
 * `unknown-name` for a card's id used as a name (`if c == secret_plan`): cards are not names in
 * scripts (a deck holds several copies of one card), so the script compares the card's `id` with
 * the text. Said with the deck and the form to write.
 */
export function cardIdReport(data: RulesetFile, name: string): Report | undefined {
  for (const [deck, d] of entries(data.decks)) {
    if (!isRecord(d) || !Array.isArray(d.cards) || !d.cards.some((c) => isRecord(c) && c.id === name)) continue;
    return {
      code: 'unknown-name',
      message: `\`${name}\` is a card of deck \`${deck}\`, not a name: scripts tell cards by their \`id\` (a deck may hold several copies of one card).`,
      hint: `Compare the card's id with the text: \`c.id == "${name}"\`.`,
    };
  }
  return undefined;
}

/**
 * A member of a card or deck whose deck is known: a card's `id` and `name` are one of its deck's
 * (or decks', for a card of one of a few), a deck's `cards` and `discards` are cards of it. So
 * `c.id == "misspelt"` is `never-equal` however the card came: drawn, from `cards_in(deck)`,
 * `deck.cards`, a loop over the deck. Undefined when the deck is not known.
 */
export function deckMemberType(object: Ty, property: string, cardTexts: ReadonlyMap<string, { id: Ty; name: Ty }>): Ty | undefined {
  if (object.k !== 'entity') return undefined;
  const decks = object.id !== undefined ? [object.id] : object.ids;
  if (!decks) return undefined;
  if (object.e === 'deck' && (property === 'cards' || property === 'discards')) return listOf(cardOf(object));
  if (object.e !== 'card' || (property !== 'id' && property !== 'name')) return undefined;
  const values: string[] = [];
  for (const deck of decks) {
    const t = cardTexts.get(deck)?.[property];
    if (t?.k !== 'text' || !t.values) return undefined;
    values.push(...t.values);
  }
  return cardTextType(values);
}

/**
 * The texts a card's `id` or `name` can be. All of them, however many: a ruleset declares them
 * (a joined text keeps a few dozen, which a game of many cards passes).
 */
export const cardTextType = (values: readonly string[]): Ty => ({ k: 'text', values: [...new Set(values)] });

/**
 * A prop read off the card whose own `effect:` this is (`card.defense_change` in Torpedoes'
 * effect) that the card does not have: none whenever the effect runs, since `card` is always that
 * card there. Typed so, a number wanted of it is an error at the read (fuzz 2929/4221: a card's
 * `props` deleted); a test against none is not. Props some script sets (`assigned`) and the
 * built-in members are left alone. Undefined for any other card or member.
 */
export function ownCardProp(object: Ty, property: string, assigned: ReadonlySet<string>): Ty | undefined {
  if (object.k !== 'entity' || object.e !== 'card' || !object.own || object.own.props.has(property)) return undefined;
  if (assigned.has(property) || BUILT_IN_CARD_MEMBERS.has(property)) return undefined;
  return { k: 'none', lacks: { card: object.own.card, prop: property } };
}

const BUILT_IN_CARD_MEMBERS: ReadonlySet<string> = new Set((ENTITY_MEMBERS.card ?? []).map(([n]) => n));
