import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { piecesAt, piecesAtShared } from '../../interpreter/runtime/collections.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import type { Runtime } from '../../interpreter/runtime/runtime.ts';
import { loadProgram, programFromText, startGame, twoAreaRules } from '../helpers/ruleset.ts';

/** Every place a piece of `rt` is at, with the pieces there by a plain scan of the state, in id order. */
function scanned(rt: Runtime): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [id, p] of Object.entries(rt.state.pieces)) {
    if (p.at === null) continue;
    if (!out.has(p.at)) out.set(p.at, []);
    out.get(p.at)!.push(id);
  }
  return out;
}

/** The index, and the lists it shares with loops and queries (dropped as pieces move), against a scan. */
function expectIndexMatchesState(rt: Runtime): void {
  for (const [at, ids] of scanned(rt)) {
    expect(piecesAt(rt, at).map((r) => r.id), at).toEqual(ids);
    expect(piecesAtShared(rt, at).map((r) => r.id), at).toEqual(ids);
  }
}

describe('the pieces index by location', () => {
  const program = loadProgram('test/bench/skirmish');

  test('should list what a scan of the state lists, at every decision of random games', () => {
    let checks = 0;
    for (let seed = 0; seed < 20; seed++) {
      const game = Game.start(program, { seed }, { log: 'none' }) as Game;
      const agent = new RandomAgent(seed);
      while (game.pending) {
        expectIndexMatchesState(game.rt);
        checks++;
        game.answer(agent.choose(game.pending));
      }
      expectIndexMatchesState(game.rt);
    }
    expect(checks).toBeGreaterThan(100);
  });

  test('should follow pieces a host moves by editing the state, between calls and while a question waits', () => {
    const game = Game.start(program, { seed: 3 }, { log: 'none' }) as Game;
    expect(game.pending).not.toBeNull();
    const rt = game.rt;
    expect(piecesAt(rt, 'red_camp').length).toBeGreaterThan(0);
    // A host moves every red piece in the camp to the wood, and one unplaced blue piece to the ford.
    const moved = piecesAt(rt, 'red_camp').map((r) => r.id);
    for (const id of moved) rt.state.pieces[id]!.at = 'wood';
    const boxed = Object.keys(rt.state.pieces).find((id) => rt.state.pieces[id]!.at === null)!;
    rt.state.pieces[boxed]!.at = 'ford';
    expect(piecesAt(rt, 'red_camp')).toEqual([]);
    expect(piecesAt(rt, 'wood').map((r) => r.id)).toEqual(expect.arrayContaining(moved));
    expect(piecesAt(rt, 'ford').map((r) => r.id)).toContain(boxed);
    expectIndexMatchesState(rt);
    // The rules go on from the edited state: whatever they read, the index agrees with a scan.
    const agent = new RandomAgent(3);
    for (let i = 0; i < 30 && game.pending; i++) {
      game.answer(agent.choose(game.pending));
      expectIndexMatchesState(rt);
      // Edit again between answers: the next answer must see it.
      const any = Object.keys(rt.state.pieces).find((id) => rt.state.pieces[id]!.at === 'wood');
      if (any) rt.state.pieces[any]!.at = 'hill';
    }
  });

  test('should give the rules what a fresh game over the edited state gives, when a host edits and answers at once', () => {
    let compared = 0;
    for (let seed = 0; seed < 30; seed++) {
      const game = Game.start(program, { seed }, { log: 'none' }) as Game;
      const agent = new RandomAgent(seed);
      for (let i = 0; i < 4 && game.pending; i++) game.answer(agent.choose(game.pending));
      if (!game.pending) continue;
      // No read from outside in between: the rules are the index's first user after the edit.
      const pieces = game.state.pieces;
      const boxed = Object.keys(pieces).filter((id) => pieces[id]!.at === null);
      for (const id of boxed.slice(0, 2)) pieces[id]!.at = 'ford';
      const placed = Object.keys(pieces).find((id) => pieces[id]!.at !== null && pieces[id]!.at !== '@out' && !boxed.includes(id));
      if (placed) pieces[placed]!.at = null;
      const fresh = Game.fromState(program, game.save({ log: false }), { log: 'none' }) as Game;
      const a = new RandomAgent(seed + 1000);
      const b = new RandomAgent(seed + 1000);
      for (let i = 0; i < 40 && game.pending && fresh.pending; i++) {
        expect(game.pending.options).toEqual(fresh.pending.options);
        game.answer(a.choose(game.pending));
        fresh.answer(b.choose(fresh.pending));
        expect(game.state).toEqual(fresh.state);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  test('should be rebuilt when a host swaps the whole pieces record', () => {
    const game = Game.start(program, { seed: 5 }, { log: 'none' }) as Game;
    const rt = game.rt;
    const before = structuredClone(rt.state.pieces);
    expectIndexMatchesState(rt);
    for (const p of Object.values(rt.state.pieces)) p.at = 'village';
    expect(piecesAt(rt, 'village').length).toBe(Object.keys(rt.state.pieces).length);
    rt.state.pieces = before;
    expectIndexMatchesState(rt);
  });

  test('a loop over pieces_in reads the pieces there when it began, and a list a script keeps is its own', () => {
    const game = startGame(programFromText(twoAreaRules('places', '{}', `
flow:
  phases:
    - id: main
      do: |
        let moved = 0
        for each u in pieces_in(a) do
          move u to b
          moved += 1
        end
        log "{moved} moved, {size(pieces_in(a))} in a, {count u in pieces_in(b)} in b"
        let kept = select u in pieces_in(b)
        kept[1] = none
        move first u in pieces_in(b) to a
        log "{count u in pieces_in(b)} in b, {count u in pieces_in(a)} in a, {size(kept)} kept"
        end game with { winner: red, level: "done" }
`)), { seed: 1 }, { log: 'full' });
    expect(game.log.filter((e) => e.kind === 'log').map((e) => e.text)).toEqual(['3 moved, 0 in a, 3 in b', '2 in b, 1 in a, 3 kept']);
  });
});
