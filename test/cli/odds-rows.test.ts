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
