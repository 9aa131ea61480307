import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { compileRuleset, loadRuleset, type Program } from '../../interpreter/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { playRange, type SimulationPlan } from '../../interpreter/cli/simulate-games.ts';
import { GamePool, type PoolReport } from '../../interpreter/cli/simulate-run.ts';
import { runCli } from './run-cli.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DUEL = 'test/fixtures/runtime/duel';
const HOUSE = `${DUEL}/variants/house.yaml`;

const compile = (path: string): Program => compileRuleset(loadRuleset(path, nodeHost).model!);
const planFor = (path: string, extra: Partial<SimulationPlan> = {}): SimulationPlan => ({ path, seed: 'pool', options: {}, agents: ['random'], ...extra });
const files = (dir: string) => readdirSync(dir).sort().map((f) => `${f}\n${readFileSync(join(dir, f), 'utf8')}`);

describe('the simulate worker pool', () => {
  test('1, 2 and 3 threads should give byte-identical records and replays, every thread playing some games', async () => {
    const program = compile(DUEL);
    const dirs = [1, 2, 3].map((n) => mkdtempSync(join(tmpdir(), `pool-${n}-`)));
    const single = playRange(program, planFor(DUEL, { replays: dirs[0] }), 1, 40);
    for (const threads of [2, 3]) {
      const pool = new GamePool(threads, { waitForWorkers: true });
      let ticks = 0;
      const records = await pool.play(program, planFor(DUEL, { replays: dirs[threads - 1] }), [1, 40], () => ticks++);
      await pool.close();
      expect(JSON.stringify(records)).toBe(JSON.stringify(single));
      expect(ticks).toBe(40);
      expect(files(dirs[threads - 1]!)).toEqual(files(dirs[0]!));
      const report = pool.report();
      expect(report.threads.map((t) => t.thread)).toEqual(['main', 'worker 1', 'worker 2'].slice(0, threads));
      for (const t of report.threads) expect(t.games, t.thread).toBeGreaterThan(0);
      expect(report.threads.reduce((n, t) => n + t.games, 0)).toBe(40);
      for (const t of report.threads.slice(1)) expect(t.heapPeakBytes, t.thread).toBeGreaterThan(1 << 20);
      expect(report.rssPeakBytes).toBeGreaterThan(report.threads[1]!.heapPeakBytes);
    }
  }, 120_000);

  test('one pool should keep its workers for a second rule set, and play a block of games (a shard) by global index', async () => {
    const [duel, house] = [compile(DUEL), compile(HOUSE)];
    const pool = new GamePool(3, { waitForWorkers: true });
    try {
      const a = await pool.play(duel, planFor(DUEL, { facts: true }), [1, 24], () => {});
      const b = await pool.play(house, planFor(HOUSE, { facts: true }), [11, 34], () => {});
      expect(JSON.stringify(a)).toBe(JSON.stringify(playRange(duel, planFor(DUEL, { facts: true }), 1, 24)));
      expect(JSON.stringify(b)).toBe(JSON.stringify(playRange(house, planFor(HOUSE, { facts: true }), 11, 34)));
    } finally {
      await pool.close();
    }
    const report = pool.report();
    // The same two worker threads played both runs: none was started for the second.
    expect(report.threads.map((t) => t.thread)).toEqual(['main', 'worker 1', 'worker 2']);
    expect(report.threads.reduce((n, t) => n + t.games, 0)).toBe(48);
  }, 120_000);

  test('workers started early read the rules from disk; if a file changed since this thread checked it, they play the checked text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-changed-'));
    const entry = join(dir, 'ruleset.yaml');
    const text = readFileSync(join(DUEL, 'ruleset.yaml'), 'utf8').replace('# yaml-language-server: $schema=../../../../grammar/ruleset.schema.json\n', '');
    writeFileSync(entry, text);
    const program = compile(dir);
    // Edited after the check: two rounds by default instead of three.
    writeFileSync(entry, text.replace('short: { type: boolean, default: false', 'short: { type: boolean, default: true'));
    expect(compile(dir).hash).not.toBe(program.hash);
    const pool = new GamePool(2, { waitForWorkers: true });
    pool.prestart(20, dir);
    const records = await pool.play(program, planFor(dir), [1, 20], () => {});
    await pool.close();
    expect(JSON.stringify(records)).toBe(JSON.stringify(playRange(program, planFor(dir), 1, 20)));
    expect(pool.report().threads[1]!.games).toBeGreaterThan(0);
  }, 60_000);

  test('a worker that fails should be reported as a message, without a stack trace, and the pool stopped', async () => {
    const program = compile(DUEL);
    const pool = new GamePool(2, { waitForWorkers: true });
    // The worker loads the rules again by the plan's path; this one names nothing.
    const r = await pool.play(program, planFor('test/fixtures/runtime/no-such-ruleset'), [1, 10], () => {});
    expect(r).toEqual({ problems: [expect.stringMatching(/^worker 1 stopped: cannot load test\/fixtures\/runtime\/no-such-ruleset: /)] });
    expect(JSON.stringify(r)).not.toMatch(/\n\s+at |\.ts:\d+/);
    expect(pool.report().threads.map((t) => t.games)).toEqual([0, 0]);
  }, 60_000);
});

describe('rulesmith simulate --workers', () => {
  test('--json should print the same bytes with 1, 2 and 3 workers, also when comparing two rule sets', async () => {
    const argv = ['simulate', DUEL, '--games', '60', '--seed', 'w', '--json'];
    const one = await runCli([...argv, '--workers', '1']);
    expect(one.code).toBe(0);
    for (const n of ['2', '3']) expect((await runCli([...argv, '--workers', n])).out).toBe(one.out);
    const compare = [...argv, '--compare', HOUSE];
    const c1 = await runCli([...compare, '--workers', '1']);
    expect(c1.code).toBe(0);
    expect((await runCli([...compare, '--workers', '3'])).out).toBe(c1.out);
  }, 120_000);

  test('a small run should use no worker thread, and --verbose should say so (JSON with --json)', async () => {
    const r = await runCli(['simulate', DUEL, '--games', '20', '--json', '--verbose']);
    expect(r.code).toBe(0);
    const report = (JSON.parse(r.err) as { pool: PoolReport }).pool;
    expect(report.threads).toHaveLength(1);
    expect(report.threads[0]).toMatchObject({ thread: 'main', games: 20, heapPeakBytes: expect.any(Number) });
    if (process.platform === 'linux') expect(report.threads[0]!.cpuMs).toBeLessThanOrEqual(report.cpuMs);
    expect(report.cpuMs).toBeGreaterThan(0);
    const text = await runCli(['simulate', DUEL, '--games', '20', '--workers', '2', '--verbose']);
    expect(text.err).toMatch(/^threads: 2 \(this one and 1 worker thread\)\n {2}main {6}games +\d+ {2}heap peak +[\d.]+ MB( {2}CPU +[\d.]+ s)?\n {2}worker 1 .*\n {2}process: peak memory \(RSS, all threads\) [\d.]+ MB, CPU [\d.]+ s\n$/);
    expect(text.out).toBe((await runCli(['simulate', DUEL, '--games', '20'])).out);
  }, 60_000);

  test('--workers should take a positive whole number or auto', async () => {
    expect((await runCli(['simulate', DUEL, '--games', '5', '--workers', 'auto'])).code).toBe(0);
    for (const bad of ['0', '1.5', 'two']) {
      const r = await runCli(['simulate', DUEL, '--games', '5', '--workers', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.err).toBe('rulesmith simulate: --workers takes a positive whole number or auto\n');
    }
  });

  test('the command should exit once its games are played: no worker thread keeps the process alive', () => {
    // A bound for a hang, not a timing check: a process kept alive by a thread is killed and fails.
    const r = spawnSync(process.execPath, ['bin/rulesmith.js', 'simulate', DUEL, '--games', '30', '--seed', 'x', '--workers', '3', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 30, ended: 30 });
  }, 130_000);
});
