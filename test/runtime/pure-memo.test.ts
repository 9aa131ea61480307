/**
 * Pure procedures' values kept by their arguments (runtime/pure-memo.ts): which calls are kept,
 * and that a kept call is served (same value, a copy, its steps charged again). That kept values
 * leave a bot's priors and steps unchanged is test/agents/decision-cost.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { callPure, type PureMemo } from '../../interpreter/runtime/pure-memo.ts';
import type { Value } from '../../interpreter/runtime/values.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const TEXT = [
  'rulesmith: 1',
  'id: pure_memo',
  'name: Pure memo',
  'sides: { a: { name: A }, b: { name: B } }',
  'pieces: { token: { count: 2 } }',
  'procedures:',
  '  both:',
  '    params: [x, y]',
  '    do: return [x, y]',
  'flow:',
  '  rounds: { until: "true" }',
  '  phases:',
  '    - id: p',
  '      do: "let l = both(1, 2)"',
  'victory: { do: "end game with { winner: none }" }',
].join('\n');

function setUp(): { call: (args: Value[]) => Value; memo: PureMemo; steps: () => number } {
  const program = programFromText(TEXT);
  const rt = startGame(program, { seed: 1, players: 2 }, { log: 'none' }).rt;
  const script = program.procedures.get('both')!;
  expect(script.pure).toBe(true);
  const memo: PureMemo = new Map();
  const at = { path: ['flow'], span: { start: 0, end: 0, line: 1, column: 1 } };
  return { call: (args) => callPure(rt, memo, script, 'both', args, at), memo, steps: () => rt.steps };
}

describe('pure procedures kept by their arguments', () => {
  test('a call made again with the same plain arguments is served: an equal copy, the same steps', () => {
    const { call, memo, steps } = setUp();
    const s0 = steps();
    const first = call([1, 'x']);
    const cost = steps() - s0;
    expect(cost).toBeGreaterThan(0);
    const kept = memo.get('both')?.next?.get(1)?.next?.get('x')?.call;
    expect(kept?.value).toEqual([1, 'x']);
    const again = call([1, 'x']);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(again).not.toBe(kept!.value);
    expect(steps() - s0).toBe(2 * cost);
  });

  test('arguments are told apart by type and value: 1 and "1", true and "t", none', () => {
    const { call, memo } = setUp();
    expect(call([1, null])).toEqual([1, null]);
    expect(call(['1', null])).toEqual(['1', null]);
    expect(call([true, 't'])).toEqual([true, 't']);
    expect(call(['t', true])).toEqual(['t', true]);
    const next = memo.get('both')!.next!;
    expect([...next.keys()]).toEqual([1, '1', true, 't']);
  });

  test('texts holding any character are kept apart (one key text made of them all could not tell these two calls apart)', () => {
    const { call } = setUp();
    expect(call(['x\u0001sy', 'z'])).toEqual(['x\u0001sy', 'z']);
    expect(call(['x', 'y\u0001sz'])).toEqual(['x', 'y\u0001sz']);
  });

  test('lists, records and -0 are not kept (a Map takes -0 for 0)', () => {
    const { call, memo } = setUp();
    expect(call([[1], 2])).toEqual([[1], 2]);
    expect(Object.is((call([-0, 1]) as Value[])[0], -0)).toBe(true);
    expect(memo.size).toBe(0);
    expect(call([0, 1])).toEqual([0, 1]);
    expect(memo.get('both')?.next?.get(0)?.next?.get(1)?.call).toBeDefined();
  });
});
