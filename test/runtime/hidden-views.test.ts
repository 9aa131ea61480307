import { describe, expect, test } from 'vitest';
import { Game, pieceAlias, type GameView } from '../../interpreter/runtime/index.ts';
import { setMember } from '../../interpreter/runtime/members.ts';
import { EntityRef } from '../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

// North's captain and lookouts and South's sentries and marshal start hidden; the relic has no side.
const MASKS = 'test/fixtures/runtime/masks';
const AT = { path: ['test'], span: { start: 0, end: 1 } };
// Everything that tells what a North unit is: ids, type ids, names, and the class a table is looked up by.
const NORTH_SECRETS = ['captain', 'veteran', 'lookout', 'lookout_1', 'lookout_2', 'Captain', 'Veteran', 'Lookout', 'heavy', 'light', 'strength 1', 'strength 5'];

const newGame = (seed: string | number = 3): Game => startGame(loadProgram(MASKS), { seed });
const text = (v: GameView): string => JSON.stringify(v);
/** The secrets a text names, as whole words. */
const named = (s: string, secrets: string[]): string[] => secrets.filter((w) => new RegExp(`(?<![A-Za-z0-9_])${w}(?![A-Za-z0-9_])`).test(s));

/** Answer as a seat that sees the pending question in its view: pick the option that is `id` (or its alias). */
function pick(game: Game, seat: string, id: string): void {
  const options = game.view(seat).pending!.options;
  const i = options.findIndex((o) => o instanceof EntityRef && (o.id === id || o.id === pieceAlias(game, id)));
  expect(i).toBeGreaterThanOrEqual(0);
  expect(game.answerFromView(i)).toEqual({ ok: true });
}

/** North marches a lookout to the ford; South is then asked which North unit it challenges. */
function toChallenge(game = newGame()): Game {
  pick(game, 'p1', 'lookout_1');
  expect(game.answer(0)).toEqual({ ok: true });
  expect(game.pending?.prompt).toBe('Challenge which unit?');
  return game;
}

describe('views of hidden pieces', () => {
  test('the other side should find no id, type, name or prop of a hidden piece in its view: state, log text and data, or question', () => {
    const game = toChallenge();
    const view = game.view('p2');
    expect(named(text(view), NORTH_SECRETS)).toEqual([]);
    // The referee's log does name them (so the check above has teeth).
    expect(named(JSON.stringify(game.log), NORTH_SECRETS).length).toBeGreaterThan(5);
    // Hidden North units are listed under aliases, with no type or props, after the rest.
    const alias = pieceAlias(game, 'lookout_1');
    expect(alias).toMatch(/^hidden-\d+$/);
    expect(view.state.pieces[alias]).toMatchObject({ type: '?', at: 'ford', hidden: true, props: {} });
    expect(Object.keys(view.state.pieces).slice(-4).every((k) => k.startsWith('hidden-'))).toBe(true);
    // Per-piece tracks and variables go by the alias too.
    expect((view.state.tracks.marches as Record<string, number>)[alias]).toBe(1);
    expect(view.state.vars.last_marched).toEqual({ $ref: 'piece', id: alias });
    // The log: moves, track changes, interpolated lines and the table lookup keyed by a hidden prop.
    const lines = view.log.slice(-9).map((e) => [e.text, e.data]);
    expect(lines).toEqual([
      ['North: Which unit marches? → hidden piece (' + alias + ')', { answer: expect.any(Number) }],
      ['North: March hidden piece (' + alias + ') where? → Ford', { answer: 0 }],
      ['hidden piece (' + alias + '): camp → ford', { piece: alias, from: 'camp', to: 'ford' }],
      ['marches (' + alias + '): 0 → 1', { track: 'marches', owner: alias, from: 0, to: 1 }],
      ['last_marched = ' + alias, { variable: 'last_marched', owner: null }],
      ['March cost: looked up', { table: 'march_cost' }],
      // `cost` is a local set from the lookup keyed by the hidden class: it is as secret (taint.ts).
      ['hidden piece marches to Ford for ? (strength ?)', undefined],
      // An interpolated piece reads as its label: a hidden one as `hidden piece (alias)`.
      ['Marched: hidden piece (' + alias + ')', undefined],
      ['challenge', undefined],
    ]);
    // The question: North's units by alias, in alias order (declaration order would tell which is the captain).
    const asked = view.pending!;
    const aliases = ['captain', 'lookout_1', 'lookout_2'].map((id) => pieceAlias(game, id)).sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)));
    expect(asked.options.map((o) => (o as EntityRef).id)).toEqual(aliases);
    expect(asked.labels).toEqual(aliases.map((a) => `hidden piece (${a})`));
  });

  test('the owner should see its hidden pieces as they are, and the referee\'s log should stay complete', () => {
    const game = toChallenge();
    const view = game.view('p1');
    for (const id of ['captain', 'lookout_1', 'lookout_2']) expect(view.state.pieces[id]).toEqual(game.state.pieces[id]);
    const aboutNorth = game.log.filter((e) => named(e.text, NORTH_SECRETS).length > 0);
    expect(aboutNorth.length).toBeGreaterThan(5);
    expect(aboutNorth.map((e) => view.log.find((v) => v.n === e.n)?.text)).toEqual(aboutNorth.map((e) => e.text));
    expect(game.log.map((e) => e.text)).toContain('Lookout marches to Ford for 1 (strength 1)');
    expect(game.log.map((e) => e.text)).toContain('March cost: row light gives 1');
    // South's hidden units are hidden from North in turn.
    expect(named(text(view), ['sentry', 'sentry_1', 'sentry_2', 'marshal', 'Sentry', 'Marshal'])).toEqual([]);
  });

  test('a prompt naming a hidden piece should name it only to its owner', () => {
    const game = newGame();
    pick(game, 'p1', 'captain');
    expect(game.pending!.prompt).toBe('March Captain (captain) where?');
    expect(game.view('p1').pending!.prompt).toBe('March Captain (captain) where?');
    expect(game.view('p2').pending!.prompt).toBe(`March hidden piece (${pieceAlias(game, 'captain')}) (${pieceAlias(game, 'captain')}) where?`);
  });

  test('after `reveal` both sides should see the piece, and the reveal line should name it to both', () => {
    const game = toChallenge();
    pick(game, 'p2', 'lookout_2');
    for (const seat of ['p1', 'p2', null]) {
      const view = game.view(seat);
      expect([seat, view.state.pieces.lookout_2?.type, view.state.pieces[pieceAlias(game, 'lookout_2')]]).toEqual([seat, 'lookout', undefined]);
      expect(view.log.map((e) => e.text)).toContain('Lookout #2 revealed');
    }
    // South's answer, in the log of each side, is the option it picked in its view.
    const answered = (seat: string) => game.view(seat).log.find((e) => e.text.startsWith('South: Challenge which unit?'))!;
    expect(answered('p1').text).toBe('South: Challenge which unit? → Lookout #2');
    expect(answered('p2').text).toBe(`South: Challenge which unit? → hidden piece (${pieceAlias(game, 'lookout_2')})`);
    expect(answered('p1').data).toEqual(answered('p2').data);
  });

  test('`reveal x to side` should show a hidden piece to that side only, until it is revealed to all or hidden again', () => {
    const game = newGame();
    const captain = game.rt.ref('piece', 'captain');
    const seen = (seat: string | null) => game.view(seat).state.pieces.captain?.type;
    expect([seen('p1'), seen('p2'), seen(null)]).toEqual(['captain', undefined, undefined]);
    game.rt.reveal(captain, game.rt.ref('side', 'south'), AT);
    // A player stands for its side; showing it again to the same side changes and logs nothing.
    game.rt.reveal(captain, game.rt.ref('player', 'p2'), AT);
    expect([seen('p1'), seen('p2'), seen(null), game.state.pieces.captain!.hidden]).toEqual(['captain', 'captain', undefined, true]);
    expect(game.log.filter((e) => e.text === 'Captain shown to South')).toHaveLength(1);
    // The line is written once the captain is shown to South: South's log names it (it read
    // "hidden piece (hidden-…) shown to South" to South itself), the spectator's does not.
    expect(game.view('p2').log.at(-1)!.text).toBe('Captain shown to South');
    expect(text(game.view(null))).not.toContain('Captain');
    setMember(game.rt, captain, 'hidden', true, AT);
    expect([seen('p2'), game.state.pieces.captain!.shown_to]).toEqual([undefined, undefined]);
    game.rt.reveal(captain, game.rt.ref('side', 'south'), AT);
    game.rt.reveal(captain, null, AT);
    expect([seen('p2'), seen(null), game.state.pieces.captain!.shown_to]).toEqual(['captain', 'captain', undefined]);
    expect(() => game.rt.reveal(captain, 'nobody', AT)).toThrow(/not-a-side|shown to a side/);
  });

  test('the spectator should see no hidden piece, not even one without a side that every player sees', () => {
    const game = toChallenge();
    const view = game.view(null);
    expect(named(text(view), [...NORTH_SECRETS, 'sentry', 'marshal', 'relic', 'Relic'])).toEqual([]);
    for (const id of Object.keys(game.state.pieces)) expect(view.state.pieces[pieceAlias(game, id)]?.type).toBe('?');
    expect(game.view('p1').state.pieces.relic!.type).toBe('relic');
    expect(game.view('p2').state.pieces.relic!.type).toBe('relic');
  });

  test('answering through the alias in a view should be the same as answering with the real option', () => {
    const viaAlias = toChallenge();
    pick(viaAlias, 'p2', 'captain');
    const viaId = newGame();
    expect(viaId.answer(viaId.pending!.options.findIndex((o) => o instanceof EntityRef && o.id === 'lookout_1'))).toEqual({ ok: true });
    expect(viaId.answer(0)).toEqual({ ok: true });
    expect(viaId.answer(viaId.pending!.options.findIndex((o) => o instanceof EntityRef && o.id === 'captain'))).toEqual({ ok: true });
    // The same answers are recorded (a replay takes them as they are), and the same game follows.
    expect(viaAlias.state.decisions).toEqual(viaId.state.decisions);
    expect(viaAlias.log).toEqual(viaId.log);
    for (const seat of ['p1', 'p2', null]) expect(text(viaAlias.view(seat))).toBe(text(viaId.view(seat)));
  });

  test('the same seed and answers should give the same views; views should not draw on the game\'s generator', () => {
    const a = newGame('same');
    const b = newGame('same');
    for (const game of [a, b]) toChallenge(game);
    const rng = [...a.state.rng];
    for (const seat of ['p1', 'p2', null]) expect(text(a.view(seat))).toBe(text(b.view(seat)));
    expect(a.state.rng).toEqual(rng);
    // Aliases follow the seed, not the types: another seed shuffles them.
    const ids = Object.keys(a.state.pieces);
    const other = newGame('other');
    expect(ids.map((id) => pieceAlias(other, id))).not.toEqual(ids.map((id) => pieceAlias(a, id)));
  });

  test('a piece should keep its alias while hidden, get it back when hidden again, and flips and prop changes should not tell its type', () => {
    const game = newGame();
    const alias = pieceAlias(game, 'captain');
    const captain = game.rt.ref('piece', 'captain');
    game.rt.flip(captain, AT);
    game.rt.setMember(captain, 'strength', 7, AT);
    expect(game.view('p2').log.slice(-2).map((e) => e.text)).toEqual([`${alias} flipped`, `hidden piece (${alias}) changed`]);
    expect(game.view('p1').log.slice(-2).map((e) => e.text)).toEqual(['captain: captain → veteran', 'Veteran (captain).strength = 7']);
    game.rt.reveal(captain, null, AT);
    expect(game.view('p2').state.pieces.captain!.type).toBe('veteran');
    game.rt.setMember(captain, 'hidden', true, AT);
    const view = game.view('p2');
    expect([view.state.pieces.captain, view.state.pieces[alias]?.type, view.log.at(-1)!.text]).toEqual([undefined, '?', `${alias} hidden`]);
    // Lines written while it was hidden stay redacted after it is shown.
    game.rt.reveal(captain, null, AT);
    expect(game.view('p2').log.map((e) => e.text)).toContain(`${alias} flipped`);
  });
});
