/** The hex-data check lists a grid's labels only up to a bound: a hostile grid size must not make validation slow. */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';

const ruleset = (size: number) => `rulesmith: 1
id: t
name: T
players: { min: 1, max: 1 }
map:
  grid: { kind: hex, columns: ${size}, rows: ${size}, orientation: flat, props: { t: a }, hexes: { "nowhere": { t: b } } }
flow: { rounds: { count: 1 }, phases: [{ id: p, do: 'log "x"' }] }
victory: { do: "end game with { winner: none }" }
`;
const codes = (size: number) => {
  const { model } = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': ruleset(size) }));
  return checkRuleset(model!).map((d) => d.code);
};

describe('hex data on grids of any size', () => {
  test('a label no hex has is found on a listable grid, and left alone on a huge one', () => {
    expect(codes(40)).toEqual(['unknown-hex']);
    expect(codes(100_000_000)).toEqual([]);
  });
});
