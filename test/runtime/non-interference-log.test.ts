/**
 * The log under non-interference: a determinized copy tells every line, or part of a line, that
 * the seat could not read from the copy's own pieces, cards and values (determinize-log.ts), so a
 * view that let a secret line or part through would show the seat a difference between the copy
 * and the real game. These tests break the redaction on purpose and check that the difference
 * shows; without the break, the views are the same (non-interference.test.ts checks that widely).
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { determinize, Game, pieceAlias } from '../../interpreter/runtime/index.ts';
import { nextInt, seedRng } from '../../interpreter/runtime/rng.ts';
import { EntityRef } from '../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

/**
 * A game's log as if the views had lost their redaction of lines: of the parts that told about
 * hidden pieces and face-down cards (`parts`), or of everything (`all`: parts, and whom a line is for).
 */
function breakRedaction(game: Game, what: 'parts' | 'all'): void {
  game.rt.entries = game.rt.entries.map((e) => {
    const { secret: _, ...line } = e;
    if (what === 'parts') return line;
    const { visibleTo: __, ...all } = line;
    return all;
  });
}

const logOf = (game: Game, seat: string | null): string => JSON.stringify(game.view(seat).log);

/** Masks (a fixture): North marches lookout_1 from camp to the ford, hidden from South. */
function marched(): Game {
  const game = startGame(loadProgram('test/fixtures/runtime/masks'), { seed: 3 });
  const options = game.view('p1').pending!.options;
  expect(game.answerFromView(options.findIndex((o) => o instanceof EntityRef && (o.id === 'lookout_1' || o.id === pieceAlias(game, 'lookout_1'))))).toEqual({ ok: true });
  expect(game.answer(0)).toEqual({ ok: true });
  return game;
}

/** A copy for South in which lookout_1 is North's captain. */
function copyWithCaptain(game: Game): Game {
  for (let i = 0; i < 50; i++) {
    const { game: copy } = determinize(game, 'p2', seedRng(`captain-${i}`), { log: true });
    if (copy.state.pieces.lookout_1!.type === 'captain') return copy;
  }
  throw new Error('no determinization made lookout_1 the captain');
}

describe('determinize and the log', () => {
  test('a copy should tell the lines South could not read from its own pieces, and South should read the same log in both', () => {
    const game = marched();
    const copy = copyWithCaptain(game);
    expect(game.log.map((e) => e.text)).toContain('Lookout #1: camp → ford');
    expect(copy.log.map((e) => e.text)).toContain('Captain (lookout_1): camp → ford');
    expect(copy.log.map((e) => e.text)).not.toContain('Lookout #1: camp → ford');
    expect(logOf(copy, 'p2')).toBe(logOf(game, 'p2'));
    expect(copy.view('p2')).toEqual(game.view('p2'));
  });

  test('a copy should leave the lines a seat could read as they were', () => {
    const game = marched();
    // North sees its own pieces: a copy for North redraws none of them, so every line that names
    // only North's pieces (or nothing hidden) is the real one, and North reads the same log. (South's
    // hidden pieces may be drawn again: lines naming them may change in the referee's text.)
    const { game: copy } = determinize(game, 'p1', seedRng('north'), { log: true });
    const south = (e: (typeof game.log)[number]) => Object.values(e.secret?.pieces ?? {}).includes('south');
    expect(game.log.filter(south).length).toBeGreaterThan(0);
    expect(copy.log.filter((e) => !south(e))).toEqual(game.log.filter((e) => !south(e)));
    expect(copy.view('p1').log).toEqual(game.view('p1').log);
  });

  test('with the parts of lines no longer redacted, South should read a different log in the copy (the non-interference check fails)', () => {
    const game = marched();
    const copy = copyWithCaptain(game);
    breakRedaction(game, 'parts');
    breakRedaction(copy, 'parts');
    expect(logOf(game, 'p2')).toContain('Lookout #1: camp → ford');
    expect(logOf(copy, 'p2')).toContain('Captain (lookout_1): camp → ford');
    expect(logOf(copy, 'p2')).not.toBe(logOf(game, 'p2'));
  });

  test('a saved and resumed game should render its log for each seat as before', () => {
    const game = marched();
    const resumed = Game.fromState(game.program, JSON.parse(JSON.stringify(game.save())));
    if ('problems' in resumed) throw new Error(JSON.stringify(resumed.problems));
    for (const seat of ['p1', 'p2', null]) expect(resumed.view(seat).log).toEqual(game.view(seat).log);
    expect(resumed.log).toEqual(game.log);
  });
});

describe('determinize and the lines of secret answers', () => {
  test("a copy for p2 should tell p1's secret answer, drawn again, in p1's line; p2 reads the same log, and would not if the line reached it", () => {
    const game = startGame(loadProgram('test/fixtures/runtime/duel'), { seed: 5 });
    const agent = new RandomAgent('secret');
    // Up to p2's turn in `secretly choose one of ["hold", "push"] … for each p in players`: p1 has answered.
    while (game.pending && !(game.pending.secret && game.pending.player === 'p2')) game.answer(agent.choose(game.pending));
    const line = (g: Game): string => g.log.filter((e) => e.kind === 'decision' && e.visibleTo === 'p1').at(-1)!.text;
    const told = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const { game: copy } = determinize(game, 'p2', seedRng(`answer-${i}`), { log: true });
      told.add(line(copy).replace(/.* → /, ''));
      expect(logOf(copy, 'p2')).toBe(logOf(game, 'p2'));
      if (line(copy) !== line(game)) {
        const real = game.fork({ log: true });
        breakRedaction(real, 'all');
        breakRedaction(copy, 'all');
        expect(logOf(copy, 'p2')).not.toBe(logOf(real, 'p2'));
      }
    }
    expect([...told].sort()).toEqual(['hold', 'push']);
  });
});

/** Rulesets whose logs tell secrets: hidden pieces (parts of lines), hands and private values (lines for one seat, with parts naming cards). */
const LEAKS: Array<[string, number | undefined, Record<string, unknown>, 'parts' | 'all']> = [
  ['rulesets/dragut', undefined, {}, 'parts'],
  ['rulesets/dragut', undefined, {}, 'all'],
  ['rulesets/blockade-runner', 4, {}, 'all'],
  ['rulesets/blue-max', 4, { opt_lewis: true, opt_observer: true, opt_altitude: true, opt_fuel: true }, 'all'],
];

describe.each(LEAKS)('%s: a log that stopped redacting fails non-interference (%s players, options %o, %s)', (path, players, options, what) => {
  test(`with ${what === 'parts' ? 'the parts of lines' : 'lines (parts and audience)'} no longer redacted, some seat should read a different log in a copy`, () => {
    const program = loadProgram(path);
    const game = startGame(program, { seed: 'leak', ...(players ? { players } : {}), options });
    const agent = new RandomAgent('leak');
    const pick = seedRng('leak-points');
    const seats = [...game.state.players.map((p) => p.id), null];
    let checks = 0;
    let same = 0;
    let caught = 0;
    for (let step = 0; game.pending && step < 400 && caught < 3; step++) {
      if (nextInt(pick, 10) === 0) {
        for (const seat of seats) {
          const { game: copy } = determinize(game, seat, seedRng(`leak-${step}-${seat}`), { log: true });
          // Redacting, the seat reads the same log; not redacting, it may read the copy's other secrets.
          checks++;
          if (logOf(copy, seat) === logOf(game, seat)) same++;
          const real = game.fork({ log: true });
          breakRedaction(real, what);
          breakRedaction(copy, what);
          if (logOf(copy, seat) !== logOf(real, seat)) caught++;
        }
      }
      game.answer(agent.choose(game.pending));
    }
    expect(checks).toBeGreaterThan(0);
    expect(same).toBe(checks);
    expect(caught).toBeGreaterThan(0);
  });
});
