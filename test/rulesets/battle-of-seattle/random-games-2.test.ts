/**
 * The Battle of Seattle — random-agent games, seeds 101-200 (see random-games.test.ts).
 */
import { describe, it } from 'vitest';
import { checkSeeds } from './games.ts';

describe('random-agent games', () => {
  it('seeds 101-200 all end with a winner and a victory level, without runtime errors', () => {
    checkSeeds(101, 200);
  }, 120_000);
});
