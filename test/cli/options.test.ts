/**
 * `--option k=v` is read by the option's declared type, range and choices in every command that
 * takes it (issue 12, item 8), and `play` refuses answers in the numbers it shows (item 9).
 */
import { describe, expect, test } from 'vitest';
import { main } from '../../interpreter/cli/main.ts';
import { allowedValues, optionProblem, parseOptionText } from '../../interpreter/runtime/options.ts';
import { runCli } from './run-cli.ts';

const DRAGUT = 'rulesets/dragut';
const BLUE_MAX = 'rulesets/blue-max';

/** Each command that takes `--option`, with what else it needs to run. */
const COMMANDS: Array<[string, string[]]> = [
  ['simulate', ['--games', '1']],
  ['play', ['--bots', 'p1,p2']],
  ['tournament', ['--agents', 'random', '--games', '1']],
  ['odds', ['1d6']],
  ['profile', ['--games', '1']],
];

describe('--option values are checked against their declaration', () => {
  test.each(COMMANDS)('%s should refuse a wrong type, a value out of range and an unknown choice, naming the allowed values', async (command, rest) => {
    const bad: Array<[string, string]> = [
      ['turn_limit=abc', "option 'turn_limit' must be a number of at least 0, not 'abc'"],
      ['turn_limit=-5', "option 'turn_limit' must be a number of at least 0, not '-5'"],
      ['free_all_captives=maybe', "option 'free_all_captives' must be true or false, not 'maybe'"],
      ['no_such=1', "no option 'no_such'. Options: turn_limit,"],
      ['turn_limt=5', "no option 'turn_limt'. Did you mean `turn_limit`? Options: turn_limit,"],
      ['adjacency=true', "no option 'adjacency'. Did you mean `seraglio_adjacency`? Options:"],
    ];
    for (const [option, message] of bad) {
      const r = await runCli([command, DRAGUT, ...rest, '--option', option]);
      expect(r.code, `${command} --option ${option}`).toBe(2);
      expect(r.err).toContain(message);
      expect(r.out).toBe('');
    }
  });

  test('a declared maximum and the choices should be named too', async () => {
    const over = await runCli(['odds', BLUE_MAX, '1d6', '--option', 'turn_limit=41']);
    expect(over.code).toBe(2);
    expect(over.err).toContain("option 'turn_limit' must be a number from 0 to 40, not '41'");
    const choice = await runCli(['odds', DRAGUT, '1d6', '--option', 'freed_unit_destination=anywhere']);
    expect(choice.code).toBe(2);
    expect(choice.err).toContain("must be one of empty_area, area_without_enemies, empty_area_or_hills, not 'anywhere'");
  });

  test('good values should be read by type', async () => {
    const r = await runCli(['odds', BLUE_MAX, '1d6', '--option', 'turn_limit=40', '--option', 'opt_lewis=true', '--option', 'board_face=classic_map']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  test('one checking function should serve the setup check, the command line and the editor', () => {
    const defs = { n: { type: 'number', default: 1, min: 1, max: 3 }, b: { type: 'boolean', default: false }, c: { type: 'choice', values: ['x', 'y'], default: 'x' } };
    expect(parseOptionText(defs, 'n', '2')).toEqual({ value: 2 });
    expect(parseOptionText(defs, 'n', '')).toMatchObject({ code: 'invalid-option' });
    expect(parseOptionText(defs, 'n', '0x2')).toMatchObject({ code: 'invalid-option' });
    expect(parseOptionText(defs, 'b', 'false')).toEqual({ value: false });
    expect(parseOptionText(defs, 'b', 'yes')).toMatchObject({ code: 'invalid-option' });
    expect(parseOptionText(defs, 'c', 'y')).toEqual({ value: 'y' });
    expect(optionProblem(defs, 'n', Number.NaN)).toMatchObject({ code: 'invalid-option' });
    expect(optionProblem(defs, 'n', 4)?.message).toBe('Option `n` must be a number from 1 to 3, not 4.');
    expect(optionProblem(defs, 'z', 1)?.code).toBe('unknown-option');
    expect(allowedValues(defs.c)).toBe('one of x, y');
  });
});

describe('play refuses answers in the numbers it shows', () => {
  test('typing 99 should say there is no option 99, and the game should go on', async () => {
    let out = '';
    const input = ['99', '0', 'quit'];
    async function* lines() { for (const l of input) yield l; }
    const code = await main(['play', 'test/fixtures/runtime/duel', '--seed', '3', '--bots', 'p2'], { out: (t) => { out += t; }, err: () => {}, color: false, lines: () => lines() });
    expect(code).toBe(0);
    const shown = /\n {2}(\d+)\. [^\n]*\n> /.exec(out);
    const count = Number(shown?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(out).toContain(`refused: there is no option 99; type a number from 1 to ${count}`);
    expect(out).toContain(`refused: there is no option 0; type a number from 1 to ${count}`);
    expect(out).not.toContain('Option 98');
  });
});
