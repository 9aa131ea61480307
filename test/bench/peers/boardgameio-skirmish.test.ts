import { describe, expect, test, vi } from 'vitest';
import { Client } from 'boardgame.io/client';
import { playSkirmish } from '../skirmish/hand-written.ts';
import { playBoardgameIo, skirmish } from './boardgameio-skirmish.ts';

/** Each game costs milliseconds in boardgame.io (tens under vitest); the hand-written twin is checked on 1,000 seeds against rulesmith. */
const SEEDS = 100;

describe('bench peer: the skirmish in boardgame.io', () => {
  test(`should play complete games identical to the hand-written twin (every question, answer and result) for ${SEEDS} seeds`, () => {
    const levels = new Set<string>();
    let questions = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const peer: string[] = [];
      // playBoardgameIo throws when boardgame.io refuses a move it listed as legal, or a game does not end.
      const result = playBoardgameIo(seed, peer);
      const hand: string[] = [];
      expect(result, `seed ${seed}: result`).toEqual(playSkirmish(seed, hand));
      const at = peer.findIndex((x, i) => x !== hand[i]);
      if (at >= 0 || peer.length !== hand.length) {
        const i = at >= 0 ? at : Math.min(peer.length, hand.length);
        expect.fail(`seed ${seed}, question ${i}: boardgame.io ${peer[i] ?? '(game over)'}, hand-written ${hand[i] ?? '(game over)'}`);
      }
      levels.add(result.level);
      questions += peer.length;
    }
    // Not agreeing vacuously: real games with every kind of ending.
    expect([...levels].sort()).toEqual(['Decisive', 'Draw', 'Marginal']);
    expect(questions / SEEDS).toBeGreaterThan(30);
  });

  test('should refuse illegal moves, leaving the state as it was', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const client = Client({ game: { ...skirmish, seed: 1 }, numPlayers: 2 });
      // Reinforce in each side's own camp (red_camp 0, blue_camp 5) until the orders phase.
      for (let k = 0; k < 10 && client.getState()!.ctx.phase === 'muster'; k++) client.moves.reinforce!(client.getState()!.ctx.currentPlayer === '0' ? 0 : 5);
      const before = client.getState()!;
      expect(before.ctx.phase).toBe('orders');
      client.moves.advance!(0, 5); // red_camp is not next to blue_camp
      client.moves.advance!(6, 3); // a blue unit on red's turn
      client.moves.attack!(0, 6); // blue_foot_1 is out of reach
      client.moves.reinforce!(1); // not a move of this phase
      expect(client.getState()!._stateID).toBe(before._stateID);
      expect(client.getState()!.G).toEqual(before.G);
      client.moves.advance!(0, 1);
      expect(client.getState()!.G.at[0]).toBe(1);
      expect(client.getState()!.G.points).toBe(2);
    } finally {
      quiet.mockRestore();
    }
  });
});
