/**
 * `choose … preview e`: the deciding seat's view carries each option's preview; other seats' views
 * never do; working previews out changes nothing in the game (state, generator, step count, log,
 * saved data), and a game plays the same with or without them (docs/language.md, Previews).
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { compileRuleset, type Program } from '../../interpreter/compile/index.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { loadRuleset, type FileHost } from '../../interpreter/load/index.ts';
import { Game, previewsOf, type SavedGame } from '../../interpreter/runtime/index.ts';
import { answerAll, loadProgram, startGame } from '../helpers/ruleset.ts';

const program = () => loadProgram('test/fixtures/runtime/previews');
const newGame = () => startGame(program(), { seed: 'previews', players: 2 });

describe('the deciding seat sees a preview per option', () => {
  test('places, a record, none and a failing preview, in option order', () => {
    const game = newGame();
    expect(game.pending).toMatchObject({ player: 'p1', prompt: 'March where?', labels: ['Ford', 'Hill', 'stay', 'lost', 'scout', 'away', 'nowhere'] });
    expect(game.view('p1').pending!.previews).toEqual([
      { path: ['ford'], end: 'ford', endLabel: 'Ford', facing: null },
      { path: ['ford', 'hill'], end: 'hill', endLabel: 'Hill', facing: null },
      // `none` shows nothing; so does a preview that fails at run time (a text has no neighbours).
      null,
      null,
      // A record: `end: none` leads nowhere; the facing and the note beside the option are kept.
      { path: ['camp', 'hill'], end: null, endLabel: null, facing: 2, note: 'scouts past Hill' },
      // Off the map at once: no place on the way, and still a preview (it reads "→ off the map").
      { path: [], end: null, endLabel: null, facing: null },
      // A list of no places shows nothing.
      null,
    ]);
  });

  test("another seat sees an open question, never its previews; the spectator neither", () => {
    const game = newGame();
    expect(game.view('p2').pending).toMatchObject({ player: 'p1', labels: ['Ford', 'Hill', 'stay', 'lost', 'scout', 'away', 'nowhere'] });
    expect(game.view('p2').pending!.previews).toBeUndefined();
    expect(game.view(null).pending!.previews).toBeUndefined();
    expect(JSON.stringify(game.view('p2'))).not.toContain('endLabel');
  });

  test('a secret choice per player: each seat its own previews (the `for each` binder is seen), the others nothing', () => {
    const game = newGame();
    answerAll(game, ['Hill']);
    expect(game.pending).toMatchObject({ player: 'p1', secret: true });
    expect(game.view('p1').pending!.previews!.map((p) => p!.path)).toEqual([['ford'], ['hill']]);
    expect(game.view('p2').pending).toBeNull();
    answerAll(game, ['Ford']);
    expect(game.pending).toMatchObject({ player: 'p2', secret: true });
    expect(game.view('p2').pending!.previews!.map((p) => p!.path)).toEqual([['camp', 'ford'], ['camp', 'hill']]);
    expect(game.view('p1').pending).toBeNull();
  });

  test('a question without a preview clause has none', () => {
    const game = startGame(loadProgram('test/fixtures/runtime/language-features'), { seed: 1, players: 3 });
    expect(game.pending).not.toBeNull();
    expect(game.view(game.pending!.player).pending!.previews).toBeUndefined();
    expect(previewsOf(game)).toBeNull();
  });
});

describe('previews never change the game', () => {
  test('state, generator, steps and log are the same after every seat looked', () => {
    const game = newGame();
    const before = JSON.stringify(game.save());
    for (const seat of ['p1', 'p2', null]) game.view(seat);
    previewsOf(game);
    expect(JSON.stringify(game.save())).toBe(before);
  });

  test('a fork and a saved-and-resumed game show the same previews', () => {
    const game = newGame();
    answerAll(game, ['Hill']);
    const shown = game.view('p1').pending!.previews;
    expect(shown).toHaveLength(2);
    expect(game.fork().view('p1').pending!.previews).toEqual(shown);
    const saved = JSON.parse(JSON.stringify(game.save())) as SavedGame;
    expect(JSON.stringify(saved)).not.toContain('endLabel');
    const resumed = Game.fromState(program(), saved);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    expect(resumed.view('p1').pending!.previews).toEqual(shown);
  });
});

/** Blue Max's rules as shipped, or with the maneuver choice's `preview` clause cut out. */
function blueMax(withPreview: boolean): Program {
  if (withPreview) return loadProgram('rulesets/blue-max');
  const host: FileHost = {
    ...nodeHost,
    readFile: (path) => {
      const text = nodeHost.readFile(path);
      if (!path.endsWith('blue-max/flow.yaml') || text === undefined) return text;
      const full = typeof text === 'string' ? text : new TextDecoder().decode(text);
      const cut = full.replace(' preview maneuver_path(a, option)', '');
      if (cut === full) throw new Error('the maneuver choice has no preview clause to cut');
      return cut;
    },
  };
  const loaded = loadRuleset('rulesets/blue-max', host);
  expect([...loaded.diagnostics, ...checkRuleset(loaded.model!)].filter(isError)).toEqual([]);
  expect(loaded.model!.data.flow).not.toMatchObject({ phases: expect.arrayContaining([expect.objectContaining({ do: expect.stringContaining(' preview ') })]) });
  return compileRuleset(loaded.model!);
}

describe('determinism: a game with previews plays as one without', () => {
  test('Blue Max, every seat looking at every question: the same log and result as the rules without the clause', () => {
    const options = { opt_altitude: true, opt_fuel: true };
    const play = (p: Program, look: boolean) => {
      const game = startGame(p, { seed: 'preview-determinism', players: 4, options });
      const agent = new RandomAgent('preview-determinism');
      let previews = 0;
      for (let i = 0; game.pending && i < 3_000; i++) {
        if (look) {
          for (const seat of game.state.players.map((x) => x.id)) previews += game.view(seat).pending?.previews?.length ?? 0;
        }
        game.answer(agent.choose(game.pending));
      }
      return { game, previews };
    };
    const shown = play(blueMax(true), true);
    const plain = play(blueMax(false), false);
    expect(shown.previews).toBeGreaterThan(20);
    expect(shown.game.status).toBe('ended');
    expect(plain.game.status).toBe('ended');
    expect(JSON.stringify(shown.game.result)).toBe(JSON.stringify(plain.game.result));
    expect(JSON.stringify(shown.game.log)).toBe(JSON.stringify(plain.game.log));
    expect(JSON.stringify(shown.game.state)).toBe(JSON.stringify(plain.game.state));
  });
});
