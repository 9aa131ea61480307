import { describe, expect, test } from 'vitest';
import { PLAYTEST_OPPONENT, defaultSetup, gameSetup, optionGroups, optionsInOrder, optionTitle, requirementText, sameGame, seatNames } from '../../editor/components/game-setup/setup-value.ts';
import type { BoardModel } from '../../editor/play/protocol.ts';
import { describeResult, parseReplay, replayRulesetPath } from '../../editor/play/replay-data.ts';

const board = {
  players: { min: 2, max: 4, default: 2 },
  sides: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }],
  options: [
    { id: 'long', name: 'Long', type: 'boolean', default: false },
    { id: 'mode', name: 'Mode', type: 'choice', values: ['a', 'b'], default: 'a' },
  ],
} as unknown as BoardModel;

describe('game setup', () => {
  test('defaults should come from the ruleset, keeping the seed, seats and fitting options of before', () => {
    const first = defaultSetup(board);
    expect(first).toEqual({ players: 2, options: { long: false, mode: 'a' }, seed: '1', seats: ['human', 'bot'], delay: 300 });
    const kept = defaultSetup(board, { ...first, seed: 'x', players: 3, seats: ['bot', 'bot', 'human'], options: { long: true, mode: 'zzz' } });
    expect(kept).toMatchObject({ seed: 'x', players: 3, seats: ['bot', 'bot', 'human'], options: { long: true, mode: 'a' } });
    expect(gameSetup(board, kept)).toEqual({ seed: 'x', players: 3, options: { long: true } });
    expect(seatNames(board, 3).map((s) => s.label)).toEqual(['Player 1 — Red', 'Player 2 — Blue', 'Player 3 — Red']);
  });

  test('a setup should be carried between a game and its variants, not to another game', () => {
    expect(sameGame('rulesets/dragut/ruleset.yaml', 'rulesets/dragut/variants/historical-landings.yaml')).toBe(true);
    expect(sameGame('rulesets/dragut/variants/a.yaml', 'rulesets/dragut/variants/b.yaml')).toBe(true);
    expect(sameGame('rulesets/dragut/ruleset.yaml', 'rulesets/guild-market/ruleset.yaml')).toBe(false);
    expect(sameGame('', 'rulesets/dragut/ruleset.yaml')).toBe(false);
  });

  test('an option that requires another should be listed right after it, and say what it needs by name', () => {
    const o = (id: string, requires?: Record<string, unknown>) => ({ id, ...(requires ? { requires } : {}) });
    const list = [o('lewis'), o('fuel'), o('zone'), o('reload', { lewis: true }), o('ammo', { reload: 'auto' }), o('observer'), o('spot', { observer: true }), o('orphan', { gone: true }), o('a', { b: true }), o('b', { a: true })];
    expect(optionsInOrder(list).map((x) => x.id)).toEqual(['lewis', 'reload', 'ammo', 'fuel', 'zone', 'observer', 'spot', 'orphan', 'a', 'b']);
    expect(optionGroups(list).map((g) => g.map((x) => x.id).join(' '))).toEqual(['lewis reload ammo', 'fuel', 'zone', 'observer spot', 'orphan', 'a b']);
    const named = { ...board, options: [...board.options, { id: 'level', name: 'Level', type: 'number', default: 1 }] } as unknown as BoardModel;
    expect(requirementText(named, { requires: { long: true, mode: 'b' } })).toBe('Long and Mode: b');
    expect(requirementText(named, { requires: { long: false, level: 2 } })).toBe('Long off and Level: 2');
    expect(optionTitle({ description: 'Twelve rounds. ', note: 'Recommended: off.', assumption: 'Not printed.', source: '[6.3]' }, 'Only with Long')).toBe('Only with Long\nTwelve rounds.\nRecommended: off.\nAssumed: Not printed.\nRulebook: [6.3]');
    expect(optionTitle({}, '')).toBe('');
  });

  test('a playtest should start a person against bots that play to win, keeping seats chosen before', () => {
    expect(PLAYTEST_OPPONENT).toBe('normal');
    expect(defaultSetup({ ...board, players: { min: 2, max: 4, default: 3 } } as BoardModel, undefined, PLAYTEST_OPPONENT).seats).toEqual(['human', 'normal', 'normal']);
    const chosen = defaultSetup(board, { ...defaultSetup(board), seats: ['bot', 'hard'] }, PLAYTEST_OPPONENT);
    expect(chosen.seats).toEqual(['bot', 'hard']);
  });

  test('replay files should be read as `rulesmith replay` writes them, and anything else refused with a reason', () => {
    expect(replayRulesetPath('rulesets/dragut/ruleset.yaml')).toBe('rulesets/dragut');
    expect(replayRulesetPath('rulesets/dragut/variants/night.yaml')).toBe('rulesets/dragut/variants/night.yaml');
    const good = { format: 'rulesmith-replay', version: 1, ruleset: 'rulesets/dragut', hash: 'h', setup: { seed: 3 }, decisions: [0, [1, 2], 5], result: { winner: 'red' } };
    expect(parseReplay(JSON.stringify(good))).toEqual(good);
    expect(parseReplay('{')).toHaveProperty('error');
    expect(parseReplay('{"format":"other"}')).toHaveProperty('error');
    expect(parseReplay(JSON.stringify({ ...good, setup: {} }))).toEqual({ error: 'the replay setup has no seed' });
    expect(describeResult({ winner: 'red', level: 'Points' }, { red: 'Red' })).toBe('Red wins (Points).');
    expect(describeResult({ winner: null }, {})).toBe('No one wins.');
    expect(describeResult({ winner: ['p1', 'p3'], level: 'Shared victory' }, { p1: 'Ann', p3: 'Bo' })).toBe('Ann and Bo share the win (Shared victory).');
  });
});
