import { describe, expect, test } from 'vitest';
import { RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { heuristicScores } from '../../interpreter/agents/heuristics.ts';
import { scoreMargin, seatSides } from '../../interpreter/analysis/margin.ts';
import { loadProgram } from '../helpers/ruleset.ts';

function finished(path: string, seed: string) {
  const program = loadProgram(path);
  const played = playWith(program, { seed }, { p1: new RandomAgent(`${seed}:p1`), p2: new RandomAgent(`${seed}:p2`) }, { log: 'none' });
  if ('problems' in played) throw new Error(played.problems.map((p) => p.message).join());
  expect(played.game.status).toBe('ended');
  return played.game;
}

describe('score margin', () => {
  test("should be the result's own margin when the ruleset reports one", () => {
    const game = finished('rulesets/battle-of-seattle', 'margin:1');
    const result = game.result as { margin: number; protesters: number; authority: number };
    expect(scoreMargin(game)).toBe(result.margin);
    expect(result.margin).toBe(result.protesters - result.authority);
  });

  test('should otherwise be the best side\'s heuristic score minus the next one\'s', () => {
    const game = finished('rulesets/dragut', 'margin:2');
    expect((game.result as Record<string, unknown>).margin).toBeUndefined();
    const sides = seatSides(game);
    const scores = heuristicScores(game)!;
    const bySide = [...new Set(Object.values(sides))].map((s) => scores.get(Object.keys(sides).find((p) => sides[p] === s)!)!);
    expect(bySide).toHaveLength(2);
    expect(scoreMargin(game)).toBe(Math.max(...bySide) - Math.min(...bySide));
  });

  test('should be null without a result margin or heuristics', () => {
    expect(scoreMargin(finished('test/fixtures/runtime/duel', 'margin:3'))).toBeNull();
  });
});
