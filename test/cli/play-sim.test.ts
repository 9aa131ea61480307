import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../interpreter/cli/main.ts';
import { RandomAgent, compileRuleset, createMemoryHost, loadRuleset, playWith, replayFile } from '../../interpreter/index.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';

async function playPiped(argv: string[], input: string[]) {
  let out = '';
  let err = '';
  async function* lines() { for (const l of input) yield l; }
  const code = await main(argv, { out: (t) => { out += t; }, err: (t) => { err += t; }, color: false, lines: () => lines() });
  return { code, out, err };
}

describe('rulesmith simulate', () => {
  test('the same seed should print the same summary, with winners, intervals and length', async () => {
    const a = await runCli(['simulate', DUEL, '--games', '40', '--seed', '9']);
    const b = await runCli(['simulate', DUEL, '--games', '40', '--seed', '9']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    expect(a.out).toContain('games: 40, ended: 40, runtime errors: 0');
    // Sides by the names the ruleset gives them (`red: { name: Red }`), not by their ids.
    expect(a.out).toMatch(/winners\n(\s+(Red|Blue)\s+\d+\s+[\d.]+%\s+\(95% CI [\d.]+%–[\d.]+%\)\n)+/);
    expect(a.out).toMatch(/rounds\s+mean 3\.00\s+median 3\s+p95 3/);
    const c = await runCli(['simulate', DUEL, '--games', '40', '--seed', '10']);
    expect(c.out).not.toBe(a.out);
  });

  test('the summary should say which bots played, and that bots playing at random say nothing of who wins when sides play to win', async () => {
    const random = await runCli(['simulate', DUEL, '--games', '4', '--seed', '9']);
    expect(random.out).toContain('runtime errors: 0\nbots: random\nThese bots do not look ahead: the figures show what chance alone does');
    expect(random.out).toContain('--agents easy, normal or hard search to win');
    const greedy = await runCli(['simulate', DUEL, '--games', '4', '--seed', '9', '--agents', 'greedy,random']);
    expect(greedy.out).toContain('bots: greedy, random\n\nwinners');
    expect(greedy.out).not.toContain('do not look ahead');
  });

  test('worker threads should give exactly the summary of a single thread', async () => {
    const one = await runCli(['simulate', DUEL, '--games', '30', '--seed', '5', '--workers', '1']);
    const two = await runCli(['simulate', DUEL, '--games', '30', '--seed', '5', '--workers', '2']);
    expect(two.code).toBe(0);
    expect(two.out).toBe(one.out);
  });

  test('--json should print a machine-readable summary', async () => {
    const r = await runCli(['simulate', DUEL, '--games', '10', '--json', '--option', 'short=true']);
    const s = JSON.parse(r.out);
    expect(s).toMatchObject({ games: 10, ended: 10, errors: { count: 0 }, rounds: { mean: 2 } });
    expect(s.winners.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(10);
  });

  test('runtime errors should be counted and exit 1', async () => {
    const r = await runCli(['simulate', DUEL, '--games', '10', '--option', 'strict_test=true']);
    expect(r.out).toMatch(/runtime errors: ([1-9]|10)\n/);
    expect(r.out).toMatch(/seed 1:\d+: track-out-of-bounds: .*\(test\/fixtures\/runtime\/duel\/ruleset.yaml:\d+:\d+\)/);
    expect(r.code).toBe(1);
    // No game ended: the length says so, not zeros that read as games of no length.
    const none = await runCli(['simulate', DUEL, '--games', '3', '--seed', 'b', '--option', 'strict_test=true']);
    expect(none.out).toContain('games: 3, ended: 0, runtime errors: 3');
    expect(none.out).toContain('game length: no game ended');
    expect(none.out).not.toContain('mean 0.00');
  });

  test('bad arguments should exit 2 with a message', async () => {
    expect((await runCli(['simulate', DUEL, '--games', 'many'])).code).toBe(2);
    expect((await runCli(['simulate', DUEL, '--option', 'nope=1'])).err).toContain("no option 'nope'");
    expect((await runCli(['simulate', DUEL, '--players', '5'])).err).toContain('for 2–2 players');
  });
});

describe('rulesmith replay', () => {
  test('a replay written by simulate should verify, and a tampered one should diverge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-replay-'));
    await runCli(['simulate', DUEL, '--games', '3', '--seed', '4', '--replays', dir]);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['game-00001.json', 'game-00002.json', 'game-00003.json']);
    const ok = await runCli(['replay', join(dir, files[0]!)]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^replay verified: \d+ decisions, 3 rounds, result \{"winner":/);
    const replay = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    replay.decisions[0] = 99;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(replay));
    const bad = await runCli(['replay', join(dir, 'bad.json')]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('diverged at decision 1 ("Play an order"): answer-out-of-range');
    writeFileSync(join(dir, 'junk.json'), '{"hello": 1}');
    expect((await runCli(['replay', join(dir, 'junk.json')])).code).toBe(2);
  });

  test('a bot for a seat the game does not have should be refused before play, naming the seats', async () => {
    const seat = await playPiped(['play', DUEL, '--bots', 'p3=normal'], ['1']);
    expect([seat.code, seat.out]).toEqual([2, '']);
    expect(seat.err).toBe("rulesmith play: --bots p3=normal: this game has no seat 'p3'; its seats are p1, p2 (--players N for more), as in --bots p2=normal\n");
    // A level where a seat belongs: the example puts it in a seat.
    const level = await playPiped(['play', DUEL, '--bots', 'hard'], ['1']);
    expect(level.err).toContain("no seat 'hard'; its seats are p1, p2 (--players N for more), as in --bots p2=hard");
  });

  test('a question whose options are cards says what each card says, from the seat\'s own hand only', async () => {
    const r = await playPiped(['play', 'rulesets/templates/card-driven', '--seed', '3', '--bots', 'p2=random'], ['1', 'quit']);
    const headline = r.out.slice(r.out.indexOf('Choose your headline card'));
    const options = headline.split('\n').slice(1, 6);
    expect(options).toHaveLength(5);
    for (const line of options) expect(line).toMatch(/^ {2}\d\. [A-Z][a-z ]+ — \d ops?\. .+\.$/);
  });

  test('a replay saved by play should verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-play-'));
    const save = join(dir, 'game.json');
    const r = await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p2', '--save', save, '--option', 'short=true'], Array(60).fill('1'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('Play an order');
    expect(r.out).toContain('Game over:');
    expect((await runCli(['replay', save])).code).toBe(0);
  });

  test('a game saved before its end should verify up to its last answer, and play --load should go on from there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-load-'));
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    const all = join(dir, 'all.json');
    const played = await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p2', '--save', first], ['1', '1', '1', 'quit']);
    expect(played.out).toContain(`Game saved to ${first} (go on with: rulesmith play --load ${first})`);
    const saved = JSON.parse(readFileSync(first, 'utf8'));
    expect(saved.game.status).toBe('waiting');
    const n = saved.decisions.length;
    expect(n).toBeGreaterThanOrEqual(3);
    const partial = await runCli(['replay', first]);
    expect(partial.code, partial.out + partial.err).toBe(0);
    expect(partial.out).toContain(`replay verified up to decision ${n}: the game waits for p1`);
    // Go on with the rest of the game; saved again, the file holds every answer from the start.
    const resumed = await playPiped(['play', '--load', first, '--bots', 'p2', '--save', second], Array(60).fill('1'));
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toContain(`Resumed ${first}: ${n} decisions played`);
    expect(resumed.out).toContain('Game over:');
    const whole = JSON.parse(readFileSync(second, 'utf8'));
    expect(whole.decisions.slice(0, n)).toEqual(saved.decisions);
    // The saved game carries its rule files; with the ruleset also on disk, replay first says whether they agree.
    expect((await runCli(['replay', second])).out).toMatch(/^rules: the 1 file\(s\) carried in the replay; test\/fixtures\/runtime\/duel on disk has the same rules\nreplay verified: \d+ decisions/);
    // The same game played in one go gives the same answers and result.
    await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p2', '--save', all], [...Array(3).fill('1'), ...Array(60).fill('1')]);
    const oneGo = JSON.parse(readFileSync(all, 'utf8'));
    expect(whole.result).toEqual(oneGo.result);
  });

  test('a saved game whose state was edited should not verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-load-'));
    const file = join(dir, 'game.json');
    await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p2', '--save', file], ['1', '1', 'quit']);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    saved.game.state.round += 1;
    writeFileSync(file, JSON.stringify(saved));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('is not in the state the file saved');
  });
});

describe('rulesmith replay of rules that exist only in the replay (a variant edited in the browser)', () => {
  const BASE = readFileSync(join(DUEL, 'ruleset.yaml'), 'utf8');
  /** A variant no disk holds: the path is where the browser keeps it. */
  const VARIANT = 'rulesets/duel-in-browser/variants/mine.yaml';
  const VARIANT_TEXT = 'rulesmith: 1\nextends: ../ruleset.yaml\nid: mine\nname: Duel, mine\nset:\n  "tables.crt.rows.1-3": [W, W, W]\n';
  const files = { 'rulesets/duel-in-browser/ruleset.yaml': BASE, [VARIANT]: VARIANT_TEXT };

  /** Play a seeded random game of the in-memory variant and write its replay with the rules embedded. */
  function recorded(dir: string): { file: string; replay: ReturnType<typeof replayFile> } {
    const loaded = loadRuleset(VARIANT, createMemoryHost(files));
    const program = compileRuleset(loaded.model!);
    const setup = { seed: 'browser', options: {} };
    const played = playWith(program, setup, new RandomAgent('bots'));
    if ('problems' in played) throw new Error('setup refused');
    const replay = replayFile(VARIANT, program, setup, played.decisions, played.game.result, { embed: true });
    const file = join(dir, 'mine.replay.json');
    writeFileSync(file, JSON.stringify(replay));
    return { file, replay };
  }

  test('it should verify from the replay file alone, and say so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-embedded-'));
    const { file, replay } = recorded(dir);
    expect(Object.keys(replay.files!).sort()).toEqual(Object.keys(files).sort());
    const r = await runCli(['replay', file]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`replay verified: ${replay.decisions.length} decisions`);
  });

  test('a carried file changed after recording should diverge on the rules hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-embedded-'));
    const { file, replay } = recorded(dir);
    replay.files![VARIANT] = VARIANT_TEXT.replace('[W, W, W]', '[N, N, N]');
    writeFileSync(file, JSON.stringify(replay));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^diverged: the rules changed since the game was recorded \(hash \w+ → \w+\)/);
  });

  test('--ruleset should replay against other rules: the shipped duel is not this variant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-embedded-'));
    const { file } = recorded(dir);
    const r = await runCli(['replay', file, '--ruleset', DUEL]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('diverged: the rules changed');
  });

  test('with the ruleset also on disk, it should say whether the disk has the same rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-embedded-'));
    const program = compileRuleset(loadRuleset(DUEL, createMemoryHost({ [`${DUEL}/ruleset.yaml`]: BASE })).model!);
    const setup = { seed: 3, options: {} };
    const played = playWith(program, setup, new RandomAgent('bots'));
    if ('problems' in played) throw new Error('setup refused');
    const replay = replayFile(DUEL, program, setup, played.decisions, played.game.result, { embed: true });
    writeFileSync(join(dir, 'same.json'), JSON.stringify(replay));
    const same = await runCli(['replay', join(dir, 'same.json')]);
    expect(same.code).toBe(0);
    expect(same.out).toContain(`rules: the 1 file(s) carried in the replay; ${DUEL} on disk has the same rules`);
    replay.files![`${DUEL}/ruleset.yaml`] = `${BASE}\n# a comment changes no rule\n`;
    writeFileSync(join(dir, 'comment.json'), JSON.stringify(replay));
    expect((await runCli(['replay', join(dir, 'comment.json')])).code).toBe(0);
  });

  test('a replay whose files are not texts should be refused as unreadable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-embedded-'));
    const { file, replay } = recorded(dir);
    writeFileSync(file, JSON.stringify({ ...replay, files: { [VARIANT]: 42 } }));
    const r = await runCli(['replay', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('`files` must map paths to texts');
  });
});

describe('rulesmith play', () => {
  test('a person should see the other side\'s hidden pieces by alias, and answer in the order shown', async () => {
    // North's march is answered by a bot; South (a person) picks the first unit it is shown.
    const r = await playPiped(['play', 'test/fixtures/runtime/masks', '--seed', '5', '--bots', 'p1'], ['1', 'quit']);
    expect(r.code).toBe(0);
    const asked = r.out.slice(r.out.indexOf('Challenge which unit?'));
    expect(asked).toMatch(/1\. hidden piece \(hidden-\d+\)/);
    // Nothing South is shown before it answers names a North unit (all are hidden until then).
    expect(r.out.split('> ')[0]).not.toMatch(/Captain|Lookout|Veteran|lookout_|captain/);
    // The answer by shown index was taken and the game played on to its end.
    expect(r.out).not.toContain('refused');
    expect(r.out).toContain('Game over:');
  });


  test('`none` should answer a question that allows choosing nothing, and be refused where it does not', async () => {
    const r = await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p1'], Array(150).fill(['none', '1']).flat());
    expect(r.out).toContain('Watch areas');
    expect(r.out).toContain('(choose 0 to 2: numbers separated by spaces, or none)');
    expect(r.out).toContain('watching 0');
    expect(r.out).toContain('type a number');
  });

  test('piped answers that run out before the end should stop the game with exit 1; quit with 0', async () => {
    const ran = await playPiped(['play', DUEL, '--seed', '3'], ['1']);
    expect(ran.out).toContain('Stopped before the end: the input ended.');
    expect(ran.code).toBe(1);
    const quit = await playPiped(['play', DUEL, '--seed', '3'], ['1', 'quit']);
    expect(quit.out).toContain('Stopped before the end.\n');
    expect(quit.code).toBe(0);
  });

  test('piped input should answer numbered options and re-ask after bad input', async () => {
    const r = await playPiped(['play', DUEL, '--seed', '3'], ['hello', '9', 'state', 'quit']);
    expect(r.out).toContain('1. ');
    expect(r.out).toContain('type a number');
    // Refused in the numbers shown: typing 9 names option 9 (it once said 'Option 8').
    expect(r.out).toContain('refused: there is no option 9; type a number from 1 to');
    expect(r.out).toContain('tension: 0');
    expect(r.out).toContain('Stopped before the end.');
  });
});

describe('rulesmith odds', () => {
  test('should give exact fractions for dice expressions', async () => {
    const r = await runCli(['odds', DUEL, '2d6 >= 9', '--json']);
    expect(JSON.parse(r.out).outcomes).toEqual([
      { value: false, p: '13/18', decimal: 13 / 18 },
      { value: true, p: '5/18', decimal: 5 / 18 },
    ]);
    const half = JSON.parse((await runCli(['odds', DUEL, 'half_up(1d6)', '--json'])).out);
    expect(half.outcomes.map((o: { p: string }) => o.p)).toEqual(['1/3', '1/3', '1/3']);
    expect(half.meanExact).toBe('2');
  });

  test('a table name should give the distribution of each column', async () => {
    const r = await runCli(['odds', DUEL, 'crt', '--json']);
    const cols = JSON.parse(r.out);
    expect(cols.map((c: { label: string }) => c.label)).toEqual(['column 1', 'column 2-3', 'column 4+']);
    expect(cols[1].outcomes).toEqual([{ value: 'N', p: '1/2', decimal: 0.5 }, { value: 'W', p: '1/2', decimal: 0.5 }]);
    expect(cols[2].outcomes).toEqual([{ value: 'W', p: '1', decimal: 1 }]);
  });

  test('conditional rolls should be enumerated exactly', async () => {
    const r = JSON.parse((await runCli(['odds', DUEL, 'if 1d6 == 6 then 6 + 1d6 else 0', '--json'])).out);
    expect(r.outcomes[0]).toEqual({ value: 0, p: '5/6', decimal: 5 / 6 });
    expect(r.outcomes.slice(1).map((o: { p: string }) => o.p)).toEqual(Array(6).fill('1/36'));
  });

  test('an expression that does not parse should exit 1 with a message', async () => {
    const r = await runCli(['odds', DUEL, '2d6 +']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('rulesmith odds:');
  });
});

describe('rulesmith diff', () => {
  test('should list what a variant changes, with table cells', async () => {
    const r = await runCli(['diff', DUEL, `${DUEL}/variants/bloody.yaml`]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('~ options.short (default)\n');
    expect(r.out).toContain(`~ tables.crt\n    used by:\n      action attack  ${DUEL}/ruleset.yaml:81:23\n    row 1-3, column 2-3: N → W\n`);
    const json = JSON.parse((await runCli(['diff', DUEL, `${DUEL}/variants/bloody.yaml`, '--json'])).out);
    expect(json.base).toBe(DUEL);
    expect(json.changes).toContainEqual({
      section: 'tables', id: 'crt', change: 'changed', cells: ['row 1-3, column 2-3: N → W'],
      usedBy: [{ element: 'action attack', file: `${DUEL}/ruleset.yaml`, line: 81, column: 23, uses: 1 }],
      grid: {
        columns: ['1', '2-3', '4+'],
        rows: [
          { key: '1-3', cells: [{ old: 'N', new: 'N', changed: false }, { old: 'N', new: 'W', changed: true }, { old: 'W', new: 'W', changed: false }] },
          { key: '4-6', cells: [{ old: 'N', new: 'N', changed: false }, { old: 'W', new: 'W', changed: false }, { old: 'W', new: 'W', changed: false }] },
        ],
      },
    });
    expect((await runCli(['diff', DUEL, DUEL])).out).toBe(`${DUEL} against ${DUEL} (old → new):\n\nNo differences.\n`);
  });

  test('a variant should play with its own rules', async () => {
    const r = JSON.parse((await runCli(['simulate', `${DUEL}/variants/bloody.yaml`, '--games', '5', '--json'])).out);
    expect(r).toMatchObject({ ruleset: 'duel_bloody', ended: 5, rounds: { mean: 2 } });
  });
});
