/**
 * A `let` holding a table's row that the rest of its block only reads plain fields of shares one
 * converted cell (compile/shared-rows.ts, runtime/tables.ts `sharedCell`) instead of a fresh copy
 * per lookup. The proof that a local only reads, the tables whose fields allow it, and that the
 * games it runs in are the games copies played (logs on take the copying path).
 */
import { describe, expect, test } from 'vitest';
import { parseScript } from '../../grammar/index.ts';
import { fieldsOnlyRead } from '../../interpreter/compile/shared-rows.ts';
import type { Program } from '../../interpreter/runtime/index.ts';
import { sharedCell, sharedFields } from '../../interpreter/runtime/tables.ts';
import type { Runtime } from '../../interpreter/runtime/runtime.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

/** What follows `let m = …` in a block. */
function rest(script: string): ReturnType<typeof fieldsOnlyRead> {
  const { ast, diagnostics } = parseScript(script);
  expect(diagnostics).toEqual([]);
  return fieldsOnlyRead('m', ast.body);
}

describe('which locals only read plain fields (fieldsOnlyRead)', () => {
  test('fields read anywhere after the let, nested blocks and queries included, are listed once', () => {
    expect(rest('let a = m.speed + 1\nif m.glide then log "{m.fuel}" end\nlet xs = select c in [1, 2] where c < m.speed')).toEqual(['fuel', 'glide', 'speed']);
  });

  test('a field of a field counts as reading the first field (its value must then be plain)', () => {
    expect(rest('log "{m.stats.hp}"')).toEqual(['stats']);
  });

  test('the local itself, passed, stored, compared or returned, is not only read', () => {
    for (const use of ['log "{m}"', 'let n = m', 'return m', 'x = [m]', 'if m == none then stop end', 'f(m)']) expect(rest(use), use).toBeNull();
  });

  test('an assignment to the local or through it is not only read', () => {
    for (const use of ['m = 3', 'm.speed = 3', 'm.speed += 1', 'm.path[1] = "F"']) expect(rest(use), use).toBeNull();
  });

  test('a local, loop binder or query binder of the same name is left alone', () => {
    for (const use of ['if true then let m = 2 end', 'for each m in [1] do log "{m}" end', 'let n = count m in [1] where m > 0']) expect(rest(use), use).toBeNull();
  });
});

function program(tables: string[], script: string): Program {
  const text = [
    'rulesmith: 1',
    'id: shared_rows',
    'name: Shared rows',
    'sides: { a: { name: A }, b: { name: B } }',
    'variables:',
    '  out: { type: list, initial: [] }',
    'tables:',
    ...tables.map((t) => `  ${t}`),
    'procedures:',
    '  speeds:',
    '    params: [k]',
    '    do: |',
    ...script.split('\n').map((l) => `      ${l}`),
    'flow:',
    '  rounds: { until: "true" }',
    '  phases:',
    '    - id: p',
    '      do: |',
    '        out = [speeds(1), speeds(2), speeds(1)]',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  return programFromText(text);
}

function outOf(p: Program, log: 'full' | 'none'): unknown {
  const game = startGame(p, { seed: 1, players: 2 }, { log });
  expect(game.result).not.toBeNull();
  return game.state.vars.out;
}

const MANEUVERS = 't: { rows: { "1": { speed: 2, glide: false, path: [F, L] }, "2": { speed: 4, glide: true, path: [F] } } }';

describe('a shared row plays the game a copied row plays', () => {
  test('reading plain fields gives the same values with logs off (shared) and on (copied)', () => {
    const p = program([MANEUVERS], 'let m = t[k]\nreturn if m.glide then 0 else m.speed * 10 + size(t[k].path)');
    expect(outOf(p, 'none')).toEqual([22, 0, 22]);
    expect(outOf(p, 'full')).toEqual([22, 0, 22]);
  });

  test('a local changed after the lookup still changes alone, and the table keeps its cell', () => {
    const p = program([MANEUVERS], 'let m = t[k]\nm.speed += 5\nreturn m.speed * 10 + t[k].speed');
    expect(outOf(p, 'none')).toEqual([72, 94, 72]);
  });
});

describe('the cells sharedCell shares', () => {
  function runtimeOf(p: Program): Runtime {
    return startGame(p, { seed: 1, players: 2 }, { log: 'none' }).rt;
  }
  const at = { path: ['procedures', 'speeds'], span: { start: 0, end: 0, line: 1, column: 1 } };

  test('one frozen record per cell, the same at every lookup', () => {
    const rt = runtimeOf(program([MANEUVERS], 'return t[k].speed'));
    const first = sharedCell(rt, 't', [1], 0, at, sharedFields(['glide', 'speed']));
    expect(first).toMatchObject({ speed: 2, glide: false, path: ['F', 'L'] });
    expect(sharedCell(rt, 't', [1], 0, at, sharedFields(['speed']))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first as { path: unknown }).path)).toBe(true);
    expect(sharedCell(rt, 't', [2], 0, at, sharedFields(['speed']))).not.toBe(first);
  });

  test('not where a field read may hold a list or record, nor where a cell is not a record, nor for a missing row', () => {
    const rt = runtimeOf(program([MANEUVERS, 'u: { rows: { "1": { n: 1 }, "2": 7 } }'], 'return t[k].speed'));
    expect(sharedCell(rt, 't', [1], 0, at, sharedFields(['path']))).toBeUndefined();
    expect(sharedCell(rt, 'u', [1], 0, at, sharedFields(['n']))).toBeUndefined();
    expect(sharedCell(rt, 't', [3], 0, at, sharedFields(['speed']))).toBeUndefined();
  });
});
