/**
 * What the search bots plan on in Blue Max (bots.yaml, the `guess:` of the secret tracks and of
 * chosen_maneuver): a tailer's copies of the game give the tailed enemy a maneuver it could have
 * written, of the direction the tailer was told, and play on without a runtime error; the enemy's
 * damage and guns are what its aircraft card says, not a random draw.
 */
import { describe, expect, test } from 'vitest';
import { answerPriors, heuristicScores, RandomAgent } from '../../../interpreter/agents/index.ts';
import { determinize } from '../../../interpreter/runtime/index.ts';
import { seedRng } from '../../../interpreter/runtime/rng.ts';
import { answerAll, startGame } from '../../helpers/ruleset.ts';
import { getVar, newGame, plane, program, put, setTrack, setVar } from './helpers.ts';

/** TC-04's position: the Fokker tails the Bristol, which has written 5L2; the Fokker is asked. */
function tailing() {
  const game = newGame();
  const fokker = plane(game, 'p2');
  const bristol = plane(game, 'p1');
  put(game, fokker, 5, 6, 1);
  put(game, bristol, 8, 6, 1);
  answerAll(game, ['2S2', '2S2', 'hold fire', '5L2']);
  expect(game.pending?.prompt).toBe('Turn 2: maneuver for Fokker Dr.I (the aircraft you tail turns L)');
  return { game, fokker, bristol };
}

describe('Blue Max: the search bots\' copies of the game', () => {
  test("a tailer's copies give the tailed enemy a legal maneuver of the direction it was told, and play on", () => {
    const { game, bristol } = tailing();
    const written = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const copy = determinize(game, 'p2', seedRng(`tail${i}`)).game;
      const code = getVar(copy, 'chosen_maneuver', bristol) as string;
      written.add(code);
      expect(code).toMatch(/^\d+L\d$/);
      const bot = new RandomAgent(i);
      for (let d = 0; d < 30 && copy.pending; d++) expect(copy.answer(bot.choose(copy.pending))).toEqual({ ok: true });
      expect(copy.status, JSON.stringify(copy.error)).not.toBe('error');
    }
    // Drawn among the left turns, not always the one the Bristol wrote.
    expect(written.size).toBeGreaterThan(1);
  });

  test("the enemy's secret damage and guns are guessed from its card, the seat's own are kept", () => {
    const { game, fokker, bristol } = tailing();
    (game.state.tracks.damage_tail as Record<string, number>)[bristol] = 3;
    (game.state.tracks.damage_tail as Record<string, number>)[fokker] = 2;
    const copy = determinize(game, 'p2', seedRng('dmg')).game;
    expect((copy.state.tracks.damage_tail as Record<string, number>)[bristol]).toBe(0);
    expect((copy.state.tracks.damage_tail as Record<string, number>)[fokker]).toBe(2);
    // The Bristol's guns as set from its card in setup (no Gun Destroyed yet), in every copy.
    const guns = (game.state.tracks.guns_pilot_left as Record<string, number>)[bristol]!;
    expect(guns).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) expect((determinize(game, 'p2', seedRng(`guns${i}`)).game.state.tracks.guns_pilot_left as Record<string, number>)[bristol]).toBe(guns);
  });

  test('the score reads only what the seat knows or guesses: every copy scores the position alike', () => {
    const { game } = tailing();
    const scores = new Set<number>();
    for (let i = 0; i < 6; i++) scores.add(heuristicScores(determinize(game, 'p2', seedRng(`h${i}`)).game)!.get('p2')!);
    expect(scores.size).toBe(1);
  });

  test('priors: leaving the field is the worst maneuver, then a spin (0S2); a plain turn is preferred', () => {
    const game = newGame();
    // The Bristol with its nose to the east edge at column 17: every straight maneuver leaves the field.
    put(game, plane(game, 'p1'), 17, 6, 1);
    answerAll(game, ['2S2']);
    const req = game.pending!;
    expect(req.prompt).toBe('Turn 1: maneuver for Bristol F.2B');
    const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
    const of = (code: string) => priors[req.labels.indexOf(code)]!;
    expect(of('3S3')).toBe(-4);
    expect(of('4S4')).toBe(-4);
    expect(of('0S2')).toBe(-3);
    expect(Math.min(...priors)).toBe(-4);
    expect(Math.max(of('14L3'), of('14R3'))).toBeGreaterThan(0);
  });

  test('priors: a stall (1L1, a spin on 5-6) is below the same turn at speed 2', () => {
    const { game } = tailing();
    const req = game.pending!;
    const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
    const of = (code: string) => priors[req.labels.indexOf(code)]!;
    expect(of('1L1')).toBeLessThan(of('5L2') - 1);
  });

  test('priors: a pilot with a target fires, and tries the long burst first, then the medium', () => {
    // TC-04's first turn: both fly 2S2 and the Fokker ends 3 hexes behind the Bristol, on its line.
    const game = newGame();
    put(game, plane(game, 'p2'), 5, 6, 1);
    put(game, plane(game, 'p1'), 8, 6, 1);
    answerAll(game, ['2S2', '2S2']);
    const target = game.pending!;
    expect(target.prompt).toBe("Combat: target for Fokker Dr.I's pilot");
    const aim = answerPriors(game, target, target.options.map((_, i) => i))!;
    expect(aim[target.labels.indexOf('hold fire')]).toBeLessThan(Math.min(...aim.filter((_, i) => target.labels[i] !== 'hold fire')));
    answerAll(game, [target.labels.find((l) => l !== 'hold fire')!]);
    const burst = game.pending!;
    expect(burst.prompt).toBe("Combat: burst for Fokker Dr.I's pilot");
    const priors = answerPriors(game, burst, burst.options.map((_, i) => i))!;
    const of = (b: string) => priors[burst.labels.indexOf(b)]!;
    expect(of('long')).toBeGreaterThan(of('medium'));
    expect(of('medium')).toBeGreaterThan(of('short'));
  });

  test('priors: each side chooses the aircraft that rolls the most dice (Stability A, two guns)', () => {
    const game = startGame(program(), { seed: 'blue-max', players: 2, options: {} });
    for (const [pick, others] of [['SPAD S.XIII', ['Nieuport 24', 'Bristol F.2B']], ['Fokker Dr.I', ['Albatros D.III', 'Halberstadt CL.II']]] as const) {
      const req = game.pending!;
      expect(req.prompt).toBe('Setup step 3: choose your aircraft');
      const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
      const of = (name: string) => priors[req.labels.indexOf(name)]!;
      for (const o of others) expect(of(pick)).toBeGreaterThan(of(o));
      answerAll(game, [pick]);
    }
  });

  test("priors: a tailer follows the direction it was told, to keep the enemy's possible ends on its nose line", () => {
    for (const told of ['L', 'R', 'S']) {
      const { game, fokker } = tailing();
      setVar(game, 'told_direction', fokker, told);
      const req = game.pending!;
      const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
      const best = req.labels[priors.indexOf(Math.max(...priors))]!;
      expect(best.replace(/\d/g, '')).toBe(told);
    }
  });

  test('priors: in TC-04 a stall stays below 2S2 whatever direction the tailer was told', () => {
    for (const told of ['L', 'R', 'S']) {
      const { game, fokker } = tailing();
      setVar(game, 'told_direction', fokker, told);
      const req = game.pending!;
      const priors = answerPriors(game, req, req.options.map((_, i) => i))!;
      const of = (code: string) => priors[req.labels.indexOf(code)]!;
      for (const stall of ['1S1', '1L1', '1R1'].filter((c) => req.labels.includes(c))) expect(of(stall)).toBeLessThan(of('2S2'));
    }
  });

  test("the score counts damage: an enemy's hits raise a side's score, the more the nearer a zone is to exhausted", () => {
    const { game, bristol } = tailing();
    const before = heuristicScores(game)!;
    setTrack(game, 'damage_fuselage', bristol, 2);
    const hit = heuristicScores(game)!;
    const spread = hit.get('p2')!;
    setTrack(game, 'damage_fuselage', bristol, 0);
    setTrack(game, 'damage_tail', bristol, 2);
    const tail = heuristicScores(game)!.get('p2')!;
    expect(spread).toBeGreaterThan(before.get('p2')!);
    expect(hit.get('p1')!).toBeLessThan(before.get('p1')!);
    // The same 2 points in a smaller zone bring the aircraft nearer a spin.
    expect(tail).toBeGreaterThan(spread);
  });
});
