/**
 * The whole game is data: for every shipped ruleset, a game copied (fork) or saved as JSON and
 * resumed (fromState) at an arbitrary decision goes on exactly as the original does, and the
 * copy never touches the original.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { Game, type SavedGame } from '../../interpreter/runtime/index.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const GAMES: Array<[string, number | undefined, Record<string, unknown>]> = [
  ['rulesets/battle-of-seattle', undefined, {}],
  ['rulesets/blockade-runner', 3, {}],
  ['rulesets/dragut', undefined, {}],
  ['rulesets/blue-max', 4, { opt_lewis: true, opt_observer: true, opt_altitude: true, opt_fuel: true }],
  // The game `rulesmith init` starts a designer from (rulesets/templates/).
  ['rulesets/templates/starter', undefined, {}],
  ['rulesets/templates/hex-and-counter', undefined, {}],
  ['rulesets/templates/card-driven', undefined, {}],
  ['rulesets/templates/free-for-all', 4, {}],
];

/** Play `n` decisions (or to the end) with a seeded random agent; the answers given. */
function play(game: Game, agent: RandomAgent, n = Infinity): unknown[] {
  const answers: unknown[] = [];
  for (let i = 0; i < n && game.pending; i++) {
    const a = agent.choose(game.pending);
    expect(game.answer(a)).toEqual({ ok: true });
    answers.push(a);
  }
  return answers;
}

/** What must match between two runs of the same game: state, result, and the log's text. */
function fingerprint(game: Game): string {
  return JSON.stringify({ state: game.state, status: game.status, result: game.result, error: game.error, log: game.log.map((e) => e.text) });
}

describe.each(GAMES)('%s: fork and resume', (path, players, options) => {
  const program = loadProgram(path);
  const setup = { seed: 'fork-7', ...(players ? { players } : {}), options };

  test('a fork at decisions 0, 5 and 40 plays on exactly like the original, and never changes it', () => {
    for (const at of [0, 5, 40]) {
      const original = startGame(program, setup);
      play(original, new RandomAgent('before'), at);
      const before = JSON.stringify(original.state);
      const copy = original.fork({ log: true });
      // Playing the copy to the end leaves the original as it was.
      play(copy, new RandomAgent(`after-${at}`));
      expect(JSON.stringify(original.state), `decision ${at}`).toBe(before);
      play(original, new RandomAgent(`after-${at}`));
      expect(copy.status).not.toBe('waiting');
      expect(fingerprint(copy), `decision ${at}`).toBe(fingerprint(original));
    }
  });

  test('a game saved as JSON at decision 25 resumes to the same end, with the whole answer list', () => {
    const original = startGame(program, setup);
    play(original, new RandomAgent('first'), 25);
    const saved = JSON.parse(JSON.stringify(original.save())) as SavedGame;
    const resumed = Game.fromState(program, saved);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    expect(resumed.pending).toEqual(original.pending);
    expect(resumed.view('p1')).toEqual(original.view('p1'));
    play(resumed, new RandomAgent('second'));
    play(original, new RandomAgent('second'));
    expect(fingerprint(resumed)).toBe(fingerprint(original));
    expect(resumed.state.decisions).toEqual(original.state.decisions);
  });

  test('a fork without its log logs nothing but reaches the same state', () => {
    const original = startGame(program, setup);
    play(original, new RandomAgent('a'), 10);
    const quiet = original.fork();
    expect(quiet.log).toEqual([]);
    play(quiet, new RandomAgent('b'));
    play(original, new RandomAgent('b'));
    expect(quiet.log).toEqual([]);
    expect(JSON.stringify(quiet.state)).toBe(JSON.stringify(original.state));
    expect(quiet.result).toEqual(original.result);
  });
});

describe('fromState refuses what it cannot resume', () => {
  const program = loadProgram('rulesets/dragut');
  const game = startGame(program, { seed: 1 });
  play(game, new RandomAgent('x'), 3);

  test('a game saved with other rules', () => {
    const saved = { ...game.save(), rules: 'other' };
    expect(Game.fromState(program, saved)).toMatchObject({ problems: [{ code: 'rules-changed' }] });
  });

  test('data that is not a saved game, or frames that do not fit the code', () => {
    expect(Game.fromState(program, { format: 'x' } as unknown as SavedGame)).toMatchObject({ problems: [{ code: 'not-a-saved-game' }] });
    const saved = game.save();
    saved.machine.stack[0]!.code = 'procedures.nothing.do';
    expect(Game.fromState(program, saved)).toMatchObject({ problems: [{ code: 'invalid-saved-game' }] });
    const short = game.save();
    short.machine.stack[0]!.slots.pop();
    expect(Game.fromState(program, short)).toMatchObject({ problems: [{ code: 'invalid-saved-game' }] });
  });
});

describe('a fork shares nothing it may change', () => {
  test("a piece prop written in the copy (props start empty and are written in place) leaves the original's alone", () => {
    const program = loadProgram('test/fixtures/runtime/masks');
    const game = startGame(program, { seed: 1 });
    const copy = game.fork();
    const id = Object.keys(copy.state.pieces)[0]!;
    copy.rt.setMember(copy.rt.ref('piece', id), 'strength', 9, { path: ['test'], span: { start: 0, end: 0 } });
    expect(copy.state.pieces[id]!.props).toEqual({ strength: 9 });
    expect(game.state.pieces[id]!.props).toEqual({});
  });
});
