/**
 * The state a game starts from (`initialState`, built from per-program templates): pieces in
 * creation order with their ids and types, per-owner values each owner's own, and every game its
 * own records, whatever an earlier game did to its.
 */
import { describe, expect, test } from 'vitest';
import type { Game, Program } from '../../interpreter/runtime/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

function program(): Program {
  const text = [
    'rulesmith: 1',
    'id: starting_state',
    'name: Starting state',
    'sides: { a: { name: A }, b: { name: B } }',
    'pieces:',
    '  scout: { count: 2, side: a }',
    '  spy: { count: 1, side: b, hidden: true }',
    '  guard: { count: 3, side: b }',
    'variables:',
    '  stash: { type: record, per: piece, initial: { coins: 1, tags: [x] } }',
    '  seen: { type: list, per: player, initial: [] }',
    '  level: { type: number, per: side, initial: 2 }',
    "flow: { rounds: { count: 1 }, phases: [ { id: p, do: 'log \"turn\"' } ] }",
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  return programFromText(text);
}

const start = (p: Program, seed: number): Game => startGame(p, { seed }, { log: 'none' });

describe('the starting state', () => {
  test('pieces should be created in declaration order, numbered within their type, hidden as declared', () => {
    const s = start(program(), 1).state;
    expect(Object.keys(s.pieces)).toEqual(['scout_1', 'scout_2', 'spy', 'guard_1', 'guard_2', 'guard_3']);
    expect(s.pieces.spy).toEqual({ type: 'spy', at: null, owner: null, facing: null, flipped: false, hidden: true, props: {} });
    expect(s.pieces.guard_2).toMatchObject({ type: 'guard', hidden: false });
  });

  test('every owner should get its own copy of a per-owner record or list, and every game its own records', () => {
    const p = program();
    const first = start(p, 1).state;
    const stash = first.vars.stash as Record<string, { coins: number; tags: string[] }>;
    expect(Object.keys(stash)).toEqual(Object.keys(first.pieces));
    stash.scout_1!.coins = 9;
    stash.scout_1!.tags.push('y');
    (first.vars.seen as Record<string, unknown[]>).p1!.push('z');
    (first.vars.level as Record<string, number>).a = 7;
    first.pieces.scout_1!.at = 'somewhere';
    expect(stash.scout_2).toEqual({ coins: 1, tags: ['x'] });
    expect((first.vars.seen as Record<string, unknown[]>).p2).toEqual([]);
    // A later game of the same program starts from the declared values, not from the first's.
    const second = start(p, 2).state;
    expect((second.vars.stash as Record<string, unknown>).scout_1).toEqual({ coins: 1, tags: ['x'] });
    expect(second.vars.seen).toEqual({ p1: [], p2: [] });
    expect(second.vars.level).toEqual({ a: 2, b: 2 });
    expect(second.pieces.scout_1!.at).toBeNull();
  });
});
