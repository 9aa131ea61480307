// Ctrl-C during a long `simulate` or `diff --simulate` ends the run early and reports the games it
// finished (status 130) instead of losing them; with search bots the games are played by worker
// threads, so the command's thread hears Ctrl-C at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runDiff } from '../../interpreter/cli/diff.ts';
import { runPlay } from '../../interpreter/cli/play.ts';
import type { Io } from '../../interpreter/cli/io.ts';
import { runSimulate } from '../../interpreter/cli/simulate.ts';
import { runTournament } from '../../interpreter/cli/tournament.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';
const HOUSE = `${DUEL}/variants/house.yaml`;
const NIM = 'test/fixtures/runtime/nim';
/** A tournament's figures without its clocks (wall and CPU time differ from run to run). */
const untimed = (t: { agents: Array<Record<string, unknown>> }) => ({ ...t, agents: t.agents.map(({ msPerDecision: _, cpuPerDecision: __, ...r }) => r) });
const BIN = join(import.meta.dirname, '../../bin/rulesmith.js');

/** An Io that captures output and hands the test the command's Ctrl-C hook. */
function interruptible() {
  const seen = { out: '', err: '', stop: undefined as (() => void) | undefined, released: false };
  const io: Io = {
    out: (t) => { seen.out += t; },
    err: (t) => { seen.err += t; },
    color: false,
    onInterrupt: (stop) => {
      seen.stop = stop;
      return () => { seen.released = true; };
    },
  };
  return { io, seen };
}

describe('Ctrl-C during a long run', () => {
  test('simulate should report exactly the games finished, as a run of that many games would, and exit 130', async () => {
    const { io, seen } = interruptible();
    const code = await runSimulate([DUEL, '--games', '100000', '--seed', 'int', '--workers', '1', '--json'], io, (done) => done === 25 && seen.stop!());
    expect(code).toBe(130);
    expect(seen.released).toBe(true);
    const { interrupted, ...summary } = JSON.parse(seen.out) as { interrupted: unknown; games: number };
    expect(interrupted).toEqual({ finished: 25, asked: 100000 });
    // Random bots play on this thread, which hears Ctrl-C between games: the first 25 seeds.
    const whole = await runCli(['simulate', DUEL, '--games', '25', '--seed', 'int', '--workers', '1', '--json']);
    expect(summary).toEqual(JSON.parse(whole.out));
    const text = interruptible();
    expect(await runSimulate([DUEL, '--games', '100000', '--seed', 'int', '--workers', '1'], text.io, (done) => done === 25 && text.seen.stop!())).toBe(130);
    const wholeText = await runCli(['simulate', DUEL, '--games', '25', '--seed', 'int', '--workers', '1']);
    expect(text.seen.out).toBe(`Interrupted after 25 of 100000 games: the figures below are of those 25 (games in progress were dropped).\n\n${wholeText.out}`);
  }, 60_000);

  test('with search bots, simulate should leave the games to worker threads and stop them at once', async () => {
    const { io, seen } = interruptible();
    const code = await runSimulate([DUEL, '--games', '400', '--seed', 'int', '--agents', 'easy', '--workers', '2', '--json', '--verbose'], io, (done) => done === 3 && seen.stop!());
    expect(code).toBe(130);
    const out = JSON.parse(seen.out) as { games: number; interrupted: { finished: number; asked: number } };
    expect(out.interrupted.asked).toBe(400);
    expect(out.interrupted.finished).toBeGreaterThanOrEqual(3);
    expect(out.interrupted.finished).toBeLessThan(400);
    expect(out.games).toBe(out.interrupted.finished);
    // The pool report (--verbose --json): this thread played nothing, two workers played.
    const pool = (JSON.parse(seen.err.trim().split('\n').at(-1)!) as { pool: { threads: Array<{ thread: string; games: number }> } }).pool;
    expect(pool.threads.map((t) => t.thread)).toEqual(['main', 'worker 1', 'worker 2']);
    expect(pool.threads[0]!.games).toBe(0);
    expect(pool.threads.reduce((n, t) => n + t.games, 0)).toBeGreaterThanOrEqual(out.games);
  }, 120_000);

  test('diff --simulate with search bots should take the rule sets in turns and compare the seeds both finished', async () => {
    const { io, seen } = interruptible();
    // Turns of 400 / 8 = 50 games: stopped in the variant's first turn.
    const code = await runDiff([DUEL, HOUSE, '--simulate', '400', '--seed', 'int', '--agents', 'easy', '--workers', '2', '--json'], io, (done) => done === 60 && seen.stop!());
    expect(code).toBe(130);
    const sim = (JSON.parse(seen.out) as { simulation: { games: number; base: { games: number }; variant: { games: number }; interrupted: { finished: number; asked: number } } }).simulation;
    expect(sim.interrupted.asked).toBe(400);
    expect(sim.interrupted.finished).toBeGreaterThanOrEqual(10);
    expect(sim.interrupted.finished).toBeLessThanOrEqual(50);
    expect([sim.games, sim.base.games, sim.variant.games]).toEqual([sim.interrupted.finished, sim.interrupted.finished, sim.interrupted.finished]);
    const text = interruptible();
    expect(await runDiff([DUEL, HOUSE, '--simulate', '400', '--seed', 'int', '--agents', 'easy', '--workers', '2'], text.io, (done) => done === 60 && text.seen.stop!())).toBe(130);
    expect(text.seen.out).toMatch(/\nInterrupted after \d+ of 400 games of each rule set: the figures below compare the \d+ seeds both finished/);
  }, 120_000);

  test('tournament should stop on Ctrl-C with the figures of the games finished, and play on worker threads alike', async () => {
    const { io, seen } = interruptible();
    const code = await runTournament([NIM, '--agents', 'easy,random', '--games', '60', '--seed', 'int', '--json'], { ...io, progress: (done) => done === 4 && seen.stop!() });
    expect(code).toBe(130);
    const t = JSON.parse(seen.out) as { games: number; ended: number; interrupted: { finished: number; asked: number }; agents: Array<{ games: number; cpuPerDecision?: unknown }> };
    expect(t.interrupted.asked).toBe(60);
    expect(t.interrupted.finished).toBeGreaterThanOrEqual(4);
    expect(t.games).toBe(t.interrupted.finished);
    expect(t.agents[0]!.games).toBe(t.games);
    // One thread played (a worker, this one waiting): the CPU column is kept.
    expect(t.agents[0]!.cpuPerDecision).toBeDefined();
    // Two workers play the same games; the CPU column goes, as a process's CPU counts both.
    const one = await runCli(['tournament', NIM, '--agents', 'easy,random', '--games', '12', '--seed', 'w', '--json']);
    const two = await runCli(['tournament', NIM, '--agents', 'easy,random', '--games', '12', '--seed', 'w', '--json', '--workers', '2']);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(untimed(JSON.parse(two.out))).toEqual(untimed(JSON.parse(one.out)));
    expect(JSON.parse(two.out).agents[0].cpuPerDecision).toBeUndefined();
    expect(JSON.parse(one.out).agents[0].cpuPerDecision).toBeDefined();
    expect((await runCli(['tournament', NIM, '--agents', 'easy', '--workers', 'auto'])).err).toContain('--workers takes a positive whole number');
  }, 120_000);

  test('a comparison shard stopped by Ctrl-C should print nothing, since a shard stands for its whole block', async () => {
    const { io, seen } = interruptible();
    const code = await runDiff([DUEL, HOUSE, '--simulate', '40', '--seed', 'int', '--workers', '1', '--shard', '1/2', '--json'], io, (done) => done === 5 && seen.stop!());
    expect(code).toBe(130);
    expect(seen.out).toBe('');
    expect(seen.err).toMatch(/^rulesmith diff: interrupted after \d+ of 20 games; a shard is written whole or not at all, so nothing was printed\n$/);
  }, 60_000);

  test('stopped before any game ended, simulate should say there is nothing to report', async () => {
    const { io, seen } = interruptible();
    const code = await runSimulate([DUEL, '--games', '50', '--agents', 'easy', '--workers', '1'], { ...io, onInterrupt: (stop) => { stop(); return () => {}; } });
    expect(code).toBe(130);
    expect(seen.out).toBe('');
    expect(seen.err).toContain('interrupted before any game ended; nothing to report');
  }, 60_000);

  test('play --save should save the game on Ctrl-C even while bots play every seat; without --save it does not take Ctrl-C', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'interrupt-play-')), 'bots.json');
    const { io, seen } = interruptible();
    const playing = runPlay([DUEL, '--seed', '4', '--bots', 'p1,p2', '--save', file], io);
    // Ctrl-C arrives while the bots play: they yield between answers, so it is heard mid-game.
    await new Promise((resolve) => setImmediate(resolve));
    seen.stop!();
    // (A real Ctrl-C then exits with 130; this hook does not exit, so the game plays on and is saved again at its end.)
    expect(await playing).toBe(0);
    expect(seen.out).toContain(`\nStopped before the end.\nGame saved to ${file} (go on with: rulesmith play --load ${file})\n`);
    expect(seen.out.indexOf('(go on with')).toBeLessThan(seen.out.indexOf('Game over:'));
    expect(seen.released).toBe(true);
    const plain = interruptible();
    plain.io.lines = () => ({ next: async () => ({ done: true as const, value: undefined }) });
    // No answers at all: the input ends at the first question (exit 1: a script that did not finish).
    expect(await runPlay([DUEL, '--seed', '4', '--bots', 'p2'], plain.io)).toBe(1);
    expect(plain.seen.stop).toBeUndefined();
  });

  test('on a terminal, play should say while a search bot thinks, and clear the line after', async () => {
    const { io, seen } = interruptible();
    const status: string[] = [];
    io.status = (text) => status.push(text);
    async function* lines() { for (let i = 0; i < 80; i++) yield '1'; }
    io.lines = () => lines();
    expect(await runPlay([DUEL, '--seed', '6', '--bots', 'p2=easy'], io)).toBe(0);
    expect(seen.out).toContain('Game over:');
    expect(status.length).toBeGreaterThanOrEqual(2);
    // Each "thinking" line is followed by its clearing: p2 thinks, answers, the line goes.
    for (let i = 0; i < status.length; i += 2) expect([status[i], status[i + 1]]).toEqual(['  p2 (easy) is thinking…', '']);
    // A random bot answers at once: nothing to say.
    const quick = interruptible();
    const quiet: string[] = [];
    quick.io.status = (text) => quiet.push(text);
    quick.io.lines = () => lines();
    await runPlay([DUEL, '--seed', '6', '--bots', 'p2'], quick.io);
    expect(quiet).toEqual([]);
  });

  test('a real Ctrl-C during play --save should save the game where it waits, and exit 130', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'interrupt-play-')), 'game.json');
    const child = spawn(process.execPath, [BIN, 'play', DUEL, '--seed', '5', '--bots', 'p2', '--save', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.write('1\n');
    // The second question waits for a person: stdin stays open, as in a terminal.
    await expect.poll(() => out.split('> ').length - 1, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(err).toContain(`rulesmith: saving the game to ${file}`);
    expect(out).toContain(`Game saved to ${file} (go on with: rulesmith play --load ${file})`);
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { decisions: unknown[]; game: { status: string } };
    expect(saved.game.status).toBe('waiting');
    expect(saved.decisions.length).toBeGreaterThanOrEqual(1);
    expect((await runCli(['replay', file])).out).toContain(`replay verified up to decision ${saved.decisions.length}`);
  }, 90_000);

  test.each([
    ['SIGINT', 'stopping'],
    ['SIGTERM', 'stopped (SIGTERM)'],
  ] as const)('a real %s (Ctrl-C, or a CI job\'s timeout) should print the report of the games finished and exit 130', async (signal, said) => {
    const replays = mkdtempSync(join(tmpdir(), 'interrupt-'));
    const child = spawn(process.execPath, [BIN, 'simulate', DUEL, '--games', '1000000', '--seed', 'sig', '--workers', '1', '--replays', replays], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Games are under way once replays appear (a cold start on a busy machine takes seconds).
    await expect.poll(() => readdirSync(replays).length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(2);
    child.kill(signal);
    expect(await exited).toBe(130);
    expect(err).toContain(`rulesmith: ${said}; the games finished so far are reported`);
    const finished = Number(/^Interrupted after (\d+) of 1000000 games/.exec(out)?.[1]);
    expect(finished).toBeGreaterThan(2);
    expect(out).toContain('winner');
  }, 90_000);
});
