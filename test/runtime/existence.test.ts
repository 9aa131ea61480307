/**
 * A test of whether a list has an item stops at its first (compile/expressions.ts, `existence`):
 * `size(select …) > 0`, `size(p(x)) == 0` of a procedure that returns a select, and the action
 * menu asking whether an action's first list has an option. Lists whose conditions act (dice)
 * are made whole, as written.
 */
import { describe, expect, test } from 'vitest';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const program = () => loadProgram('test/fixtures/runtime/existence');

describe('tests of a list\'s emptiness', () => {
  test('should stop at the first item: an item after it that would stop the game is not reached', () => {
    const game = startGame(program(), { seed: 1 }, { forcedDice: [1, 2, 6] });
    expect(game.status).toBe('waiting');
    expect(game.state.vars.seen).toBe(3);
    // Both items' conditions rolled (1, 2), so the next roll is the third die.
    expect(game.state.vars.rolled).toBe(6);
  });

  test('the action menu should offer an action whose first list has an option, and make the whole list once it is chosen', () => {
    const game = startGame(program(), { seed: 1 });
    expect(game.pending?.labels).toEqual(['Pick', 'Pass']);
    game.answer(0);
    expect(game.status).toBe('error');
    expect(game.error?.code).toBe('division-by-zero');
  });
});
