/** CLI conveniences (issue 14, item 6): `options`, `--version`, `validate --max-warnings N`. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { plainProgress, progressLine } from '../../interpreter/cli/io.ts';
import { runCli } from './run-cli.ts';
import { TWO_WARNINGS } from './ruleset-texts.ts';

const ROOT = join(import.meta.dirname, '../..');


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rulesmith-conv-'));
  mkdirSync(join(dir, 'warns'));
  writeFileSync(join(dir, 'warns', 'ruleset.yaml'), TWO_WARNINGS);
});

describe('rulesmith --version', () => {
  test('should print the version in package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = await runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.out).toBe(`${version}\n`);
    }
  });
});

describe('rulesmith validate --max-warnings N', () => {
  test('should exit 1 only when the warnings exceed N', async () => {
    const cases: Array<[string, number]> = [['0', 1], ['1', 1], ['2', 0], ['10', 0]];
    for (const [n, code] of cases) {
      const r = await runCli(['validate', join(dir, 'warns'), '--max-warnings', n]);
      expect(r.code, `--max-warnings ${n}`).toBe(code);
      expect(r.out).toContain('0 errors, 2 warnings');
      if (code === 1) expect(r.out).toContain(`more than ${n} warning`);
    }
    expect((await runCli(['validate', join(dir, 'warns')])).code).toBe(0);
  });

  test('should apply to the json, github and sarif formats too', async () => {
    for (const format of ['json', 'github', 'sarif']) {
      expect((await runCli(['validate', join(dir, 'warns'), '--format', format, '--max-warnings', '1'])).code, format).toBe(1);
      expect((await runCli(['validate', join(dir, 'warns'), '--format', format, '--max-warnings', '2'])).code, format).toBe(0);
    }
  });

  test('should refuse a value that is not a whole number (exit 2)', async () => {
    for (const bad of ['-1', '1.5', 'x']) {
      const r = await runCli(['validate', join(dir, 'warns'), `--max-warnings=${bad}`]);
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain('--max-warnings takes a whole number of at least 0');
    }
  });
});

describe('rulesmith options <ruleset>', () => {
  test('should list each option with type, default, allowed values and description', async () => {
    const r = await runCli(['options', 'rulesets/dragut']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('turn_limit (Turn limit)\n  type number, default 20; allowed: a number of at least 0\n  Safety cap on the number of turns');
    expect(r.out).toContain('pirate_movement_cost (Pirate movement cost reading)\n  type choice, default by_line_type; allowed: one of by_line_type, flat_1\n');
    expect(r.out).toMatch(/free_all_captives \(.*\)\n {2}type boolean, default true; allowed: true or false\n/);
  });

  test('--json should give every declared option, in declaration order, with a range when declared', async () => {
    const r = await runCli(['options', 'rulesets/blue-max', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.out) as Array<{ id: string; type: string; default: unknown; allowed: string; min?: number; max?: number }>;
    expect(list.find((o) => o.id === 'turn_limit')).toMatchObject({ type: 'number', min: 0, max: 40, allowed: 'a number from 0 to 40' });
    const text = readFileSync(join(ROOT, 'rulesets/blue-max/ruleset.yaml'), 'utf8');
    const block = text.slice(text.indexOf('\noptions:'));
    const at = list.map((o) => block.indexOf(`\n  ${o.id}:`));
    expect(list.length).toBeGreaterThan(1);
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  test('a ruleset with no options, a missing ruleset and a missing argument', async () => {
    const none = await runCli(['options', join(dir, 'warns')]);
    expect(none.code).toBe(0);
    expect(none.out).toContain('declares no options');
    expect((await runCli(['options', join(dir, 'nope')])).code).toBe(2);
    const usage = await runCli(['options']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: rulesmith options <ruleset>');
  });

  test('the top-level help should name the options command and --version', async () => {
    const r = await runCli(['--help']);
    expect(r.out).toContain('options <ruleset>');
    expect(r.out).toContain('--version');
  });
});

describe('the progress line on a terminal', () => {
  test('should show the bar, games done, time so far and, from the second game, about how long is left', () => {
    // Piped or in CI: a line at most every 30 s, the last one only after another was printed.
    let clock = 0;
    const said: string[] = [];
    const plain = plainProgress((t) => said.push(t), () => clock);
    for (const [at, done] of [[10_000, 1], [40_000, 2], [50_000, 3], [75_000, 4], [80_000, 5]] as const) { clock = at; plain(done, 5); }
    expect(said).toEqual(['rulesmith: 2 of 5 games, 40 s, about 1 min 30 s left\n', 'rulesmith: 4 of 5 games, 1 min 15 s, about 22 s left\n', 'rulesmith: 5 of 5 games, 1 min 20 s\n']);
    const quick: string[] = [];
    const short = plainProgress((t) => quick.push(t), () => clock);
    short(1, 1);
    expect(quick).toEqual([]);
    expect(progressLine(1, 400, 95_000)).toBe(`\r[${'.'.repeat(30)}] 1/400  1 min 35 s\x1b[K`);
    // The first game ended at 2 minutes, the tenth at 20: 2 minutes a game, so 390 more are 13 hours.
    expect(progressLine(10, 400, 1_200_000, 120_000)).toBe(`\r[#${'.'.repeat(29)}] 10/400  20 min, about 13 h left\x1b[K`);
    // Start-up before the first game does not count in the pace: 4 s to start, then 0.5 s a game.
    expect(progressLine(5, 30, 6_000, 4_000)).toBe(`\r[#####${'.'.repeat(25)}] 5/30  6 s, about 13 s left\x1b[K`);
    expect(progressLine(400, 400, 48_000_000)).toBe(`\r[${'#'.repeat(30)}] 400/400  13 h 20 min\x1b[K\n`);
  });

  test('games a resumed run takes from its cache should not count in the pace', () => {
    // 56 of 200 taken from --cache at once, then games 57-66 played 3 minutes apart (the first
    // played one ended at 3 min): 3 min a game, 134 left, about 6 h 42 min; counting the 56 kept
    // ones as played would have said about 33 min.
    expect(progressLine(66, 200, 30 * 60_000, 3 * 60_000, 56)).toBe(`\r[##########${'.'.repeat(20)}] 66/200  30 min, about 6 h 42 min left\x1b[K`);
    // Only kept games so far, or one played: no pace yet.
    expect(progressLine(57, 200, 3 * 60_000, 3 * 60_000, 56)).toBe(`\r[#########${'.'.repeat(21)}] 57/200  3 min\x1b[K`);
  });
});
