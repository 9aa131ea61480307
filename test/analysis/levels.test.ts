import { describe, expect, test } from 'vitest';
import { compareRecordSets } from '../../interpreter/analysis/compare.ts';
import { levelsOnly } from '../../interpreter/analysis/labels.ts';
import { renderReport } from '../../interpreter/analysis/report.ts';
import { summariseRecords, type GameRecord } from '../../interpreter/analysis/summary.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';
import { formatSummary } from '../../interpreter/cli/summary-format.ts';

const names = { allies: 'Allies', central: 'Central Powers' };
const rows = (...labels: string[]) => labels.map((label) => ({ label }));

/** Game i's result from `results[i % n]`: `allies:Victory` is a win at a level, `none:Draw` a draw. */
function records(results: string[], games: number): GameRecord[] {
  return Array.from({ length: games }, (_, i) => {
    const [winner, level] = results[i % results.length]!.split(':');
    return { seed: `s:${i + 1}`, status: 'ended', result: { winner: winner === 'none' ? null : winner, level }, rounds: 10 + (i % 3), decisions: 40 + i, error: null, seats: { p1: 'allies', p2: 'central' } };
  });
}

describe('outcomes that repeat the winners (one level a winner)', () => {
  test('levelsOnly should name each winner\'s one level, say nothing when outcomes are the winners, and give up when a winner has two levels', () => {
    expect(levelsOnly(rows('none', 'central', 'allies'), rows('none — Draw', 'central — Victory', 'allies — Victory'))).toEqual(['none — Draw', 'central — Victory', 'allies — Victory']);
    expect(levelsOnly(rows('red', 'blue'), rows('red', 'blue'))).toEqual([]);
    // A result without a level keeps its winner's label; only the others are named.
    expect(levelsOnly(rows('none', 'allies'), rows('allies — Victory', 'none'))).toEqual(['allies — Victory']);
    expect(levelsOnly(rows('allies', 'central'), rows('allies — Decisive', 'allies — Marginal', 'central — Victory'))).toBeUndefined();
    // The same count, but one winner twice and another not at all.
    expect(levelsOnly(rows('allies', 'central'), rows('allies — Decisive', 'allies — Marginal'))).toBeUndefined();
    expect(levelsOnly(rows('allies'), rows('pirates — Victory'))).toBeUndefined();
  });

  test('a comparison should print one line for such outcomes instead of a second table of the same figures, in text and in the report', () => {
    const base = { records: records(['allies:Victory', 'central:Victory', 'none:Draw', 'none:Draw'], 40), ruleset: 'base', hash: 'b' };
    const variant = { records: records(['allies:Victory', 'allies:Victory', 'central:Victory', 'none:Draw'], 40), ruleset: 'variant', hash: 'v' };
    const c = compareRecordSets(base, variant, { seed: 's', agents: ['normal'] });
    const text = formatComparison(c, 'a', 'b', undefined, names);
    expect(text).toMatch(/^winners +base +variant/m);
    expect(text).toContain('\noutcomes: none — Draw, Allies — Victory, Central Powers — Victory (each winner at one level: the figures are the winners\')\n');
    expect(text).not.toMatch(/^outcomes +base/m);
    const html = renderReport({ title: 't', command: 'rulesmith diff a b', base: 'a', variant: 'b', comparison: c, names });
    expect(html).toContain('<p class="note levels">Outcomes: none — Draw, Allies — Victory, Central Powers — Victory (each winner at one level: the figures are the winners\')</p>');
    expect(html).not.toContain('<h3>Outcomes</h3>');
  });

  test('a winner at another level in the variant than in the base should keep the outcomes table', () => {
    const base = { records: records(['allies:Victory', 'central:Victory'], 20), ruleset: 'base', hash: 'b' };
    const variant = { records: records(['allies:Decisive', 'central:Victory'], 20), ruleset: 'variant', hash: 'v' };
    const c = compareRecordSets(base, variant, { seed: 's', agents: ['normal'] });
    const text = formatComparison(c, 'a', 'b', undefined, names);
    expect(text).toMatch(/^outcomes +base +variant +change/m);
    expect(text).toMatch(/^Allies — Decisive +0\.0% +50\.0%/m);
    expect(text).not.toContain('each winner at one level');
    expect(renderReport({ title: 't', command: 'c', comparison: c, names })).toContain('<h3>Outcomes</h3>');
  });

  test('a simulation summary should do the same: the line when each winner has one level, the table when one has more', () => {
    const one = formatSummary(summariseRecords(records(['allies:Victory', 'none:Draw'], 10), 'r', 'h'), 'r', ['normal'], names);
    expect(one).toContain('\noutcomes: Allies — Victory, none — Draw (each winner at one level: the figures are the winners\')\n');
    expect(one).not.toMatch(/^outcomes +games/m);
    const two = formatSummary(summariseRecords(records(['allies:Victory', 'allies:Rout', 'none:Draw'], 9), 'r', 'h'), 'r', ['normal'], names);
    expect(two).toMatch(/^outcomes\b/m);
    expect(two).toMatch(/^ *Allies — Rout\b/m);
    expect(two).not.toContain('each winner at one level');
  });
});
