import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { compileStandalone } from '../../interpreter/compile/index.ts';
import { RuleError } from '../../interpreter/runtime/errors.ts';
import { Runtime } from '../../interpreter/runtime/runtime.ts';
import { toJson } from '../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

/**
 * Queries whose condition starts with `u.prop == x` run in a loop of their own (compile/queries.ts).
 * Each pair below asks the same thing, the second with `true and` in front, which the closures run:
 * value, error and steps charged must be the same, on states from random skirmish games.
 */
const PAIRS: Array<[string, string]> = [
  ['select u in pieces where u.side == red', 'select u in pieces where true and u.side == red'],
  ['count u in pieces where u.side == side and u.attack > 2', 'count u in pieces where true and u.side == side and u.attack > 2'],
  ['first u in pieces where u.side == blue and u.area == blue_camp', 'first u in pieces where true and u.side == blue and u.area == blue_camp'],
  ['any u in pieces where u.area == village and size(neighbours(u.area)) > 3', 'any u in pieces where true and u.area == village and size(neighbours(u.area)) > 3'],
  ['count u in pieces where u.side == red and (u.attack == 3 or size(select e in pieces where e.side != u.side) > 2)', 'count u in pieces where true and u.side == red and (u.attack == 3 or size(select e in pieces where e.side != u.side) > 2)'],
  ['count u in pieces where u.side == player', 'count u in pieces where true and u.side == player'],
  ['count x in [red_camp, blue_camp] where x.side == red', 'count x in [red_camp, blue_camp] where true and x.side == red'],
  ['select x in [1, none] where x.attack == 2', 'select x in [1, none] where true and x.attack == 2'],
  ['select x in append(unplaced_of_kind("unit"), [none]) where x.side == blue', 'select x in append(unplaced_of_kind("unit"), [none]) where true and x.side == blue'],
];

type Outcome = { value: unknown } | { error: string; message: string };

function run(rt: Runtime, text: string): { outcome: Outcome; steps: number } {
  const c = compileStandalone(rt.program, text);
  expect(c.error, text).toBeUndefined();
  rt.steps = 0;
  try {
    return { outcome: { value: toJson(c.eval!(rt.frame({ slots: c.slots }, null, null, -1))) }, steps: rt.steps };
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { outcome: { error: e.code, message: e.message }, steps: rt.steps };
  }
}

describe('queries starting with `u.prop == x`', () => {
  test('should give the value, error and steps of the same condition run by the closures', () => {
    const program = loadProgram('test/bench/skirmish');
    let compared = 0;
    const seen = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      const game = startGame(program, { seed });
      const agent = new RandomAgent(seed);
      for (let d = 0; game.pending && d < 40; d++) {
        if (d % 8 === 0) {
          const rt = new Runtime(program, JSON.parse(JSON.stringify(game.state)));
          for (const [fast, slow] of PAIRS) {
            const a = run(rt, fast);
            expect(a, fast).toEqual(run(rt, slow));
            seen.add(JSON.stringify(a.outcome).slice(0, 20));
            compared++;
          }
        }
        game.answer(agent.choose(game.pending));
      }
    }
    expect(compared).toBeGreaterThan(PAIRS.length * 6);
    // Both values and errors were compared, not only one kind of outcome.
    expect([...seen].some((s) => s.startsWith('{"error"'))).toBe(true);
    expect([...seen].some((s) => s.startsWith('{"value"'))).toBe(true);
  });
});

describe('`any`, `all` and `first` stop at the item that decides', () => {
  // Each condition would stop the game on the item after the one that decides (a division by zero,
  // none compared as a number, a member a number lacks): reached, they would be errors.
  const CASES: Array<[string, unknown]> = [
    ['any x in [1, 0] where 6 / x > 1', true],
    ['all x in [1, 0] where 6 / x > 6', false],
    ['first x in [2, none] where x > 1', 2],
    ['any x in [red_camp, 5] where x.name == "red_camp"', true],
    ['first x in [red_camp, 5] where x.name == "red_camp"', 'red_camp'],
  ];
  test.each(CASES)('%s', (text, value) => {
    const program = loadProgram('test/bench/skirmish');
    const rt = new Runtime(program, JSON.parse(JSON.stringify(startGame(program, { seed: 1 }).state)));
    expect(run(rt, text).outcome).toEqual({ value });
    // The same item list, with the deciding item last, is gone through to the end and fails.
    const swapped = text.replace(/\[(.*), (.*)\]/, '[$2, $1]');
    expect(run(rt, swapped).outcome).toHaveProperty('error');
  });
});
