/**
 * The generic search agent: finds a forced win a random player does not, is deterministic for a
 * seed, and plans only on determinizations (it is never handed the real game).
 */
import { describe, expect, test } from 'vitest';
import { answerPriors, GreedyAgent, heuristicRewards, MctsAgent, RandomAgent, playWith, searchContext, type SearchContext } from '../../interpreter/agents/index.ts';
import type { Game } from '../../interpreter/runtime/index.ts';
import { validateAnswer } from '../../interpreter/runtime/decisions.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const NIM = 'test/fixtures/runtime/nim';

describe('MctsAgent', () => {
  test('in Nim from 7 stones it takes 1 (leaving a multiple of 3), the forced win', () => {
    const game = startGame(loadProgram(NIM), { seed: 1 });
    const take = (agent: MctsAgent | RandomAgent) => game.pending!.labels[agent.choose(game.pending!, () => game.view('p1'), searchContext(game, 'p1')) as number];
    expect(take(new MctsAgent(1, { iterations: 300 }))).toBe('1');
    // A random player takes 2 about half the time.
    const random = new RandomAgent(1);
    expect(Array.from({ length: 40 }, () => take(random))).toContain('2');
  });

  test('as the first player it wins every game of Nim against random; random against random wins about half', () => {
    const program = loadProgram(NIM);
    let mctsWins = 0;
    let randomWins = 0;
    for (let seed = 0; seed < 12; seed++) {
      const m = playWith(program, { seed }, { p1: new MctsAgent(seed, { iterations: 150 }), p2: new RandomAgent(seed) });
      const r = playWith(program, { seed }, { p1: new RandomAgent(`x${seed}`), p2: new RandomAgent(seed) });
      if (!('game' in m) || !('game' in r)) throw new Error('setup refused');
      if ((m.game.result as { winner: string }).winner === 'first') mctsWins++;
      if ((r.game.result as { winner: string }).winner === 'first') randomWins++;
    }
    expect(mctsWins).toBe(12);
    expect(randomWins).toBeLessThan(12);
  });

  test('the same seed and budget give the same answers', () => {
    const program = loadProgram('rulesets/dragut');
    const answers = () => {
      const game = startGame(program, { seed: 3 });
      const agent = new MctsAgent('same', { iterations: 8, playoutDepth: 40 });
      const out: unknown[] = [];
      for (let i = 0; i < 3 && game.pending; i++) {
        const a = agent.choose(game.pending, () => game.view(game.pending!.player), searchContext(game, game.pending.player));
        out.push(a);
        game.answer(a);
      }
      return out;
    };
    expect(answers()).toEqual(answers());
  });

  test('it plans only on games sampled for its seat, never on the real one', () => {
    const program = loadProgram('rulesets/dragut');
    const game = startGame(program, { seed: 4 });
    const seat = game.pending!.player;
    const sampled: Game[] = [];
    const real = searchContext(game, seat);
    const spy: SearchContext = { seat, sample: (rng) => { const g = real.sample(rng); sampled.push(g); return g; } };
    const before = JSON.stringify(game.state);
    new MctsAgent(2, { iterations: 10, playoutDepth: 40 }).choose(game.pending!, () => game.view(seat), spy);
    expect(sampled).toHaveLength(10);
    expect(sampled.every((g) => g !== game)).toBe(true);
    expect(JSON.stringify(game.state)).toBe(before);
  });

  test('a search stepped in slices (begin/step) answers what choose answers, and may be dropped midway', () => {
    const program = loadProgram('rulesets/dragut');
    const game = startGame(program, { seed: 5 });
    const req = game.pending!;
    const ctx = () => searchContext(game, req.player);
    const whole = new MctsAgent('slices', { iterations: 12, playoutDepth: 30 }).choose(req, () => game.view(req.player), ctx());
    const search = new MctsAgent('slices', { iterations: 12, playoutDepth: 30 }).begin(req, ctx());
    const seen: number[] = [];
    while (!search.step(5)) seen.push(search.iterations);
    expect(seen).toEqual([5, 10]);
    expect(search).toMatchObject({ done: true, iterations: 12, budget: 12 });
    expect(search.answer()).toEqual(whole);
    expect(search.answer()).toEqual(whole);
    // Dropped after a slice: nothing happened to the game, and a fresh agent still answers the same.
    const before = JSON.stringify(game.state);
    new MctsAgent('slices', { iterations: 12, playoutDepth: 30 }).begin(req, ctx()).step(4);
    expect(JSON.stringify(game.state)).toBe(before);
    expect(new MctsAgent('slices', { iterations: 12, playoutDepth: 30 }).choose(req, () => game.view(req.player), ctx())).toEqual(whole);
  });

  test('a time budget stops the search however many iterations it was allowed, and still answers', () => {
    const game = startGame(loadProgram('rulesets/dragut'), { seed: 6 });
    const req = game.pending!;
    const search = new MctsAgent('time', { iterations: 1e9, ms: 1, playoutDepth: 10 }).begin(req, searchContext(game, req.player));
    expect(search.step(Infinity)).toBe(true);
    expect(search.done).toBe(true);
    expect(search.iterations).toBeGreaterThan(0);
    expect(search.iterations).toBeLessThan(1e9);
    expect(validateAnswer(req, search.answer())).toBeNull();
  });

  test('a question with one answer, or no search context, needs no search', () => {
    const game = startGame(loadProgram(NIM), { seed: 1 });
    const search = new MctsAgent(1).begin(game.pending!);
    expect(search).toMatchObject({ done: true, budget: 0 });
    expect([0, 1]).toContain(search.answer());
  });
});

describe('heuristics declared by a ruleset', () => {
  test("each seat's reward is its side's score squashed by the scale", () => {
    const game = startGame(loadProgram('rulesets/battle-of-seattle'), { seed: 2 });
    const p = game.state.tracks.exposure_protesters as number;
    const a = game.state.tracks.exposure_authority as number;
    const rewards = heuristicRewards(game)!;
    const protesters = game.state.players.find((x) => x.side === 'protesters')!.id;
    const authority = game.state.players.find((x) => x.side === 'authority')!.id;
    expect(rewards.get(protesters)).toBeCloseTo(1 / (1 + Math.exp(-(p - a) / 15)), 10);
    expect(rewards.get(authority)).toBeCloseTo(1 / (1 + Math.exp(-(a - p) / 15)), 10);
  });

  test('per player: every seat is scored against its best rival', () => {
    const game = startGame(loadProgram('rulesets/blockade-runner'), { seed: 2, players: 3 });
    const rewards = heuristicRewards(game)!;
    expect([...rewards.keys()]).toEqual(['p1', 'p2', 'p3']);
    for (const r of rewards.values()) {
      expect(r).toBeGreaterThan(0);
      expect(r).toBeLessThan(1);
    }
  });

  test('a ruleset without heuristics gives none (search plays to the end)', () => {
    expect(heuristicRewards(startGame(loadProgram(NIM), { seed: 1 }))).toBeNull();
  });
});

describe('option priors declared by a ruleset', () => {
  const PREFER_TWO = 'test/fixtures/runtime/nim/variants/prefer-two.yaml';

  test('each answer is scored by the summed priors, with `option` bound', () => {
    const game = startGame(loadProgram(PREFER_TWO), { seed: 1 });
    expect(game.pending!.labels).toEqual(['1', '2']);
    expect(answerPriors(game, game.pending!, [0, 1])).toEqual([0, 1]);
    expect(answerPriors(startGame(loadProgram(NIM), { seed: 1 }), game.pending!, [0, 1])).toBeNull();
  });

  test('the search tries the preferred answer first: after one iteration it is the answer, whatever the seed', () => {
    const one = (path: string, seed: number) => {
      const game = startGame(loadProgram(path), { seed: 1 });
      const a = new MctsAgent(seed, { iterations: 1 }).choose(game.pending!, () => game.view('p1'), searchContext(game, 'p1'));
      return game.pending!.labels[a as number];
    };
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(seeds.map((s) => one(PREFER_TWO, s))).toEqual(seeds.map(() => '2'));
    // Without the prior the first answer tried is drawn at random.
    expect(new Set(seeds.map((s) => one(NIM, s)))).toEqual(new Set(['1', '2']));
  });
});

describe('GreedyAgent', () => {
  test('takes the last stones when it can (one step ahead), and plays on determinizations only', () => {
    const program = loadProgram(NIM);
    let checked = 0;
    for (let seed = 0; seed < 6; seed++) {
      const game = startGame(program, { seed });
      const random = new RandomAgent(seed);
      while (game.pending && game.state.vars.stones !== 2) game.answer(random.choose(game.pending));
      if (!game.pending) continue;
      const before = JSON.stringify(game.state);
      const a = new GreedyAgent(seed).choose(game.pending, () => game.view(game.pending!.player), searchContext(game, game.pending.player));
      expect(game.pending.labels[a as number]).toBe('2');
      expect(JSON.stringify(game.state)).toBe(before);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
