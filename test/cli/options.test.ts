/**
 * `--option k=v` is read by the option's declared type, range and choices in every command that
 * takes it (issue 12, item 8), and `play` refuses answers in the numbers it shows (item 9); an
 * option's `requires` leaves it at its default, and `options` and `--option` say so.
 */
import { describe, expect, test } from 'vitest';
import { main } from '../../interpreter/cli/main.ts';
import { allowedValues, effectiveOptions, optionProblem, parseOptionText, unmetRequirements } from '../../interpreter/runtime/options.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';
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
      // A bare name: how to write it for this option.
      ['free_all_captives', "--option wants key=value, got 'free_all_captives' (to turn it on: --option free_all_captives=true)"],
      ['freed_unit_destination', "got 'freed_unit_destination' (freed_unit_destination=…: one of empty_area, area_without_enemies, empty_area_or_hills)"],
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

describe('an option that matters only with another (`requires:`)', () => {
  const defs = {
    opt_altitude: { type: 'boolean', default: false },
    glide_to_ground: { type: 'choice', values: ['shot_down', 'landed'], default: 'shot_down', requires: { opt_altitude: true } },
    landing_roll: { type: 'number', default: 3, requires: { glide_to_ground: 'landed' } },
  };

  test('without its requirement an option keeps its default, along a chain of requirements', () => {
    expect(effectiveOptions(defs, { glide_to_ground: 'landed', landing_roll: 5 })).toEqual({ opt_altitude: false, glide_to_ground: 'shot_down', landing_roll: 3 });
    expect(effectiveOptions(defs, { opt_altitude: true, glide_to_ground: 'landed', landing_roll: 5 })).toEqual({ opt_altitude: true, glide_to_ground: 'landed', landing_roll: 5 });
    expect(effectiveOptions(defs, { opt_altitude: true, landing_roll: 5 })).toEqual({ opt_altitude: true, glide_to_ground: 'shot_down', landing_roll: 3 });
    expect(unmetRequirements(defs, 'landing_roll', effectiveOptions(defs, {}))).toEqual(['glide_to_ground = landed']);
    expect(unmetRequirements(defs, 'opt_altitude', {})).toEqual([]);
  });

  test('a game started with it set, but not what it needs, plays with its default', () => {
    const program = loadProgram(BLUE_MAX);
    const off = startGame(program, { seed: 1, players: 2, options: { lewis_reload: 'automatic' } });
    expect(off.state.options.lewis_reload).toBe('declared');
    const on = startGame(program, { seed: 1, players: 2, options: { opt_lewis: true, lewis_reload: 'automatic' } });
    expect(on.state.options.lewis_reload).toBe('automatic');
  });

  test('`options` says what each one matters with, also in JSON', async () => {
    const text = await runCli(['options', BLUE_MAX]);
    expect(text.out).toContain('lewis_reload (How a Lewis reload is triggered)\n  type choice, default declared; allowed: one of declared, automatic\n  only with opt_lewis = true (otherwise declared)\n');
    // Each optional rule's readings follow it (the editor's order); JSON keeps the declared order.
    const ids = [...text.out.matchAll(/^(\w+) \(/gm)].map((m) => m[1]);
    expect(ids.slice(0, 7)).toEqual(['opt_lewis', 'lewis_positions', 'lewis_reload', 'opt_observer', 'observer_fire_model', 'observer_acts_while_spinning', 'opt_altitude']);
    const json = JSON.parse((await runCli(['options', BLUE_MAX, '--json'])).out) as Array<{ id: string; requires?: unknown }>;
    expect(json.slice(0, 4).map((o) => o.id)).toEqual(['opt_lewis', 'opt_observer', 'opt_altitude', 'opt_fuel']);
    expect(json.find((o) => o.id === 'glide_to_ground')?.requires).toEqual({ opt_altitude: true });
    expect(json.find((o) => o.id === 'opt_altitude')?.requires).toBeUndefined();
  });

  test('--option setting it without what it needs says so on stderr, and runs', async () => {
    const r = await runCli(['odds', BLUE_MAX, '1d6', '--option', 'lewis_reload=automatic']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('rulesmith: note: --option lewis_reload=automatic has no effect without opt_lewis = true; it keeps its default, declared.\n');
    const both = await runCli(['odds', BLUE_MAX, '1d6', '--option', 'lewis_reload=automatic', '--option', 'opt_lewis=true']);
    expect(both.err).toBe('');
  });
});
