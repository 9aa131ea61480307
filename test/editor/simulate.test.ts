import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { summarise } from '../../interpreter/index.ts';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { playRange } from '../../interpreter/cli/simulate-games.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import { MAX_BATCH, queue, split } from '../../editor/simulate/batches.ts';
import { duration } from '../../interpreter/analysis/duration.ts';
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
    // A comparison's records carry seats and margins, as `rulesmith simulate --compare` records them.
    const withFacts = playGames(compiled.program, { ...plan, facts: true }, 1, 4);
    expect(withFacts).toEqual(playRange(cli, { path: 'rulesets/dragut', seed: 'S', options: { stop_after_combat: true }, agents: ['random'], facts: true }, 1, 4));
    expect((withFacts as Array<{ margin?: unknown; seats?: unknown }>).every((r) => typeof r.margin === 'number' && r.seats !== undefined)).toBe(true);
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

  test('each game should be reported as it ends, with its record and number, in order', () => {
    const compiled = compileEntry(shippedGame('dragut'), 'rulesets/dragut/ruleset.yaml');
    if (!compiled.ok) throw new Error(compiled.message);
    const seen: Array<[number, string]> = [];
    const records = playGames(compiled.program, { seed: 'P', options: {} }, 3, 5, (record, n) => seen.push([n, record.seed]));
    if ('problems' in records) throw new Error(records.problems.join());
    expect(seen).toEqual([[3, 'P:3'], [4, 'P:4'], [5, 'P:5']]);
    expect(records.map((r) => r.seed)).toEqual(['P:3', 'P:4', 'P:5']);
  });

  test('a variant and its base should take turns in the queue, so both advance together over the same seeds', () => {
    const q = queue(200, 2, 2);
    expect(q.slice(0, 4)).toEqual([{ run: 0, from: 1, to: 13 }, { run: 1, from: 1, to: 13 }, { run: 0, from: 14, to: 26 }, { run: 1, from: 14, to: 26 }]);
    for (const run of [0, 1]) {
      const mine = q.filter((b) => b.run === run);
      expect(mine.map(({ from, to }) => ({ from, to }))).toEqual(split(200, 2));
    }
    // However far the queue has got, the runs are at most one batch apart.
    for (let k = 1; k <= q.length; k++) {
      const played = [0, 1].map((run) => q.slice(0, k).filter((b) => b.run === run).reduce((n, b) => n + b.to - b.from + 1, 0));
      expect(Math.abs(played[0]! - played[1]!)).toBeLessThanOrEqual(13);
    }
    expect(queue(5, 1, 4)).toEqual(split(5, 4).map((b) => ({ run: 0, ...b })));
  });

  test('with games known from an earlier run, only the others should be queued, in the same turns and batch sizes', () => {
    // Nothing known: every game of both runs, in turns.
    expect(queue(200, 2, 2, () => false)).toEqual(split(200, 2).flatMap((b) => [{ run: 0, ...b }, { run: 1, ...b }]));
    // The base's first 100 games are known (a shorter run before): the variant's 200 and the base's last 100.
    const q = queue(200, 2, 2, (run, n) => run === 1 && n <= 100);
    const games = (run: number) => q.filter((b) => b.run === run).flatMap((b) => Array.from({ length: b.to - b.from + 1 }, (_, i) => b.from + i));
    expect(games(0)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(games(1)).toEqual(Array.from({ length: 100 }, (_, i) => i + 101));
    expect(q.every((b) => b.to - b.from + 1 <= 13)).toBe(true);
    expect(q.slice(0, 2)).toEqual([{ run: 0, from: 1, to: 13 }, { run: 1, from: 101, to: 113 }]);
    // Holes: each run of missing games is cut on its own; all known, nothing to play.
    expect(queue(10, 1, 1, (_, n) => n % 3 === 0).map((b) => [b.from, b.to])).toEqual([[1, 2], [4, 5], [7, 8], [10, 10]]);
    expect(queue(10, 2, 1, () => true)).toEqual([]);
  });

  test('times should read to the precision that matters', () => {
    expect([850, 12_400, 185_000, 180_000, 7_440_000, 7_200_000].map(duration)).toEqual(['850 ms', '12 s', '3 min 5 s', '3 min', '2 h 4 min', '2 h']);
  });

  test('batches should cover every game once, small enough to share between workers', () => {
    const batches = split(200, 2);
    expect(batches[0]).toEqual({ from: 1, to: 13 });
    expect(batches.at(-1)!.to).toBe(200);
    expect(batches.reduce((n, b) => n + b.to - b.from + 1, 0)).toBe(200);
    expect(split(1, 4)).toEqual([{ from: 1, to: 1 }]);
    // Long runs are cut into batches of at most MAX_BATCH games, so a variant and its base keep pace.
    expect(split(5000, 2)[0]).toEqual({ from: 1, to: MAX_BATCH });
    expect(split(5000, 2).length).toBe(Math.ceil(5000 / MAX_BATCH));
  });
});
