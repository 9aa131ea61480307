// Playability: random agents play whole Blue Max games (2-6 players, with and without the optional
// rules) to a result with no runtime error; the same seed gives the same game.
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../../interpreter/agents/index.ts';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { startGame } from '../../helpers/ruleset.ts';
import { program } from './helpers.ts';

function play(seed: string, players: number, options: Record<string, unknown> = {}): Game {
  const game = startGame(program(), { seed, players, options });
  const agent = new RandomAgent(seed);
  for (let i = 0; i < 5000 && game.pending; i++) game.answer(agent.choose(game.pending));
  return game;
}

const ALL = { opt_lewis: true, opt_observer: true, opt_altitude: true, opt_fuel: true };

describe('random-agent games (spec §4.19)', () => {
  test('50 games (2-6 players, half with all four optional rules) end with a result and no runtime error', () => {
    const winners: Record<string, number> = {};
    for (let i = 1; i <= 50; i++) {
      const game = play(`bm:${i}`, 2 + (i % 5), i % 2 === 0 ? ALL : {});
      expect([i, game.status, game.error ?? null]).toEqual([i, 'ended', null]);
      const w = String((game.result as { winner: unknown }).winner ?? 'draw');
      winners[w] = (winners[w] ?? 0) + 1;
    }
    expect(Object.keys(winners)).toEqual(expect.arrayContaining(['allies', 'central_powers']));
  }, 120_000);

  test('the same seed gives an identical log; another seed a different game', () => {
    const texts = (g: Game) => g.log.map((e) => `${e.kind}|${e.text}`);
    const a = play('same', 4, ALL);
    const b = play('same', 4, ALL);
    expect(texts(b)).toEqual(texts(a));
    expect(b.result).toEqual(a.result);
    expect(texts(play('other', 4, ALL))).not.toEqual(texts(a));
  });
});
