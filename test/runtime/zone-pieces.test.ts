/**
 * Pieces in a zone declared `visibility: owner` or `hidden` are kept from the seats the zone keeps
 * its cards from: they see an alias of unknown type there, and a line about a move names the piece
 * to those who could identify it before the move or can after it.
 */
import { describe, expect, test } from 'vitest';
import { determinize, Game, pieceAlias, type GameView } from '../../interpreter/runtime/index.ts';
import { seedRng } from '../../interpreter/runtime/rng.ts';
import { EntityRef } from '../../interpreter/runtime/values.ts';
import { hiddenFrom, lineSides, PLAYER_AUDIENCE } from '../../interpreter/runtime/visibility.ts';
import { loadProgram, programFromText, startGame, twoSeatRules } from '../helpers/ruleset.ts';

const RESERVE = 'test/fixtures/runtime/reserve';
const RED_FACE_UP = ['red_knight', 'red_king', 'Red knight', 'Red king'];

const newGame = (): Game => startGame(loadProgram(RESERVE), { seed: 5 }, { log: 'full' });
/** Answer the pending question (as the referee lists it) with the option `wanted`: a text, or a piece's id. */
function answer(game: Game, wanted: string): void {
  const i = game.pending!.options.findIndex((o) => o === wanted || (o instanceof EntityRef && o.id === wanted));
  expect(i, `${wanted} in ${game.pending!.labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(game.answer(i)).toEqual({ ok: true });
}
const words = (v: unknown, list: string[]): string[] => list.filter((w) => new RegExp(`(?<![A-Za-z0-9_])${w}(?![A-Za-z0-9_])`).test(JSON.stringify(v)));
/** The view's pieces with their place and type, by the key the view files them under. */
const pieces = (v: GameView): Record<string, string> => Object.fromEntries(Object.entries(v.state.pieces).map(([k, p]) => [k, `${p.type}@${p.at}`]));
/** The last `n` lines of a seat's log, leaving out phase headings and the game's end. */
const lastLines = (v: GameView, n: number): string[] => v.log.map((e) => e.text).filter((t) => !/^(orders — |Game over)/.test(t)).slice(-n);

describe('pieces in zones that hide what they hold', () => {
  test("the other side should see only aliases of unknown type in a side's reserve; its own side sees them", () => {
    const game = newGame();
    const blue = game.view('p2');
    // Blue may read the set-up lines (the pieces left the box in plain sight), but its state and Red's question name none of them.
    expect(words({ state: blue.state, pending: blue.pending }, RED_FACE_UP)).toEqual([]);
    expect(pieces(blue)[pieceAlias(game, 'red_king')]).toBe('?@reserve@red');
    expect(blue.pending?.labels.every((l) => /^(pass|send|bury)$/.test(l))).toBe(true);
    const red = game.view('p1');
    expect(pieces(red)).toMatchObject({ red_king: 'red_king@reserve@red', red_knight: 'red_knight@reserve@red' });
    expect(pieces(red)[pieceAlias(game, 'blue_rook_1')]).toBe('?@reserve@blue');
    // The spectator sees neither reserve.
    expect(Object.keys(game.view(null).state.pieces).every((k) => k.startsWith('hidden-'))).toBe(true);
  });

  test('a unit sent to the field is seen by all; pulled back, it is named in the move and hidden again', () => {
    const game = newGame();
    answer(game, 'send');
    const asked = game.view('p2').pending!;
    expect(asked.prompt).toBe('Send which unit?');
    expect(asked.labels.every((l) => /^hidden piece \(hidden-\d+\)$/.test(l))).toBe(true);
    answer(game, 'red_king');
    // The question was Blue's to see, not its answer's name; the king came out into plain sight.
    expect(lastLines(game.view('p2'), 4)).toEqual([
      expect.stringMatching(/^Red: Send which unit\? → hidden piece \(hidden-\d+\)$/),
      'Red king: reserve@red → field',
      'last_sent (red) = red_king',
      'Red sends Red king (strength 5)',
    ]);
    expect(pieces(game.view('p2')).red_king).toBe('red_king@field');
    answer(game, 'pass'); // Blue
    answer(game, 'pull back');
    answer(game, 'red_king');
    // Blue saw the king on the field, so the move names it; from then on Blue's state holds an alias.
    expect(lastLines(game.view('p2'), 2)).toEqual(['Red king: field → reserve@red', expect.stringMatching(/^Red pulls back hidden piece \(hidden-\d+\) \(strength \?\)$/)]);
    expect(pieces(game.view('p2')).red_king).toBeUndefined();
    expect(pieces(game.view('p2'))[pieceAlias(game, 'red_king')]).toBe('?@reserve@red');
    expect(lastLines(game.view('p1'), 1)).toEqual(['Red pulls back Red king (strength 5)']);
  });

  test('a unit buried from the reserve in a vault no one sees is named to its side alone, and then to no one', () => {
    const game = newGame();
    answer(game, 'bury');
    answer(game, 'red_knight');
    const alias = pieceAlias(game, 'red_knight');
    expect(lastLines(game.view('p1'), 2)[0]).toBe('Red knight: reserve@red → vault');
    expect(lastLines(game.view('p2'), 2)[0]).toBe(`hidden piece (${alias}): reserve@red → vault`);
    expect(lastLines(game.view(null), 2)[0]).toBe(`hidden piece (${alias}): reserve@red → vault`);
    // Red put it there but may not look at it now: the vault shows its pieces to no one.
    expect(pieces(game.view('p1'))[alias]).toBe('?@vault');
    expect(pieces(game.view('p1')).red_knight).toBeUndefined();
  });

  test("a copy drawn for Blue should redraw the Red reserve's units and leave Blue's view as it was", () => {
    const game = newGame();
    let redrawn = 0;
    for (let k = 0; k < 20; k++) {
      const { game: copy, resampled } = determinize(game, 'p2', seedRng(`reserve-${k}`), { log: true });
      expect(JSON.stringify(copy.view('p2'))).toBe(JSON.stringify(game.view('p2')));
      redrawn += resampled.pieces;
      // Types move only among Red's concealed pieces: Blue's own stay as they are.
      for (const id of ['blue_pawn_1', 'blue_pawn_2', 'blue_rook_1', 'blue_rook_2']) expect(copy.state.pieces[id]!.type).toBe(game.state.pieces[id]!.type);
    }
    expect(redrawn).toBeGreaterThan(0);
  });

  test("a zone of one player's shows its pieces to that player, not to the player's side", () => {
    const program = programFromText(twoSeatRules('pouch', `
pieces:
  gem: { name: Gem, side: red, count: 1 }
zones:
  pouch: { name: Pouch, per: player, visibility: owner }`, 'place gem in player.pouch\nlog "kept {first g in pieces}"'));
    const game = startGame(program, { seed: 1 }, { log: 'full' });
    expect(lineSides(game.rt, 'gem')).toBe(`${PLAYER_AUDIENCE}p1`);
    expect(pieces(game.view('p1')).gem).toBe('gem@pouch@p1');
    expect(pieces(game.view('p2')).gem).toBeUndefined();
    expect(lastLines(game.view('p2'), 1)).toEqual([`kept hidden piece (${pieceAlias(game, 'gem')})`]);
    expect(lastLines(game.view('p1'), 1)).toEqual(['kept Gem']);
    // A teammate of the owner is not the owner.
    expect(hiddenFrom(`${PLAYER_AUDIENCE}p1`, { id: 'p3', side: 'red' } as never)).toBe(true);
    expect(hiddenFrom(`${PLAYER_AUDIENCE}p1|blue`, { id: 'p2', side: 'blue' } as never)).toBe(false);
  });
});
