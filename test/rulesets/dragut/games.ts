/**
 * Whole games between random agents (random-games*.test.ts, options.test.ts): every decision
 * offers its legal options, so bots choosing uniformly at random must always reach a result.
 */
import { expect } from 'vitest';
import { RandomAgent, playWith, type PlayedGame } from '../../../interpreter/agents/index.ts';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { program } from './helpers.ts';

/** One game between two random agents; it must not stop for any reason but its end. */
export function playRandom(seed: string, options: Record<string, unknown> = {}, log: 'full' | 'none' = 'none', path?: string): Game {
  const played = playWith(program(path), { seed, options }, { p1: new RandomAgent(`${seed}:p1`), p2: new RandomAgent(`${seed}:p2`) }, { log, maxDecisions: 20_000 }) as PlayedGame;
  expect(played.stopped, `${seed} ${JSON.stringify(options)}`).toBeUndefined();
  return played.game;
}

/** The game ended with a winner side and a victory level, and no runtime error. */
export function expectResult(game: Game, label: string): void {
  expect([label, game.status, game.error]).toEqual([label, 'ended', null]);
  const result = game.result as { winner: string; level: string };
  expect(['pirates', 'rapallini'], label).toContain(result.winner);
  expect(typeof result.level, label).toBe('string');
}

/** Play seeds `from`..`to` with the default readings; returns the winners' counts. */
export function checkSeeds(from: number, to: number): Record<string, number> {
  const winners: Record<string, number> = {};
  for (let i = from; i <= to; i++) {
    const game = playRandom(`random:${i}`);
    expectResult(game, `seed ${i}`);
    const w = (game.result as { winner: string }).winner;
    winners[w] = (winners[w] ?? 0) + 1;
  }
  return winners;
}
