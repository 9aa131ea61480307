/**
 * Dragut's hands are secret (zones.hand: visibility owner; spec [3.3]): through a whole random
 * game, no view of one side names a card the other side holds: never by instance id, and not by
 * name unless that name was once public (a copy played, or the card itself played and put back).
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../../interpreter/agents/index.ts';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { loadProgram, startGame } from '../../helpers/ruleset.ts';

const program = loadProgram('rulesets/dragut');

/** Card instances in `side`'s hand. */
const handOf = (game: Game, side: string): string[] => game.state.zones[`hand@${side}`] ?? [];
const nameOf = (game: Game, id: string): string => {
  const c = game.state.cards[id]!;
  const def = program.data.decks?.[c.deck]?.cards?.find((x) => x.id === c.def);
  return String(def?.name ?? c.def);
};

describe('Dragut: hands stay in the hand', () => {
  test.each([1, 2, 3])('seed %i: the other side never reads a card in your hand', (seed) => {
    const game = startGame(program, { seed });
    const agent = new RandomAgent(seed);
    let checked = 0;
    for (let i = 0; i < 3_000 && game.pending; i++) {
      for (const viewer of game.state.players) {
        const other = game.state.players.find((p) => p.side !== viewer.side)!;
        const view = JSON.stringify(game.view(viewer.id));
        const held = handOf(game, other.side!);
        // What a spectator's log says: lines about hidden cards name them only to the seats that may see them.
        const everPublic = game.view(null).log.map((e) => e.text).join('\n');
        for (const id of held) {
          expect(view, `decision ${i}: ${viewer.side} sees ${id}`).not.toContain(`"${id}"`);
          const name = nameOf(game, id);
          if (!everPublic.includes(name)) expect(view, `decision ${i}: ${viewer.side} reads "${name}"`).not.toContain(name);
          checked++;
        }
      }
      game.answer(agent.choose(game.pending));
    }
    expect(checked).toBeGreaterThan(50);
  });
});
