/** compare-kept.ts: kept games read back (margins and seats filled in), paired by number. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compareRecordSets, type Comparison } from '../../interpreter/analysis/compare.ts';
import { runCli } from '../cli/run-cli.ts';
import { keptGames, pairKept } from './compare-kept.ts';

const DUEL = 'test/fixtures/runtime/duel';
const BLOODY = `${DUEL}/variants/bloody.yaml`;

const line = (i: number, margin: number, extra: object = {}) => JSON.stringify({ i, record: { seed: `s:${i}`, status: 'ended', result: { winner: 'red', margin }, rounds: 3, decisions: 40, error: null, ...extra } });

describe('compare-kept', () => {
  test('a record without a margin takes its result margin, and seats when given; a broken line is left out', () => {
    const games = keptGames([line(2, 7), '{"i": 3, "rec', line(1, 5, { margin: 9, seats: { p1: 'blue' } }), ''].join('\n'), { p1: 'red', p2: 'blue' });
    expect([...games.keys()]).toEqual([2, 1]);
    expect(games.get(2)).toMatchObject({ margin: 7, seats: { p1: 'red', p2: 'blue' } });
    expect(games.get(1)).toMatchObject({ margin: 9, seats: { p1: 'blue' } });
  });

  test('games are paired by number, in order, as far as both go; the seed is the records\'', () => {
    const a = keptGames([line(3, 1), line(1, 1), line(2, 1)].join('\n'));
    const b = keptGames([line(2, 1), line(1, 1), line(5, 1)].join('\n'));
    expect(pairKept(a, b)).toEqual({ numbers: [1, 2], seed: 's' });
  });
});

describe('compare-kept against diff --simulate', () => {
  test('the kept games of simulate (base) and simulate (variant) compare as diff --simulate compares them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-kept-'));
    const plan = ['--games', '12', '--seed', 'ck', '--json', '--cache', dir];
    expect((await runCli(['simulate', DUEL, ...plan])).code).toBe(0);
    const [baseFile] = readdirSync(dir);
    expect((await runCli(['simulate', BLOODY, ...plan])).code).toBe(0);
    const variantFile = readdirSync(dir).find((f) => f !== baseFile)!;
    const diff = await runCli(['diff', DUEL, BLOODY, '--simulate', '12', '--seed', 'ck', '--json', '--cache', dir]);
    expect(diff.err).toContain('24 games taken');
    const played = (JSON.parse(diff.out) as { simulation: Comparison }).simulation;
    const base = keptGames(readFileSync(join(dir, baseFile!), 'utf8'));
    const variant = keptGames(readFileSync(join(dir, variantFile), 'utf8'));
    const { numbers, seed } = pairKept(base, variant);
    const side = (games: typeof base) => ({ records: numbers.map((i) => games.get(i)!), ruleset: 'kept', hash: 'kept' });
    const kept = compareRecordSets(side(base), side(variant), { seed, agents: ['random'] });
    const measures = (c: Comparison) => ({ games: c.games, seed: c.seed, winners: c.winners, outcomes: c.outcomes, rounds: c.rounds, decisions: c.decisions, margin: c.margin, firstSeat: c.firstSeat });
    expect(measures(kept)).toEqual(measures(played));
  }, 60_000);
});
