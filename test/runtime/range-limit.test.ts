import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compileEntry } from '../../editor/play/compile.ts';
import { FirstAgent, playWith } from '../../interpreter/agents/index.ts';
import { MAX_RANGE_ITEMS, iterable } from '../../interpreter/runtime/collections.ts';
import type { Runtime } from '../../interpreter/runtime/runtime.ts';
import { RangeValue } from '../../interpreter/runtime/values.ts';

const ROOT = join(import.meta.dirname, '../..');
const SLOW_NIM = readFileSync(join(ROOT, 'test/fixtures/editor/slow-nim/ruleset.yaml'), 'utf8');
const PATH = 'test/fixtures/editor/slow-nim/ruleset.yaml';

/** Slow Nim with each turn going through `range` instead of `1..effort`. */
function nimGoingThrough(range: string) {
  const text = SLOW_NIM.replace('count k in 1..effort where', `count k in ${range} where`);
  expect(text).not.toBe(SLOW_NIM);
  const compiled = compileEntry({ [PATH]: text }, PATH);
  if (!compiled.ok) throw new Error(compiled.message);
  const played = playWith(compiled.program, { seed: 1 }, new FirstAgent(), { log: 'none', maxDecisions: 2 });
  if ('problems' in played) throw new Error(played.problems.map((p) => p.message).join());
  return played.game;
}

describe('ranges a script goes through (runtime/collections.ts)', () => {
  test('a range of a trillion numbers should stop the game with range-too-large at its line, not exhaust memory', () => {
    const game = nimGoingThrough('1..1000000000000');
    expect(game.status).toBe('error');
    expect(game.error).toMatchObject({ code: 'range-too-large', file: PATH, range: { start: { line: 27 } } });
    expect(game.error?.hint).toBeTruthy();
  });

  test('a range of exactly the limit should still be gone through, one more number should not', () => {
    expect(MAX_RANGE_ITEMS).toBe(10_000_000);
    // Going through a range reads nothing of the game but charges its steps: a runtime stand-in with
    // a budget past the limit (a game's own budget, 1,000,000 steps, would stop it first).
    const rt = { steps: 0, opts: { stepBudget: 10 * MAX_RANGE_ITEMS } } as unknown as Runtime;
    const at = { path: ['test'], span: { start: 0, end: 0 } };
    expect(iterable(rt, new RangeValue(5, 4 + MAX_RANGE_ITEMS), at)).toHaveLength(MAX_RANGE_ITEMS);
    expect(() => iterable(rt, new RangeValue(5, 5 + MAX_RANGE_ITEMS), at)).toThrow(/holds more than 10,000,000 numbers/);
  });
});
