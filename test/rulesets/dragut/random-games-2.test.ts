// Playability: random-agent games, seeds 101-200 (see random-games.test.ts).
import { describe, expect, test } from 'vitest';
import { checkSeeds } from './games.ts';

describe('random-agent games', () => {
  test('seeds 101-200 all end with a winner and a victory level, without runtime errors', () => {
    const winners = checkSeeds(101, 200);
    expect(Object.values(winners).reduce((a, b) => a + b, 0)).toBe(100);
  }, 120_000);
});
