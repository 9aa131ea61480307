/**
 * Phase hooks (`on_enter`, `on_exit`, `flow.each_step`), `points: unlimited`, table rows that carry
 * their `effect:`, `reset:` on variables, `opponents`, and arcs declared on the grid.
 */
import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { Game, type SavedGame } from '../../interpreter/runtime/index.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const PATH = 'test/fixtures/runtime/language-features';
const program = () => loadProgram(PATH);
const newGame = () => startGame(program(), { seed: 1, players: 3 });
const trail = (g: Game) => g.state.vars.trail as string[];
const passOption = (g: Game) => g.pending!.options.indexOf('pass');
const pokeOption = (g: Game) => g.pending!.options.indexOf('poke');

describe('phase hooks', () => {
  test('each_step wraps phases without steps; on_enter runs before do, on_exit after the steps', () => {
    const g = newGame();
    expect(trail(g).slice(0, 7)).toEqual([
      'upkeep on_enter', 'upkeep do', 'enter tidy', 'tidy do', 'exit tidy', 'upkeep on_exit', 'enter act',
    ]);
  });
});

describe('unlimited action points', () => {
  test('the prompt gives no count, and the player acts until passing', () => {
    const g = newGame();
    expect(g.pending!.prompt).toBe('Choose an action');
    for (let i = 0; i < 12; i++) expect(g.answer(pokeOption(g))).toEqual({ ok: true });
    expect(g.pending!.prompt).toBe('Choose an action');
    expect(g.pending!.player).toBe('p1');
    g.answer(passOption(g));
    expect(g.pending!.player).toBe('p2');
  });

  test('a game saved in an unlimited action phase resumes', () => {
    const g = newGame();
    g.answer(pokeOption(g));
    const saved = JSON.parse(JSON.stringify(g.save())) as SavedGame;
    const resumed = Game.fromState(program(), saved);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    for (const x of [g, resumed]) { x.answer(pokeOption(x)); x.answer(passOption(x)); }
    expect(resumed.state).toEqual(g.state);
  });
});

describe('reset: round, turn, phase', () => {
  test('each variable goes back to its initial value when its period starts', () => {
    const g = newGame();
    g.answer(pokeOption(g)); g.answer(pokeOption(g)); g.answer(passOption(g)); // p1
    // p2: a new turn of the same round; each player's turn of a `by: each player` phase starts the phase afresh.
    g.answer(pokeOption(g)); g.answer(passOption(g));
    expect(trail(g).filter((t) => t.startsWith('poke'))).toEqual(['poke 1/1/1', 'poke 2/2/2', 'poke 3/1/1']);
    expect(g.state.vars.marks).toEqual({ p1: 2, p2: 1, p3: 0 });
    g.answer(passOption(g)); // p3; then payout, and round 2 starts
    expect(g.state.round).toBe(2);
    expect(g.state.vars.in_round).toBe(0);
    expect(g.state.vars.marks).toEqual({ p1: 0, p2: 0, p3: 0 });
    g.answer(pokeOption(g));
    expect(trail(g).at(-1)).toBe('poke 1/1/1');
  });
});

describe('table rows that carry their effect', () => {
  test('resolve(table[key], …) runs the row with the params bound and the row as `row`', () => {
    const g = newGame();
    for (let i = 0; i < 3; i++) g.answer(passOption(g));
    expect(g.state.tracks.score).toEqual({ p1: 2, p2: 5, p3: 0 });
    expect(trail(g).filter((t) => t.startsWith('big for'))).toHaveLength(1);
  });
});

describe('opponents and arcs', () => {
  const value = (text: string) => {
    const r = exactOdds(program(), text);
    if ('error' in r) throw new Error(r.error);
    return r.outcomes[0]!.value;
  };

  test('opponents follow the sides\' declarations, or every other side', () => {
    expect(value('opponent(red) == green')).toBe(true);
    expect(value('size(opponents(green))')).toBe(2);
    expect(value('blue in opponents(green)')).toBe(true);
  });

  test('in_arc reads the arcs the grid declares', () => {
    expect(value('in_arc(hex_at(3, 3), 0, hex_neighbour(hex_at(3, 3), 0), "nose")')).toBe(true);
    expect(value('in_arc(hex_at(3, 3), 0, hex_neighbour(hex_at(3, 3), 1), "nose")')).toBe(false);
    expect(value('in_arc(hex_at(3, 3), 2, hex_neighbour(hex_at(3, 3), 1), "wide")')).toBe(true);
    expect(value('in_arc(hex_at(3, 3), 2, hex_neighbour(hex_at(3, 3), 4), "wide")')).toBe(false);
  });
});
