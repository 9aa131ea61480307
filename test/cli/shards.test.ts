import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseShard, shardRange } from '../../interpreter/cli/shard.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';
const NIM = 'test/fixtures/runtime/nim';

/** Run `argv` as shards 1..n (each with --shard i/n --json), write each shard's output to a file, in reverse order. */
async function shardFiles(argv: string[], n: number, dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'))): Promise<string[]> {
  const files: string[] = [];
  for (let i = n; i >= 1; i--) {
    const r = await runCli([...argv, '--shard', `${i}/${n}`, '--json']);
    expect(r.code, r.err).toBe(0);
    const file = join(dir, `shard-${i}.json`);
    writeFileSync(file, r.out);
    files.push(file);
  }
  return files;
}

/** Tournament output without its wall-clock fields (an unsharded run measures its own). */
const untimedJson = (text: string) => JSON.stringify(JSON.parse(text), (k, v) => (k === 'msPerDecision' || k === 'cpuPerDecision' ? undefined : v));
const untimedText = (text: string) => text.replace(/ {2}ms\/decision mean [\d.]+ p95 [\d.]+ \(CPU mean [\d.]+ p95 [\d.]+\)/g, '');

describe('--shard i/n', () => {
  test('shards are contiguous blocks that cover the games once, sizes differing by at most one', () => {
    for (const [games, n] of [[10, 1], [10, 3], [7, 7], [2, 3], [20000, 8]] as const) {
      const ranges = Array.from({ length: n }, (_, i) => shardRange(games, { index: i + 1, count: n }));
      const played = ranges.flatMap(([a, b]) => Array.from({ length: Math.max(0, b - a + 1) }, (_, k) => a + k));
      expect(played).toEqual(Array.from({ length: games }, (_, k) => k + 1));
      const sizes = ranges.map(([a, b]) => b - a + 1);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  test('auto/n reads the 0-based JOB_COMPLETION_INDEX of a Kubernetes Indexed Job', () => {
    expect(parseShard('auto/4', { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 4 });
    expect(parseShard('auto/4', { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 4, count: 4 });
    expect(parseShard('auto/4', { JOB_COMPLETION_INDEX: '4' })).toMatchObject({ error: expect.stringContaining('JOB_COMPLETION_INDEX is 0..3') });
    expect(parseShard('auto/4', {})).toMatchObject({ error: expect.stringContaining('JOB_COMPLETION_INDEX') });
    expect(parseShard('2/3', {})).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1', '-1/3']) expect(parseShard(bad, {})).toHaveProperty('error');
  });
});

describe('rulesmith merge of simulate shards', () => {
  for (const n of [1, 2, 3, 7]) {
    test(`${n} shard(s) merge to the unsharded output byte for byte, text and JSON, runtime errors and exit code included`, async () => {
      // strict_test makes some duel games stop on a runtime error: the first five are listed in game order.
      const argv = ['simulate', DUEL, '--games', '12', '--seed', 'm', '--option', 'strict_test=true'];
      const files = await shardFiles(argv, n);
      const whole = await runCli([...argv, '--json']);
      const merged = await runCli(['merge', ...files, '--json']);
      expect(JSON.parse(whole.out).errors.count).toBeGreaterThan(0);
      expect(merged.out).toBe(whole.out);
      expect([merged.code, whole.code]).toEqual([1, 1]);
      const text = await runCli(['merge', ...files]);
      expect(text.out).toBe((await runCli(argv)).out);
    });
  }

  test('games played on worker threads inside a shard merge the same', async () => {
    const argv = ['simulate', NIM, '--games', '9', '--seed', 'w'];
    const merged = await runCli(['merge', ...await shardFiles([...argv, '--workers', '2'], 2)]);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toBe((await runCli(argv)).out);
  }, 90_000);

  test('shards with no games (more shards than games) still merge', async () => {
    const argv = ['simulate', NIM, '--games', '2', '--seed', 'e'];
    const merged = await runCli(['merge', ...await shardFiles(argv, 3), '--json']);
    expect(merged.out).toBe((await runCli([...argv, '--json'])).out);
  });
});

describe('rulesmith merge of tournament shards', () => {
  for (const n of [1, 2, 3, 7]) {
    test(`${n} shard(s) merge to the unsharded output, every field but time per decision`, async () => {
      // Three seats so that the rotation (game i: (i - 1) mod 3) does not line up with the shards.
      const argv = ['tournament', 'rulesets/blockade-runner', '--agents', 'first,random', '--players', '3', '--games', '7', '--seed', 't'];
      const files = await shardFiles(argv, n);
      const whole = await runCli([...argv, '--json']);
      const merged = await runCli(['merge', ...files, '--json']);
      expect(merged.code, merged.err).toBe(whole.code);
      expect(untimedJson(merged.out)).toBe(untimedJson(whole.out));
      expect(JSON.parse(merged.out).agents[0].msPerDecision).toBeDefined();
      if (n === 3) expect(untimedText((await runCli(['merge', ...files])).out)).toBe(untimedText((await runCli(argv)).out));
    }, 60_000);
  }

  test('merged time per decision, wall clock and CPU, is computed from every shard\'s raw samples', async () => {
    const files = await shardFiles(['tournament', NIM, '--agents', 'first,random', '--games', '6'], 3);
    const samples = (label: string, key: 'ms' | 'cpu') => files.map((f) => JSON.parse(readFileSync(f, 'utf8'))).sort((a, b) => a.from - b.from)
      .flatMap((s: { records: Array<Record<'ms' | 'cpu', Record<string, number[]>>> }) => s.records.flatMap((r) => r[key][label] ?? []));
    const merged = JSON.parse((await runCli(['merge', ...files, '--json'])).out);
    type Times = { mean: number; p95: number };
    for (const a of merged.agents as Array<{ label: string; msPerDecision: Times; cpuPerDecision: Times }>) {
      for (const [key, field] of [['ms', 'msPerDecision'], ['cpu', 'cpuPerDecision']] as const) {
        const ms = samples(a.label, key);
        const sorted = [...ms].sort((x, y) => x - y);
        expect(ms.length).toBeGreaterThan(0);
        expect(a[field]).toEqual({ mean: ms.reduce((x, y) => x + y, 0) / ms.length, p95: sorted[Math.ceil(0.95 * sorted.length) - 1] });
      }
    }
    // Shard files written before CPU time was kept still merge, without the CPU figures.
    const old = files.map((f, i) => {
      const shard = JSON.parse(readFileSync(f, 'utf8'));
      for (const r of shard.records) delete r.cpu;
      const file = f.replace(/\.json$/, `-old${i}.json`);
      writeFileSync(file, JSON.stringify(shard));
      return file;
    });
    const oldMerged = JSON.parse((await runCli(['merge', ...old, '--json'])).out);
    expect(oldMerged.agents[0].msPerDecision).toEqual(merged.agents[0].msPerDecision);
    expect(oldMerged.agents[0].cpuPerDecision).toBeUndefined();
  });

  test('games that did not end are listed and exit 1, as unsharded', async () => {
    const argv = ['tournament', DUEL, '--agents', 'random', '--games', '8', '--option', 'strict_test=true'];
    const whole = await runCli([...argv, '--json']);
    const merged = await runCli(['merge', ...await shardFiles(argv, 3), '--json']);
    expect(JSON.parse(whole.out).errors.length).toBeGreaterThan(0);
    expect([merged.code, whole.code]).toEqual([1, 1]);
    expect(untimedJson(merged.out)).toBe(untimedJson(whole.out));
  });
});

describe('rulesmith merge of comparison shards (simulate --compare, diff --simulate)', () => {
  const VARIANT = `${DUEL}/variants/bloody.yaml`;
  for (const n of [1, 2, 3, 7]) {
    test(`${n} shard(s) of simulate --compare merge to the unsharded output byte for byte, text and JSON, runtime errors and exit code included`, async () => {
      // strict_test stops some duel games with a runtime error under each rule set.
      const argv = ['simulate', DUEL, '--compare', VARIANT, '--games', '11', '--seed', 'c', '--option', 'strict_test=true'];
      const files = await shardFiles(argv, n);
      const whole = await runCli([...argv, '--json']);
      const merged = await runCli(['merge', ...files, '--json']);
      const c = JSON.parse(whole.out);
      expect(c.base.errors.count + c.variant.errors.count).toBeGreaterThan(0);
      expect(c.design).toBe('paired');
      expect(merged.out).toBe(whole.out);
      expect([merged.code, whole.code]).toEqual([1, 1]);
      expect((await runCli(['merge', ...files])).out).toBe((await runCli(argv)).out);
    }, 60_000);
  }

  test('shards of diff --simulate --odds merge to what the unsharded diff prints, changes and odds included, and to its report', async () => {
    const argv = ['diff', DUEL, VARIANT, '--odds', '--simulate', '10', '--seed', 'd'];
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'));
    const files = await shardFiles(argv, 3, dir);
    const whole = await runCli(argv);
    const merged = await runCli(['merge', ...files]);
    expect([merged.code, whole.code]).toEqual([0, 0]);
    expect(merged.out).toBe(whole.out);
    expect(merged.out).toContain('paired: game i of both uses seed d:i');
    const json = JSON.parse((await runCli(['merge', ...files, '--json'])).out);
    expect(json).toEqual(JSON.parse((await runCli([...argv, '--json'])).out));
    expect(json.changes.length).toBeGreaterThan(0);
    expect(json.odds.length).toBeGreaterThan(0);
    // The report: the same HTML as the unsharded one but for the command line it names.
    const [a, b] = [join(dir, 'whole.html'), join(dir, 'merged.html')];
    await runCli([...argv, '--report', a]);
    const r = await runCli(['merge', ...files, '--report', b]);
    expect(r.out).toContain(`report written to ${b}`);
    const strip = (html: string) => html.replace(/rulesmith (diff|merge) [^<]*/g, 'COMMAND');
    expect(strip(readFileSync(b, 'utf8'))).toBe(strip(readFileSync(a, 'utf8')));
  }, 60_000);

  test('a shard of the comparison holds each game under both rule sets, and shards of other runs are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'));
    const [s2, s1] = await shardFiles(['diff', DUEL, VARIANT, '--simulate', '6', '--seed', 'e'], 2, dir) as [string, string];
    const shard = JSON.parse(readFileSync(s1, 'utf8'));
    expect([shard.command, shard.run.command, shard.from, shard.to, shard.records.length]).toEqual(['compare', 'diff', 1, 3, 3]);
    expect(shard.records.map((p: Array<{ seed: string }>) => p.map((r) => r.seed))).toEqual([['e:1', 'e:1'], ['e:2', 'e:2'], ['e:3', 'e:3']]);
    const other = join(dir, 'other.json');
    writeFileSync(other, (await runCli(['simulate', DUEL, '--compare', VARIANT, '--games', '6', '--seed', 'e', '--shard', '2/2', '--json'])).out);
    const r = await runCli(['merge', s1, other]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('are shards of different runs (command "diff" vs "simulate")');
    expect((await runCli(['merge', s1, s2])).code).toBe(0);
    const tour = await runCli(['merge', ...await shardFiles(['tournament', NIM, '--agents', 'random', '--games', '2'], 1, dir), '--report', join(dir, 't.html')]);
    expect([tour.code, tour.err]).toEqual([2, 'rulesmith merge: --report is for simulate and diff shards; a tournament has no report\n']);
  }, 60_000);
});

describe('rulesmith merge refuses what is not one run', () => {
  afterEach(() => { delete process.env.JOB_COMPLETION_INDEX; });

  test('shards of different runs, missing or repeated shards exit 2 and say which', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'));
    const [s2, s1] = await shardFiles(['simulate', NIM, '--games', '4', '--seed', 'a'], 2, dir) as [string, string];
    const other = join(dir, 'other.json');
    writeFileSync(other, (await runCli(['simulate', NIM, '--games', '4', '--seed', 'b', '--shard', '2/2', '--json'])).out);
    let r = await runCli(['merge', s1, other]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('are shards of different runs (seed "a" vs "b")');
    r = await runCli(['merge', s1]);
    expect([r.code, r.err]).toEqual([2, 'rulesmith merge: missing shard 2/2 of 2; run it with --shard and merge all 2\n']);
    r = await runCli(['merge', s1, s2, s1]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('shard 1/2 is given twice');
    const three = join(dir, 'three.json');
    writeFileSync(three, (await runCli(['simulate', NIM, '--games', '4', '--seed', 'a', '--shard', '3/3', '--json'])).out);
    expect((await runCli(['merge', s1, three])).err).toContain('different numbers of shards');
    const tour = join(dir, 'tour.json');
    writeFileSync(tour, (await runCli(['tournament', NIM, '--agents', 'random', '--games', '4', '--seed', 'a', '--shard', '2/2', '--json'])).out);
    expect((await runCli(['merge', s1, tour])).err).toContain('is a simulate shard and');
  });

  test('files that are not shards, or damaged ones, exit 2 with a message and no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'));
    const [, s1] = await shardFiles(['simulate', NIM, '--games', '4'], 2, dir) as [string, string];
    const summary = join(dir, 'summary.json');
    writeFileSync(summary, (await runCli(['simulate', NIM, '--games', '4', '--json'])).out);
    const cut = join(dir, 'cut.json');
    const shard = JSON.parse((await runCli(['simulate', NIM, '--games', '4', '--shard', '2/2', '--json'])).out);
    shard.records.pop();
    writeFileSync(cut, JSON.stringify(shard));
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"format": "rulesmith-shard", "ver');
    for (const [file, says] of [[summary, 'is not a shard'], [cut, 'is a damaged shard'], [junk, 'is not JSON'], [join(dir, 'nope.json'), 'no such file']] as const) {
      const r = await runCli(['merge', s1, file]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(says);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    expect((await runCli(['merge'])).code).toBe(2);
  });

  test('bad --shard values exit 2; --shard needs --json (and --simulate for diff) and does not go with --report', async () => {
    const cases: Array<[string[], string]> = [
      [['simulate', NIM, '--shard', '4/3', '--json'], 'shard 4 of 3 does not exist'],
      [['simulate', NIM, '--shard', 'two/3', '--json'], '--shard takes i/n'],
      [['simulate', NIM, '--shard', 'auto/3', '--json'], 'JOB_COMPLETION_INDEX'],
      [['simulate', NIM, '--shard', '1/3'], 'add --json'],
      [['simulate', NIM, '--shard', '1/3', '--json', '--report', 'x.html'], '--shard and --report do not go together; merge the shards with --report'],
      [['simulate', NIM, '--shard', '1/3', '--compare', NIM], 'add --json'],
      [['diff', NIM, NIM, '--shard', '1/3', '--json'], 'add --simulate'],
      [['diff', NIM, NIM, '--simulate', '4', '--shard', '1/3'], 'add --json'],
      [['diff', NIM, NIM, '--simulate', '4', '--shard', '1/3', '--json', '--report', 'x.html'], 'merge the shards with --report'],
      [['diff', NIM, NIM, '--simulate', '4', '--shard', '3/2', '--json'], 'shard 3 of 2 does not exist'],
      [['tournament', NIM, '--agents', 'random', '--shard', '0/3', '--json'], 'shard 0 of 3 does not exist'],
      [['tournament', NIM, '--agents', 'random', '--shard', '1/3'], 'add --json'],
    ];
    for (const [argv, says] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toContain(says);
    }
    process.env.JOB_COMPLETION_INDEX = '2';
    const auto = JSON.parse((await runCli(['simulate', NIM, '--games', '6', '--shard', 'auto/3', '--json'])).out);
    expect([auto.shard, auto.from, auto.to]).toEqual(['3/3', 5, 6]);
  });
});
