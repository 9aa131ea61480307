import { describe, expect, test } from 'vitest';
import { compareSimulations } from '../../interpreter/analysis/compare.ts';
import { diffRulesets } from '../../interpreter/analysis/diff.ts';
import { oddsChanges } from '../../interpreter/analysis/odds-diff.ts';
import { renderReport } from '../../interpreter/analysis/report.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const base = loadProgram('test/fixtures/runtime/duel');
const house = loadProgram('test/fixtures/runtime/duel/variants/house.yaml');
const changes = diffRulesets(base.data, house.data);

/** 80 and 70 games: red wins 48 of the first, 56 of the second (Newcombe's example (a)). */
const games = (n: number, red: number, rounds: number): GameRecord[] => Array.from({ length: n }, (_, i) => ({
  seed: `1:${i + 1}`, status: 'ended', result: { winner: i < red ? 'red' : 'blue', level: 'Points' }, rounds: rounds + (i % 2), decisions: 20, error: null, seats: { p1: 'red', p2: 'blue' }, margin: i % 4,
}));
const comparison = compareSimulations({ records: games(80, 48, 3), program: base }, { records: games(70, 56, 2), program: house }, { seed: '1', agents: ['random'] });
const html = renderReport({ title: 'House <rules> & more', command: 'rulesmith diff a b --odds --simulate 80', base: 'a', variant: 'b', changes, odds: oddsChanges(base, house, changes), comparison });

describe('the HTML report', () => {
  test('should be one self-contained, deterministic page', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|@import|url\(/);
    expect(html).toContain('<title>House &lt;rules&gt; &amp; more</title>');
    expect(renderReport({ title: 'House <rules> & more', command: 'rulesmith diff a b --odds --simulate 80', base: 'a', variant: 'b', changes, odds: oddsChanges(base, house, changes), comparison })).toBe(html);
  });

  test('should show each change with its grid, values, cards, scripts and source', () => {
    expect(html).toContain('<section class="change changed" data-element="tables.crt">');
    expect(html).toContain('<p class="source">Rulebook: House rules §1</p>');
    expect(html).toContain('<td class="changed"><span class="old">N</span> → <span class="new">W</span></td>');
    expect(html).toContain('<tr class="added"><th>7-8</th>');
    expect(html).toContain('<td class="mono">roll</td><td class="old">1d6</td><td class="new">1d8</td>');
    expect(html).toContain('<p>Card <code>rally</code>: removed</p>');
    expect(html).toContain('<span class="del">- return sum p.cf for p in pieces_in(spot)</span><span class="add">+ return 1 + sum p.cf for p in pieces_in(spot)</span>');
    expect(html).toContain('Added: <code>options.fast</code>');
  });

  test('a table whose rows a variant cut anew lists what each key gives now', () => {
    const path = 'rulesets/templates/card-driven';
    const a = loadProgram(path);
    const b = loadProgram(`${path}/variants/long-war.yaml`);
    const page = renderReport({ title: 'Long war', command: 'rulesmith diff a b', base: 'a', variant: 'b', changes: diffRulesets(a.data, b.data), odds: [] });
    expect(page).toContain('<p>By key (rows cut anew):</p><ul class="keys"><li class="mono">key 4: 0 → 1</li><li class="mono">key 6: 1 → 2</li><li class="mono">key 8: 2 → 3</li></ul>');
  });

  test('should chart and tabulate the odds before and after', () => {
    expect(html).toContain('<section class="odds" data-label="tables.crt column 2-3">');
    expect(html).toContain('<rect class="bar s0" data-series="before" data-value="0.5000"');
    expect(html).toContain('<td>N</td><td class="num">50.0% <span class="note">1/2</span></td><td class="num">0.0% <span class="note">0</span></td><td class="num">−50.0%</td>');
  });

  test('should give win rates, changes with intervals and the first seat', () => {
    expect(html).toContain('80 games of each rule set, <b>paired</b>');
    expect(html).toContain('<tr class="significant"><td>red</td><td class="num">60.0% <span class="note">(48/80)</span></td><td class="num">80.0% <span class="note">(56/70)</span></td><td class="num">+20.0% <span class="sig">significant</span></td><td class="num">5.2% to 33.4%</td></tr>');
    expect(html).toContain('<rect class="bar s1" data-series="variant" data-value="0.8000"');
    expect(html).toContain('<circle class="diff significant" data-value="0.2000"');
    // Each change is written beside its dot, and the scale's ends and zero under the plot, so a printed page reads alone.
    expect(html).toContain('<text class="value" x="616" y="30">+20.0% (5.2% to 33.4%)</text>');
    expect(html).toMatch(/<text class="tick" x="[\d.]+" y="[\d.]+" text-anchor="middle">−33\.4%<\/text><text class="tick" x="[\d.]+" y="[\d.]+" text-anchor="middle">0<\/text><text class="tick" x="[\d.]+" y="[\d.]+" text-anchor="middle">\+33\.4%<\/text>/);
    expect(html).toMatch(/<text class="value" x="616" y="30">−1\.00 \(−[\d.]+ to −[\d.]+\)<\/text>/);
    expect(html).toContain('<tr class="significant"><td>rounds</td><td class="num">3.50</td><td class="num">2.50</td><td class="num">−1.00 <span class="sig">significant</span></td>');
    expect(html).toContain('<td>score margin</td><td class="num">1.50</td>');
    // p1 plays red in every game: its wins are red's, already above, and not charted again.
    expect(html).toContain("Seat p1 plays red in every game, so its wins are the wins of red (Winners, above)");
    expect(html).not.toContain('first seat wins');
    // The widest winner interval's half-width, and what four times the games would buy.
    expect(html).toMatch(/<p class="note precision">Winners' changes are within about ±\d+\.\d points with 80 games of each; ±\d+\.\d would take about 320\.<\/p>/);
  });

  test('a first seat of no fixed side should get its own win rate, interval and change', () => {
    const seats = (n: number, first: number): GameRecord[] => Array.from({ length: n }, (_, i) => ({
      seed: `1:${i + 1}`, status: 'ended', result: { winner: i < first ? 'p1' : 'p2' }, rounds: 3, decisions: 20, error: null, seats: { p1: null, p2: null },
    }));
    const c = compareSimulations({ records: seats(80, 48), program: base }, { records: seats(70, 56), program: house }, { seed: '1', agents: ['random'] });
    const page = renderReport({ title: 't', command: 'c', base: 'a', variant: 'b', changes, odds: [], comparison: c });
    expect(page).toContain('Seat p1 wins 60.0% (49.0% to 70.0%) of base games and 80.0% (69.2% to 87.7%) of variant games; a fair share is 50.0%.');
    expect(page).toContain('first seat wins');
  });

  test('games that stopped on a runtime error should be said above the figures, and with none left no verdict nor figures be given', () => {
    const played = games(20, 8, 3);
    const stopped = played.map((r): GameRecord => ({ ...r, status: 'error', result: null, margin: null, error: { code: 'step-budget-exceeded', message: 'a loop probably never ends', file: 'loop.yaml', range: { start: { line: 9, column: 7 } } } }));
    const none = renderReport({ title: 't', command: 'c', base: 'a', variant: 'b', comparison: compareSimulations({ records: played, program: base }, { records: stopped, program: house }, { seed: 's', agents: ['random'] }) });
    expect(none).toContain('<p class="left-out verdict" data-verdict="none">The comparison could not be made: in 20 of 20 pairs a game stopped on a runtime error in the variant, which leaves no pair whose games both ended.');
    expect(none).toContain('<li>variant, seed <code>1:1</code>: <code>step-budget-exceeded</code>: a loop probably never ends <span class="source">(loop.yaml:9:7)</span></li>');
    // Not "The change moves who wins, with 95% confidence": no winner table, verdict or chart at all.
    expect(none).not.toMatch(/data-verdict="(changed|unclear|same)"|<h3>Winners|class="chart/);
    const some = renderReport({ title: 't', command: 'c', comparison: compareSimulations({ records: played, program: base }, { records: played.map((r, i) => (i < 2 ? stopped[i]! : r)), program: house }, { seed: 's', agents: ['random'] }) });
    const note = some.indexOf('<p class="left-out">2 of 20 pairs left out of the figures: a game stopped on a runtime error in the variant; the figures are of the 18 pairs whose games both ended.</p>');
    expect(note).toBeGreaterThan(0);
    expect(note).toBeLessThan(some.indexOf('<h3>Winners'));
    expect(some).toContain('<td>red</td><td class="num">33.3% <span class="note">(6/18)</span></td>');
  });

  test('a change that rounds to zero should print without a minus sign, and a note under the rule sets\' names', () => {
    // Margins 0.2, 1.4, 1.4 against 1, 1, 1: the mean change is −7.4e-17, which once printed −0.00.
    const three = (margins: number[]): GameRecord[] => margins.map((margin, i) => ({ ...games(3, 1, 3)[i]!, margin }));
    const c = compareSimulations({ records: three([1, 1, 1]), program: base }, { records: three([0.2, 1.4, 1.4]), program: house }, { seed: '1', agents: ['random'] });
    expect(c.margin!.diff).toBeLessThan(0);
    const page = renderReport({ title: 't', command: 'c', base: 'v.yaml', variant: 'b', note: 'note: v.yaml extends b', comparison: c });
    expect(page).toContain('<td>score margin</td><td class="num">1.00</td><td class="num">1.00</td><td class="num">±0.00</td>');
    expect(page).toMatch(/<text class="value" x="616" y="30">±0\.00 \(−[\d.]+ to [\d.]+\)<\/text>/);
    expect(page).not.toContain('−0.00');
    expect(page).toContain('Variant: <code>b</code></p>\n<p class="note reversed">note: v.yaml extends b</p>');
  });
});
