import { describe, expect, test } from 'vitest';
import { FirstAgent, RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { Game, pieceAlias } from '../../interpreter/runtime/index.ts';
import { answerAll, loadProgram, startGame } from '../helpers/ruleset.ts';

const DUEL = 'test/fixtures/runtime/duel';

describe('runtime: a small two-sided game', () => {
  test('setup should place pieces from the box and deal hands into per-player zones', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    const s = game.state;
    expect(Object.values(s.pieces).filter((p) => p.at === 'hill')).toHaveLength(2);
    expect(s.pieces.soldier_3!.at).toBe('barracks');
    expect(s.pieces.soldier_4!.at).toBeNull();
    expect(s.zones['hand@p1']).toHaveLength(2);
    expect(s.zones['hand@p2']).toHaveLength(2);
    expect(s.decks.orders!.draw).toHaveLength(0);
  });

  test('the game should stop at each decision and resume with the answer', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    expect(game.pending).toMatchObject({ kind: 'one', player: 'p1', prompt: 'Play an order' });
    expect(game.pending!.labels).toHaveLength(2);
    expect(game.answer(0)).toEqual({ ok: true });
    expect(game.pending).toMatchObject({ kind: 'one', player: 'p2' });
  });

  test('an illegal answer should be refused with a code and the rule position, changing nothing', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    const before = JSON.stringify(game.state);
    const r = game.answer(5);
    expect(r).toMatchObject({ ok: false, code: 'answer-out-of-range', range: { file: 'test/fixtures/runtime/duel/ruleset.yaml', start: { line: 110 } } });
    expect(JSON.stringify(game.state)).toBe(before);
    expect(game.answer('north')).toMatchObject({ ok: false, code: 'answer-not-an-option' });
  });

  test('number, secret and several-option decisions should be asked with their bounds', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    answerAll(game, [0, 0]);
    expect(game.pending).toMatchObject({ kind: 'number', min: 0, max: 3, player: 'p1' });
    expect(game.answer(4)).toMatchObject({ ok: false, code: 'answer-out-of-range' });
    answerAll(game, [2]);
    expect(game.pending).toMatchObject({ kind: 'one', secret: true, player: 'p1', labels: ['hold', 'push'] });
    answerAll(game, ['push', 'hold']);
    expect(game.state.vars.plans).toEqual({ p1: 'push', p2: 'hold' });
    expect(game.pending).toMatchObject({ kind: 'several', min: 0, max: 2, player: 'p2' });
    expect(game.answer([0, 0])).toMatchObject({ ok: false, code: 'answer-repeats-option' });
    expect(game.answer([0, 1, 2])).toMatchObject({ ok: false, code: 'answer-wrong-count' });
    answerAll(game, [[0, 2]]);
    expect(game.log.some((e) => e.text === 'watching 2')).toBe(true);
  });

  test('a secret answer should be hidden from the other seat until the script reveals it', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    answerAll(game, [0, 0, 2, 'push']);
    expect(game.pending).toMatchObject({ secret: true, player: 'p2' });
    expect(game.view('p1').pending).toBeNull();
    expect(game.view('p2').pending).not.toBeNull();
    const decision = (player: string) => game.view(player).log.filter((e) => e.kind === 'decision' && e.text.includes('push'));
    expect(decision('p1')).toHaveLength(1);
    expect(decision('p2')).toHaveLength(0);
  });

  test('a view should hide the other player\'s hand and every draw pile', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    const view = game.view('p1');
    expect(view.state.zones['hand@p2']).toEqual(['?', '?']);
    expect(view.state.zones['hand@p1']).toEqual(game.state.zones['hand@p1']);
    expect(view.state.decks.orders!.draw.every((c) => c === '?')).toBe(true);
  });

  test('a piece turned face down again should be hidden from spectators, and a side-private log line from the other side', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    const at = { path: ['setup'], span: { start: 0, end: 1 } };
    game.rt.setMember(game.rt.ref('piece', 'soldier_1'), 'hidden', true, at);
    const spectator = game.view(null).state.pieces;
    expect([spectator.soldier_1, spectator[pieceAlias(game, 'soldier_1')]!.type]).toEqual([undefined, '?']);
    game.rt.log('log', 'red only', at, undefined, 'red');
    expect(game.view('p1').log.some((e) => e.text === 'red only')).toBe(true);
    expect(game.view('p2').log.some((e) => e.text === 'red only')).toBe(false);
  });

  test('action phases should spend points on allowed actions with chosen parameters', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 });
    answerAll(game, [0, 0, 0, 'hold', 'hold', []]);
    expect(game.pending!.labels).toEqual(['March', 'Attack', 'Pass']);
    answerAll(game, ['March']);
    expect(game.pending!.prompt).toBe('March: choose unit');
    answerAll(game, [0]);
    expect(game.pending!.labels).toEqual(['ford']);
    answerAll(game, ['ford']);
    expect(game.state.pieces.soldier_1!.at).toBe('ford');
    expect(game.pending!.prompt).toBe('Choose an action (1 point left)');
    expect(game.pending!.labels).toEqual(['March', 'Pass']);
  });

  test('a cross-table roll with a column shift should read the shifted cell and log it', () => {
    const program = loadProgram(DUEL);
    const game = startGame(program, { seed: 7 }, { forcedDice: [1, 1, 1, 1, 4] });
    answerAll(game, [0, 0, 0, 'hold', 'hold', [], 'Attack']);
    const entry = game.log.find((e) => e.kind === 'table' && e.text.startsWith('crt'));
    expect(entry?.text).toBe('crt: row 4-6 (for 4) and column 2-3 (shifted 1 right from 1) give Win (W)');
    expect(entry?.at).toMatchObject({ file: 'test/fixtures/runtime/duel/ruleset.yaml', line: 81 });
    const change = game.log.filter((e) => e.kind === 'change' && e.text.startsWith('score (red)')).at(-1);
    const [from, to] = change!.text.match(/(\d+) → (\d+)/)!.slice(1).map(Number);
    expect(to! - from!).toBe(2);
  });

  test('d66 and custom dice should keep their individual dice', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7 }, { forcedDice: [4, 2, 5, 6] });
    const rolls = game.log.filter((e) => e.kind === 'roll');
    expect(rolls[0]).toMatchObject({ text: 'd66: 42 (4+2)', data: { dice: [4, 2], total: 42 } });
    expect(rolls[1]).toMatchObject({ text: '2d[colour]: 11 (5+6)' });
    expect(game.log.some((e) => e.text === '2 red of 5, 6')).toBe(true);
    expect(game.state.tracks.tension).toBe(1);
  });

  test('a track with overflow: error should stop the game with a positioned diagnostic', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7, options: { strict_test: true } });
    answerAll(game, [0, 0, 0, 'hold', 'hold', [], 'Attack']);
    expect(game.status).toBe('error');
    expect(game.error).toMatchObject({ code: 'track-out-of-bounds', file: 'test/fixtures/runtime/duel/ruleset.yaml', range: { start: { line: 86 } } });
  });

  test('an endless loop should hit the step budget instead of hanging', () => {
    const game = startGame(loadProgram(DUEL), { seed: 7, options: { endless: true } }, { stepBudget: 10_000 });
    expect(game.status).toBe('error');
    expect(game.error?.code).toBe('step-budget-exceeded');
  });

  test('setup problems should be refused, not thrown', () => {
    expect(Game.start(loadProgram(DUEL), { seed: 1, players: 3 })).toEqual({ problems: [expect.objectContaining({ code: 'invalid-players' })] });
    expect(Game.start(loadProgram(DUEL), { seed: 1, options: { short: 'yes' } })).toEqual({ problems: [expect.objectContaining({ code: 'invalid-option' })] });
    expect(Game.start(loadProgram(DUEL), { seed: 1, options: { nope: true } })).toEqual({ problems: [expect.objectContaining({ code: 'unknown-option' })] });
  });

  test('random games should all end with a result, and the same seed should give the same game', () => {
    const program = loadProgram(DUEL);
    const results = new Set<string>();
    for (let seed = 1; seed <= 50; seed++) {
      const a = playWith(program, { seed }, { p1: new RandomAgent(`${seed}a`), p2: new RandomAgent(`${seed}b`) });
      const b = playWith(program, { seed }, { p1: new RandomAgent(`${seed}a`), p2: new RandomAgent(`${seed}b`) });
      if ('problems' in a || 'problems' in b) throw new Error('setup refused');
      expect(a.game.status).toBe('ended');
      expect(a.stopped).toBeUndefined();
      expect(JSON.stringify(a.game.log)).toBe(JSON.stringify(b.game.log));
      results.add(JSON.stringify(a.game.result));
      // The log's last line says the result in words, with the side's name.
      expect(a.game.log.at(-1)).toMatchObject({ kind: 'end', text: expect.stringMatching(/^Game over: (Red wins \(Points\)|Blue wins \(Points\)|No one wins \(Draw\))\.$/) });
    }
    expect(results.size).toBeGreaterThan(1);
  });

  test('the short option should change the number of rounds', () => {
    const program = loadProgram(DUEL);
    const played = playWith(program, { seed: 3, options: { short: true } }, new FirstAgent());
    if ('problems' in played) throw new Error('setup refused');
    expect(played.game.state.round).toBe(2);
    expect(played.game.result).toEqual({ winner: expect.anything(), level: expect.any(String) });
  });
});
