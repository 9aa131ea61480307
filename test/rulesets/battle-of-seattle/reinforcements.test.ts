/**
 * The Battle of Seattle — Phase 1 reinforcements [4.2, 4.21, 4.22], Night [7.1].
 * Spec: ../shared/specs/battle-of-seattle.md §6 BOS-T3, BOS-D9; 4.4, 4.5, 4.13; AMB-10, AMB-12, AMB-20, AMB-23.
 */
import { describe, expect, it } from 'vitest';
import {
  answer, clearBoard, contents, idsAt, logSince, newGame, optionLabels, passive, passUntil, put, run, setTrack, setVar, track, where,
} from './helpers.ts';

describe('BOS-T3 — the reinforcement example [4.21] (its "+3 SPD" is an error, AMB-10)', () => {
  it('Protesters 46, Authority 28: +2 Groups and +3 Crowds drawn at random, +2 SPD (the table, not the example\'s 3); RML 2 and 1', () => {
    // Given: step 1d of turn 1 (event 21 rolled), Protester Exposure 46, Authority Exposure 28.
    const g = newGame({}, 11, [2, 1]);
    setTrack(g, 'exposure_protesters', 46);
    setTrack(g, 'exposure_authority', 28);
    const from = g.log.length;
    passUntil(g, 'reinforcement');
    const tables = logSince(g, from, 'table');
    expect(tables).toContain('Exposure-based Reinforcement Table: row protester_groups and column 41-60 (for 46) give 2');
    expect(tables).toContain('Exposure-based Reinforcement Table: row protester_crowds and column 41-60 (for 46) give 3');
    expect(tables).toContain('Exposure-based Reinforcement Table: row spd and column 21-40 (for 28) give 2');

    // The Protesters place 2 Groups then 3 Crowds, never where Authority units are (the SPD in the
    // Convention Center), at most 2 Crowds per area.
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      expect(optionLabels(g)).not.toContain('Convention Center');
      const unit = /place (.+) in an area/.exec(g.pending!.prompt)![1]!;
      placed.push(unit);
      answer(g, ['Belltown', 'Belltown', 'Seattle Center', 'Seattle Center', 'Kingdome'][i]!);
    }
    const groups = ['Anarchists', 'Radicals', 'Opportunists'];
    expect(placed.slice(0, 2).every((u) => groups.includes(u))).toBe(true);
    expect(placed.slice(2).every((u) => !groups.includes(u))).toBe(true);
    expect(contents(g, 'belltown')).toHaveLength(2);
    expect(contents(g, 'seattle_center')).toHaveLength(2);

    // The Authority takes its 2 SPD into the Reserve Pool.
    expect(g.pending!.prompt).toBe('Reinforcements [4.21]: how many of the 2 SPD units go into the Reserve Pool?');
    answer(g, 2);
    expect(contents(g, 'reserve_pool')).toEqual(['spd', 'spd']);

    // Reaction Movement Limits: Authority 28 -> 1 (only one of the new SPD can react in the
    // Protester player-turn), Protesters 46 -> 2.
    passUntil(g, 'authority_reaction');
    expect(g.pending!.prompt).toBe('Choose an action (1 point left)');
    answer(g, 'React with a unit', 'Seattle Police Department #2', 'Kingdome');
    expect(g.state.phase).not.toBe('authority_reaction');
    expect(where(g, 'spd_2')).toBe('kingdome');
    passUntil(g, 'protester_reaction');
    expect(g.pending!.prompt).toBe('Choose an action (2 points left)');
  });

  it('the third Crowd is not offered an area already holding two Crowds', () => {
    const g = newGame({}, 11, [2, 1]);
    setTrack(g, 'exposure_protesters', 46);
    passUntil(g, 'reinforcement');
    answer(g, 'Belltown', 'Belltown', 'Seattle Center', 'Seattle Center');
    expect(optionLabels(g)).not.toContain('Seattle Center');
    expect(optionLabels(g)).toContain('Belltown');
  });
});

describe('Exposure-based reinforcements [4.21]', () => {
  it('additions may be declined: declined units stay in their pile', () => {
    const g = newGame();
    clearBoard(g);
    run(g, 'protester_reinforcements', ['group', 2], ['Decline', 'Decline']);
    expect(idsAt(g, 'protester_groups_pile')).toHaveLength(30);
    run(g, 'authority_reinforcements', [3], [0]);
    expect(contents(g, 'reserve_pool')).toEqual([]);
  });

  it('removals are compulsory and chosen by the owner: Groups from the map (81+), SPD from the map or the Reserve Pool (AMB-20)', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'radicals', 'belltown', 2);
    put(g, 'spd', 'kingdome');
    put(g, 'spd', 'reserve_pool');
    setTrack(g, 'exposure_protesters', 90);
    setTrack(g, 'exposure_authority', 105);
    // Groups -1 (the Protester player picks which), Crowds +1d6 (3, declined), SPD -2 (both, map and Pool).
    const r = run(g, 'exposure_reinforcements', [], [['Radicals #2'], 'Decline', 'Decline', 'Decline', ['Seattle Police Department #1', 'Seattle Police Department #2']], [3]);
    expect(r.asked[0]!.prompt).toBe('High Exposure [4.21]: remove 1 group unit(s) from the map');
    expect(where(g, 'radicals_2')).toBe('protester_groups_pile');
    expect(where(g, 'radicals_1')).toBe('belltown');
    expect(contents(g, 'reserve_pool')).toEqual([]);
    expect(contents(g, 'kingdome')).toEqual([]);
  });

  it('with fewer units available than the table gives, only those come', () => {
    const g = newGame();
    clearBoard(g);
    for (const id of idsAt(g, 'authority_available', 'spd').slice(1)) g.state.pieces[id]!.at = 'eliminated';
    const r = run(g, 'authority_reinforcements', [3], [1]);
    expect(r.asked[0]!.prompt).toBe('Reinforcements [4.21]: how many of the 1 SPD units go into the Reserve Pool?');
    expect(contents(g, 'reserve_pool')).toEqual(['spd']);
  });

  it('option spd_reinforcement_index = protester_exposure reads the SPD row at the Protesters\' Exposure (AMB-11)', () => {
    const g = newGame({ spd_reinforcement_index: 'protester_exposure' });
    clearBoard(g);
    setTrack(g, 'exposure_protesters', 46);
    setTrack(g, 'exposure_authority', 28);
    const from = g.log.length;
    run(g, 'exposure_reinforcements', [], [], [], passive);
    expect(logSince(g, from, 'table')).toContain('Exposure-based Reinforcement Table: row spd and column 41-60 (for 46) give 1');
  });
});

describe('BOS-D9 — emergency reinforcements [4.22]', () => {
  const called = () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 5);
    setTrack(g, 'escalation', 2);
    const r = run(g, 'call_emergency_reinforcements', [], [1, 1, 0]);
    return { g, r };
  };

  it('turn 5, Escalation Phase 2: 1 SPD and 1 Washington State Patrol cost 8; the SPD is in the Reserve Pool now, the PSW arrives on turn 7', () => {
    const { g, r } = called();
    expect(r.asked.map((q) => q.prompt)).toEqual([
      'Emergency reinforcements [4.22]: how many Seattle Police Department units? (-4 Authority Exposure each)',
      'Emergency reinforcements [4.22]: how many Washington State Patrol units? (-4 Authority Exposure each)',
      'Emergency reinforcements [4.22]: how many National Guard Military Police units? (-4 Authority Exposure each)',
    ]);
    expect(track(g, 'exposure_authority')).toBe(22);
    expect(contents(g, 'reserve_pool')).toEqual(['spd']);
    expect(where(g, 'wsp_1')).toBe('in_transit');
    expect((g.state.vars.arrival_turn as Record<string, number>).wsp_1).toBe(7);
    setTrack(g, 'game_turn', 6);
    run(g, 'turn_track_arrivals');
    expect(where(g, 'wsp_1')).toBe('in_transit');
    setTrack(g, 'game_turn', 7);
    run(g, 'turn_track_arrivals');
    expect(where(g, 'wsp_1')).toBe('reserve_pool');
  });

  it('if event 31-32 is rolled on turn 6 (or 7), the PSW arrives on turn 8 (AMB-23)', () => {
    for (const turn of [6, 7]) {
      const { g } = called();
      setTrack(g, 'game_turn', turn);
      run(g, 'resolve_random_event', [], [], [3, 1]);
      run(g, 'turn_track_arrivals');
      setTrack(g, 'game_turn', 7);
      run(g, 'turn_track_arrivals');
      expect(where(g, 'wsp_1')).toBe('in_transit');
      setTrack(g, 'game_turn', 8);
      run(g, 'turn_track_arrivals');
      expect(where(g, 'wsp_1')).toBe('reserve_pool');
    }
  });

  it('33-34 Quick Reaction: one turn early (called on turn 5, arrives on turn 6); an emergency SPD called during 31-32 comes next turn', () => {
    const { g } = called();
    setTrack(g, 'game_turn', 6);
    run(g, 'resolve_random_event', [], [], [3, 3]);
    run(g, 'turn_track_arrivals');
    expect(where(g, 'wsp_1')).toBe('reserve_pool');
    setVar(g, 'event', 'go_slow');
    run(g, 'call_emergency_reinforcements', [], [1, 0, 0]);
    expect(where(g, 'spd_2')).toBe('in_transit');
    expect((g.state.vars.arrival_turn as Record<string, number>).spd_2).toBe(7);
  });

  it('in Escalation Phase 1 only SPD may be called', () => {
    const g = newGame();
    const r = run(g, 'call_emergency_reinforcements', [], [0]);
    expect(r.asked).toHaveLength(1);
  });

  it('an emergency call beyond the Authority\'s Exposure takes it to 0 and gives the rest to the Protesters [2.3]', () => {
    const g = newGame();
    setTrack(g, 'exposure_authority', 6);
    run(g, 'call_emergency_reinforcements', [], [2]);
    expect(track(g, 'exposure_authority')).toBe(0);
    expect(track(g, 'exposure_protesters')).toBe(2);
  });
});

describe('Night [7.1, 3.4]', () => {
  it('before a Night turn every Crowd leaves the map; the next morning they come back as reinforcements (AMB-12)', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 3);
    put(g, 'progressives', 'belltown', 2);
    put(g, 'radicals', 'belltown');
    run(g, 'nightfall');
    expect(contents(g, 'belltown')).toEqual(['radicals']);
    expect(contents(g, 'night_set_aside')).toEqual(['progressives', 'progressives']);
    setTrack(g, 'game_turn', 5);
    run(g, 'scheduled_returns', [], ['Kingdome', 'Decline']);
    expect(contents(g, 'kingdome')).toEqual(['progressives']);
    expect(where(g, 'progressives_2')).toBe('protester_crowds_pile');
  });

  it('option night_crowds_return = back_to_pile: they only go back to the Crowd pile', () => {
    const g = newGame({ night_crowds_return: 'back_to_pile' });
    clearBoard(g);
    put(g, 'progressives', 'belltown');
    setTrack(g, 'game_turn', 7);
    run(g, 'nightfall');
    setTrack(g, 'game_turn', 9);
    const r = run(g, 'scheduled_returns');
    expect(r.asked).toEqual([]);
    expect(where(g, 'progressives_1')).toBe('protester_crowds_pile');
  });

  it('no nightfall after the last turn (turn 11 of the standard game)', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 11);
    put(g, 'progressives', 'belltown');
    run(g, 'nightfall');
    expect(contents(g, 'belltown')).toEqual(['progressives']);
  });

  it('Crowd reinforcements in a night turn are placed at night (AMB-12b), or held for the morning with the option', () => {
    const crowd = /place (Organized Labour|Progressives|Environmentalists) /;
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 4);
    // Exposure 0: +2d6 Groups (1 + 1), +1 Crowd; every unit declined.
    let r = run(g, 'exposure_reinforcements', [], [], [1, 1], passive);
    expect(r.asked.filter((q) => crowd.test(q.prompt))).toHaveLength(1);
    const h = newGame({ night_crowd_reinforcements: 'hold_until_morning' });
    clearBoard(h);
    setTrack(h, 'game_turn', 4);
    r = run(h, 'exposure_reinforcements', [], [], [1, 1], passive);
    expect(r.asked.filter((q) => crowd.test(q.prompt))).toHaveLength(0);
    expect(idsAt(h, 'night_set_aside')).toHaveLength(1);
  });
});
