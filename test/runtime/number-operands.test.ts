/**
 * A value that is not a number where arithmetic or a comparison needs one names the read that
 * gave it (`c.cost is none`), at the read's own place, with the usual cause as the hint: a card,
 * piece or row without the field. It said `Expected a number, got none.` at the operator, and a
 * text `"2"` printed as `got 2`, which reads as a number (designers' walks, 2026-11-30).
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

function play(setup: string): Game {
  const text = [
    'rulesmith: 1',
    'id: operands',
    'name: Operands',
    'sides: { a: { name: A }, b: { name: B } }',
    'zones: { market: { name: Market } }',
    'decks:',
    '  supply:',
    '    fields: { cost: { type: number }, label: { type: text } }',
    '    cards:',
    '      - { id: silver, props: { cost: 3, label: "2" } }',
    '      - { id: gold, props: { label: "2" } }',
    'setup: |',
    ...setup.split('\n').map((l) => `  ${l}`),
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "log \\"p\\"" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const g = Game.start(compileRuleset(loaded.model!), { seed: 1 }, { log: 'none' });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

const ALL_TO_MARKET = 'for each c in supply.cards do\n  remove c to market\nend';

describe('a value that is not a number', () => {
  test('a field a card lacks should name the read, at the read, with the fix', () => {
    const g = play(`${ALL_TO_MARKET}\nlet cheap = select c in market.cards where 1 <= c.cost`);
    expect(g.status).toBe('error');
    expect(g.error?.code).toBe('type-mismatch');
    expect(g.error?.message).toBe('`c.cost` is none, but a number is needed here.');
    // Line 16 is the select; column 51 is `c.cost`, not the `1 <=` before it.
    expect(g.error?.range.start).toEqual({ line: 16, column: 51 });
    expect(g.error?.hint).toContain('`cost: 0`');
    expect(g.error?.hint).toContain('`c.cost != none`');
  });

  test('a text should be quoted, so "2" does not read as a number', () => {
    const g = play(`${ALL_TO_MARKET}\nlet total = 0\nfor each c in market.cards do\n  total = total + c.label\nend`);
    expect(g.error?.message).toBe('`c.label` is the text "2", but a number is needed here.');
    expect(g.error?.range.start).toEqual({ line: 18, column: 21 });
  });

  test('an operand that is not a plain read should keep the general message', () => {
    const g = play(`${ALL_TO_MARKET}\nlet x = (first c in market.cards).label * 2`);
    expect(g.error?.message).toBe('Expected a number, got the text "2".');
  });

  test('`+=` on a field a record lacks should name the read, the key and the fields it has, at the target', () => {
    // A walk's per-player record of guilds missed one added to the map later.
    const g = play('let delivered = { shipwrights: 0, chandlers: 0 }\nlet guild = "coopers"\ndelivered[guild] += 1');
    expect(g.error?.code).toBe('type-mismatch');
    expect(g.error?.message).toBe('`delivered["coopers"]` is none: the record has no field `coopers` (its fields: shipwrights, chandlers), so `+=` has no number to change.');
    expect(g.error?.range.start).toEqual({ line: 15, column: 3 });
    expect(g.error?.hint).toContain('in its `initial`');
  });
});
