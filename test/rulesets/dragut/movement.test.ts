// Map and movement [5], [5.1], [5.2], [1.11], landing [2.2a] (spec §4.2, §4.10, §4.11, §5.3):
// spec test cases DR-D2, DR-D3, DR-D12.
import { describe, expect, test } from 'vitest';
import {
  actions, answer, area, areaName, asked, at, hand, newGame, passPhase, piece, playCards, put, query, setTrack, track,
  variable,
} from './helpers.ts';

describe('5.2 Movement lines', () => {
  test('DR-D2 [5.2]: a value-4 Pirate pays 2 AP on a Path, its whole cap', () => {
    // Given: a value-4 Pirate in T1 (Town), joined to K1 (Countryside) by a Path.
    const game = newGame({ seed: 'dr-d2', emptyBoard: true });
    put(game, 'women_1', 'K3');
    put(game, 'pirate_4_1', 'T1');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 4) #1');
    // Roads to T2 and T4 cost 1, the Path to K1 costs 2: all within the cap.
    expect(asked(game).labels).toEqual([areaName(game, 'T2'), areaName(game, 'T4'), areaName(game, 'K1')]);
    answer(game, areaName(game, 'K1'));
    // Expect: 2 AP, the Pirate's whole cap.
    expect([at(game, 'pirate_4_1'), track(game, 'ap_spent', 'pirate_4_1'), track(game, 'action_points', 'pirates')]).toEqual([area(game, 'K1'), 2, 1]);
    expect(actions(game)).toEqual(['Land', 'Pass']);
  });

  test('DR-D2 [1.11]: the Renegade pays 1 AP on Paths and may go on from K1 to K2, 2 AP in total', () => {
    const game = newGame({ seed: 'dr-d2-renegade', emptyBoard: true });
    put(game, 'women_1', 'K3');
    put(game, 'renegade', 'T1');
    playCards(game);
    answer(game, 'Move', 'Renegade', areaName(game, 'K1'));
    expect([track(game, 'ap_spent', 'renegade'), track(game, 'action_points', 'pirates')]).toEqual([1, 2]);
    answer(game, 'Move', 'Renegade', areaName(game, 'K2'));
    expect([at(game, 'renegade'), track(game, 'ap_spent', 'renegade'), track(game, 'action_points', 'pirates')]).toEqual([area(game, 'K2'), 2, 1]);
  });

  test('DR-D3 [5.1]: moving into the Hills is illegal for every pirate unit', () => {
    // Given: a pirate unit in K2, next to H1 (Montallegro).
    const game = newGame({ seed: 'dr-d3', emptyBoard: true });
    setTrack(game, 'action_points', 3, 'pirates');
    for (const id of ['renegade', 'dragut', 'pirate_4_1', 'pirate_2_1']) {
      put(game, id, 'K2');
      // Expect: H1 is never among its destinations, nor has a cost for it.
      expect(query(game, 'move_cost', piece(game, id), game.rt.ref('area', area(game, 'K2')), game.rt.ref('area', area(game, 'H1')))).toBeNull();
      const destinations = (query(game, 'destinations', piece(game, id)) as Array<{ id: string }>).map((a) => a.id);
      expect(destinations).not.toContain(area(game, 'H1'));
      put(game, id, 'at_sea');
    }
    // The Renegade in K2 is offered only the Path areas (its 2-AP cap allows every one of them).
    put(game, 'renegade', 'K2');
    put(game, 'women_1', 'K4');
    playCards(game);
    answer(game, 'Move', 'Renegade');
    expect(asked(game).labels).toEqual([areaName(game, 'T4'), areaName(game, 'K1'), areaName(game, 'K3')]);
  });

  test('DR-D12 [5.2], [3.3]: a Rapallino unit reaching the Hills (1 AP, AMB-26) leaves the map for good and R draws 1 card', () => {
    // Given: the Men in K4, next to H2.
    const game = newGame({ seed: 'dr-d12', emptyBoard: true });
    put(game, 'men_1', 'K4');
    put(game, 'women_1', 'T6');
    playCards(game);
    passPhase(game);
    // Do: move them to H2 for 1 AP.
    answer(game, 'Move', 'Men', areaName(game, 'H2'));
    // Expect: the Men leave the map for good and R draws 1 card.
    expect(at(game, 'men_1')).toBe('escaped');
    expect(track(game, 'action_points', 'rapallini')).toBe(1);
    expect(hand(game, 'rapallini')).toHaveLength(4);
    // They cannot come back: only the Women are left to move.
    answer(game, 'Move');
    expect(asked(game).labels).toEqual(['Women #1']);
  });

  test('[6] captured units cannot move', () => {
    const game = newGame({ seed: 'captive-move', emptyBoard: true });
    put(game, 'men_1', 'T4');
    put(game, 'women_1', 'T6');
    game.state.vars.captured = { ...(game.state.vars.captured as object), men_1: true };
    playCards(game);
    passPhase(game);
    answer(game, 'Move');
    expect(asked(game).labels).toEqual(['Women #1']);
  });
});

describe('2.2a, 5.2 Landing', () => {
  test('spec §4.11 (AMB-11): pirates land in any area next to the sea, at 1 AP, and fight on landing', () => {
    const game = newGame({ seed: 'landing', emptyBoard: true });
    put(game, 'podesta', 'T2');
    playCards(game);
    answer(game, 'Land', 'Renegade');
    expect(asked(game).labels).toEqual(['T1', 'T2', 'T3', 'K1', 'K4'].map((c) => areaName(game, c)));
    answer(game, areaName(game, 'T2'));
    // The Podestà (1) is captured by the Renegade (2).
    expect(variable(game, 'captured', 'podesta')).toBe(true);
    expect(track(game, 'ap_spent', 'renegade')).toBe(1);
  });

  test('AMB-11 option historical_landing_sites_only: only le Nagge, the Lungomare and the Porta delle Saline', () => {
    const game = newGame({ seed: 'historical', emptyBoard: true, options: { historical_landing_sites_only: true } });
    put(game, 'podesta', 'K3');
    playCards(game);
    answer(game, 'Land', 'Renegade');
    expect(asked(game).labels).toEqual(['T1', 'T2', 'T3'].map((c) => areaName(game, c)));
  });

  test('G-12 option multiple_landings_per_area = false: no landing where a pirate already is', () => {
    const game = newGame({ seed: 'one-landing', emptyBoard: true, options: { multiple_landings_per_area: false } });
    put(game, 'podesta', 'K3');
    playCards(game);
    answer(game, 'Land', 'Renegade', areaName(game, 'T1'));
    answer(game, 'Land', 'Dragut');
    expect(asked(game).labels).toEqual(['T2', 'T3', 'K1', 'K4'].map((c) => areaName(game, c)));
  });

  test('AMB-1/AMB-2 option pirate_movement_cost = flat_1: every pirate move costs the printed 1', () => {
    const game = newGame({ seed: 'flat', emptyBoard: true, options: { pirate_movement_cost: 'flat_1' } });
    put(game, 'podesta', 'K3');
    put(game, 'pirate_4_1', 'T1');
    playCards(game);
    answer(game, 'Move', 'Pirate (value 4) #1', areaName(game, 'K1'));
    expect(track(game, 'ap_spent', 'pirate_4_1')).toBe(1);
  });

  test('AMB-21 option rapallini_may_attack = false: a Rapallino unit may not enter an area holding pirates', () => {
    const game = newGame({ seed: 'no-attack', emptyBoard: true, options: { rapallini_may_attack: false } });
    put(game, 'men_1', 'T4');
    put(game, 'renegade', 'T5');
    playCards(game);
    passPhase(game);
    answer(game, 'Move', 'Men');
    expect(asked(game).labels).not.toContain(areaName(game, 'T5'));
  });
});
