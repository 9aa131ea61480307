// Set-up [2.1], [2.2a], [3.3] and the sequence of play [2.2b], [3.1], [3.2], [4] (spec §2, §3,
// §4.6, §4.7): spec test cases DR-D1, DR-D11, DR-D14, DR-D16.
import { describe, expect, test } from 'vitest';
import { answerAll, startGame } from '../../helpers/ruleset.ts';
import {
  actions, answer, area, areaName, asked, at, hand, hidden, logSince, newGame, passPhase, playCards, program, put,
  seenType, setTrack, track, VARIANT,
} from './helpers.ts';

const RAPALLINI = ['bartolomeo_maggiocco', 'podesta', 'militiaman_2', 'priest', 'giulia_giudice', 'youths_1', 'youths_2', 'youths_3', 'men_1', 'men_2', 'men_3', 'arquebusier', 'women_1', 'women_2', 'women_3'];
const PIRATES_AT_SEA = ['dragut', 'pirate_4_1', 'pirate_4_2', 'pirate_2_1', 'renegade'];

describe('2 Set-up', () => {
  test('[2.1] (spec §2.1, AMB-25): the Rapallini deploy, one unit at a time, in the Town areas only', () => {
    const game = startGame(program(), { seed: 'deploy' });
    expect(asked(game).prompt).toMatch(/^Deploy .+ \((\w+)\) in$/);
    expect(RAPALLINI).toContain(/\((\w+)\) in$/.exec(asked(game).prompt)![1]);
    expect(asked(game).player).toBe('p2');
    expect(asked(game).labels).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6'].map((c) => areaName(game, c)));
    const wide = startGame(program(), { seed: 'deploy', options: { setup_areas: 'town_and_countryside' } });
    expect(asked(wide).labels).toHaveLength(10);
  });

  test('[2.1]: every unit is deployed once, in a shuffled order, so the order of the moves tells the Pirate nothing', () => {
    const order = (seed: string): string[] => {
      const game = startGame(program(), { seed });
      const ids: string[] = [];
      while (asked(game).prompt.startsWith('Deploy')) {
        ids.push(/\((\w+)\) in$/.exec(asked(game).prompt)![1]!);
        expect(game.answer(0)).toEqual({ ok: true });
      }
      return ids;
    };
    const a = order('deploy-a');
    expect([...a].sort()).toEqual([...RAPALLINI].sort());
    expect(order('deploy-b')).not.toEqual(a);
  });

  test('[2.1], [2.2a], [3.3] (spec §2): pirates at sea, one Militiaman held back, 15 units in Town areas, the Alarm on the first value-2 box, 3 cards each', () => {
    const game = newGame({ seed: 'setup' });
    // The Rapallini: every unit but the held-back Militiaman deployed (here all in T4), hidden.
    for (const id of RAPALLINI) expect([id, at(game, id), hidden(game, id)]).toEqual([id, area(game, 'T4'), true]);
    expect(at(game, 'militiaman_1')).toBe('held_back');
    // The Pirate: Dragut, two value-4 Pirates, one value-2 Pirate and the Renegade at sea, hidden.
    for (const id of PIRATES_AT_SEA) expect([id, at(game, id), hidden(game, id)]).toEqual([id, 'at_sea', true]);
    expect([at(game, 'pirate_4_3'), at(game, 'pirate_2_2')]).toEqual(['spare_counters', 'spare_counters']);
    // The Alarm marker on box 3, the first box of value 2 (G-2, AMB-3).
    expect(track(game, 'alarm_level')).toBe(3);
    expect([hand(game, 'pirates').length, hand(game, 'rapallini').length]).toEqual([3, 3]);
  });

  test('[2.2a] "ATTENZIONE" (spec §2.4, §4.1): each side sees its own units; the other side sees hidden counters', () => {
    const game = newGame({ seed: 'views' });
    expect([seenType(game, 'p1', 'dragut'), seenType(game, 'p1', 'giulia_giudice')]).toEqual(['dragut', '?']);
    expect([seenType(game, 'p2', 'dragut'), seenType(game, 'p2', 'giulia_giudice')]).toEqual(['?', 'giulia_giudice']);
    // A hand is seen by its owner only.
    expect(game.view('p1').state.zones['hand@rapallini']).toEqual(['?', '?', '?']);
    expect(game.view('p2').state.zones['hand@rapallini']).toEqual(hand(game, 'rapallini'));
  });

  test('variant G-2: the alternative Alarm Table starts on box 2, also worth 2 AP', () => {
    const game = newGame({ seed: 'variant', path: VARIANT });
    expect(track(game, 'alarm_level')).toBe(2);
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
  });
});

describe('2.2b Sequence of the turn; 4 Actions', () => {
  test('spec §3 first turn: no pirate on the map, the Pirate has 3 AP and may only land; the Rapallino then has 2 AP', () => {
    const game = newGame({ seed: 'first-turn' });
    playCards(game);
    expect(track(game, 'action_points', 'pirates')).toBe(3);
    expect(actions(game)).toEqual(['Land', 'Pass']);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
    expect(actions(game)).toEqual(['Move', 'Raise the Alarm Level', 'Pass']);
  });

  test('DR-D1 [2.2a], [4], [5.2]: landing costs 1 AP and counts toward the unit\'s 2-AP cap', () => {
    // Given: turn 1, Pirate phase, P has 3 AP, Dragut at sea (the Rapallini are out of the way in K3).
    const game = newGame({ seed: 'dr-d1', emptyBoard: true });
    put(game, 'women_1', 'K3');
    playCards(game);
    // Do: land Dragut in T2, then move him by Road to T4.
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'));
    answer(game, 'Move', 'Dragut', areaName(game, 'T4'));
    // Expect: 1 + 1 = 2 AP spent, Dragut at his cap, 1 AP left for another unit.
    expect(at(game, 'dragut')).toBe(area(game, 'T4'));
    expect(track(game, 'ap_spent', 'dragut')).toBe(2);
    expect(track(game, 'action_points', 'pirates')).toBe(1);
    expect(actions(game)).toEqual(['Land', 'Pass']);
    answer(game, 'Land', 'Renegade', areaName(game, 'T3'));
    expect(track(game, 'action_points', 'pirates')).toBe(0);
    // Out of AP: the Rapallino phase begins.
    expect(game.state.phase).toBe('rapallino_actions');
  });

  test('DR-D16 [4]: unused AP are lost; next turn the Pirate again has 3 AP', () => {
    const game = newGame({ seed: 'dr-d16', emptyBoard: true });
    put(game, 'women_1', 'K3');
    playCards(game);
    // Given: P spends 2 of his 3 AP; the menu counts what is left (the phase's `pool`).
    answer(game, 'Land', 'Dragut', areaName(game, 'T1'));
    expect(asked(game).prompt).toBe('Choose an action (2 Action Points left)');
    answer(game, 'Land', 'Renegade', areaName(game, 'T3'));
    expect(asked(game).prompt).toBe('Choose an action (1 Action Point left)');
    const from = game.log.length;
    passPhase(game);
    // Expect: the remaining 1 AP is lost…
    expect(logSince(game, from)).toContain('Pirates: 1 unused AP lost');
    expect(track(game, 'action_points', 'pirates')).toBe(0);
    passPhase(game);
    // …and next turn P again has 3 AP, before any cards.
    playCards(game);
    expect(track(game, 'action_points', 'pirates')).toBe(3);
    expect(asked(game).prompt).toBe('Choose an action (3 Action Points left)');
  });

  test('DR-D11 [4.1], [3.1]: Raise Alarm costs 2 AP and moves the marker up 1 box; R\'s AP change only next turn (AMB-7)', () => {
    // Given: Rapallino phase with the Alarm on the first value-2 box: R has 2 AP.
    const game = newGame({ seed: 'dr-d11' });
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
    // Do: spend 2 AP on Raise Alarm.
    answer(game, 'Raise the Alarm Level');
    // Expect: the marker moves up 1 box; R's AP this phase do not grow (the phase is over).
    expect(track(game, 'alarm_level')).toBe(4);
    expect(asked(game).prompt).toMatch(/^Choose an Event Card/);
    // Next turn R's AP is the value of the new box: 2.
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
  });

  test('DR-D11 on the alternative Alarm Table (G-2): box 2 to box 3, still worth 2', () => {
    const game = newGame({ seed: 'dr-d11-variant', path: VARIANT });
    playCards(game);
    passPhase(game);
    answer(game, 'Raise the Alarm Level');
    expect(track(game, 'alarm_level')).toBe(3);
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
  });

  test('AMB-7 reading 1 (option rapallino_ap_fixed_at_phase_start = false): a raised Alarm changes R\'s AP at once', () => {
    const game = newGame({ seed: 'amb-7', options: { rapallino_ap_fixed_at_phase_start: false } });
    setTrack(game, 'alarm_level', 4);
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(2);
    answer(game, 'Raise the Alarm Level');
    // Box 5 is worth 3: R gains 1 AP in this very phase.
    expect([track(game, 'alarm_level'), track(game, 'action_points', 'rapallini')]).toEqual([5, 1]);
    expect(actions(game)).toContain('Move');
  });

  test('DR-D14 [4]: with 4 AP a unit still may not spend more than 2; the rest goes to other units', () => {
    // Given: R has 4 AP (Alarm on box 7).
    const game = newGame({ seed: 'dr-d14', emptyBoard: true });
    put(game, 'youths_1', 'T4');
    put(game, 'men_1', 'T1');
    setTrack(game, 'alarm_level', 7);
    playCards(game);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(4);
    // Do: move one unit twice by Road…
    answer(game, 'Move', 'Youths', areaName(game, 'T5'));
    answer(game, 'Move', 'Youths', areaName(game, 'T6'));
    expect(track(game, 'ap_spent', 'youths_1')).toBe(2);
    // Expect: a third move is illegal: the unit is no longer offered; 2 AP remain for others.
    answer(game, 'Move');
    expect(asked(game).labels).toEqual(['Men #1']);
    answer(game, 'Men', areaName(game, 'T2'));
    expect(track(game, 'action_points', 'rapallini')).toBe(1);
  });

  test('[2.2b] a player may stop at any time; the turn then goes on', () => {
    const game = newGame({ seed: 'stop' });
    playCards(game);
    passPhase(game);
    passPhase(game);
    expect(game.state.round).toBe(2);
    answerAll(game, ['No card', 'No card']);
    expect(asked(game).prompt).toBe('Choose an action (3 Action Points left)');
  });
});
