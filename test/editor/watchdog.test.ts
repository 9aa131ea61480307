import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { compileEntry } from '../../editor/play/compile.ts';
import { playGames } from '../../editor/simulate/sim-games.ts';
import { Watchdog, WORKER_BUDGET_MS } from '../../editor/workers/watchdog.ts';
import { ROOT } from './helpers.ts';

describe('Watchdog (editor/workers/watchdog.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a worker silent for the whole budget while busy should be declared stuck, once', () => {
    const expired = vi.fn();
    const dog = new Watchdog(expired);
    dog.expect();
    vi.advanceTimersByTime(WORKER_BUDGET_MS - 1);
    expect(expired).not.toHaveBeenCalled();
    // A second request while timed does not restart the clock.
    dog.expect();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(WORKER_BUDGET_MS * 3);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('a busy worker that keeps saying something should never be declared stuck; an idle one is not timed', () => {
    const expired = vi.fn();
    const dog = new Watchdog(expired, 1_000);
    dog.expect();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(900);
      dog.heard(true);
    }
    dog.heard(false);
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
    dog.expect();
    dog.stop();
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('simulation heartbeat (editor/simulate/sim-games.ts)', () => {
  test('the heartbeat should beat at every decision and every sampled game, and change no game', () => {
    const nim = 'test/fixtures/runtime/nim/ruleset.yaml';
    const compiled = compileEntry({ [nim]: readFileSync(join(ROOT, nim), 'utf8') }, nim);
    if (!compiled.ok) throw new Error(compiled.message);
    const plan = { seed: 'H', options: {}, agents: ['easy', 'random'] };
    let beats = 0;
    const watched = playGames(compiled.program, plan, 1, 3, undefined, () => beats++);
    const plain = playGames(compiled.program, plan, 1, 3);
    expect(watched).toEqual(plain);
    if ('problems' in plain) throw new Error(plain.problems.join());
    const decisions = plain.reduce((n, r) => n + r.decisions, 0);
    // Easy samples 50 games a decision on its turns: far more beats than decisions.
    expect(beats).toBeGreaterThan(decisions + 50);
  });
});
