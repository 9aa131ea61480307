/**
 * The Battle of Seattle — whole games between random agents (one RandomAgent per seat).
 * Seeds 1-100 here, 101-200 in random-games-2.test.ts, so two workers share the load.
 */
import { describe, expect, it } from 'vitest';
import { checkSeeds, playRandom } from './games.ts';

describe('random-agent games', () => {
  it('seeds 1-100 all end with a winner and a victory level, without runtime errors', () => {
    checkSeeds(1, 100);
  }, 120_000);

  it('the same seed twice gives the identical log', () => {
    const a = playRandom(7, 'full').game.log.map((e) => `${e.round}|${e.phase}|${e.kind}|${e.text}`);
    const b = playRandom(7, 'full').game.log.map((e) => `${e.round}|${e.phase}|${e.kind}|${e.text}`);
    expect(a.length).toBeGreaterThan(500);
    expect(b).toEqual(a);
  });
});
