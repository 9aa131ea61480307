/**
 * `card.effect`: a card's `effect:` script as text, or none, so a query keeps the cards that do
 * something when played (a designer's walk wrote `where c.effect != none` and was told a card
 * has no `effect`; it had to add a boolean field to every card by hand).
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

describe('a card\'s effect', () => {
  test('reads as its script, or none for a card without one, so a query can keep the playable cards', () => {
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': [
      'rulesmith: 1', 'id: effects', 'name: Effects', 'sides: { a: { name: A } }',
      'variables: { seen: { type: list, initial: [] } }',
      'decks:', '  deck:', '    cards:', '      - { id: plain, count: 2 }', '      - { id: bold, count: 1, effect: "seen = append(seen, 9)" }',
      'setup: |', '  seen = [size(select c in deck.cards where c.effect != none), (first c in deck.cards where c.id == "plain").effect == none]',
      'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "log \\"p\\"" } ] }',
      'victory: { do: "end game with { winner: none }" }',
    ].join('\n') }));
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const g = Game.start(compileRuleset(loaded.model!), { seed: 1 }, { log: 'none' });
    if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
    expect(g.error).toBeNull();
    expect(g.state.vars.seen).toEqual([1, true]);
  });
});
