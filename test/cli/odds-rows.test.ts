/**
 * `rulesmith odds` and `diff --odds` on tables whose rows are records (a name and an effect), and
 * an odds column label typed without quotes, as a designer meets them.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli.ts';

const MARKET = 'test/fixtures/odds/market';

describe('rulesmith odds on record rows', () => {
  test('a value from rows apart is one line of cells, its rows listed', async () => {
    const r = await runCli(['odds', MARKET, 'roll on winds']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}Calm +1\/2 +50\.00% +winds rows 2-3, 5 \(1d6 2, 3, 5\)$/m);
    expect(r.out.match(/^ {2}Calm /gm)).toHaveLength(2); // once in the distribution, once in the cells
    expect(r.out).not.toContain('"effect"');
    // --json keeps the whole row.
    const json = JSON.parse((await runCli(['odds', MARKET, 'roll on winds', '--json'])).out);
    expect(json.outcomes[0].value).toEqual({ name: 'Storm', effect: 'fame_all()' });
  });

  test('an unquoted column label that is text: the hint to quote it', async () => {
    const r = await runCli(['odds', MARKET, 'roll on crt column 1:1']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('\nrulesmith odds: the column `1:1` of crt is a text label: quote it, as in `roll on crt column "1:1"`\n');
    const lookup = await runCli(['odds', MARKET, 'crt[1d6, 1:2 shift 1]']);
    expect(lookup.err).toContain('quote it, as in `crt[1d6, "1:2" shift 1]`');
    // A label the table does not have gets no such hint.
    expect((await runCli(['odds', MARKET, 'roll on crt column 3:1'])).err).not.toContain('quote it');
  });
});

describe('rulesmith odds on a table it cannot roll on, or a word column unquoted', () => {
  // A euro designer's walk: `odds <ruleset> delivery_vp` stopped with no word of how to ask.
  const dir = mkdtempSync(join(tmpdir(), 'rs-odds-'));
  writeFileSync(join(dir, 'ruleset.yaml'), [
    'rulesmith: 1',
    'id: keyed',
    'name: Keyed',
    'players: { min: 1, max: 1 }',
    'tables:',
    '  delivery_vp: { rows: { "1": 1, "2": 3, "3+": 6 } }',
    '  fire: { roll: 1d6, columns: [unhelped, helped], rows: { 1-4: [burning, out], 5-6: [out, out] } }',
    'flow: { phases: [ { id: p, do: "log \\"{delivery_vp[2]} {roll on fire column \\"helped\\"}\\"" } ] }',
    'victory: { do: "end game with { winner: none }" }',
    '',
  ].join('\n'));

  test('a table read by key: how to ask about a key, and its rows', async () => {
    const r = await runCli(['odds', dir, 'delivery_vp']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('rulesmith odds: `delivery_vp` is read by key: ask about the key the rules look it up with, as in `rulesmith odds <ruleset> "delivery_vp[1d6]"` (dice, or any expression); its rows: 1, 2, 3+.');
    expect((await runCli(['odds', dir, 'delivery_vp[1d3]'])).code).toBe(0);
  });

  test('a column label that is a word, unquoted, reads as an unknown name: the hint to quote it', async () => {
    const r = await runCli(['odds', dir, 'roll on fire column unhelped']);
    expect(r.err).toContain('rulesmith odds: the column `unhelped` of fire is a text label: quote it, as in `roll on fire column "unhelped"`');
    expect((await runCli(['odds', dir, 'roll on fire column nope'])).err).not.toContain('quote it');
  });
});

describe('odds questions kept with the rules (odds:)', () => {
  const FFA = 'rulesets/templates/free-for-all';
  test('`odds <ruleset> <id>` enumerates the question by its id and says its name', async () => {
    const r = await runCli(['odds', FFA, 'market_kinds']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('market_kinds (Kinds of goods in a fresh market row) — size(kinds_in(draw market_size from goods))');
    // 3 kinds of 6 among 18 cards, 4 drawn: one kind only is 3 × C(6,4) / C(18,4) = 1/68.
    expect(r.out).toMatch(/^ {2}1 +1\/68 /m);
  });

  test('`diff --odds` lists every kept question, its values only when a variant moves them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-kept-'));
    writeFileSync(join(dir, 'ruleset.yaml'), [
      'rulesmith: 1', 'id: kept', 'name: Kept', 'players: { min: 1, max: 1 }',
      'variables: { bonus: { type: number, initial: 0 } }',
      'odds:', '  high: { name: A high roll, expression: "1d6 + bonus >= 5" }', '  plain: { expression: 1d4 }',
      'flow: { phases: [ { id: p, do: "log \\"{bonus}\\"" } ] }',
      'victory: { do: "end game with { winner: none }" }', '',
    ].join('\n'));
    writeFileSync(join(dir, 'plus-one.yaml'), 'rulesmith: 1\nid: plus_one\nname: Plus one\nextends: ruleset.yaml\nset: { variables.bonus.initial: 1 }\n');
    const r = await runCli(['diff', dir, join(dir, 'plus-one.yaml'), '--odds']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('odds.high: 1d6 + bonus >= 5 — A high roll\n');
    expect(r.out).toMatch(/^ {4}true +33\.3% → +50\.0% +\(\+16\.7%\)$/m);
    expect(r.out).toContain('odds.plain (unchanged odds): 1d4\n');
    expect(r.out).not.toMatch(/^ {4}1 +25\.0% → +25\.0%/m);
  });
});

describe('rulesmith diff --odds on record rows', () => {
  test('rows by their name, not as JSON with their effect scripts', async () => {
    const r = await runCli(['diff', MARKET, `${MARKET}/variants/more-palaces.yaml`, '--odds']);
    expect(r.code, r.err).toBe(0);
    const odds = r.out.slice(r.out.indexOf('\ntables.winds: roll on winds'));
    expect(odds).toMatch(/^ {4}Storm +16\.7% → +33\.3% +\(\+16\.7%\)$/m);
    expect(odds).toMatch(/^ {4}Calm +50\.0% → +33\.3% +\(−16\.7%\)$/m);
    expect(odds).not.toContain('{"name"');
  });
});
