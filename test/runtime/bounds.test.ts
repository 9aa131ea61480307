/**
 * Every resource a game uses is bounded by counting, never by timing (issue 12, item 4): the step
 * budget charges statements, dice, items gone through, cards shuffled and pieces placed or created;
 * dice per roll, pieces and cards have limits the runtime enforces even on an unchecked model.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { LIMITS } from '../../interpreter/check/limits.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { DEFAULT_RUNTIME_OPTIONS, Game } from '../../interpreter/runtime/index.ts';

/** A two-side ruleset whose setup runs `setup`; `extra` adds top-level YAML. Never checked: the runtime must hold alone. */
function ruleset(setup: string, tokens = 3): ReturnType<typeof compileRuleset> {
  const text = [
    'rulesmith: 1',
    'id: bounds',
    'name: Bounds',
    'sides: { a: { name: A }, b: { name: B } }',
    'variables: { x: { type: number, initial: 0 } }',
    `pieces: { token: { count: ${tokens} } }`,
    'zones: { box: {} }',
    'decks: { pile: { cards: [ { id: c, count: 5 } ] } }',
    'setup: |',
    ...setup.split('\n').map((l) => `  ${l}`),
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "x = 0" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return compileRuleset(loaded.model!);
}

function run(setup: string, budget?: number, tokens?: number, log: 'full' | 'none' = 'full'): Game {
  const g = Game.start(ruleset(setup, tokens), { seed: 1 }, { log, ...(budget === undefined ? {} : { stepBudget: budget }) });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

describe('step budget', () => {
  test('an endless while should stop at the default budget with a positioned error, at the same step every run', () => {
    const loop = 'while true max 1000000000 do\n  x += 1\nend';
    // Logged (as in the editor and `play`) and unlogged (as in `simulate`): the same stop.
    const games = [run(loop), run(loop, undefined, undefined, 'none')];
    for (const g of games) {
      expect(g.status).toBe('error');
      expect(g.error).toMatchObject({ code: 'step-budget-exceeded', file: 'r.yaml', range: { start: { line: 11 } } });
      expect(g.error?.hint).toContain('max N');
    }
    expect(games[0]!.rt.steps).toBe(DEFAULT_RUNTIME_OPTIONS.stepBudget + 1);
    expect(games[0]!.state.vars.x).toBe(games[1]!.state.vars.x);
  });

  test('the default budget should stay far above the longest shipped games (about 120,000 steps)', () => {
    expect(DEFAULT_RUNTIME_OPTIONS.stepBudget).toBeGreaterThanOrEqual(8 * 120_000);
  });

  test('pieces and cards created at the start should be charged', () => {
    expect(run('x = 1', undefined, 103).rt.steps - run('x = 1').rt.steps).toBe(100);
    // 3 tokens and 5 cards: a budget below 8 stops the game before its first statement.
    expect(run('x = 1', 7).error).toMatchObject({ code: 'step-budget-exceeded' });
  });

  test('each die rolled should cost a step, charged before the dice are rolled', () => {
    const base = run('x = 1').rt.steps;
    expect(run('x = (1000)d6').rt.steps - base).toBe(1000);
    const g = run('x = (1000)d6', base + 500);
    expect(g.error).toMatchObject({ code: 'step-budget-exceeded', range: { start: { line: 10 } } });
  });

  test('a huge range should stop at the budget before it is built', () => {
    // 5,000,000 numbers: under the range limit (10,000,000), over the step budget (1,000,000).
    const g = run('for each i in 1..5000000 do\n  x = i\nend');
    expect(g.error?.code).toBe('step-budget-exceeded');
    expect(g.state.vars.x).toBe(0);
    expect(run('x = count i in 1..5000000 where i > 0').error?.code).toBe('step-budget-exceeded');
    // Past the range limit it is refused as too large, also before it is built.
    expect(run('x = count i in 1..1000000000 where i > 0').error?.code).toBe('range-too-large');
  });

  test('items gone through by loops, queries and built-ins should be charged', () => {
    const base = run('x = 1').rt.steps;
    expect(run('x = count i in [1, 2, 3, 4] where i > 2').rt.steps - base).toBe(4);
    expect(run('x = size(1..100)').rt.steps - base).toBe(100);
  });

  test('shuffling should cost a step per card, and placing a step per piece', () => {
    const base = run('x = 1').rt.steps;
    expect(run('shuffle pile').rt.steps - base).toBe(5);
    expect(run('place 3 of token in box').rt.steps - base).toBe(3);
  });
});

describe('limits at run time', () => {
  test('a roll of more dice than the limit should stop the game with too-many-dice, not allocate them', () => {
    const g = run('x = 2000000000\nx = (x)d6');
    expect(g.error).toMatchObject({ code: 'too-many-dice', range: { start: { line: 11 } } });
    expect(g.error?.message).toContain('1,000');
    expect(g.error?.hint).toBeDefined();
  });

  test('a text doubled in a loop should stop at the text limit with text-too-long, not fill memory', () => {
    const g = run('let s = "x"\nrepeat 100 times\n  s = "{s}{s}"\nend');
    expect(g.error).toMatchObject({ code: 'text-too-long', range: { start: { line: 12 } } });
    expect(g.error?.message).toContain(`at most ${LIMITS.textLength.toLocaleString('en-US')}`);
    expect(run('let s = "x"\nrepeat 100 times\n  s = s + s\nend').error?.code).toBe('text-too-long');
  });

  test('a value nested thousands deep should stop the game with value-too-deep where it is read, not an internal error', () => {
    const g = run('let l = [1]\nrepeat 200000 times\n  l = [l]\nend\nlog "{l}"');
    expect(g.error).toMatchObject({ code: 'value-too-deep', range: { start: { line: 14, column: 3 } } });
    expect(g.error?.hint).toContain('append');
  });

  test('a die with more sides than the limit should stop the game with die-too-large', () => {
    expect(run(`x = d${LIMITS.dieSides + 1}`).error?.code).toBe('die-too-large');
  });

  test('an unchecked model with too many pieces or cards should be refused at setup, before anything is created', () => {
    const program = ruleset('x = 1');
    const huge = { ...program, data: { ...program.data, pieces: { crowd: { count: 10_000_000 } }, decks: { pile: { cards: [{ id: 'c', count: 10_001 }] } } } } as typeof program;
    const g = Game.start(huge, { seed: 1 });
    expect(g).toEqual({ problems: [expect.objectContaining({ code: 'too-many-pieces' }), expect.objectContaining({ code: 'too-many-cards' })] });
  });

  test('the checker should report the same limits with positions', () => {
    const text = ['rulesmith: 1', 'pieces:', '  crowd: { count: 10000001 }', 'setup: |', '  let r = 1001d6'].join('\n');
    const loaded = loadRuleset('c.yaml', createMemoryHost({ 'c.yaml': text }));
    const codes = checkRuleset(loaded.model!).map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}`);
    expect(codes).toEqual(expect.arrayContaining(['too-many-pieces 3:19', 'too-many-dice 5:11']));
  });
});
