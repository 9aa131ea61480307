// Combat [6], [6.1], Bartolomeo [1.12], Giulia [1.13], the Arquebusier [1.14] (spec §4.1, §4.3-§4.5,
// §4.12, §5.6): spec test cases DR-D4, DR-D5, DR-D6, DR-D7, DR-D8, DR-D9, DR-D13, DR-D15.
import { describe, expect, test } from 'vitest';
import {
  answer, area, areaName, asked, at, capture, captured, hand, hidden, logSince, newGame, passPhase, piece, playCards, put,
  query, seenType, setVariable, track, type, variable,
} from './helpers.ts';

describe('6 Combat', () => {
  // The spec's cases check what a combat or a freeing shows; G-9 then turns the winner face down
  // again (default), which the G-9 tests below check. Here the units stay as the combat left them.
  const SHOWN_AFTER_COMBAT = { rehide_after_combat: false };

  /** DR-D4's Given: Pirate phase; a hidden Militiaman (3) alone in T4; a value-4 Pirate in T2. */
  function pirateMeetsMilitiaman(seed: string, options: Record<string, unknown> = {}) {
    const game = newGame({ seed, emptyBoard: true, options });
    put(game, 'militiaman_2', 'T4');
    put(game, 'women_1', 'K3');
    put(game, 'pirate_4_1', 'T2');
    playCards(game);
    return game;
  }

  test('DR-D4 [6]: a value-4 Pirate entering a hidden Militiaman\'s area reveals both, wins 4 > 3 and captures it', () => {
    const game = pirateMeetsMilitiaman('dr-d4', SHOWN_AFTER_COMBAT);
    expect(seenType(game, 'p1', 'militiaman_2')).toBe('?');
    expect(seenType(game, 'p2', 'pirate_4_1')).toBe('?');
    // Do: the Pirate enters T4.
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'T4'));
    // Expect: both revealed; the Militiaman captured, staying in T4, visible.
    expect([hidden(game, 'pirate_4_1'), hidden(game, 'militiaman_2')]).toEqual([false, false]);
    expect(seenType(game, 'p1', 'militiaman_2')).toBe('militiaman');
    expect(seenType(game, 'p2', 'pirate_4_1')).toBe('pirate_4');
    expect([captured(game, 'militiaman_2'), at(game, 'militiaman_2')]).toEqual([true, area(game, 'T4')]);
    // …and unable to move: in R's phase only the Women are offered.
    passPhase(game);
    answer(game, 'Move');
    expect(asked(game).labels).toEqual(['Women #1']);
  });

  test('DR-D5 [1.12]: in the Pirate phase, with Giulia on the map, Bartolomeo counts 5 and beats a value-4 Pirate; R draws 1 card', () => {
    // Given: Pirate phase, Giulia on the map (K3), Bartolomeo in T5.
    const game = newGame({ seed: 'dr-d5', emptyBoard: true });
    put(game, 'bartolomeo_maggiocco', 'T5');
    put(game, 'giulia_giudice', 'K3');
    put(game, 'pirate_4_1', 'T2');
    playCards(game);
    const from = game.log.length;
    // Do: a value-4 Pirate enters T5.
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'T5'));
    // Expect: 5 > 4, the Pirate is eliminated, R draws 1 card.
    expect(logSince(game, from)).toContain(`Combat in ${areaName(game, 'T5')}: Pirate (value 4) (Value 4) against Bartolomeo Maggiocco (Value 5)`);
    expect(at(game, 'pirate_4_1')).toBe('eliminated');
    expect(captured(game, 'bartolomeo_maggiocco')).toBe(false);
    expect(hand(game, 'rapallini')).toHaveLength(4);
    expect(hand(game, 'pirates')).toHaveLength(3);
  });

  test('DR-D6 [1.12], [6.1]: Bartolomeo attacks as 3, beats a value-2 Pirate, frees the Women (Alarm +2), who go to the nearest empty area', () => {
    // Given: Rapallino phase. T3 holds a value-2 Pirate and the captured Women; T2, T5 and K4 hold
    // Rapallino units; T6 is empty. Bartolomeo is in T5 with the Men.
    const game = newGame({ seed: 'dr-d6', emptyBoard: true, options: SHOWN_AFTER_COMBAT });
    put(game, 'pirate_2_1', 'T3');
    put(game, 'women_1', 'T3');
    capture(game, 'women_1');
    put(game, 'youths_1', 'T2');
    put(game, 'bartolomeo_maggiocco', 'T5');
    put(game, 'men_1', 'T5');
    put(game, 'priest', 'K4');
    playCards(game);
    passPhase(game);
    const from = game.log.length;
    // Do: Bartolomeo enters T3.
    answer(game, 'Move', 'Bartolomeo Maggiocco', areaName(game, 'T3'));
    // Expect: 3 > 2: the Pirate is eliminated and R draws 1 card.
    expect(logSince(game, from)).toContain(`Combat in ${areaName(game, 'T3')}: Pirate (value 2) (Value 2) against Bartolomeo Maggiocco (Value 3)`);
    expect(at(game, 'pirate_2_1')).toBe('eliminated');
    expect(hand(game, 'rapallini')).toHaveLength(4);
    // The Women are freed: Alarm +2 (box 3 to box 5), and they move free of cost to T6.
    expect(track(game, 'alarm_level')).toBe(5);
    expect([captured(game, 'women_1'), at(game, 'women_1')]).toEqual([false, area(game, 'T6')]);
    expect(track(game, 'ap_spent', 'women_1')).toBe(0);
    // Bartolomeo is revealed.
    expect(hidden(game, 'bartolomeo_maggiocco')).toBe(false);
  });

  test('DR-D6 / AMB-9: when several empty areas are equally near, R chooses', () => {
    const game = newGame({ seed: 'dr-d6-tie', emptyBoard: true });
    put(game, 'pirate_2_1', 'T3');
    put(game, 'women_1', 'T3');
    capture(game, 'women_1');
    put(game, 'bartolomeo_maggiocco', 'T5');
    put(game, 'men_1', 'T5');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Bartolomeo Maggiocco', areaName(game, 'T3'));
    expect(asked(game).prompt).toBe('Where does the freed Women go?');
    expect(asked(game).labels).toEqual(['T2', 'T6', 'K4'].map((c) => areaName(game, c)));
    answer(game, areaName(game, 'K4'));
    expect(at(game, 'women_1')).toBe(area(game, 'K4'));
  });

  test('DR-D7 [1.13], [7]: once Giulia reached the Hills the Pirate needs 8, Bartolomeo is 3 even in the Pirate phase, and R drew 1 card', () => {
    const game = newGame({ seed: 'dr-d7', emptyBoard: true });
    put(game, 'giulia_giudice', 'K2');
    put(game, 'bartolomeo_maggiocco', 'T5');
    put(game, 'pirate_4_1', 'T4');
    playCards(game);
    passPhase(game);
    // Given: Giulia reaches the Hills (H1).
    answer(game, 'Move', 'Giulia Giudice', areaName(game, 'H1'));
    expect([at(game, 'giulia_giudice'), variable(game, 'giulia_escaped')]).toEqual(['escaped', true]);
    expect(hand(game, 'rapallini')).toHaveLength(4);
    // Expect: the Pirate needs 8 units in the Seraglio.
    expect(query(game, 'threshold')).toBe(8);
    passPhase(game);
    playCards(game);
    // In the Pirate phase a value-4 Pirate entering Bartolomeo's area wins, 4 > 3.
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'T5'));
    expect([captured(game, 'bartolomeo_maggiocco'), at(game, 'pirate_4_1')]).toEqual([true, area(game, 'T5')]);
  });

  test('DR-D8 [1.14], [6]: Dragut entering the Arquebusier\'s area becomes a value-4 Pirate; the Arquebusier leaves, P draws nothing; R takes the Alarm', () => {
    // Given: the Arquebusier in T2; Dragut lands there.
    const game = newGame({ seed: 'dr-d8', emptyBoard: true });
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    playCards(game);
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'));
    // Expect: Dragut is replaced by a value-4 Pirate counter in that area (the spare, placed
    // hidden, G-9, with the AP Dragut spent); the Dragut counter leaves (AMB-22).
    expect([at(game, 'pirate_4_3'), hidden(game, 'pirate_4_3'), track(game, 'ap_spent', 'pirate_4_3')]).toEqual([area(game, 'T2'), true, 1]);
    expect(at(game, 'dragut')).toBe('removed');
    expect(seenType(game, 'p2', 'pirate_4_3')).toBe('?');
    // The Arquebusier leaves the game: not captured; P draws nothing.
    expect([at(game, 'arquebusier'), captured(game, 'arquebusier')]).toEqual(['removed', false]);
    expect(hand(game, 'pirates')).toHaveLength(3);
    // R chooses Alarm +1 or 1 card.
    expect(asked(game).player).toBe('p2');
    expect(asked(game).labels).toEqual(['Raise the Alarm by 1 box', 'Draw 1 card']);
    answer(game, 'Raise the Alarm by 1 box');
    expect([track(game, 'alarm_level'), hand(game, 'rapallini').length]).toEqual([4, 3]);
  });

  test('DR-D8: R may take the card instead of the Alarm', () => {
    const game = newGame({ seed: 'dr-d8-card', emptyBoard: true });
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    playCards(game);
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'), 'Draw 1 card');
    expect([track(game, 'alarm_level'), hand(game, 'rapallini').length]).toEqual([3, 4]);
  });

  test('G-11: with no spare counter left the reduced pirate\'s Value is state: the counter itself becomes a value-4 Pirate', () => {
    const game = newGame({ seed: 'g-11', emptyBoard: true });
    put(game, 'pirate_4_3', null);
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    playCards(game);
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'), 'Draw 1 card');
    expect([type(game, 'dragut'), at(game, 'dragut'), hidden(game, 'dragut')]).toEqual(['pirate_4', area(game, 'T2'), false]);
  });

  test('G-11 option replacement_counters_limited: with no spare counter left the reduced pirate is eliminated', () => {
    const game = newGame({ seed: 'g-11-limited', emptyBoard: true, options: { replacement_counters_limited: true } });
    put(game, 'pirate_4_3', null);
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    playCards(game);
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'), 'Draw 1 card');
    expect(at(game, 'dragut')).toBe('eliminated');
    expect(hand(game, 'rapallini')).toHaveLength(5);
  });

  test('G-9 option rehide_after_combat = false: the replacement counter is shown like the unit it replaces', () => {
    const game = newGame({ seed: 'g-9', emptyBoard: true, options: { rehide_after_combat: false } });
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    playCards(game);
    answer(game, 'Land', 'Dragut', areaName(game, 'T2'), 'Draw 1 card');
    expect([at(game, 'pirate_4_3'), hidden(game, 'pirate_4_3')]).toEqual([area(game, 'T2'), false]);
  });

  test('DR-D9 [1.14], [6], AMB-14: a value-2 Pirate fighting the Arquebusier falls to 0 and is eliminated; R draws for it and may take 1 more card', () => {
    // Given: a value-2 Pirate in T1 enters the Arquebusier's area T2.
    const game = newGame({ seed: 'dr-d9', emptyBoard: true });
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    put(game, 'pirate_2_1', 'T1');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 2)', areaName(game, 'T2'));
    // Expect: the Value becomes 0: the Pirate is eliminated and R draws 1 card; the Arquebusier is removed.
    expect([at(game, 'pirate_2_1'), at(game, 'arquebusier')]).toEqual(['eliminated', 'removed']);
    expect(hand(game, 'rapallini')).toHaveLength(4);
    // R then chooses Alarm +1 or 1 more card.
    answer(game, 'Draw 1 card');
    expect(hand(game, 'rapallini')).toHaveLength(5);
    expect(track(game, 'alarm_level')).toBe(3);
  });

  test('DR-D9 / AMB-14 reading 1 (option arquebusier_both_draws = false): R draws only once', () => {
    const game = newGame({ seed: 'dr-d9-once', emptyBoard: true, options: { arquebusier_both_draws: false } });
    put(game, 'arquebusier', 'T2');
    put(game, 'women_1', 'K3');
    put(game, 'pirate_2_1', 'T1');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 2)', areaName(game, 'T2'), 'Draw 1 card');
    expect(hand(game, 'rapallini')).toHaveLength(4);
  });

  test('AMB-15 [6.1]: the Arquebusier eliminating the last pirate frees the captives there (Alarm +1), then leaves', () => {
    const game = newGame({ seed: 'amb-15', emptyBoard: true });
    put(game, 'pirate_2_1', 'T1');
    put(game, 'priest', 'T1');
    capture(game, 'priest');
    put(game, 'arquebusier', 'T2');
    put(game, 'men_1', 'T4');
    put(game, 'women_1', 'K1');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Arquebusier', areaName(game, 'T1'), 'Draw 1 card');
    expect([at(game, 'pirate_2_1'), at(game, 'arquebusier'), captured(game, 'priest')]).toEqual(['eliminated', 'removed', false]);
    // Freed: Alarm +1; the Priest goes to T2, the nearest empty area (the Arquebusier left it).
    expect([track(game, 'alarm_level'), at(game, 'priest')]).toEqual([4, area(game, 'T2')]);
  });

  test('DR-D13 [6.1]: entering a captive\'s area with no pirate frees it without combat; Alarm +1; the freer is shown', () => {
    // Given: a captured Priest alone in T1; the Youths in T2; T2 keeps the Men, T4 the Women.
    const game = newGame({ seed: 'dr-d13', emptyBoard: true, options: SHOWN_AFTER_COMBAT });
    put(game, 'priest', 'T1');
    capture(game, 'priest');
    put(game, 'youths_1', 'T2');
    put(game, 'men_1', 'T2');
    put(game, 'women_1', 'T4');
    playCards(game);
    passPhase(game);
    const from = game.log.length;
    // Do: the Youths enter T1.
    answer(game, 'Move', 'Youths', areaName(game, 'T1'));
    // Expect: no combat; the Priest is freed and moves to the nearest empty area (K1); Alarm +1; the Youths revealed.
    expect(logSince(game, from).filter((l) => l.startsWith('Combat'))).toEqual([]);
    expect([captured(game, 'priest'), at(game, 'priest')]).toEqual([false, area(game, 'K1')]);
    expect(track(game, 'alarm_level')).toBe(4);
    expect(hidden(game, 'youths_1')).toBe(false);
  });

  test('DR-D15 [6], AMB-27: a Rapallino attack can fail: the Women (1) entering a hidden Renegade\'s (2) area are captured; P draws nothing', () => {
    // Given: Rapallino phase; a hidden Renegade in T5; the Women next door in T4.
    const game = newGame({ seed: 'dr-d15', emptyBoard: true, options: SHOWN_AFTER_COMBAT });
    put(game, 'renegade', 'T5');
    put(game, 'women_1', 'T4');
    playCards(game);
    passPhase(game);
    expect(seenType(game, 'p2', 'renegade')).toBe('?');
    // Do: the Women enter T5.
    answer(game, 'Move', 'Women', areaName(game, 'T5'));
    // Expect: 1 < 2: the Women are captured in T5; P draws nothing.
    expect([captured(game, 'women_1'), at(game, 'women_1'), at(game, 'renegade')]).toEqual([true, area(game, 'T5'), area(game, 'T5')]);
    expect(hand(game, 'pirates')).toHaveLength(3);
    expect(seenType(game, 'p2', 'renegade')).toBe('renegade');
  });

  test('G-9 (default): a combat shows both units, then the winner is face down again and the captive stays visible', () => {
    const game = pirateMeetsMilitiaman('g-9');
    const from = game.log.length;
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'T4'));
    // Shown during the combat: the combat line names both units and their Values.
    expect(logSince(game, from)).toContain(`Combat in ${areaName(game, 'T4')}: Pirate (value 4) (Value 4) against Militiaman (Value 3)`);
    expect([hidden(game, 'pirate_4_1'), hidden(game, 'militiaman_2')]).toEqual([true, false]);
    expect(seenType(game, 'p2', 'pirate_4_1')).toBe('?');
    expect(seenType(game, 'p1', 'militiaman_2')).toBe('militiaman');
  });

  test('G-9 (default): a Rapallino winner and a freeing unit are face down again', () => {
    const won = newGame({ seed: 'g-9-r', emptyBoard: true });
    put(won, 'renegade', 'T5');
    put(won, 'women_1', 'T4');
    playCards(won);
    passPhase(won);
    answer(won, 'Move', 'Women', areaName(won, 'T5'));
    expect([hidden(won, 'renegade'), hidden(won, 'women_1'), captured(won, 'women_1')]).toEqual([true, false, true]);
    const freed = newGame({ seed: 'g-9-f', emptyBoard: true });
    put(freed, 'priest', 'T1');
    capture(freed, 'priest');
    put(freed, 'youths_1', 'T2');
    put(freed, 'men_1', 'T2');
    put(freed, 'women_1', 'T4');
    playCards(freed);
    passPhase(freed);
    answer(freed, 'Move', 'Youths', areaName(freed, 'T1'));
    expect(captured(freed, 'priest')).toBe(false);
    expect(hidden(freed, 'youths_1')).toBe(true);
  });

  test('AMB-27 reading 1 (option pirate_draws_on_capture): P also draws when he captures in combat', () => {
    const game = newGame({ seed: 'amb-27', emptyBoard: true, options: { pirate_draws_on_capture: true } });
    put(game, 'renegade', 'T5');
    put(game, 'women_1', 'T4');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Women', areaName(game, 'T5'));
    expect(hand(game, 'pirates')).toHaveLength(4);
  });

  test('G-6: a pirate entering an area with several units fights them one at a time, in the defender\'s order, while it wins', () => {
    const game = newGame({ seed: 'g-6', emptyBoard: true });
    put(game, 'men_1', 'T2');
    put(game, 'militiaman_2', 'T2');
    put(game, 'women_1', 'T2');
    put(game, 'pirate_4_1', 'T1');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'T2'));
    expect(asked(game).player).toBe('p2');
    expect(asked(game).prompt).toBe('Which unit fights next?');
    answer(game, 'Women', 'Militiaman');
    // 4 beats 1 and 3: only the Men are left free… and fight last.
    expect([captured(game, 'women_1'), captured(game, 'militiaman_2'), captured(game, 'men_1')]).toEqual([true, true, true]);
  });

  test('AMB-20: a pirate entering an area holding only captives does not fight', () => {
    const game = newGame({ seed: 'amb-20', emptyBoard: true });
    put(game, 'men_1', 'T2');
    capture(game, 'men_1');
    put(game, 'women_1', 'K3');
    put(game, 'pirate_2_1', 'T1');
    playCards(game);
    const from = game.log.length;
    answer(game, 'Move', 'Pirate (value 2)', areaName(game, 'T2'));
    expect(logSince(game, from).filter((l) => l.startsWith('Combat'))).toEqual([]);
  });
});

describe('1.12 Bartolomeo Maggiocco\'s Value (tables.bartolomeo_value)', () => {
  const value = (game: ReturnType<typeof newGame>, phase: string): unknown => {
    setVariable(game, 'action_phase', phase);
    return query(game, 'rapallino_value', piece(game, 'bartolomeo_maggiocco'));
  };

  test('5 in the Pirate phase and 3 in the Rapallino phase while Giulia is on the map; always 3 once she is gone', () => {
    const game = newGame({ seed: 'bartolomeo' });
    expect([value(game, 'pirate_phase'), value(game, 'rapallino_phase')]).toEqual([5, 3]);
    // AMB-4: captured but not yet sent, she is still on the map.
    capture(game, 'giulia_giudice');
    expect(value(game, 'pirate_phase')).toBe(5);
    put(game, 'giulia_giudice', 'seraglio');
    expect(value(game, 'pirate_phase')).toBe(3);
  });

  test('AMB-4 reading 2 (option bartolomeo_5_while_giulia_captive = false): a captured Giulia already counts as gone', () => {
    const game = newGame({ seed: 'bartolomeo-2', options: { bartolomeo_5_while_giulia_captive: false } });
    capture(game, 'giulia_giudice');
    expect(value(game, 'pirate_phase')).toBe(3);
  });

  test('[6] the Value decides: Bartolomeo attacking a value-4 Pirate in his own phase counts 3 and is captured', () => {
    const game = newGame({ seed: 'bartolomeo-attacks', emptyBoard: true });
    put(game, 'bartolomeo_maggiocco', 'T4');
    put(game, 'giulia_giudice', 'K3');
    put(game, 'pirate_4_1', 'T5');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Bartolomeo Maggiocco', areaName(game, 'T5'));
    expect(captured(game, 'bartolomeo_maggiocco')).toBe(true);
  });
});
