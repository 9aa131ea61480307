/**
 * A fork shares its parent's piece records (persist.ts, sharePieces): frozen, and copied by the
 * runtime before its first write to one (`Runtime.writablePiece`). What must hold: neither game
 * ever sees the other's changes, the piece lists and the index by location follow a record that was
 * replaced, records nobody wrote stay shared, and a write that skips the copy stops instead of
 * changing the other game.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { determinize, type Game } from '../../interpreter/runtime/index.ts';
import { seedRng } from '../../interpreter/runtime/rng.ts';
import { loadProgram, programFromText, startGame, twoAreaRules } from '../helpers/ruleset.ts';

function play(game: Game, agent: RandomAgent, n: number): void {
  for (let i = 0; i < n && game.pending; i++) expect(game.answer(agent.choose(game.pending))).toEqual({ ok: true });
}

/** Ids of the pieces whose records two games share (the same object). */
const sharedIds = (a: Game, b: Game): string[] => Object.keys(a.state.pieces).filter((id) => a.state.pieces[id] === b.state.pieces[id]);

describe('piece records shared by forks', () => {
  const program = loadProgram('rulesets/battle-of-seattle');
  const setup = { seed: 'shared-pieces' };

  test('a fork shares every record, frozen with its props; the first write copies only the record written', () => {
    const original = startGame(program, setup);
    play(original, new RandomAgent('a'), 10);
    const copy = original.fork();
    const ids = Object.keys(original.state.pieces);
    expect(sharedIds(original, copy)).toEqual(ids);
    for (const id of ids) {
      expect(Object.isFrozen(copy.state.pieces[id])).toBe(true);
      expect(Object.isFrozen(copy.state.pieces[id]!.props)).toBe(true);
    }
    const before = JSON.stringify(original.state);
    const places = JSON.stringify(Object.fromEntries(ids.map((id) => [id, copy.state.pieces[id]!.at])));
    play(copy, new RandomAgent('b'), 60);
    const moved = ids.filter((id) => copy.state.pieces[id]!.at !== original.state.pieces[id]!.at);
    expect(moved.length).toBeGreaterThan(0);
    for (const id of moved) expect(Object.isFrozen(copy.state.pieces[id])).toBe(false);
    // Records the copy never wrote are still the original's; the original is as it was.
    expect(sharedIds(original, copy).length).toBeGreaterThan(0);
    expect(sharedIds(original, copy).length).toBeLessThan(ids.length);
    expect(JSON.stringify(original.state)).toBe(before);
    expect(places).not.toBe(JSON.stringify(Object.fromEntries(ids.map((id) => [id, copy.state.pieces[id]!.at]))));
  });

  test('the parent copies its own records after a fork, and the fork keeps what it had', () => {
    const original = startGame(program, setup);
    play(original, new RandomAgent('a'), 10);
    const copy = original.fork();
    const before = JSON.stringify(copy.state);
    play(original, new RandomAgent('c'), 60);
    expect(JSON.stringify(copy.state)).toBe(before);
    // And the copy, played on, is the game a fresh replay of its answers gives.
    play(copy, new RandomAgent('d'), 40);
    const again = startGame(program, setup);
    for (const a of copy.state.decisions) expect(again.answer(a)).toEqual({ ok: true });
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(copy.state));
  });

  test('a host that writes to a shared record in place gets an error, not a change to the other game', () => {
    const original = startGame(program, setup);
    const copy = original.fork();
    const id = Object.keys(original.state.pieces)[0]!;
    expect(() => { original.state.pieces[id]!.at = 'somewhere'; }).toThrow(TypeError);
    expect(copy.state.pieces[id]!.at).not.toBe('somewhere');
  });

  test('determinizing leaves the real game\'s records as they were, and shares those it does not change', () => {
    for (const path of ['rulesets/dragut', 'rulesets/battle-of-seattle']) {
      const game = startGame(loadProgram(path), { seed: 'shared-det' });
      play(game, new RandomAgent('a'), 30);
      const before = JSON.stringify(game.state);
      const seat = game.pending!.player;
      for (let i = 0; i < 5; i++) {
        const copy = determinize(game, seat, seedRng(`d${i}`)).game;
        for (const id of Object.keys(game.state.pieces)) {
          const mine = game.state.pieces[id]!;
          const theirs = copy.state.pieces[id]!;
          if (theirs.type === mine.type && JSON.stringify(theirs.props) === JSON.stringify(mine.props)) continue;
          expect(theirs, `${path} ${id}`).not.toBe(mine);
        }
        play(copy, new RandomAgent(`p${i}`), 30);
      }
      expect(JSON.stringify(game.state), path).toBe(before);
    }
  });
});

describe('the piece lists follow a replaced record', () => {
  // Red's question waits with the index built; each answer moves a piece in the copy it is given.
  const program = programFromText(twoAreaRules('lists', '{ strength: 1 }', `
flow:
  rounds: { count: 3 }
  phases:
    - id: main
      by: red
      do: |
        let u = choose one of pieces_in(a) by red prompt "Which?"
        move u to b
        u.strength += 1
        log "{size(pieces_in(a))} in a, {size(pieces_in(b))} in b, {u} at {u.area} strength {u.strength}"
victory:
  do: |
    end game with { winner: red, level: "done" }
`));

  const told = (g: Game) => g.log.filter((e) => / in a, /.test(e.text)).at(-1)!.text;

  test('moves and props written after a fork read back through the lists and the index, in both games', () => {
    const original = startGame(program, { seed: 1 }, { log: 'full' });
    const copy = original.fork({ log: true });
    expect(copy.answer(1)).toEqual({ ok: true });
    expect(original.answer(2)).toEqual({ ok: true });
    expect(told(copy)).toMatch(/^2 in a, 1 in b, .* at b strength 2$/);
    expect(told(original)).toMatch(/^2 in a, 1 in b, .* at b strength 2$/);
    const moved = (g: Game) => Object.keys(g.state.pieces).filter((id) => g.state.pieces[id]!.at === 'b');
    expect(moved(copy)).not.toEqual(moved(original));
    // A second fork of each, and the next answers, still see one record per piece.
    const copy2 = copy.fork({ log: true });
    expect(copy2.answer(1)).toEqual({ ok: true });
    expect(told(copy2)).toMatch(/^1 in a, 2 in b, .* at b strength 2$/);
    expect(moved(copy)).toHaveLength(1);
  });
});
