/**
 * `draw … into x` puts the cards in zone `x`. Drawn from a zone into what is no place the game
 * stopped, but drawn from a deck the cards silently went nowhere (into no hand, out of the deck):
 * now both stop with `not-a-place`, and the checker says so before the game runs.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const rules = (into: string) => `
rulesmith: 1
id: draw_into
name: Draw into
sides:
  red: { name: Red }
players: { min: 1, max: 1 }
zones:
  hand: { per: player }
decks:
  orders: { cards: [{ id: march, count: 3 }] }
flow:
  phases:
    - id: main
      do: |
        for each p in players do
          draw 2 from orders into ${into}
        end
        end game with { winner: red, level: "done" }
`;

const check = (text: string) => {
  const loaded = loadRuleset('draw.yaml', createMemoryHost({ 'draw.yaml': text }));
  return checkRuleset(loaded.model!).filter((d) => d.severity === 'error').map((d) => d.code);
};

describe('draw into', () => {
  test('into a hand: the cards are in the hand, out of the deck', () => {
    expect(check(rules('p.hand'))).toEqual([]);
    const game = startGame(programFromText(rules('p.hand')), { seed: 1 });
    expect(game.error).toBeNull();
    expect(game.state.zones['hand@p1']).toHaveLength(2);
    expect(game.state.decks.orders!.draw).toHaveLength(1);
  });

  test('into a player (no place): the checker reports it and the game stops, not losing the cards', () => {
    expect(check(rules('p'))).toEqual(['type-mismatch']);
    const game = startGame(programFromText(rules('p')), { seed: 1 });
    expect(game.error?.code).toBe('not-a-place');
    expect(game.state.decks.orders!.draw).toHaveLength(3);
  });
});
