/**
 * Whole games between random agents (random-games*.test.ts): every decision offers its legal
 * options, so bots that pick uniformly at random must always reach a victory level.
 */
import { expect } from 'vitest';
import { RandomAgent, playWith } from '../../../interpreter/agents/index.ts';
import { program } from './helpers.ts';

export function playRandom(seed: number, log: 'full' | 'none' = 'none') {
  const r = playWith(program(), { seed }, { p1: new RandomAgent(`${seed}-p1`), p2: new RandomAgent(`${seed}-p2`) }, { log });
  if ('problems' in r) throw new Error(JSON.stringify(r.problems));
  return r;
}

/** Play seeds `from`..`to`: each game ends, with a winner and a victory level, and no runtime error. */
export function checkSeeds(from: number, to: number): void {
  const failures: string[] = [];
  const levels = new Set(['Victory', 'Marginal', 'Effective', 'Decisive']);
  for (let seed = from; seed <= to; seed++) {
    const { game, stopped } = playRandom(seed);
    const result = game.result as { winner?: string; level?: string } | null;
    if (game.status !== 'ended' || stopped || !result || !levels.has(result.level ?? '') || !['protesters', 'authority'].includes(result.winner ?? '')) {
      failures.push(`seed ${seed}: ${game.status} ${JSON.stringify(stopped ?? game.error)} ${JSON.stringify(result)}`);
    }
  }
  expect(failures).toEqual([]);
}
