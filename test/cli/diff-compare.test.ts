import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareRecordSets, comparisonVerdict } from '../../interpreter/analysis/compare.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';
import { describe, expect, test } from 'vitest';
import { printDiff } from '../../interpreter/cli/diff.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';
const HOUSE = `${DUEL}/variants/house.yaml`;

describe('rulesmith diff, what a house rule changes', () => {
  test('text should show grids, values, cards, scripts and sources', async () => {
    const r = await runCli(['diff', DUEL, HOUSE]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`~ tables.crt (roll, source)  [House rules §1]\n    used by:\n      action attack  ${DUEL}/ruleset.yaml:81:23\n    row 1-3, column 2-3: N → W\n    row 7-8: added\n`);
    expect(r.out).toContain('       1-3  N    N→W  W\n');
    expect(r.out).toContain('    roll: 1d6 → 1d8\n');
    expect(r.out).toContain('    card advance: changed\n      count: 2 → 3\n    card rally: removed\n    card dig_in: added\n');
    expect(r.out).toContain('    script do:\n      - return sum p.cf for p in pieces_in(spot)\n      + return 1 + sum p.cf for p in pieces_in(spot)\n');
    expect(r.out).toContain(`+ options.fast\n    used by no script: this change reaches no rule\n~ options.short (default)\n    used by:\n      flow.rounds.count  ${DUEL}/ruleset.yaml:98:24\n    default: false → true\n`);
    // Which way the arrows read first; the rules' changes before what only names or describes them.
    expect(r.out.startsWith(`${HOUSE} against ${DUEL} (old → new):\n\n~ decks.orders`)).toBe(true);
    expect(r.out).toMatch(/\n~ tracks\.score \(max\)\n(?: {4}.*\n)+\ndescribed differently:\n~ id\n(?: {4}.*\n)+~ name\n/);
  });

  test('each changed element should say which rules use it, where, including a per-side track read as a member and a card of the variant', async () => {
    const r = await runCli(['diff', DUEL, HOUSE]);
    expect(r.out).toContain([
      '~ tracks.score (max)',
      '    used by:',
      `      action attack                ${DUEL}/ruleset.yaml:83:14`,
      `      victory                      ${DUEL}/ruleset.yaml:130:12 (4 uses)`,
      `      card advance of deck orders  ${HOUSE}:15:64`,
      '    max: 20 → 30',
    ].join('\n'));
    const json = JSON.parse((await runCli(['diff', DUEL, HOUSE, '--json'])).out) as { changes: Array<{ section: string; id: string; usedBy?: unknown }> };
    const usedBy = (section: string, id: string) => json.changes.find((c) => c.section === section && c.id === id)?.usedBy;
    expect(usedBy('procedures', 'strength')).toEqual([{ element: 'action attack', file: `${DUEL}/ruleset.yaml`, line: 81, column: 41, uses: 1 }]);
    expect(usedBy('options', 'fast')).toEqual([]);
    // A shipped CRT house rule: combat reads it, inside the attack action, which the text says too.
    const crt = await runCli(['diff', 'rulesets/battle-of-seattle', 'rulesets/battle-of-seattle/variants/bloodier-crt.yaml']);
    expect(crt.out).toContain('      procedure resolve_combat    rulesets/battle-of-seattle/procedures-combat.yaml:164:27 (2 uses)\n');
    expect(crt.out).toContain('\n    and through them: action declare_attack\n    row 1, column 11-15: N → VM\n');
    // `strength` is used by the attack action itself, through no other procedure: nothing more to reach.
    expect(json.changes.find((c) => c.section === 'procedures' && c.id === 'strength')).not.toHaveProperty('reaches');
    // Not about the rules (a name, a description): nothing to say.
    expect(usedBy('id', 'id')).toBeUndefined();
  });

  test('--odds should print each changed distribution before and after', async () => {
    const r = await runCli(['diff', DUEL, HOUSE, '--odds']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('tables.crt column 2-3: roll on crt column 2\n    "N"   50.0% →   0.0%  (−50.0%)\n    "W"   50.0% → 100.0%  (+50.0%)\n');
    expect(r.out).toContain('tables.crt column 4+ (unchanged odds)');
    expect(r.out).toContain('tables.crt.roll: (1d6).total → (1d8).total\n');
  });

  test("a first seat of no fixed side should get its own win rate, the fair share and the change", () => {
    const seats = (n: number, first: number): GameRecord[] => Array.from({ length: n }, (_, i) => ({
      seed: `1:${i + 1}`, status: 'ended', result: { winner: i < first ? 'p1' : 'p2' }, rounds: 3, decisions: 20, error: null, seats: { p1: null, p2: null },
    }));
    const c = compareRecordSets({ records: seats(80, 48), ruleset: 'a', hash: 'h1' }, { records: seats(70, 56), ruleset: 'b', hash: 'h2' }, { seed: '1', agents: ['random'] });
    expect(formatComparison(c, 'a', 'b')).toContain('\nfirst seat (p1) wins: base 60.0% (49.0%–70.0%), variant 80.0% (69.2%–87.7%) advantage; fair share 50.0%; change +20.0% (5.2% to 33.4%)  *\n');
  });

  test('the margin should say what it is: a result\'s own margin, else the heuristic scores\' gap (not victory points)', async () => {
    const r = await runCli(['diff', 'rulesets/templates/starter', 'rulesets/templates/starter/variants/long-campaign.yaml', '--simulate', '4', '--seed', '1', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n {2}margin .*\n {13}\(a result's own `margin` where the rules report one, else the gap between the top two heuristic scores at the end\)\n/);
  });

  test('--simulate should compare the same seeds under both rule sets, in JSON too', async () => {
    const args = ['diff', DUEL, HOUSE, '--simulate', '30', '--seed', '4', '--workers', '1'];
    const text = await runCli(args);
    expect(text.code).toBe(0);
    expect(text.out).toContain('30 games each, paired: game i of both uses seed 4:i and the same bots (random).');
    expect(text.out).toMatch(/\n {2}rounds {9}3\.00 {6}2\.00 {4}−1\.00 \(−1\.00 to −1\.00\) {2}\*\n/);
    expect(text.out).toContain('\n  margin     (the rulesets report no margin and declare no heuristics)\n');
    // In the duel p1 always plays red: its wins are red's (the winners above), not a seat's edge.
    // Sides by their names, as the ruleset gives them (`red: { name: Red }`), not their ids.
    expect(text.out).toContain('\nfirst seat (p1): plays Red in every game, so its wins are the wins of Red (winners, above)\n');
    expect(text.out).toMatch(/\nwinners +base +variant +change \(95% CI\)\n(Red|Blue) /);
    const json = JSON.parse((await runCli([...args, '--json', '--odds'])).out);
    // What more games would buy: the widest winner interval's half-width, and four times the games for half of it.
    const half = Math.max(...json.simulation.winners.map((w: { ci95: [number, number] }) => (w.ci95[1] - w.ci95[0]) / 2));
    expect(text.out).toContain(`precision: winners' changes within about ±${(half * 100).toFixed(1)} points with 30 games of each; ±${(half * 50).toFixed(1)} would take about 120.\n`);
    // Under the winners, what they say in one sentence (the editor and the report say the same).
    const said = comparisonVerdict(json.simulation)!;
    expect(text.out).toContain(`\n${said.text}\n`);
    expect(json.simulation.winnersDiffer).toEqual(expect.any(Number));
    expect(Object.keys(json)).toEqual(['base', 'variant', 'changes', 'odds', 'simulation']);
    const s = json.simulation;
    expect(s).toMatchObject({ games: 30, design: 'paired', seed: '4', agents: ['random'], base: { ruleset: 'duel', games: 30 }, variant: { ruleset: 'duel_house', games: 30 } });
    expect(s.rounds).toMatchObject({ diff: -1, ci95: [-1, -1], significant: true });
    for (const w of s.winners) {
      expect(w.base.count).toBe(s.base.winners.find((x: { label: string }) => x.label === w.label)?.count ?? 0);
      expect(w.ci95[0]).toBeLessThanOrEqual(w.diff);
      expect(w.ci95[1]).toBeGreaterThanOrEqual(w.diff);
    }
    // simulate --compare is the same comparison from the simulate side.
    const sim = JSON.parse((await runCli(['simulate', DUEL, '--compare', HOUSE, '--games', '30', '--seed', '4', '--workers', '1', '--json'])).out);
    expect(sim).toEqual(s);
    // Worker threads record the same facts (seats, margins) as a single thread.
    const two = JSON.parse((await runCli([...args.slice(0, -2), '--workers', '2', '--json'])).out);
    expect(two.simulation).toEqual(s);
  });

  test('base games should be the ones simulate plays alone (paired seeds)', async () => {
    const alone = JSON.parse((await runCli(['simulate', DUEL, '--games', '12', '--seed', '2', '--json'])).out);
    const both = JSON.parse((await runCli(['diff', DUEL, HOUSE, '--simulate', '12', '--seed', '2', '--json'])).out);
    expect(both.simulation.base).toEqual(alone);
  });

  test('--report should write one self-contained HTML file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-report-'));
    const file = join(dir, 'house.html');
    const r = await runCli(['diff', DUEL, HOUSE, '--odds', '--simulate', '10', '--report', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`report written to ${file}`);
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    expect(html).toContain('<svg class="chart chart-rates"');
    expect(html).toContain('House rules §1');
    expect(html).toContain('<p class="used-by">Used by: <code>action attack</code>');
    expect(html).toMatch(/<p class="verdict" data-verdict="(changed|unclear|same)">/);
    const sim = join(dir, 'sim.html');
    expect((await runCli(['simulate', DUEL, '--games', '5', '--report', sim])).code).toBe(0);
    expect(readFileSync(sim, 'utf8')).toContain('5 games, 5 ended, 0 runtime errors');
  });

  test('bad arguments should exit 2, rulesets with errors 1', async () => {
    expect((await runCli(['diff', DUEL, HOUSE, '--simulate', 'lots'])).code).toBe(2);
    expect((await runCli(['diff', DUEL, HOUSE, '--simulate', '0'])).code).toBe(2);
    expect((await runCli(['diff', DUEL, HOUSE, '--simulate', '2', '--agents', 'wizard'])).err).toContain('--agents');
    expect((await runCli(['diff', DUEL, HOUSE, '--odds', '--option', 'fast=true'])).err).toContain("no option 'fast'");
    expect((await runCli(['diff', DUEL, HOUSE, '--report', '/nonexistent/dir/r.html'])).code).toBe(2);
    expect((await runCli(['simulate', DUEL, '--compare', HOUSE, '--replays', 'x'])).code).toBe(2);
    expect((await runCli(['simulate', DUEL, '--compare', 'test/fixtures/nope'])).code).toBe(2);
    expect((await runCli(['diff', DUEL, 'test/fixtures/check/names.yaml'])).code).toBe(1);
  });

  test('a --report that cannot be written is said before any game is played; a write failing at the end still prints the figures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-report-'));
    for (const argv of [['simulate', DUEL, '--games', '3'], ['simulate', DUEL, '--compare', HOUSE, '--games', '3'], ['diff', DUEL, HOUSE, '--simulate', '3']]) {
      const missing = await runCli([...argv, '--report', join(dir, 'no/such/r.html')]);
      expect([missing.code, missing.out], argv.join(' ')).toEqual([2, '']);
      expect(missing.err).toMatch(/cannot write the report .*: the folder .*no\/such does not exist \(create it first\)\n$/);
      const folder = await runCli([...argv, '--report', dir]);
      expect([folder.code, folder.out]).toEqual([2, '']);
      expect(folder.err).toContain('is a folder; give the report a file name');
    }
    expect((await runCli(['merge', join(dir, 'x.json'), '--report', dir])).err).toContain('is a folder');
    // Written at the end into a path gone bad meanwhile: the error, and the diff printed all the same.
    const seen = { out: '', err: '' };
    const code = printDiff({ base: 'a', variant: 'b', changes: [] }, 'rulesmith diff a b', { report: join(dir, 'gone/r.html') }, { out: (t) => { seen.out += t; }, err: (t) => { seen.err += t; }, color: false });
    expect(code).toBe(2);
    expect(seen.out).toBe('b against a (old → new):\n\nNo differences.\n');
    expect(seen.err).toContain(`rulesmith diff: cannot write ${join(dir, 'gone/r.html')}`);
  });
});
