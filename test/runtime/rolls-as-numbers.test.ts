/**
 * A roll is its total wherever a number is wanted: the checker passes a roll for a number, so the
 * runtime must take one in every such place, not only in arithmetic: a track set to `2d6`, a
 * list indexed by `1d6` and `max(2d6)` stopped the game, `1d6 in 1..6` was always false, and a
 * roll in `end game with {…}` became `{total, dice}` in the result.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const TEXT = `
rulesmith: 1
id: rolls
name: Rolls as numbers
sides:
  red: { name: Red }
tracks:
  score: { initial: 0, min: 0, max: 100 }
  morale: { initial: 0, per: side }
variables:
  last: { type: number, initial: 0 }
  picked: { type: number, initial: 0 }
  low: { type: boolean, initial: false }
  never: { type: boolean, initial: true }
  top: { type: number, initial: 0 }
flow:
  phases:
    - id: main
      do: |
        score = 2d6
        red.morale = 1d6
        last = 1d6
        let faces = [10, 20, 30, 40, 50, 60]
        picked = faces[1d6]
        faces[1d6] = 0
        low = 1d6 in 1..6
        never = 1d6 in 7..9
        top = max(2d6)
        end game with { winner: red, level: "done", points: 2d6 }
`;

describe('a roll where a number is wanted', () => {
  test('the ruleset checks clean', () => {
    const path = 'rolls.yaml';
    const loaded = loadRuleset(path, createMemoryHost({ [path]: TEXT }));
    expect([...loaded.diagnostics, ...checkRuleset(loaded.model!)].filter((d) => d.severity === 'error')).toEqual([]);
  });

  test.each([1, 2, 3, 4, 5])('seed %i: a track set to a roll, a list indexed and set by one, the game ends', (seed) => {
    const game = startGame(programFromText(TEXT), { seed });
    expect(game.error).toBeNull();
    expect(game.status).toBe('ended');
    const score = game.state.tracks.score as number;
    expect(score).toBeGreaterThanOrEqual(2);
    expect(score).toBeLessThanOrEqual(12);
    expect((game.state.tracks.morale as Record<string, number>).red).toBeGreaterThanOrEqual(1);
    expect([10, 20, 30, 40, 50, 60]).toContain(game.state.vars.picked);
    expect([game.state.vars.low, game.state.vars.never]).toEqual([true, false]);
    expect(game.state.vars.top).toBeGreaterThanOrEqual(2);
    expect(game.state.vars.top).toBeLessThanOrEqual(12);
    // A roll in the result is its total, a number summaries can read.
    expect(typeof (game.result as { points: unknown }).points).toBe('number');
  });
});
