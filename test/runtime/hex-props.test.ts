/**
 * A hex grid's data: every hex reads `map.grid.props`, a hex in `map.grid.hexes` its own values
 * over them (by its board label), in scripts and after a variant's `set:`.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { startGame } from '../helpers/ruleset.ts';

const BASE = `rulesmith: 1
id: hexes
name: Hex terrain
players: { min: 1, max: 1 }
map:
  grid:
    kind: hex
    columns: 3
    rows: 2
    orientation: pointy
    label: "{col}.{row}"
    props: { terrain: clear, move_cost: 1, town: false }
    hexes:
      "2.1": { terrain: woods, move_cost: 2 }
      "3.2": { terrain: town, town: true }
variables:
  seen: { type: list, initial: [] }
setup: |
  for each h in hexes do
    seen = append(seen, "{h.label} {h.terrain} {h.move_cost} {h.town}")
  end
  seen = append(seen, "total {sum h.move_cost for h in hexes}, towns {count h in hexes where h.town}")
flow:
  rounds: { count: 1 }
  phases:
    - id: p
      do: "log \\"done\\""
victory:
  do: "end game with { winner: none }"
`;

const VARIANT = `rulesmith: 1
id: hexes_flooded
name: Hex terrain, flooded
extends: r.yaml
set:
  map.grid.hexes.2.1.terrain: marsh
  map.grid.props.move_cost: 2
`;

function seen(entry: string): string[] {
  const loaded = loadRuleset(entry, createMemoryHost({ 'r.yaml': BASE, 'v.yaml': VARIANT }));
  const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
  expect(diagnostics.filter(isError)).toEqual([]);
  const game = startGame(compileRuleset(loaded.model!), { seed: 'h' });
  return game.state.vars['seen'] as string[];
}

describe('hex props', () => {
  test('every hex reads the grid\'s props, and a listed hex its own values over them', () => {
    expect(seen('r.yaml')).toEqual([
      '1.1 clear 1 false', '1.2 clear 1 false', '2.1 woods 2 false', '2.2 clear 1 false', '3.1 clear 1 false', '3.2 town 1 true',
      'total 7, towns 1',
    ]);
  });

  test('a variant changes one hex or every hex with `set:`', () => {
    const lines = seen('v.yaml');
    // The grid's move_cost is 2 now, except where a hex has its own; 2.1 keeps its 2 and is marsh.
    expect(lines).toEqual([
      '1.1 clear 2 false', '1.2 clear 2 false', '2.1 marsh 2 false', '2.2 clear 2 false', '3.1 clear 2 false', '3.2 town 2 true',
      'total 12, towns 1',
    ]);
  });
});

describe('a hex as an option', () => {
  test('is labelled as the board prints it, not by its id', () => {
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': BASE.replace('do: "log \\"done\\""', 'do: "let h = choose one of [hex_at(2, 1), hex_at(3, 2)] prompt \\"Where?\\""') }));
    expect(loaded.diagnostics.filter(isError)).toEqual([]);
    const game = startGame(compileRuleset(loaded.model!), { seed: 'h' });
    expect(game.pending?.labels).toEqual(['hex 2.1', 'hex 3.2']);
  });
});

describe('hexsides', () => {
  const EDGES = BASE
    .replace('    hexes:\n', '    edge_props: { river: false, bridge: false }\n    edges:\n      "1.1/2.1": { river: true }\n      "2.2/2.1": { river: true, bridge: true }\n    hexes:\n')
    .replace(/setup: \|[\s\S]*?flow:/, [
      'setup: |',
      '  let a = hex_at(1, 1)',
      '  let b = hex_at(2, 1)',
      '  seen = [edge(a, b).river, edge(b, a).river, edge(b, a).bridge, edge(hex_at(2, 2), b).bridge, edge(a, hex_at(1, 2)).river, edge(a, hex_at(3, 2)) == none]',
      'flow:',
    ].join('\n'));

  test('edge(a, b) reads edge_props with the side\'s own values, in either order; hexes apart share none', () => {
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': EDGES }));
    const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
    expect(diagnostics.filter(isError)).toEqual([]);
    const game = startGame(compileRuleset(loaded.model!), { seed: 'h' });
    expect(game.state.vars['seen']).toEqual([true, true, false, true, false, true]);
  });

  test('a field edge_props does not have is reported where it is read', () => {
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': EDGES.replace('edge(a, b).river, edge(b, a).river', 'edge(a, b).rivr, edge(b, a).river') }));
    const found = checkRuleset(loaded.model!).filter(isError);
    expect(found.map((d) => d.code)).toEqual(['unknown-property']);
    expect(found[0]!.message).toContain('rivr');
  });
});
