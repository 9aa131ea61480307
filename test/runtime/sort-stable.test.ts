/**
 * `sort … by` is stable, ascending and descending: items with equal keys keep the order they had.
 * A euro designer's walk broke bid ties by turn order that way (`sort q in order by q.bid
 * descending`, `order` already in turn order) and found it nowhere in the docs; language.md says
 * so now, and this holds it.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, startGame } from '../helpers/ruleset.ts';

function sorted(script: string): unknown {
  const text = [
    'rulesmith: 1',
    'id: sorts',
    'name: Sorts',
    'players: { min: 1, max: 1 }',
    'variables: { seen: { type: list, initial: [] } }',
    'setup: |',
    `  ${script}`,
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "log \\"p\\"" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  return startGame(programFromText(text), { seed: 1 }, { log: 'none' }).state.vars.seen;
}

const BIDS = '[{ who: "a", bid: 2 }, { who: "b", bid: 3 }, { who: "c", bid: 2 }, { who: "d", bid: 3 }, { who: "e", bid: 1 }]';

describe('sort', () => {
  test('ascending keeps equal keys in the order they came', () => {
    expect(sorted(`for each r in sort r in ${BIDS} by r.bid do seen = append(seen, r.who) end`)).toEqual(['e', 'a', 'c', 'b', 'd']);
  });

  test('descending keeps equal keys in the order they came too, not reversed', () => {
    expect(sorted(`for each r in sort r in ${BIDS} by r.bid descending do seen = append(seen, r.who) end`)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });
});
