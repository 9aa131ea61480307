/**
 * Setting a member (or an element) of `none` stops the game with `member-of-none`, as reading one
 * does: what fails is a value the game holds (an empty `select`), not the rules' text, so it is
 * not `not-assignable` (which the fuzzer counts as a mistake the checker could have found).
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

function play(setup: string): Game {
  const text = [
    'rulesmith: 1',
    'id: none_target',
    'name: None target',
    'sides: { a: { name: A }, b: { name: B } }',
    'variables: { r: { type: record, initial: { n: 1 } } }',
    'pieces: { token: { count: 1, props: { speed: 2 } } }',
    'setup: |',
    ...setup.split('\n').map((l) => `  ${l}`),
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "r.n = 2" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const g = Game.start(compileRuleset(loaded.model!), { seed: 1 }, { log: 'none' });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

describe('setting a member of none', () => {
  test('a member of none found by an empty select should stop the game with member-of-none and a hint', () => {
    const g = play('let t = first q in pieces where q.speed > 5\nt.owner = none');
    expect(g.status).toBe('error');
    expect(g.error).toMatchObject({ code: 'member-of-none', file: 'r.yaml', range: { start: { line: 9, column: 3 } } });
    expect(g.error?.message).toBe('Cannot set `owner` of none.');
    expect(g.error?.hint).toContain('not `none`');
  });

  test('an element of none should stop the game with member-of-none', () => {
    const g = play('let l = none\nl[1] = 2');
    expect(g.error).toMatchObject({ code: 'member-of-none', range: { start: { line: 9 } } });
  });

  test('a member of a value that has none to set should still be not-assignable', () => {
    const g = play('let n = 3\nn.size = 2');
    expect(g.error).toMatchObject({ code: 'not-assignable', range: { start: { line: 9 } } });
  });
});
