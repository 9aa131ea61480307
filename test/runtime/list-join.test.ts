/**
 * `+` joins two lists: the left's items, then the right's, in a new list (neither operand
 * changes); `xs[2..4]` gives items 2 to 4 as a new list. A deck-builder's walk needed a player's whole deck (`hand + draw pile + discards`)
 * and had to build it with nested loops and `append`. Each item joined is a step, so a list
 * doubled in a loop meets the step budget rather than the memory.
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

function play(setup: string): Game {
  const text = [
    'rulesmith: 1',
    'id: joins',
    'name: Joins',
    'sides: { a: { name: A }, b: { name: B } }',
    'zones: { hand: { name: Hand, per: side }, discards: { name: Discards, per: side } }',
    'decks:',
    '  deck:',
    '    cards: [ { id: one, count: 3 }, { id: two, count: 2 } ]',
    'variables: { seen: { type: list, initial: [] }, kept: { type: list, initial: [] } }',
    'setup: |',
    ...setup.split('\n').map((l) => `  ${l}`),
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "log \\"p\\"" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  const g = Game.start(compileRuleset(loaded.model!), { seed: 1 }, { log: 'none', stepBudget: 10_000 });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

describe('`+` on lists', () => {
  test('should join the items of both, left first, and leave both as they were', () => {
    const g = play([
      'let xs = [1, 2]',
      'let ys = [3]',
      'seen = xs + ys + [4, 5]',
      'kept = xs',
    ].join('\n'));
    expect(g.error).toBeNull();
    expect(g.state.vars.seen).toEqual([1, 2, 3, 4, 5]);
    expect(g.state.vars.kept).toEqual([1, 2]);
  });

  test('should join cards from zones, so a side\'s whole deck is one list', () => {
    const g = play([
      'draw 3 from deck into a.hand',
      'draw 2 from deck into a.discards',
      'let all = a.hand.cards + a.discards.cards',
      'seen = [size(all), size(select c in all where c.id == "one")]',
    ].join('\n'));
    expect(g.error).toBeNull();
    expect(g.state.vars.seen).toEqual([5, 3]);
  });

  test('a range as the index should give those items as a new list, those the list has', () => {
    const g = play([
      'let xs = [10, 20, 30, 40]',
      'seen = [xs[2..3], xs[3..9], xs[5..6], xs[1..size(xs)] + xs[1..1]]',
      'kept = xs',
    ].join('\n'));
    expect(g.error).toBeNull();
    expect(g.state.vars.seen).toEqual([[20, 30], [30, 40], [], [10, 20, 30, 40, 10]]);
    expect(g.state.vars.kept).toEqual([10, 20, 30, 40]);
  });

  test('a list doubled in a loop should stop on the step budget', () => {
    const g = play('let l = [1]\nrepeat 40 times\n  l = l + l\nend');
    expect(g.error?.code).toBe('step-budget-exceeded');
  });
});
