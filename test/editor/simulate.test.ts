import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { summarise } from '../../interpreter/index.ts';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { playRange } from '../../interpreter/cli/simulate-games.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import { split } from '../../editor/simulate/batches.ts';
import { playGames } from '../../editor/simulate/sim-games.ts';
import { ROOT, shippedGame } from './helpers.ts';

describe('simulation (the simulate worker job)', () => {
  test('games played in batches in the browser should be the games `rulesmith simulate` plays, seed for seed', () => {
    const compiled = compileEntry(shippedGame('dragut'), 'rulesets/dragut/ruleset.yaml');
    if (!compiled.ok) throw new Error(compiled.message);
    const plan = { seed: 'S', options: { stop_after_combat: true, no_such_option: 1 } };
    const browser = split(12, 3).flatMap((b) => {
      const r = playGames(compiled.program, plan, b.from, b.to);
      if ('problems' in r) throw new Error(r.problems.join());
      return r;
    });
    const io = { out: () => undefined, err: () => undefined, color: false };
    const cli = programFor(join(ROOT, 'rulesets/dragut'), io);
    if (typeof cli === 'number') throw new Error('the CLI could not load dragut');
    const records = playRange(cli, { path: 'rulesets/dragut', seed: 'S', options: { stop_after_combat: true }, agents: ['random'] }, 1, 12);
    expect(browser).toEqual(records);
    expect(summarise(browser, compiled.program).winners).toEqual(summarise(records as typeof browser, cli).winners);
  });

  test('per-seat agents (a level for one seat) should play the games `rulesmith simulate --agents` plays; random is the default', () => {
    const nim = 'test/fixtures/runtime/nim/ruleset.yaml';
    const compiled = compileEntry({ [nim]: readFileSync(join(ROOT, nim), 'utf8') }, nim);
    if (!compiled.ok) throw new Error(compiled.message);
    const plan = { seed: 'L', options: {}, agents: ['easy', 'random'] };
    const browser = playGames(compiled.program, plan, 1, 4);
    const io = { out: () => undefined, err: () => undefined, color: false };
    const cli = programFor(join(ROOT, 'test/fixtures/runtime/nim'), io);
    if (typeof cli === 'number') throw new Error('the CLI could not load nim');
    expect(browser).toEqual(playRange(cli, { path: 'test/fixtures/runtime/nim', seed: 'L', options: {}, agents: ['easy', 'random'] }, 1, 4));
    // Easy as the first player finds Nim's forced win; the default (random for every seat) is unchanged.
    expect((browser as Array<{ result: { winner: string } }>).map((r) => r.result.winner)).toEqual(['first', 'first', 'first', 'first']);
    expect(playGames(compiled.program, { seed: 'L', options: {} }, 1, 4)).toEqual(playGames(compiled.program, { seed: 'L', options: {}, agents: ['random'] }, 1, 4));
  });

  test('batches should cover every game once, small enough to share between workers', () => {
    const batches = split(200, 2);
    expect(batches[0]).toEqual({ from: 1, to: 13 });
    expect(batches.at(-1)!.to).toBe(200);
    expect(batches.reduce((n, b) => n + b.to - b.from + 1, 0)).toBe(200);
    expect(split(1, 4)).toEqual([{ from: 1, to: 1 }]);
  });
});
