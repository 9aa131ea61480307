/**
 * Search agents and what a seat cannot see. Information-set fairness: two games that differ only
 * in what a seat cannot see make its agent give the same answer for the same seed. And
 * simultaneous secret choices are searched decoupled, so no seat plans as if it saw another's.
 */
import { describe, expect, test } from 'vitest';
import { MctsAgent, RandomAgent, searchContext } from '../../interpreter/agents/index.ts';
import { determinize, Game } from '../../interpreter/runtime/index.ts';
import { seedRng } from '../../interpreter/runtime/rng.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const AMBUSH = 'test/fixtures/runtime/ambush';

/** The agent's answer for the seat to move, from a fresh agent with a fixed seed. */
const answerOf = (game: Game, opts: ConstructorParameters<typeof MctsAgent>[1]) => {
  const req = game.pending!;
  return new MctsAgent('fair', opts).choose(req, () => game.view(req.player), searchContext(game, req.player));
};

describe('information-set fairness', () => {
  test('Dragut: the same answer whatever the other side holds in hand and the deck hides', () => {
    const program = loadProgram('rulesets/dragut');
    let compared = 0;
    for (let seed = 1; seed <= 6 && compared < 3; seed++) {
      const game = startGame(program, { seed });
      const random = new RandomAgent(seed);
      // Play a little way in, to a question whose seat has unseen cards around it.
      for (let i = 0; i < 6 + seed && game.pending; i++) game.answer(random.choose(game.pending));
      if (!game.pending) continue;
      const seat = game.pending.player;
      const other = determinize(game, seat, seedRng(`other:${seed}`), { log: true });
      if (other.resampled.cards === 0) continue;
      expect(other.game.view(seat)).toEqual(game.view(seat));
      // What the agent plans on is the same: for the same draws, the same copies of either game.
      const copyOf = (g: Game) => JSON.stringify(determinize(g, seat, seedRng('plan')).game.save().state);
      expect(copyOf(other.game)).toBe(copyOf(game));
      expect(answerOf(other.game, { iterations: 16, playoutDepth: 12 })).toEqual(answerOf(game, { iterations: 16, playoutDepth: 12 }));
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  test("the defender's answer does not depend on the attacker's secret pick", () => {
    const program = loadProgram(AMBUSH);
    const answers = [0, 1, 2].map((attack) => {
      const game = startGame(program, { seed: 9 });
      expect(game.answer(attack)).toEqual({ ok: true });
      expect(game.pending).toMatchObject({ player: 'p2', secret: true, group: { index: 1, size: 2 } });
      return answerOf(game, { iterations: 200 });
    });
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
  });
});

describe('simultaneous secret choices', () => {
  test('each question of a `secretly choose … for each` carries its group', () => {
    const game = startGame(loadProgram(AMBUSH), { seed: 1 });
    const first = game.pending!;
    expect(first).toMatchObject({ secret: true, group: { index: 0, size: 2 } });
    expect(game.rt.label(first.group!.item)).toBe(game.rt.label(game.rt.ref('player', 'p1')));
    game.answer(0);
    expect(game.pending!.group).toMatchObject({ id: first.group!.id, index: 1, size: 2 });
    expect(game.rt.label(game.pending!.group!.item)).toBe(game.rt.label(game.rt.ref('player', 'p2')));
    // Saved and resumed mid-group, the question keeps its group and item.
    const resumed = Game.fromState(game.program, game.save());
    expect(resumed instanceof Game && resumed.pending!.group).toEqual(game.pending!.group);
  });

  test('searched decoupled, the attacker takes a road (wins half) rather than the long way round (30%)', () => {
    const program = loadProgram(AMBUSH);
    const picks = [1, 2, 3].map((seed) => {
      const game = startGame(program, { seed });
      const a = new MctsAgent(`ambush:${seed}`, { iterations: 1500 }).choose(game.pending!, () => game.view('p1'), searchContext(game, 'p1'));
      return game.pending!.labels[a as number];
    });
    // Searched in turn, the defender would see each road and block it: the long way round would win.
    expect(picks.filter((p) => p === 'long way round')).toEqual([]);
  });
});
