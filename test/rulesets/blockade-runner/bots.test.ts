/**
 * What the search bots plan on in Blockade Runner (bots.yaml): the wealth outlook counts the cargo
 * aboard at a share of its sale price that grows near a port where it sells, and takes off what
 * the next Port Assaults would likely capture; priors make passing and dangerous waters rare.
 */
import { describe, expect, test } from 'vitest';
import { answerPriors, heuristicScores } from '../../../interpreter/agents/index.ts';
import { area, call, clearShips, gameAtFirstAction, player, putShip, setTrack, setVariable } from './helpers.ts';

function board() {
  const game = gameAtFirstAction(4);
  clearShips(game);
  for (const p of ['p1', 'p2', 'p3', 'p4']) setTrack(game, 'cash', 10, p);
  return game;
}

describe('Blockade Runner: the search bots\' score', () => {
  test('without cargo or ships at risk the score is the wealth margin (cash + ship values)', () => {
    const game = board();
    putShip(game, 'lizzie', 'p1', 'bermuda');
    putShip(game, 'kate', 'p2', 'nassau');
    const scores = heuristicScores(game)!;
    // Lizzie is worth 20, Kate 10; every player has 10 in cash.
    expect(scores.get('p1')).toBe(30 - 20);
    expect(scores.get('p2')).toBe(20 - 30);
    expect(scores.get('p3')).toBe(10 - 30);
  });

  test('cargo counts at 0.9 of its price where it sells and less the farther the ship is from such a port', () => {
    const game = board();
    const lizzie = putShip(game, 'lizzie', 'p1', 'bermuda', { contraband: 1, war_goods: 1 });
    // Contraband 20 + War Goods 1 (no bribe: the War Goods cover the Contraband).
    expect(call(game, 'cargo_worth', [lizzie])).toBe(21);
    // Bermuda -> Gulf Stream -> Hatteras waters -> Wilmington: 3 zones, share 0.55 - 0.15.
    expect(call(game, 'market_steps', [area(game, 'bermuda'), 'mainland_port'])).toBe(3);
    expect(call(game, 'cargo_outlook', [player(game, 'p1')])).toBeCloseTo(21 * 0.4, 10);
    putShip(game, 'lizzie', 'p1', 'hatteras_waters');
    expect(call(game, 'cargo_outlook', [player(game, 'p1')])).toBeCloseTo(21 * 0.5, 10);
    putShip(game, 'lizzie', 'p1', 'wilmington');
    expect(call(game, 'cargo_outlook', [player(game, 'p1')])).toBeCloseTo(21 * 0.9, 10);
  });

  test('Contraband beyond the War Goods aboard counts $5,000 less (the bribe), and off-market cargo counts half in 1865', () => {
    const game = board();
    const kate = putShip(game, 'kate', 'p1', 'wilmington', { contraband: 2 });
    expect(call(game, 'cargo_worth', [kate])).toBe(2 * 20 - 2 * 5);
    putShip(game, 'kate', 'p1', 'hatteras_waters');
    setTrack(game, 'year', 1865);
    expect(call(game, 'cargo_outlook', [player(game, 'p1')])).toBeCloseTo(30 * 0.5 / 2, 10);
  });

  test('a ship in a port a Port Assault would take counts the chance it is captured escaping', () => {
    const game = board();
    // Kate (speed 2, value 10), empty, in New Bern (defense 1, no blockade): an assault makes the
    // blockade 2 >= 1, and the escape roll is at V = 2 + 1 - 2 + 1 = 2, lost 16 times in 36.
    setTrack(game, 'blockade', 0, 'new_bern');
    putShip(game, 'kate', 'p1', 'new_bern');
    expect(call(game, 'assault_risk', [player(game, 'p1')])).toBeCloseTo(0.15 * (16 / 36) * 10, 10);
    // Offshore ports are never assaulted.
    putShip(game, 'kate', 'p1', 'bermuda');
    expect(call(game, 'assault_risk', [player(game, 'p1')])).toBe(0);
  });
});

describe('Blockade Runner: the search bots\' priors', () => {
  test('passing is tried last', () => {
    const game = gameAtFirstAction(4);
    const req = game.pending!;
    const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
    req.labels.forEach((l, i) => expect(priors[i]).toBe(l === 'Pass' ? -2 : 0));
  });

  test("the High Seas Squadron's zone takes a loaded speed-2 ship 25 times in 36; open sea is safe", () => {
    const game = board();
    setVariable(game, 'squadron_zone', { $ref: 'area', id: 'gulf_stream' });
    expect(call(game, 'entry_danger', [area(game, 'gulf_stream')])).toBeCloseTo(25 / 36, 10);
    expect(call(game, 'entry_danger', [area(game, 'carolina_waters')])).toBe(0);
    // Charleston, defense 3, blockade 2: V = 2 + 3 - 2 = 3, captured 9 times in 36.
    setTrack(game, 'blockade', 2, 'charleston');
    expect(call(game, 'entry_danger', [area(game, 'charleston')])).toBeCloseTo(9 / 36, 10);
  });
});
