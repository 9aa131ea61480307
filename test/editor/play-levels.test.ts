/**
 * Bot levels in the playtest (the play worker's session): a seat plays at Random, Easy, Normal or
 * Hard; a search bot thinks in slices that can be cancelled, and plans only on determinizations.
 */
import { describe, expect, test } from 'vitest';
import { Game, LEVELS, RandomAgent, agentFromSpec, searchContext } from '../../interpreter/index.ts';
import { PlaySession } from '../../editor/play/play-session.ts';
import { BOT_LEVELS, SEAT_KINDS, agentSpec, isBot, type StartRequest } from '../../editor/play/protocol.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const NIM = 'test/fixtures/runtime/nim';
const DRAGUT = 'rulesets/dragut';

const request = (seats: StartRequest['seats'], more: Partial<StartRequest> = {}): StartRequest => ({ entry: 'nim', setup: { seed: 'lv' }, seats, seat: null, delay: 0, autoplay: true, ...more });

function session(seats: StartRequest['seats'], path = NIM, more: Partial<StartRequest> = {}): PlaySession {
  const s = PlaySession.start(1, loadProgram(path), request(seats, more));
  if ('problems' in s) throw new Error(s.problems.join());
  return s;
}

/** What Easy answers the first question of a fresh Nim game, searched whole, seeded as the session seeds it. */
function easyFirstAnswer(): unknown {
  const game = startGame(loadProgram(NIM), { seed: 'lv' });
  const agent = agentFromSpec('easy', 'lv:p1:0');
  if ('error' in agent) throw new Error(agent.error);
  return agent.choose(game.pending!, () => game.view('p1'), searchContext(game, 'p1'));
}

describe('playtest bot levels', () => {
  test('the seat choices should be Human, Random and the interpreter’s levels, each naming its agent', () => {
    expect([...BOT_LEVELS]).toEqual(Object.keys(LEVELS));
    expect(SEAT_KINDS.map((k) => k.label)).toEqual(['Human', 'Random', 'Easy', 'Normal', 'Hard']);
    expect(SEAT_KINDS.map((k) => agentSpec(k.kind))).toEqual([null, 'random', 'easy', 'normal', 'hard']);
    for (const { kind } of SEAT_KINDS) {
      expect(isBot(kind)).toBe(kind !== 'human');
      if (agentSpec(kind)) expect(agentFromSpec(agentSpec(kind)!, 's')).not.toHaveProperty('error');
    }
  });

  test('a Random seat should play as before: a random agent seeded by the game seed, the seat and the decision number', () => {
    const s = session({ p1: 'bot', p2: 'bot' });
    const game = startGame(loadProgram(NIM), { seed: 'lv' });
    for (let i = 0; game.pending; i++) game.answer(new RandomAgent(`lv:${game.pending.player}:${i}`).choose(game.pending));
    while (s.botToMove) expect(s.think(1)).toBe('moved');
    expect(s.game.state.decisions).toEqual(game.state.decisions);
    expect(s.update()).toMatchObject({ status: 'ended', thinking: null });
  });

  test('an Easy seat should think in slices, showing its progress, and then answer what its search answers whole', () => {
    const s = session({ p1: 'easy', p2: 'human' });
    expect(s.searchBotToMove).toBe(true);
    expect(s.think(10)).toBe('thinking');
    expect(s.think(15)).toBe('thinking');
    expect(s.update()).toMatchObject({ status: 'waiting', decisions: 0, waiting: { player: 'p1', bot: true }, thinking: { player: 'p1', name: 'First', level: 'easy', decision: 0, done: 25, total: LEVELS['easy']!.iterations } });
    let r = s.think(10);
    while (r === 'thinking') r = s.think(10);
    expect(r).toBe('moved');
    expect(s.game.state.decisions).toEqual([easyFirstAnswer()]);
    expect(s.update()).toMatchObject({ thinking: null, waiting: { player: 'p2', bot: false } });
    // Bot move (all at once) makes the same move.
    const whole = session({ p1: 'easy', p2: 'human' });
    expect(whole.botStep()).toBe(true);
    expect(whole.game.state.decisions).toEqual(s.game.state.decisions);
  });

  test('Cancel should stop the search and leave the game waiting for that seat, to answer by hand or think again', () => {
    const s = session({ p1: 'easy', p2: 'human' });
    expect(s.think(20)).toBe('thinking');
    s.moveAsked = true;
    expect(s.cancel(1)).toBe(false); // a decision it is not thinking about: nothing changes
    expect(s).toMatchObject({ thinking: true, moveAsked: true, autoplay: true });
    expect(s.cancel(0)).toBe(true);
    expect(s.moveAsked).toBe(false);
    const u = s.update();
    expect(u).toMatchObject({ status: 'waiting', decisions: 0, autoplay: false, thinking: null, waiting: { player: 'p1', bot: true } });
    expect(u.note).toContain('Cancelled: First (easy) stopped thinking');
    expect(s.cancel()).toBe(false);
    // Thinking again starts a fresh search (seeded as before): the same move as if never cancelled.
    expect(s.think(5)).toBe('thinking');
    expect(s.update().thinking).toMatchObject({ done: 5 });
    let r = s.think(10);
    while (r === 'thinking') r = s.think(10);
    expect(r).toBe('moved');
    expect(s.game.state.decisions).toEqual([easyFirstAnswer()]);
    expect(s.update().note).toBeUndefined();

    // Or by hand: the cancelled seat's question, seen from its seat, answered by the person.
    const byHand = session({ p1: 'easy', p2: 'human' });
    byHand.think(5);
    byHand.cancel();
    byHand.seat = 'p1';
    expect(byHand.update().pending).toMatchObject({ player: 'p1', labels: ['1', '2'] });
    expect(byHand.answer(1)).toBe(true);
    expect(byHand.update()).toMatchObject({ decisions: 1, waiting: { player: 'p2' } });
  });

  test('a search in progress should be dropped when its seat becomes a person, or by undo and restart', () => {
    const s = session({ p1: 'human', p2: 'easy' });
    expect(s.answer(0)).toBe(true);
    expect(s.think(5)).toBe('thinking');
    s.seats = { p1: 'human', p2: 'human' };
    expect(s.thinking).toBe(false);
    expect(s.think(5)).toBe('idle');
    s.seats = { p1: 'human', p2: 'easy' };
    expect(s.think(5)).toBe('thinking');
    expect(s.update().thinking).toMatchObject({ player: 'p2', done: 5, decision: 1 });
    s.moveAsked = true;
    s.undo();
    expect(s).toMatchObject({ thinking: false, moveAsked: false, autoplay: false });
    expect(s.update()).toMatchObject({ decisions: 0, thinking: null });
    s.answer(0);
    s.think(5);
    s.restart();
    expect(s.thinking).toBe(false);
  });

  test('a search bot should plan on determinizations of its seat, leaving the real game as it was', () => {
    const s = session({ p1: 'easy', p2: 'easy' }, DRAGUT, { setup: { seed: 3 } });
    const before = JSON.stringify(s.game.state);
    const real = s.game;
    expect(s.think(3)).toBe('thinking');
    expect(s.game).toBe(real);
    expect(JSON.stringify(s.game.state)).toBe(before);
    expect(s.game).toBeInstanceOf(Game);
  });
});
