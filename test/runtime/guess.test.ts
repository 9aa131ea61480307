/**
 * Tracks' `guess:`: what a seat assumes, in its search bots' determinized copies, of a value it may
 * not see. Only other seats' values are replaced, by the guess read on the copy, within the bounds;
 * without a guess a value is drawn within its bounds; the real game is never touched. The checker's
 * side: test/fixtures/check/track-guess.yaml.
 */
import { describe, expect, test } from 'vitest';
import { determinize, type Game } from '../../interpreter/runtime/index.ts';
import { seedRng } from '../../interpreter/runtime/rng.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const GUESS = 'test/fixtures/runtime/guess';
const values = (g: Game, track: string) => g.state.tracks[track] as Record<string, number>;

/** A game after both players earned 3 in round 1 (purse 8, stash 8, income 4 each). */
function played(): Game {
  const game = startGame(loadProgram(GUESS), { seed: 1 });
  expect(game.answer(2)).toEqual({ ok: true });
  expect(game.answer(2)).toEqual({ ok: true });
  expect(values(game, 'purse')).toEqual({ p1: 8, p2: 8 });
  return game;
}

describe('tracks with a guess', () => {
  test("another seat's value becomes the guess, read on the copy with the owner bound; the seat's own stays", () => {
    const game = played();
    const before = JSON.stringify(game.state);
    for (let i = 0; i < 5; i++) {
      const copy = determinize(game, 'p1', seedRng(`g${i}`)).game;
      expect(values(copy, 'purse')).toEqual({ p1: 8, p2: 8 }); // p2's income is 4 (public): 4 * 2
      expect(values(copy, 'vault')).toEqual({ p1: 5, p2: 50 }); // 99 is kept within the bounds
    }
    // p2's income changed in the copy would change the guess: it is read on the copy, not the game.
    expect(JSON.stringify(game.state)).toBe(before);
  });

  test("a variable's guess may draw from the copy's own dice: the same draws give the same copy", () => {
    const game = played();
    const plan = (g: Game): string => (g.state.vars.plan as Record<string, string>).p2 ?? '';
    expect(plan(game)).toBe('spend');
    const plans = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const copy = determinize(game, 'p1', seedRng(`v${i}`)).game;
      plans.add(plan(copy));
      expect((copy.state.vars.plan as Record<string, string>).p1).toBe('spend');
      expect(plan(determinize(game, 'p1', seedRng(`v${i}`)).game)).toBe(plan(copy));
    }
    expect([...plans].sort()).toEqual(['save', 'spend']);
  });

  test('without a guess a value is drawn within its bounds, as before', () => {
    const game = played();
    const stashes = new Set<number>();
    for (let i = 0; i < 12; i++) stashes.add(values(determinize(game, 'p1', seedRng(`s${i}`)).game, 'stash').p2!);
    expect(stashes.size).toBeGreaterThan(1);
    for (const s of stashes) expect(s >= 0 && s <= 50).toBe(true);
  });

  test('without a guess or bounds a value is set back to its initial value, even with one owner to hide it among', () => {
    const game = played();
    expect(game.state.vars.note).toEqual({ p1: 'earned 3', p2: 'earned 3' });
    expect(game.state.vars.last_pick).toBe(3);
    for (let i = 0; i < 5; i++) {
      const copy = determinize(game, 'p1', seedRng(`n${i}`)).game;
      // p2's note has no other unseen owner to be swapped with: kept as it was, it told p1 the secret.
      expect(copy.state.vars.note).toEqual({ p1: 'earned 3', p2: 'none yet' });
      expect(copy.state.vars.last_pick).toBe(0);
    }
    expect(game.state.vars.note).toEqual({ p1: 'earned 3', p2: 'earned 3' });
  });

  test('two games that differ only in what a seat cannot see give it the same copy', () => {
    const a = played();
    const b = played();
    values(b, 'purse').p2 = 31;
    values(b, 'vault').p2 = 17;
    const copy = (g: Game) => JSON.stringify(determinize(g, 'p1', seedRng('same')).game.save().state);
    expect(copy(b)).toBe(copy(a));
  });
});
