// Event Cards [3], [3.1], [3.3], the Seraglio [4.2] and victory [7], [1.13], [2.2b] (spec §4.7,
// §4.8, §4.9.2, §4.13, §5.4, G-3, G-7, G-8, G-10): spec test case DR-D10.
import { describe, expect, test } from 'vitest';
import {
  actions, answer, area, areaName, asked, at, capture, hand, handNames, logSince, newGame, passPhase, playCards, put,
  setTrack, setVariable, track, variable,
} from './helpers.ts';

describe('4.2 Send to the Seraglio; 7 Victory', () => {
  test('DR-D10 [4.2], [7]: sending the 7th captive costs the escorting Pirate 2 AP of its cap, P draws 1 card, and the Pirate wins at once', () => {
    // Given: the Women captured in T4, a value-2 Pirate in T2 (adjacent), 3 AP; Seraglio 6, Giulia not escaped.
    const game = newGame({ seed: 'dr-d10', emptyBoard: true });
    put(game, 'women_1', 'T4');
    capture(game, 'women_1');
    put(game, 'men_1', 'K3');
    put(game, 'pirate_2_1', 'T2');
    setTrack(game, 'seraglio_count', 6);
    playCards(game);
    // Do: send the Women to the Seraglio.
    answer(game, 'Send a captured unit to the Seraglio', 'Women');
    expect(asked(game).labels).toEqual(['Pirate (value 2) #1']);
    answer(game, 'Pirate (value 2)');
    // Expect: 2 AP spent, charged to that Pirate; the Women can no longer be freed; P draws 1 card.
    expect(track(game, 'action_points', 'pirates')).toBe(1);
    expect(track(game, 'ap_spent', 'pirate_2_1')).toBe(2);
    expect(at(game, 'women_1')).toBe('seraglio');
    expect(hand(game, 'pirates')).toHaveLength(4);
    // The count becomes 7 and the Pirate wins immediately.
    expect(track(game, 'seraglio_count')).toBe(7);
    expect(game.status).toBe('ended');
    expect(game.result).toEqual({ winner: 'pirates', level: 'Seraglio threshold reached', seraglio: 7, threshold: 7 });
  });

  test('DR-D10 / AMB-5: the enabling Pirate must still have 2 AP of its cap; adjacency is a movement line (AMB-23)', () => {
    const game = newGame({ seed: 'dr-d10-cap', emptyBoard: true });
    put(game, 'women_1', 'T4');
    capture(game, 'women_1');
    put(game, 'men_1', 'K3');
    put(game, 'pirate_2_1', 'T2');
    put(game, 'pirate_4_1', 'T3');
    playCards(game);
    // pirate_4_1 in T3 is not adjacent to T4; pirate_2_1 spends 1 AP and no longer has 2 left.
    answer(game, 'Move', 'Pirate (value 2)', areaName(game, 'T1'));
    expect(actions(game)).not.toContain('Send a captured unit to the Seraglio');
    expect(track(game, 'seraglio_count')).toBe(0);
  });

  test('AMB-5 reading 2 (option seraglio_cost_charged_to = pool): the 2 AP come from the pool only', () => {
    const game = newGame({ seed: 'amb-5', emptyBoard: true, options: { seraglio_cost_charged_to: 'pool' } });
    put(game, 'women_1', 'T4');
    capture(game, 'women_1');
    put(game, 'men_1', 'K3');
    put(game, 'pirate_2_1', 'T2');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 2)', areaName(game, 'T1'));
    answer(game, 'Send a captured unit to the Seraglio', 'Women');
    expect([track(game, 'action_points', 'pirates'), track(game, 'ap_spent', 'pirate_2_1'), at(game, 'women_1')]).toEqual([0, 1, 'seraglio']);
  });

  test('[7], [1.13]: with Giulia escaped 7 in the Seraglio is not enough; the 8th wins', () => {
    const game = newGame({ seed: 'eight', emptyBoard: true, pirateHand: ['following_wind'] });
    put(game, 'women_1', 'T4');
    capture(game, 'women_1');
    put(game, 'men_1', 'T2');
    capture(game, 'men_1');
    put(game, 'youths_1', 'K3');
    put(game, 'pirate_2_1', 'T2');
    put(game, 'pirate_4_1', 'T1');
    setTrack(game, 'seraglio_count', 6);
    setVariable(game, 'giulia_escaped', true);
    put(game, 'giulia_giudice', 'escaped');
    playCards(game, 'Following wind');
    answer(game, 'Send a captured unit to the Seraglio', 'Women', 'Pirate (value 2)');
    expect([track(game, 'seraglio_count'), game.status]).toEqual([7, 'waiting']);
    // The value-2 Pirate has spent its cap; the one in T1 enables the next (Following wind gives the 4th AP).
    answer(game, 'Send a captured unit to the Seraglio', 'Men', 'Pirate (value 4) #1');
    expect(game.result).toEqual({ winner: 'pirates', level: 'Seraglio threshold reached', seraglio: 8, threshold: 8 });
  });

  test('G-7 option turn_limit: when the last turn ends without the threshold, the Rapallino wins', () => {
    const game = newGame({ seed: 'limit', options: { turn_limit: 1 } });
    playCards(game);
    passPhase(game);
    passPhase(game);
    expect(game.status).toBe('ended');
    expect(game.result).toEqual({ winner: 'rapallini', level: 'Turn limit reached: the Pirate did not fill the Seraglio', seraglio: 0, threshold: 7 });
  });

  test('[2.2b] AMB-12: the game ends when no Rapallino unit is left on the map (the last one escapes)', () => {
    const game = newGame({ seed: 'empty', emptyBoard: true });
    put(game, 'men_1', 'K4');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Men', areaName(game, 'H2'));
    expect(game.result).toEqual({ winner: 'rapallini', level: 'No Rapallino unit left on the map', seraglio: 0, threshold: 7 });
  });

  test('[2.2b] AMB-12: pirates still at sea keep the game going; the last pirate defeated ends it', () => {
    const game = newGame({ seed: 'no-pirates', emptyBoard: true });
    for (const id of ['dragut', 'pirate_4_1', 'pirate_4_2', 'renegade']) put(game, id, 'eliminated');
    put(game, 'militiaman_2', 'T2');
    playCards(game);
    answer(game, 'Land', 'Pirate (value 2)', areaName(game, 'T2'));
    expect(game.result).toEqual({ winner: 'rapallini', level: 'No pirate unit left in play', seraglio: 0, threshold: 7 });
  });
});

describe('3.3 Event Cards', () => {
  test('[3.3]: both cards are revealed together; a single-use card leaves the game, a reusable one goes back into its deck', () => {
    const game = newGame({ seed: 'cards', pirateHand: ['following_wind'], rapalliniHand: ['geese_of_rapallo'] });
    expect(asked(game).labels).toContain('Following wind');
    expect(asked(game).labels.at(-1)).toBe('No card');
    // Do: P plays Following wind (reusable), R plays Geese of Rapallo (single-use).
    playCards(game, 'Following wind', 'Geese of Rapallo');
    // Both revealed: the played zones are public; their effects apply at once for the turn.
    expect(game.view('p2').state.zones['played@pirates']).toHaveLength(1);
    expect(game.view('p2').state.cards[game.state.zones['played@pirates']![0]!]!.def).toBe('following_wind');
    expect(track(game, 'action_points', 'pirates')).toBe(4);
    expect(track(game, 'alarm_level')).toBe(4);
    passPhase(game);
    passPhase(game);
    // End of turn: Following wind is back in the Pirate deck, Geese out of the game.
    const following = Object.keys(game.state.cards).filter((c) => game.state.cards[c]!.def === 'following_wind');
    expect(following.some((c) => game.state.decks.pirate_events!.draw.includes(c))).toBe(true);
    const geese = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'geese_of_rapallo')!;
    expect(game.state.zones.cards_out_of_game).toContain(geese);
    expect([handNames(game, 'pirates').length, handNames(game, 'rapallini').length]).toEqual([2, 2]);
    // The next turn starts with no card effect left: 3 AP again.
    playCards(game);
    expect(track(game, 'action_points', 'pirates')).toBe(3);
  });

  test('G-3: the AP cards (Narrow alleys, Plunder, Shepherds\' paths) and the Alarm cards (Good night!, Bells)', () => {
    const game = newGame({ seed: 'ap-cards', pirateHand: ['plunder', 'good_night'], rapalliniHand: ['narrow_alleys', 'shepherds_paths', 'bells'] });
    playCards(game, 'Plunder', 'Narrow alleys');
    expect(track(game, 'action_points', 'pirates')).toBe(2);
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(1);
    passPhase(game);
    playCards(game, 'Good night!', 'Bells');
    // Good night! −1 then Bells +1: back on box 3 (2 AP).
    expect(track(game, 'alarm_level')).toBe(3);
  });

  test('G-3: Mum, the Turks! — each Rapallino unit may spend at most 1 AP this turn', () => {
    const game = newGame({ seed: 'mum', emptyBoard: true, pirateHand: ['mum_the_turks'], rapalliniHand: ['shepherds_paths'] });
    put(game, 'men_1', 'T4');
    playCards(game, 'Mum, the Turks!', 'Shepherds\' paths');
    passPhase(game);
    expect(track(game, 'action_points', 'rapallini')).toBe(3);
    answer(game, 'Move', 'Men', areaName(game, 'T5'));
    // The Men have spent their 1 AP: no unit can move although 2 AP remain.
    expect(actions(game)).toEqual(['Raise the Alarm Level', 'Pass']);
  });

  test('G-3: Assault — the chosen pirate unit may spend up to 3 AP', () => {
    const game = newGame({ seed: 'assault', emptyBoard: true, pirateHand: ['assault'] });
    put(game, 'men_1', 'K3');
    answer(game, 'Assault', 'No card', 'Dragut');
    expect(variable(game, 'cap_bonus_unit', 'pirates')).toEqual({ $ref: 'piece', id: 'dragut' });
    answer(game, 'Land', 'Dragut', areaName(game, 'T1'));
    answer(game, 'Move', 'Dragut', areaName(game, 'T2'));
    answer(game, 'Move', 'Dragut', areaName(game, 'T3'));
    expect([at(game, 'dragut'), track(game, 'ap_spent', 'dragut')]).toEqual([area(game, 'T3'), 3]);
  });

  test('G-3: Renegade guide — every pirate pays 1 AP on a Path; Chains — sending to the Seraglio costs 1 AP', () => {
    const game = newGame({ seed: 'guide', emptyBoard: true, pirateHand: ['renegade_guide', 'chains'] });
    put(game, 'men_1', 'K3');
    put(game, 'pirate_4_1', 'T1');
    playCards(game, 'Renegade guide');
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'K1'));
    expect(track(game, 'ap_spent', 'pirate_4_1')).toBe(1);
    passPhase(game);
    passPhase(game);
    put(game, 'women_1', 'T2');
    capture(game, 'women_1');
    put(game, 'pirate_2_1', 'T2');
    playCards(game, 'Chains');
    answer(game, 'Send a captured unit to the Seraglio', 'Women', 'Pirate (value 2)');
    expect([track(game, 'action_points', 'pirates'), track(game, 'ap_spent', 'pirate_2_1')]).toEqual([2, 1]);
  });

  test('G-8: The militia comes places the held-back Militiaman in a Town area without pirates', () => {
    const game = newGame({ seed: 'militia', emptyBoard: true, rapalliniHand: ['the_militia_comes'] });
    put(game, 'men_1', 'K3');
    put(game, 'renegade', 'T1');
    answer(game, 'No card', 'The militia comes');
    expect(asked(game).labels).toEqual(['T2', 'T3', 'T4', 'T5', 'T6'].map((c) => areaName(game, c)));
    answer(game, areaName(game, 'T6'));
    expect([at(game, 'militiaman_1'), game.state.pieces.militiaman_1!.hidden]).toEqual([area(game, 'T6'), true]);
  });

  test('G-8 option held_back_militiaman_entry = alarm_3: the Militiaman also enters when the Alarm first reaches a value-3 box', () => {
    const game = newGame({ seed: 'militia-alarm', options: { held_back_militiaman_entry: 'alarm_3' } });
    setTrack(game, 'alarm_level', 4);
    playCards(game);
    passPhase(game);
    answer(game, 'Raise the Alarm Level');
    expect(asked(game).prompt).toBe('Place the held-back Militiaman in');
    answer(game, areaName(game, 'T3'));
    expect(at(game, 'militiaman_1')).toBe(area(game, 'T3'));
  });

  test('AMB-17 option card_effects_last = owner_phase: a card acts only in its owner\'s phase', () => {
    const game = newGame({ seed: 'owner-phase', options: { card_effects_last: 'owner_phase' }, pirateHand: ['following_wind'], rapalliniHand: ['narrow_alleys'] });
    playCards(game, 'Following wind', 'Narrow alleys');
    // Narrow alleys acts in R's phase, too late to cut the Pirate's AP.
    expect(track(game, 'action_points', 'pirates')).toBe(4);
  });

  test('AMB-16 option mum_the_turks_deck = rapallini: the card is in the Rapallino deck and slows the pirates', () => {
    const game = newGame({ seed: 'mum-r', emptyBoard: true, options: { mum_the_turks_deck: 'rapallini' }, rapalliniHand: ['mum_the_turks'] });
    put(game, 'men_1', 'K3');
    put(game, 'pirate_4_1', 'T1');
    expect(game.state.decks.pirate_events!.draw.some((c) => game.state.cards[c]!.def === 'mum_the_turks')).toBe(false);
    playCards(game, 'No card', 'Mum, the Turks!');
    answer(game, 'Move', 'Pirate (value 4) #1');
    // Its cap is 1: the Path to K1 (2 AP) is no longer offered.
    expect(asked(game).labels).toEqual([areaName(game, 'T2'), areaName(game, 'T4')]);
  });

  test('G-10: a draw from an empty deck gives nothing', () => {
    const game = newGame({ seed: 'empty-deck', emptyBoard: true });
    put(game, 'men_1', 'K4');
    put(game, 'women_1', 'K4');
    game.state.decks.rapallino_events!.draw.splice(0);
    playCards(game);
    passPhase(game);
    const from = game.log.length;
    answer(game, 'Move', 'Men', areaName(game, 'H2'));
    expect(hand(game, 'rapallini')).toHaveLength(3);
    expect(logSince(game, from)).toContain('The deck of the Rapallini is empty: no card drawn');
  });

  test('G-10 option hand_limit: no draw beyond the limit', () => {
    const game = newGame({ seed: 'hand-limit', emptyBoard: true, options: { hand_limit: 4 } });
    put(game, 'men_1', 'K4');
    put(game, 'women_1', 'K4');
    playCards(game);
    passPhase(game);
    const from = game.log.length;
    answer(game, 'Move', 'Men', areaName(game, 'H2'));
    answer(game, 'Move', 'Women', areaName(game, 'H2'));
    expect(hand(game, 'rapallini')).toHaveLength(4);
    expect(logSince(game, from)).toContain('Rapallini hold 4 cards, the hand limit: no card drawn');
  });
});
