/**
 * `odds` lists a table's result codes in the order of that table's own `results:` legend. A CI
 * walk's `odds … long_burst_jam` listed `jammed` before `working`, its legend's order, because
 * an earlier table's legend named `jammed` first and the first legend in the ruleset decided.
 */
import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { valueText } from '../../interpreter/analysis/odds-text.ts';
import { programFromText } from '../helpers/ruleset.ts';

const program = programFromText(`
rulesmith: 1
id: legends
name: Legends
players: { min: 1, max: 1 }
tables:
  recovery:
    roll: 1d6
    results: { jammed: { name: Still jammed }, working: { name: Cleared } }
    rows: { 1-4: jammed, 5-6: working }
  burst:
    roll: 1d6
    results: { working: { name: No jam }, jammed: { name: Jammed } }
    rows: { 1-5: working, 6: jammed }
flow: { phases: [ { id: p, do: "log \\"{roll on recovery} {roll on burst}\\"" } ] }
victory: { do: "end game with { winner: none }" }
`);

const order = (text: string) => {
  const d = exactOdds(program, text);
  if ('error' in d) throw new Error(d.error);
  return d.outcomes.map((o) => valueText(o.value));
};

describe("odds lists a table's codes in its own legend's order", () => {
  test('the table asked about decides, whichever legend comes first in the ruleset', () => {
    expect(order('roll on burst')).toEqual(['"working"', '"jammed"']);
    expect(order('roll on recovery')).toEqual(['"jammed"', '"working"']);
  });
});
