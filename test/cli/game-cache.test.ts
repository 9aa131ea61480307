// `--cache DIR`: games kept between runs give the same output as playing them, and only the games
// missing are played (a variant edited, a run extended, a run stopped by Ctrl-C).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Io } from '../../interpreter/cli/io.ts';
import { codeFingerprint, engineFingerprint, FINGERPRINT_FILE, GameCache, keepable, stampedFingerprint } from '../../interpreter/cli/game-cache.ts';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { runSimulate } from '../../interpreter/cli/simulate.ts';
import type { Program } from '../../interpreter/runtime/index.ts';
import { runCli } from './run-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const DUEL = 'test/fixtures/runtime/duel';
const BLOODY = `${DUEL}/variants/bloody.yaml`;
const HOUSE = `${DUEL}/variants/house.yaml`;
const fresh = () => mkdtempSync(join(tmpdir(), 'rulesmith-cache-'));

describe('--cache DIR', () => {
  test('simulate: the same output as playing, a second run plays nothing, and a longer run plays only the new games', async () => {
    const dir = fresh();
    const argv = ['simulate', DUEL, '--games', '30', '--seed', 'k', '--option', 'strict_test=true', '--json'];
    const plain = await runCli(argv);
    const cold = await runCli([...argv, '--cache', dir]);
    expect([cold.out, cold.code]).toEqual([plain.out, plain.code]);
    expect(JSON.parse(plain.out).errors.count).toBeGreaterThan(0);
    expect(cold.err).toBe(`rulesmith simulate: 0 games taken from ${dir}, 30 played and kept there\n`);
    const warm = await runCli([...argv, '--cache', dir]);
    expect(warm.out).toBe(plain.out);
    expect(warm.err).toBe(`rulesmith simulate: 30 games taken from ${dir}, 0 played and kept there\n`);
    const longer = ['simulate', DUEL, '--games', '45', '--seed', 'k', '--option', 'strict_test=true'];
    const extended = await runCli([...longer, '--cache', dir]);
    expect(extended.err).toContain('30 games taken from');
    expect(extended.err).toContain('15 played');
    expect(extended.out).toBe((await runCli(longer)).out);
    // Other options are another run: nothing kept applies.
    expect((await runCli(['simulate', DUEL, '--games', '5', '--seed', 'k', '--cache', dir])).err).toContain('0 games taken');
  }, 60_000);

  test('diff --simulate: the base\'s games are kept when the variant changes, and the comparison is the one played', async () => {
    const dir = fresh();
    const first = await runCli(['diff', DUEL, BLOODY, '--simulate', '20', '--seed', 'v', '--cache', dir]);
    expect(first.err).toContain('0 games taken');
    expect(first.err).toContain('40 played');
    const argv = ['diff', DUEL, HOUSE, '--simulate', '20', '--seed', 'v', '--json'];
    const second = await runCli([...argv, '--cache', dir]);
    expect(second.err).toBe(`rulesmith diff: 20 games taken from ${dir}, 20 played and kept there\n`);
    expect(second.out).toBe((await runCli(argv)).out);
    const again = await runCli(['simulate', DUEL, '--compare', HOUSE, '--games', '20', '--seed', 'v', '--cache', dir]);
    expect(again.err).toContain('40 games taken');
    expect(again.out).toBe((await runCli(['simulate', DUEL, '--compare', HOUSE, '--games', '20', '--seed', 'v'])).out);
  }, 60_000);

  test("simulate's games serve diff --simulate with the same seed and bots, and the other way round, each printing what it prints uncached", async () => {
    const dir = fresh();
    // A variant check's games (`simulate <variant>`) and the base's: the diff then plays nothing.
    const sim = (path: string, games: number) => ['simulate', path, '--games', String(games), '--seed', 'w', '--json'];
    expect((await runCli([...sim(DUEL, 12), '--cache', dir])).err).toContain('12 played');
    const variant = await runCli([...sim(BLOODY, 12), '--cache', dir]);
    expect(variant.out).toBe((await runCli(sim(BLOODY, 12))).out);
    const diff = ['diff', DUEL, BLOODY, '--simulate', '12', '--seed', 'w', '--json'];
    const warm = await runCli([...diff, '--cache', dir]);
    expect(warm.err).toBe(`rulesmith diff: 24 games taken from ${dir}, 0 played and kept there\n`);
    expect(warm.out).toBe((await runCli(diff)).out);
    // A diff's games (kept with their facts) serve a later simulate, whose output has none of them.
    const other = fresh();
    await runCli(['diff', DUEL, HOUSE, '--simulate', '8', '--seed', 'w', '--cache', other]);
    const taken = await runCli([...sim(HOUSE, 8), '--cache', other]);
    expect(taken.err).toContain('8 games taken');
    expect(taken.out).toBe((await runCli(sim(HOUSE, 8))).out);
  }, 60_000);

  test('progress should say how many of the games done were taken from the cache', async () => {
    const dir = fresh();
    const io: Io = { out: () => {}, err: () => {}, color: false };
    await runSimulate([DUEL, '--games', '6', '--seed', 'p', '--workers', '1', '--cache', dir], io);
    const calls: Array<[number, number, number | undefined]> = [];
    await runSimulate([DUEL, '--games', '10', '--seed', 'p', '--workers', '1', '--cache', dir], io, (done, total, restored) => calls.push([done, total, restored]));
    expect(calls).toEqual([[1, 10, 1], [2, 10, 2], [3, 10, 3], [4, 10, 4], [5, 10, 5], [6, 10, 6], [7, 10, 6], [8, 10, 6], [9, 10, 6], [10, 10, 6]]);
  });

  test('a run stopped by Ctrl-C keeps the games it finished, and the next run plays only the rest', async () => {
    const dir = fresh();
    const seen = { out: '', err: '', stop: undefined as (() => void) | undefined };
    const io: Io = { out: (t) => { seen.out += t; }, err: (t) => { seen.err += t; }, color: false, onInterrupt: (stop) => { seen.stop = stop; return () => {}; } };
    const argv = [DUEL, '--games', '40', '--seed', 'c', '--workers', '1', '--cache', dir];
    expect(await runSimulate(argv, io, (done) => done === 12 && seen.stop!())).toBe(130);
    expect(seen.err).toContain('12 played and kept there');
    const rest = await runCli(['simulate', ...argv]);
    expect(rest.err).toBe(`rulesmith simulate: 12 games taken from ${dir}, 28 played and kept there\n`);
    expect(rest.out).toBe((await runCli(['simulate', DUEL, '--games', '40', '--seed', 'c'])).out);
  }, 60_000);

  test('a line cut short is skipped and its game played again; files of other keys are left alone', async () => {
    const dir = fresh();
    const argv = ['simulate', DUEL, '--games', '10', '--seed', 'x', '--cache', dir];
    await runCli(argv);
    const [file] = readdirSync(dir) as [string];
    const lines = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
    // Game 10's line cut in half, as a process killed mid-write leaves it; and a line of another seed.
    writeFileSync(join(dir, file), `${lines.slice(0, 9).join('\n')}\n${lines[9]!.slice(0, 40)}`);
    appendFileSync(join(dir, file), `\n${lines[0]!.replace('"x:1"', '"y:1"')}\n`);
    const r = await runCli(argv);
    expect(r.err).toContain('9 games taken');
    expect(r.err).toContain('1 played');
    expect(r.out).toBe((await runCli(['simulate', DUEL, '--games', '10', '--seed', 'x'])).out);
  });

  test('runs whose games depend on more than the plan are not kept: replays, time budgets', async () => {
    const dir = fresh();
    const replays = await runCli(['simulate', DUEL, '--games', '3', '--replays', join(fresh(), 'r'), '--cache', dir]);
    expect(replays.err).toBe('rulesmith simulate: --cache keeps no games of this run (it writes replays); 3 played\n');
    const timed = await runCli(['simulate', DUEL, '--games', '1', '--agents', 'mcts:iterations=2,ms=50,random', '--cache', dir]);
    expect(timed.err).toContain('an agent has a time budget, ms=');
    expect(readdirSync(dir)).toEqual([]);
    expect(keepable({ path: DUEL, seed: '1', options: {}, agents: ['normal', 'mcts:iterations=5'] })).toBe(true);
    expect(keepable({ path: DUEL, seed: '1', options: {}, agents: ['mcts:ms=5'] })).toBe(false);
  });

  test('the key changes with rulesmith\'s code, the rules and every part of the plan', () => {
    const program = programFor(DUEL, { out: () => {}, err: () => {}, color: false }) as Program;
    const other = programFor(BLOODY, { out: () => {}, err: () => {}, color: false }) as Program;
    const plan = { path: DUEL, seed: 's', options: {}, agents: ['random'] };
    const cache = new GameCache(fresh(), 'engine-a');
    const key = cache.key(program, plan);
    expect(cache.key(program, { ...plan })).toBe(key);
    const differ = [
      new GameCache(cache.dir, 'engine-b').key(program, plan),
      cache.key(other, plan),
      cache.key(program, { ...plan, seed: 't' }),
      cache.key(program, { ...plan, players: 3 }),
      cache.key(program, { ...plan, options: { strict_test: true } }),
      cache.key(program, { ...plan, agents: ['easy'] }),
      cache.key(program, { ...plan, checkInvariants: true }),
    ];
    expect(new Set([key, ...differ]).size).toBe(differ.length + 1);
    // Not the facts a comparison asks for: kept games always carry them, for runs of either kind.
    expect(cache.key(program, { ...plan, facts: true })).toBe(key);
    // The engine's fingerprint reads this checkout's code once, and says the same each time.
    expect(engineFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(engineFingerprint()).toBe(engineFingerprint());
  });

  test('the compiled CLI and the sources run in-process are one engine: games kept by one are taken by the other', async () => {
    // The sources (what vitest runs) hash themselves; lib/ carries the hash of the sources it was
    // built from (bin/build-lib.mjs), so a run over either keeps games under the same key.
    expect(engineFingerprint()).toBe(codeFingerprint(ROOT));
    const dir = fresh();
    const argv = ['simulate', DUEL, '--games', '6', '--seed', 'shared', '--json', '--cache', dir];
    const inProcess = await runCli(argv);
    expect(inProcess.err).toBe(`rulesmith simulate: 0 games taken from ${dir}, 6 played and kept there\n`);
    // bin/rulesmith.js runs lib/ when it is newer than every source, else these sources through tsx.
    const bin = spawnSync(process.execPath, [join(ROOT, 'bin/rulesmith.js'), ...argv], { cwd: ROOT, encoding: 'utf8' });
    expect(bin.stderr).toBe(`rulesmith simulate: 6 games taken from ${dir}, 0 played and kept there\n`);
    expect(bin.stdout).toBe(inProcess.out);
  }, 60_000);

  test('a build\'s stamp is read only when it is a fingerprint', () => {
    const dir = fresh();
    expect(stampedFingerprint(dir)).toBeUndefined();
    writeFileSync(join(dir, FINGERPRINT_FILE), 'not a fingerprint\n');
    expect(stampedFingerprint(dir)).toBeUndefined();
    writeFileSync(join(dir, FINGERPRINT_FILE), '0123456789abcdef\n');
    expect(stampedFingerprint(dir)).toBe('0123456789abcdef');
  });
});
