/**
 * `rulesmith odds` as a designer reads it: numbers in numeric order with the chance of exactly,
 * at least and at most each value, bars, mean and standard deviation; --compare side by side.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';

describe('rulesmith odds, as text', () => {
  test('2d6: numeric order, at least / at most, bars, mean and standard deviation', async () => {
    const r = await runCli(['odds', DUEL, '2d6']);
    expect(r.code, r.err).toBe(0);
    const rows = r.out.split('\n').filter((l) => /^\s+\d+\s/.test(l));
    expect(rows.map((l) => Number(l.trim().split(/\s+/)[0]))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // 10: exactly 1/12; at least 10 is 6/36; at most 10 is 33/36.
    const ten = rows.find((l) => l.trim().startsWith('10 '))!.trim().split(/\s+/);
    expect(ten.slice(0, 5)).toEqual(['10', '1/12', '8.33%', '16.67%', '91.67%']);
    // The most likely value gets the longest bar.
    const bar = (l: string) => (l.match(/█+/) ?? [''])[0].length;
    expect(Math.max(...rows.map(bar))).toBe(bar(rows.find((l) => l.trim().startsWith('7 '))!));
    // sd of 2d6 is sqrt(35/6) = 2.4152.
    expect(r.out).toContain('mean 7 ≈ 7.0000, standard deviation 2.4152');
  });

  test('--compare prints each expression as a column over the union of their values', async () => {
    const r = await runCli(['odds', DUEL, '1d6', '--compare', '1d6 + 1']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('A: 1d6');
    expect(r.out).toContain('B: 1d6 + 1');
    const row = (v: string) => r.out.split('\n').find((l) => l.trim().startsWith(`${v} `))!.trim().split(/\s+/);
    expect(row('1')).toEqual(['1', '16.67%', '0.00%']);
    expect(row('7')).toEqual(['7', '0.00%', '16.67%']);
    expect(row('mean')).toEqual(['mean', '3.500', '4.500']);
    expect(row('sd')).toEqual(['sd', '1.708', '1.708']);
  });

  test('--compare of results that are codes has no mean or sd rows (they were rows of dashes)', async () => {
    const r = await runCli(['odds', 'rulesets/battle-of-seattle', 'roll on crt column 1', '--compare', 'roll on crt column 3']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}"VM" +33\.33% +33\.33%$/m);
    expect(r.out).not.toMatch(/^ {2}(mean|sd) /m);
  });

  test('without a ruleset, dice and arithmetic alone: the same figures as with one', async () => {
    const alone = await runCli(['odds', '3d6', '--compare', '2d8+1']);
    expect(alone.code, alone.err).toBe(0);
    expect(alone.out).toBe((await runCli(['odds', DUEL, '3d6', '--compare', '2d8+1'])).out);
    const words = await runCli(['odds', '2d6', '>=', '9']);
    expect(words.out).toMatch(/^2d6 >= 9\n {2}false +13\/18 +72\.22%/);
    // A name only a ruleset knows: the error, and how to give the ruleset.
    const table = await runCli(['odds', 'roll on crt']);
    expect(table.code).toBe(1);
    expect(table.err).toContain("no ruleset given ('roll on crt' is not a file or folder), so only dice and arithmetic are known; for a ruleset's tables and names: rulesmith odds <ruleset> \"roll on crt\"");
    // A mistake in the dice themselves gets no such hint.
    const die = await runCli(['odds', '1d0']);
    expect([die.code, die.err]).toEqual([1, 'rulesmith odds: `1d0`: a die needs at least one side (write e.g. `d6`)\n']);
    // A path that does not exist is a typo to report, not an expression.
    const typo = await runCli(['odds', 'rulesets/dragutt', '2d6']);
    expect([typo.code, typo.err]).toEqual([2, "rulesmith: cannot find 'rulesets/dragutt' (did you mean 'rulesets/dragut'?)\n"]);
  });

  test('a division is an expression, not a path, and decimals print as written', async () => {
    // `"1d6 / 2"` has a slash, as a path does, but names nothing: dice and arithmetic.
    const half = await runCli(['odds', '1d6 / 2']);
    expect(half.code, half.err).toBe(0);
    expect(half.out).toMatch(/^1d6 \/ 2\n.*\n {2}0\.5 +1\/6 +16\.67%/);
    // 1d6 * 1.1 is 3.3000000000000003 in binary for a 3: listed as the 3.3 the rules compare it as.
    const tenth = await runCli(['odds', '1d6 * 1.1']);
    expect(tenth.out.split('\n').map((l) => l.trim().split(/\s+/)[0])).toEqual(expect.arrayContaining(['3.3', '6.6']));
    expect(tenth.out).not.toContain('0000');
  });

  test("a mistake in the expression's syntax should come with the parser's hint, as validate prints it", async () => {
    const upper = await runCli(['odds', '1D6']);
    expect([upper.code, upper.err]).toEqual([1, 'rulesmith odds: `1D6` is not a number (write dice as a whole count, a lower-case d, then the sides: `2d6`)\n']);
  });

  test('a name the ruleset does not know: the likely one meant, or its tables', async () => {
    const near = await runCli(['odds', DUEL, 'roll on crtt column 1']);
    expect([near.code, near.err]).toEqual([1, 'rulesmith odds: unknown-name: No table `crtt`. Did you mean `crt`?\n']);
    const far = await runCli(['odds', DUEL, 'roll on combat']);
    expect(far.err).toMatch(/^rulesmith odds: unknown-name: No table `combat`\. Its tables: [a-z_, ]*crt[a-z_, ]*\.\n$/);
    const name = await runCli(['odds', DUEL, 'crtt[1, 1]']);
    expect(name.err).toContain('Did you mean `crt`?');
  });
});

describe('odds of a table whose rows are records, and codes compared', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rulesmith-odds-rows-'));
  writeFileSync(join(dir, 'ruleset.yaml'), [
    'rulesmith: 1',
    'id: events_odds',
    'name: Events odds',
    'sides: { a: { name: A } }',
    'players: { min: 1, max: 1 }',
    'tracks: { gold: { initial: 0 } }',
    'tables:',
    '  events:',
    '    roll: 2d6',
    '    params: []',
    '    rows:',
    '      2: { name: Bridge collapses, effect: "gold += 1" }',
    '      3-6: { name: Quiet front }',
    '      7-11: { name: Rain }',
    '      12: { name: Air strike, effect: "gold -= 1" }',
    '  crt:',
    '    roll: 1d6',
    '    columns: [low, high]',
    '    results: { NE: { name: No effect }, DR: { name: Defender retreats }, AE: { name: Attacker eliminated } }',
    '    rows: { 1-2: [AE, NE], 3-4: [NE, DR], 5-6: [DR, DR] }',
    'flow: { rounds: { count: 1 }, phases: [ { id: p, do: "resolve(roll on events)" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n'));

  test('rows should read by their name, in the order the table lists them', async () => {
    const r = await runCli(['odds', dir, 'events']);
    expect(r.code, r.err).toBe(0);
    const names = r.out.split('\n').slice(1, 5).map((l) => l.trim().split(/\s{2,}/)[0]);
    expect(names).toEqual(['Bridge collapses', 'Quiet front', 'Rain', 'Air strike']);
    expect(r.out).not.toContain('"effect"');
  });

  test('--compare should list codes in the legend\'s order, not A to Z', async () => {
    const r = await runCli(['odds', dir, 'roll on crt column "low"', '--compare', 'roll on crt column "high"']);
    expect(r.code, r.err).toBe(0);
    const codes = r.out.split('\n').filter((l) => /^ {2}"/.test(l)).map((l) => l.trim().split(/\s+/)[0]);
    expect(codes).toEqual(['"NE"', '"DR"', '"AE"']);
  });
  test('a ruleset alone should list what can be asked of it: kept questions, rolled tables, decks, each by the id that asks it', async () => {
    const r = await runCli(['odds', 'rulesets/battle-of-seattle']);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('Questions the rules keep (odds:):');
    expect(lines[1]).toMatch(/^  attack_at_3 +An attack of strength 3 \(the 2-3 column\): crt\[1d6, 3\]$/);
    expect(r.out).toContain('Tables with a roll:\n  crt                 Combat Results Table, 1d6\n');
    // Tables without a roll are listed too, with how to ask them.
    expect(r.out).toMatch(/Tables read by key: ask a lookup with dice where the rules roll for the key \(`table\[1d6 \+ 2\]`\):\n(  .*\n)*  turns +Turn Track\n/);
    expect(r.out).toContain('Ask one by its id (rulesmith odds rulesets/battle-of-seattle attack_at_3)');
    // The id it names asks the question.
    const asked = await runCli(['odds', 'rulesets/battle-of-seattle', 'removal_at_8']);
    expect(asked.out).toContain('removal_at_8 (An attack of strength 8 takes the targets off the map) — crt[1d6, 8] in ["A", "X"]');
    expect(asked.out).toMatch(/true +1\/3 +33\.33%/);
    const json = JSON.parse((await runCli(['odds', 'rulesets/dragut', '--json'])).out) as { questions: unknown[]; tables: unknown[]; decks: Array<{ id: string }> };
    expect(json.questions).toEqual([]);
    expect(json.decks.map((d) => d.id)).toEqual(['pirate_events', 'rapallino_events']);
    // --compare takes a kept question by its id too.
    const both = await runCli(['odds', 'rulesets/battle-of-seattle', 'attack_at_3', '--compare', 'attack_at_8']);
    expect(both.code, both.err).toBe(0);
    expect(both.out).toContain('  A: crt[1d6, 3]\n  B: crt[1d6, 8]\n');
    // No ruleset and no expression is still a usage error.
    expect((await runCli(['odds'])).code).toBe(2);
  });
});
