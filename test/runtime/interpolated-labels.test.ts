/**
 * An entity interpolated into text reads as people read it — a piece's label, an area's, side's or
 * player's name, a hex as the board prints it — as the runtime's own lines write them; `{x.id}`
 * gives the id. It gave the id (`scout_1`, `market_square`, `7,4`), so a log said "from hex 7,4"
 * where the board prints 0704.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, scriptRules, startGame } from '../helpers/ruleset.ts';

const SECTIONS = `map:
  areas: { market_square: { name: Market Square }, dock: {} }
  grid: { kind: hex, columns: 8, rows: 8, orientation: flat, label: "{col:02}{row:02}" }
pieces: { scout: { name: Scout, side: red, count: 2 } }`;

const said = (script: string): string[] => {
  const game = startGame(programFromText(scriptRules('labels', SECTIONS, script)), { seed: 1 }, { log: 'full' });
  expect(game.error).toBeNull();
  return game.log.filter((e) => e.kind === 'log').map((e) => e.text);
};

describe('an interpolated entity', () => {
  test('should read as its label, and `.id` as its id', () => {
    expect(said([
      'place 2 of scout in market_square',
      'let u = first p in pieces',
      'log "{u} in {u.area}, {dock}, {hex_at(7, 4)}, {player} of {side}"',
      'log "{u.id} {u.area.id} {hex_at(7, 4).id} {player.id} {side.id}"',
      'log "all: {pieces_in(market_square)}; {[dock, market_square]}; {{ at: dock }}"',
    ].join('\n'))).toEqual([
      'Scout #1 in Market Square, dock, hex 0704, Red of Red',
      'scout_1 market_square 7,4 p1 red',
      'all: Scout #1, Scout #2; dock, Market Square; {at: dock}',
    ]);
  });
});
