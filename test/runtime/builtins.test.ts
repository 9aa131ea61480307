import { describe, expect, test } from 'vitest';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES } from '../../interpreter/check/signatures.ts';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { IMPLEMENTED_BUILTINS } from '../../interpreter/runtime/builtins.ts';
import { loadProgram, programFromText } from '../helpers/ruleset.ts';

describe('built-ins', () => {
  test('every function the checker knows should be implemented by the runtime, and no other', () => {
    expect([...IMPLEMENTED_BUILTINS].sort()).toEqual([...BUILTIN_FUNCTIONS.keys()].sort());
  });

  test('every built-in name should evaluate in a game', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    for (const name of BUILTIN_NAMES.keys()) {
      const r = exactOdds(program, name);
      expect(r, name).not.toHaveProperty('error');
    }
  });

  test('arithmetic helpers should round as documented', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    const value = (text: string) => {
      const r = exactOdds(program, text);
      if ('error' in r) throw new Error(r.error);
      return r.outcomes[0]!.value;
    };
    expect([value('half_up(5)'), value('half_down(5)'), value('round(2.5)'), value('ceil(7 / 2)'), value('floor(-0.5)')]).toEqual([3, 2, 3, 4, -1]);
    expect([value('min(3, 1, 2)'), value('max([4, 9])'), value('clamp(12, 0, 10)'), value('-7 mod 3')]).toEqual([1, 9, 10, 2]);
    expect([value('size([1, 2, 3])'), value('[5, 6, 7][1]'), value('reverse([1, 2])'), value('without([1, 2, 3], 2)')]).toEqual([3, 5, [2, 1], [1, 3]]);
    expect([value('distance(hill, keep)'), value('size(neighbours(ford))'), value('linked(hill, keep)')]).toEqual([2, 2, false]);
    expect([value('reachable(hill, 1)'), value('reachable(hill, 2)'), value('path_cost(hill, keep)')]).toEqual([['ford'], ['ford', 'keep'], 2]);
    expect(value('size(peek(orders, 2))')).toBe(2);
  });

  test('a roll should index a list by its total, as it counts in arithmetic', () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    const r = exactOdds(program, '[10, 20, 30, 40, 50, 60][1d6]');
    if ('error' in r) throw new Error(r.error);
    expect(r.outcomes.map((o) => o.value).sort()).toEqual([10, 20, 30, 40, 50, 60]);
  });
});

describe('pieces_of and areas', () => {
  // Ships have no side: a ship's side is its owner's (docs/language.md, Entity members).
  const program = programFromText(`rulesmith: 1
id: owned
name: Owned
players: { min: 2, max: 2 }
sides:
  red: { name: Red }
  blue: { name: Blue }
pieces:
  ship: { count: 4 }
  fort: { count: 2, side: red }
map:
  areas: { port: {}, sea: {} }
procedures:
  owned:
    do: |
      place 3 of ship in port
      place 2 of fort in sea
      let ships = pieces_in(port)
      ships[1].owner = players[1]
      ships[2].owner = players[2]
      unplaced(ship)[1].owner = players[1]
      let mine = pieces_of(players[1])
      return [size(mine), mine[1] == ships[1], size(pieces_of(players[2])), size(pieces_of(red)), size(pieces_of(blue)), size(pieces_of(players[1].side))]
  area_list:
    do: |
      let l = areas
      l[1] = none
      return [l[1], areas[1] == port, sea in areas, "sea" in areas, players[1] in areas, none in areas, size(select a in areas), size(areas)]
`);

  test('a player has the pieces in play it owns; a side those of its type or of its players', () => {
    const r = exactOdds(program, 'owned()');
    if ('error' in r) throw new Error(r.error);
    // p1: ship 1 (the ship it owns in the box is not in play); red: two forts and p1's ship.
    expect(r.outcomes[0]!.value).toEqual([1, true, 1, 3, 1, 3]);
  });

  test('areas lists the map\'s areas; a list a script changes is its own, and `in areas` asks about ids too', () => {
    const r = exactOdds(program, 'area_list()');
    if ('error' in r) throw new Error(r.error);
    expect(r.outcomes[0]!.value).toEqual([null, true, true, true, false, false, 2, 2]);
  });
});
