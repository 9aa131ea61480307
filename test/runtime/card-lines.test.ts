/**
 * The runtime's own lines about cards name a card only to the seats that may see its face. They
 * named it to everyone when it was discarded, put on a deck or removed to a zone: Red putting a
 * card from its hand (seen by its owner only) face down on the deck told Blue which card it was.
 * Now such a line names the card to a seat that could see it before the move or can after it,
 * and others read "hidden card". Drawing into a zone is told to every seat, its cards named to
 * those that may see them (it was told to the zone's owner alone: Red drawing into Blue's public
 * pool did not see its own draw). Drawing from a zone is told the same way (it was not told).
 */
import { describe, expect, test } from 'vitest';
import { programFromText, startGame, twoSeatRules } from '../helpers/ruleset.ts';

const RULES = twoSeatRules('card_lines', `zones:
  hand: { per: player, visibility: owner }
  pool: { per: side }
  vault: { name: Vault, visibility: hidden }
  table_top: { name: Table top }
decks:
  orders:
    cards:
      - { id: secret_plan, name: Secret Plan, count: 3 }
      - { id: feint, name: Feint, count: 3 }`, `draw 4 from orders into player.hand
let cards = player.hand.cards
put cards[1] on top of orders
discard cards[2] to vault
remove cards[3] to vault
discard cards[4] to table_top
draw 1 from orders into blue.pool
draw 1 from vault into player.hand
draw 1 from table_top into blue.pool`);

describe("the runtime's lines about cards", () => {
  const game = startGame(programFromText(RULES), { seed: 1 }, { log: 'full' });
  const lines = (seat: string | null) => game.view(seat).log.filter((e) => e.kind === 'draw' || e.kind === 'change').map((e) => [e.text, e.data]);
  const nameOf = (id: string) => (game.state.cards[id]!.def === 'feint' ? 'Feint' : 'Secret Plan');
  const drawn = (game.log.find((e) => e.kind === 'draw')!.data as { cards: string[] }).cards;
  const pooled = game.state.zones['pool@blue']![0]!;
  const [a, b, c, d] = drawn.map(nameOf) as [string, string, string, string];

  test('should name every card to the seat that held them', () => {
    expect(lines('p1')).toEqual([
      [`Draw from orders into hand (Red): ${[a, b, c, d].join(', ')}`, { deck: 'orders', cards: drawn }],
      [`${a} put at the top of orders`, undefined],
      [`${b} discarded to Vault`, undefined],
      [`${c} → Vault`, undefined],
      [`${d} discarded to Table top`, undefined],
      [`Draw from orders into pool (Blue): ${nameOf(pooled)}`, { deck: 'orders', cards: [pooled] }],
      // Drawn from a zone: the first card of the vault (`b`'s), back in the hand; the table top's card.
      [`Draw from Vault into hand (Red): ${b}`, { zone: 'vault', cards: [drawn[1]] }],
      [`Draw from Table top into pool (Blue): ${d}`, { zone: 'table_top', cards: [drawn[3]] }],
    ]);
  });

  test.each(['p2', null])('should name to %s only the cards that lay face up, and how many were drawn', (seat) => {
    expect(lines(seat)).toEqual([
      ['Draw from orders into hand (Red): hidden card, hidden card, hidden card, hidden card', { deck: 'orders', cards: ['?', '?', '?', '?'] }],
      ['hidden card put at the top of orders', undefined],
      ['hidden card discarded to Vault', undefined],
      ['hidden card → Vault', undefined],
      [`${d} discarded to Table top`, undefined],
      [`Draw from orders into pool (Blue): ${nameOf(pooled)}`, { deck: 'orders', cards: [pooled] }],
      ['Draw from Vault into hand (Red): hidden card', { zone: 'vault', cards: ['?'] }],
      [`Draw from Table top into pool (Blue): ${d}`, { zone: 'table_top', cards: [drawn[3]] }],
    ]);
  });
});

describe('resolving a card', () => {
  // A designer's walk found `Resolve Ambush` told to every seat while the card lay in Red's hand.
  const rules = twoSeatRules('resolve_lines', `tracks:
  intel: { min: 0, max: 9, initial: 0, per: side, visibility: owner }
zones:
  hand: { per: player, visibility: owner }
  table_top: { name: Table top }
decks:
  orders:
    cards:
      - { id: ambush, name: Ambush, count: 2, effect: "side.intel += 1" }`, `draw 2 from orders into player.hand
let cards = player.hand.cards
resolve(cards[1])
discard cards[2] to table_top
resolve(cards[2])`);
  const game = startGame(programFromText(rules), { seed: 1 }, { log: 'full' });
  const resolves = (seat: string | null) => game.view(seat).log.filter((e) => e.text.startsWith('Resolve')).map((e) => e.text);

  test('should name a card resolved in a hidden hand to its holder only, and one lying face up to all', () => {
    expect(resolves('p1')).toEqual(['Resolve Ambush', 'Resolve Ambush']);
    expect(resolves('p2')).toEqual(['Resolve hidden card', 'Resolve Ambush']);
    expect(resolves(null)).toEqual(['Resolve hidden card', 'Resolve Ambush']);
  });
});
