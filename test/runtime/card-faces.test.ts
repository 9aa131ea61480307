/**
 * What a seat may read of cards: a script's interpolation that reads a card's face (`{c.name}`,
 * `{c.value}`, `{c}`) names it only to the seats that may see it where it lies; `reveal c` shows it
 * to every seat and `reveal c to p` to one player (or a side's players), until it moves or its pile
 * is shuffled; and discards shuffled back into the draw pile lie face down again.
 */
import { describe, expect, test } from 'vitest';
import type { Game } from '../../interpreter/runtime/index.ts';
import { programFromText, startGame, twoSeatRules } from '../helpers/ruleset.ts';

const rules = (script: string, deck = '') => twoSeatRules('card_faces', `zones:
  hand: { per: player, visibility: owner }
decks:
  orders:
    ${deck}
    cards:
      - { id: secret_plan, name: Secret Plan, count: 2, props: { value: 3 } }
      - { id: feint, name: Feint, count: 2, props: { value: 1 } }`, script);

const play = (script: string, deck?: string): Game => startGame(programFromText(rules(script, deck)), { seed: 1 }, { log: 'full' });
const said = (game: Game, seat: string | null): string[] => game.view(seat).log.filter((e) => e.kind === 'log').map((e) => e.text);
const face = (game: Game, id: string): string => (game.state.cards[id]!.def === 'feint' ? 'Feint' : 'Secret Plan');
const drawn = (game: Game): string => (game.log.find((e) => e.kind === 'draw')!.data as { cards: string[] }).cards[0]!;

describe('a card read in an interpolation', () => {
  test('should be named to its holder only while it lies in a hand the others may not see', () => {
    const game = play('let c = draw from orders into player.hand\nlog "{player.name} drew {c.name} ({c}), worth {c.value}, from {c.deck}"\nlet top = first x in orders.cards\nlog "next: {top.name}"\ndiscard c\nlog "discarded {c.name}"');
    const f = face(game, drawn(game));
    const value = f === 'Feint' ? 1 : 3;
    expect(said(game, 'p1')).toEqual([`Red drew ${f} (${f}), worth ${value}, from orders`, 'next: hidden card', `discarded ${f}`]);
    for (const seat of ['p2', null]) expect(said(game, seat)).toEqual(['Red drew hidden card (hidden card), worth ?, from orders', 'next: hidden card', `discarded ${f}`]);
    // The referee reads every face.
    expect(game.log.filter((e) => e.kind === 'log')[1]!.text).toMatch(/^next: (Feint|Secret Plan)$/);
  });
});

describe('reveal of a card', () => {
  test('should show it to every seat where it lies, until it moves', () => {
    const game = play('let c = draw from orders into player.hand\nreveal c\nlog "shown: {c.name}"\nput c on top of orders\nlog "back: {c.name}"');
    const f = face(game, drawn(game));
    // A script's line reads the face where the card lies when it is written: face down on the deck.
    for (const seat of ['p1', 'p2', null]) expect(said(game, seat)).toEqual([`shown: ${f}`, 'back: hidden card']);
    // The runtime's own lines: shown to all, then put on the deck in sight of every seat.
    expect(game.view('p2').log.map((e) => e.text)).toEqual(expect.arrayContaining([`${f} shown`, `${f} put at the top of orders`]));
  });

  test('to a player should show it to that player only, in the view and in the lines', () => {
    const game = play('let c = draw from orders into player.hand\nreveal c to blue\nlog "offered: {c.name}"');
    const id = drawn(game);
    const f = face(game, id);
    expect([said(game, 'p1'), said(game, 'p2'), said(game, null)]).toEqual([[`offered: ${f}`], [`offered: ${f}`], ['offered: hidden card']]);
    expect(game.view('p2').state.cards[id]).toBeDefined();
    expect(game.view(null).state.cards[id]).toBeUndefined();
  });

  test('should end when its pile is shuffled', () => {
    const game = play('let c = draw from orders into player.hand\nput c on top of orders\nreveal c\nlog "top: {c.name}"\nshuffle orders\nlog "somewhere: {c.name}"');
    expect(said(game, 'p2')).toEqual([`top: ${face(game, drawn(game))}`, 'somewhere: hidden card']);
  });
});

describe('discards shuffled back into the draw pile', () => {
  test('should lie face down: no seat reads their faces, and bots cannot see them', () => {
    // The whole deck is drawn and discarded; drawing again shuffles the discards back in.
    const game = play('let all = draw 4 from orders\ndiscard all\ndraw 1 from orders into player.hand', 'on_empty: reshuffle');
    const pile = game.state.decks.orders!.draw;
    expect(pile).toHaveLength(3);
    for (const id of pile) expect(game.state.cards[id]!.at).toBe('draw');
    // Their faces told which card Red holds, by elimination (two of each).
    expect(Object.keys(game.view('p2').state.cards)).toEqual([]);
  });
});
