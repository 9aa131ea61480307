/**
 * The Battle of Seattle — combat [6.0-6.4], Barricades [7.2], Night [7.1], Escalation effects [7.3].
 * Spec: ../shared/specs/battle-of-seattle.md §6 BOS-T4, BOS-T5, BOS-D1, BOS-D3, BOS-D4, BOS-D5.
 */
import { describe, expect, it } from 'vitest';
import {
  answer, area, clearBoard, contents, expectDiceUsed, forceDice, logSince, newGame, passUntil, piece, put, refreshMovers, run, setTrack, setVar, track, where,
} from './helpers.ts';

const SPD = (n: number) => `Seattle Police Department #${n}`;

describe('BOS-T4 — the combat example [6.4 "Esempio di un combattimento"]', () => {
  it('2 SPD with Special Munitions attack 2 Radical Groups behind a Barricade: X and a failed Morale Check, applied simultaneously', () => {
    // Given: the Authority Combat Phase of a day turn (turn 1, event 21 rolled), Escalation Phase 2;
    // one area holds 2 SPD, 2 Radicals, 1 Organized Labour Crowd and a Barricade.
    const g = newGame({}, 5, [2, 1]);
    passUntil(g, 'authority_movement');
    clearBoard(g);
    setTrack(g, 'escalation', 2);
    setVar(g, 'escalation_3_from', 9999);
    put(g, 'spd', 'westlake_center', 2);
    put(g, 'radicals', 'westlake_center', 2);
    put(g, 'organized_labour', 'westlake_center');
    put(g, 'barricade', 'westlake_center');
    put(g, 'spd', 'belltown');
    put(g, 'anarchists', 'belltown'); // a second possible combat, so the phase asks again afterwards
    answer(g, 'Pass'); // Authority Movement: nothing moves; Protester RML at Exposure 0 is 0
    expect(g.state.phase).toBe('authority_combat');
    const a0 = track(g, 'exposure_authority');
    const p0 = track(g, 'exposure_protesters');
    const from = g.log.length;

    // Do: the Authority attacks the two Groups with both SPD and declares Special Munitions.
    // The Authority's die shows 6, the Protesters' return die 5, the SPD's Morale Check die 5.
    forceDice(g, 6, 5, 5);
    answer(g,
      'Declare an attack', 'Westlake Center', SPD(1), 'Radicals #1',
      [SPD(2)], ['Radicals #2'], // the other attacker and the other target
      [SPD(1), SPD(2)], // Special Munitions
      'Authority +2', 'Authority +2', // [T-VIMOD]: for each Group the Authority takes +2 rather than -2 Protesters
      SPD(1), // the Protesters' VM: they pick which SPD checks its morale
    );
    expectDiceUsed(g);

    const logs = logSince(g, from);
    // Attack: 4 + 4 = 8, x2 Special Munitions = 16, halved by the Barricade = 8: column 7-10, row 6 = X.
    expect(logs).toContain('Attack strength [6.2]: Seattle Police Department 4 x2 special_munitions + Seattle Police Department 4 x2 special_munitions = 16, /2 barricade = 8');
    expect(logs).toContain('Combat Results Table: row 6 and column 7-10 (for 8) give Dispersal (X)');
    // Return roll: 2 + 2 = 4, halved = 2: column 2-3, row 5 = VM.
    expect(logs).toContain('Return roll strength [6.2]: Radicals 2 + Radicals 2 = 4, /2 barricade = 2');
    expect(logs).toContain('Combat Results Table: row 5 and column 2-3 (for 2) give Morale Check (VM)');
    expect(logs).toContain('Seattle Police Department fails its Morale Check (5 against MF 4) and is temporarily removed [6.4]');

    // Expect: the area holds 1 SPD, the Crowd and the Barricade; 2 Radicals eliminated, 1 SPD in the Reserve Pool.
    expect(contents(g, 'westlake_center')).toEqual(['barricade', 'organized_labour', 'spd']);
    expect(where(g, 'radicals_1')).toBe('eliminated');
    expect(where(g, 'radicals_2')).toBe('eliminated');
    expect(where(g, 'spd_1')).toBe('reserve_pool');
    // Authority +4 for the Groups, -2 for Special Munitions: net +2. Protesters +1 for the SPD.
    expect(track(g, 'exposure_authority')).toBe(a0 + 2);
    expect(track(g, 'exposure_protesters')).toBe(p0 + 1);
    // The failed Morale Check opens Escalation Phase 2 [7.3] (already reached here).
    expect(g.state.vars.authority_unit_broke).toBe(true);

    // End of the Combat Phase: the Barricade stays, a Protester unit (the Crowd) is still there [7.2].
    answer(g, 'Pass');
    expect(where(g, 'barricade_1')).toBe('westlake_center');
  });
});

describe('BOS-T5 — Solidarity Forever [6.4]', () => {
  it('with event 35-36 in force an Organized Labour Crowd (MF 3) rolling 4 passes; without it, it fails; a 5 fails either way', () => {
    const g = newGame();
    clearBoard(g);
    const [crowd] = put(g, 'organized_labour', 'belltown');
    setVar(g, 'event', 'solidarity_forever');
    expect(run(g, 'morale_check', [piece(g, crowd!), true, 0], [], [4]).value).toBe(true);
    expect(where(g, crowd!)).toBe('belltown');
    expect(run(g, 'morale_check', [piece(g, crowd!), true, 0], [], [5]).value).toBe(false);
    expect(where(g, crowd!)).toBe('protester_crowds_pile');

    g.state.pieces[crowd!]!.at = 'belltown';
    setVar(g, 'event', 'none');
    expect(run(g, 'morale_check', [piece(g, crowd!), true, 0], [], [4]).value).toBe(false);
    // A temporarily removed Protester unit changes no Exposure [6.4].
    expect(track(g, 'exposure_protesters')).toBe(0);
    expect(track(g, 'exposure_authority')).toBe(30);
  });

  it('option solidarity_forever_reading = forced_check: every Protester unit on the map checks at once with MF + 1', () => {
    const g = newGame({ solidarity_forever_reading: 'forced_check' });
    clearBoard(g);
    put(g, 'organized_labour', 'belltown');
    put(g, 'progressives', 'belltown');
    run(g, 'apply_event', ['solidarity_forever'], [], [4, 4]);
    expect(contents(g, 'belltown')).toEqual(['organized_labour']); // 4 <= 3+1 passes, 4 > 2+1 fails
  });
});

describe('BOS-D1 — Exposure floor [2.3]', () => {
  it('Protester Exposure 3, a Crowd dispersed by the Authority, -1d6 rolls 5: Protesters 0, the 2 points below 0 go to the Authority (net +1)', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'escalation', 2);
    setTrack(g, 'exposure_protesters', 3);
    const [crowd] = put(g, 'progressives', 'belltown');
    run(g, 'apply_result', ['X', g.rt.ref('side', 'authority'), [piece(g, crowd!)]], [], [5]);
    expect(where(g, crowd!)).toBe('eliminated');
    expect(track(g, 'exposure_protesters')).toBe(0);
    expect(track(g, 'exposure_authority')).toBe(31);
  });
});

describe('BOS-D3 — Night plus Barricade', () => {
  it('night turn: 1 SPD (4) and 1 Washington State Patrol (3) attack in a Barricade area without Special Munitions: 7 -> 4 -> 2, column 2-3', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 4);
    setTrack(g, 'escalation', 2);
    setVar(g, 'escalation_3_from', 9999);
    setVar(g, 'step_serial', 1);
    const [spd] = put(g, 'spd', 'belltown');
    put(g, 'wsp', 'belltown');
    const [group] = put(g, 'anarchists', 'belltown');
    put(g, 'barricade', 'belltown');
    const from = g.log.length;
    run(g, 'resolve_combat', [g.rt.ref('side', 'authority'), area(g, 'belltown'), piece(g, spd!), piece(g, group!)],
      [['Washington State Patrol #1'], []], [1, 1]); // other attackers; Special Munitions: none
    const logs = logSince(g, from);
    expect(logs).toContain('Attack strength [6.2]: Seattle Police Department 4 + Washington State Patrol 3 = 7, /2 night = 4, /2 barricade = 2');
    expect(logs).toContain('Combat Results Table: row 1 and column 2-3 (for 2) give No effect (N)');
  });

  it('option cf_halving = per_unit halves each unit instead (4 -> 2 -> 1 and 3 -> 2 -> 1)', () => {
    const g = newGame({ cf_halving: 'per_unit' });
    clearBoard(g);
    setTrack(g, 'game_turn', 4);
    const ids = [...put(g, 'spd', 'belltown'), ...put(g, 'wsp', 'belltown')];
    put(g, 'barricade', 'belltown');
    const r = run(g, 'combat_strength', [ids.map((id) => piece(g, id)), area(g, 'belltown'), [], false, 'Attack']);
    expect(r.value).toBe(2);
  });
});

describe('BOS-D4 — Escalation Phase 3 with Special Munitions', () => {
  it('1 SPD attacks in a day turn in Phase 3 with Special Munitions: 4 x2 x2 = 16, column 16+, -1 Authority Exposure', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'escalation', 3);
    setVar(g, 'step_serial', 1);
    const [spd] = put(g, 'spd', 'belltown');
    const [group] = put(g, 'anarchists', 'belltown');
    const from = g.log.length;
    // Attack die 1 (row 1, column 16+ = VM), return die 1, the Anarchists' Morale Check 1 (passes).
    run(g, 'resolve_combat', [g.rt.ref('side', 'authority'), area(g, 'belltown'), piece(g, spd!), piece(g, group!)],
      [[SPD(1)], 'Anarchists #1'], [1, 1, 1]); // Special Munitions; the unit that checks morale
    const logs = logSince(g, from);
    expect(logs).toContain('Attack strength [6.2]: Seattle Police Department 4 x2 special_munitions x2 escalation_phase_3 = 16');
    expect(logs).toContain('Combat Results Table: row 1 and column 16+ (for 16) give Morale Check (VM)');
    // Phase 3 doubles the defenders too: Anarchists 2 x2 = 4.
    expect(logs).toContain('Return roll strength [6.2]: Anarchists 2 x2 escalation_phase_3 = 4');
    expect(track(g, 'exposure_authority')).toBe(29);
  });

  it('Special Munitions are not offered in Escalation Phase 1 nor during event 65-66', () => {
    const g = newGame();
    clearBoard(g);
    setVar(g, 'step_serial', 1);
    const [spd] = put(g, 'spd', 'belltown');
    const [group] = put(g, 'anarchists', 'belltown');
    const args = () => [g.rt.ref('side', 'authority'), area(g, 'belltown'), piece(g, spd!), piece(g, group!)];
    let r = run(g, 'resolve_combat', args(), [], [1, 1]);
    expect(r.asked.map((q) => q.prompt).join('\n')).not.toContain('Special Munitions');
    setTrack(g, 'escalation', 2);
    setVar(g, 'escalation_3_from', 9999);
    setVar(g, 'event', 'lost_munitions_key');
    setVar(g, 'step_serial', 2);
    r = run(g, 'resolve_combat', args(), [], [1, 1]);
    expect(r.asked.map((q) => q.prompt).join('\n')).not.toContain('Special Munitions');
  });
});

describe('BOS-D5 — X in Escalation Phase 1 counts as A [6.3, 7.3]', () => {
  const setup = () => {
    const g = newGame();
    clearBoard(g);
    const ids = [...put(g, 'radicals', 'belltown', 2), ...put(g, 'progressives', 'belltown')];
    return { g, targets: ids.map((id) => piece(g, id)) };
  };

  it('the Authority picks a Group: it is permanently removed, the other two check morale, then +2 Authority or -2 Protesters (Authority\'s choice)', () => {
    const { g, targets } = setup();
    setTrack(g, 'exposure_protesters', 10);
    const from = g.log.length;
    // Morale Checks: the other Radical rolls 1 (passes), the Progressives roll 6 (fail, back to the pile).
    const r = run(g, 'apply_result', ['X', g.rt.ref('side', 'authority'), targets], ['Radicals #1', 'Protesters -2'], [1, 6]);
    expect(logSince(g, from)).toContain('Escalation Phase 1: the X result counts as A [6.3, 7.3]');
    expect(r.asked[0]!.labels).toEqual(['Radicals #1', 'Radicals #2', 'Progressives #1']);
    expect(where(g, 'radicals_1')).toBe('eliminated');
    expect(where(g, 'radicals_2')).toBe('belltown');
    expect(where(g, 'progressives_1')).toBe('protester_crowds_pile');
    expect(track(g, 'exposure_protesters')).toBe(8);
    expect(track(g, 'exposure_authority')).toBe(30);
  });

  it('the Authority picks the Crowd: -1 Authority and -1d6 Protesters', () => {
    const { g, targets } = setup();
    setTrack(g, 'exposure_protesters', 10);
    run(g, 'apply_result', ['X', g.rt.ref('side', 'authority'), targets], ['Progressives #1'], [2, 3, 4]);
    expect(where(g, 'progressives_1')).toBe('eliminated');
    expect(contents(g, 'belltown')).toEqual(['radicals', 'radicals']); // 2 <= 4 and 3 <= 4
    expect(track(g, 'exposure_authority')).toBe(29);
    expect(track(g, 'exposure_protesters')).toBe(6);
  });

  it('in Escalation Phase 2 the same X removes all three units (only those in the combat, AMB-8)', () => {
    const { g, targets } = setup();
    setTrack(g, 'escalation', 2);
    setTrack(g, 'exposure_protesters', 10);
    put(g, 'anarchists', 'belltown');
    run(g, 'apply_result', ['X', g.rt.ref('side', 'authority'), targets], ['Authority +2', 'Authority +2'], [1]);
    expect(contents(g, 'belltown')).toEqual(['anarchists']);
    expect(contents(g, 'eliminated')).toEqual(['progressives', 'radicals', 'radicals']);
    expect(track(g, 'exposure_authority')).toBe(30 + 2 + 2 - 1);
    expect(track(g, 'exposure_protesters')).toBe(9);
  });
});

describe('Protester results against the Authority [6.3]', () => {
  it('A rolled by the Protesters: one Authority unit of their choice to the Reserve Pool, +1 Protesters', () => {
    const g = newGame();
    clearBoard(g);
    const ids = put(g, 'spd', 'belltown', 2);
    run(g, 'apply_result', ['A', g.rt.ref('side', 'protesters'), ids.map((id) => piece(g, id))], [SPD(2)]);
    expect(where(g, 'spd_2')).toBe('reserve_pool');
    expect(where(g, 'spd_1')).toBe('belltown');
    expect(track(g, 'exposure_protesters')).toBe(1);
  });

  it('X rolled by the Protesters in Phase 2: every Authority unit in the combat to the Reserve Pool, +1 each', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'escalation', 2);
    const ids = [...put(g, 'spd', 'belltown'), ...put(g, 'ngmp', 'belltown')];
    run(g, 'apply_result', ['X', g.rt.ref('side', 'protesters'), ids.map((id) => piece(g, id))]);
    expect(contents(g, 'reserve_pool')).toEqual(['ngmp', 'spd']);
    expect(track(g, 'exposure_protesters')).toBe(2);
    // A removal by an X is not a Morale Check: Escalation Phase 2 is not opened by it (AMB-18).
    expect(g.state.vars.authority_unit_broke).toBe(false);
  });

  it('each unit fights at most once per Combat Phase and event 43-44 keeps Crowds out of Protester attacks', () => {
    const g = newGame();
    clearBoard(g);
    setVar(g, 'step_serial', 7);
    put(g, 'spd', 'belltown', 2);
    put(g, 'radicals', 'belltown');
    put(g, 'progressives', 'belltown');
    const P = g.rt.ref('side', 'protesters');
    const ids = (v: unknown) => (v as Array<{ id: string }>).map((u) => u.id);
    expect(ids(run(g, 'attack_candidates', [P, area(g, 'belltown')]).value)).toEqual(['radicals_1', 'progressives_1']);
    setVar(g, 'event', 'non_violent_protest');
    expect(ids(run(g, 'attack_candidates', [P, area(g, 'belltown')]).value)).toEqual(['radicals_1']);
    g.state.vars.acted_at = { ...(g.state.vars.acted_at as object), spd_1: 7 };
    expect(ids(run(g, 'target_candidates', [P, area(g, 'belltown')]).value)).toEqual(['spd_2']);
  });

  it('event 41-42: Protester units of different factions may not attack together', () => {
    const g = newGame();
    clearBoard(g);
    setVar(g, 'step_serial', 3);
    setVar(g, 'event', 'factional_friction');
    const [spd] = put(g, 'spd', 'belltown');
    const [lead] = put(g, 'radicals', 'belltown');
    put(g, 'radicals', 'belltown');
    put(g, 'anarchists', 'belltown');
    const r = run(g, 'resolve_combat', [g.rt.ref('side', 'protesters'), area(g, 'belltown'), piece(g, lead!), piece(g, spd!)], [[]], [1, 1]);
    expect(r.asked[0]!.labels).toEqual(['Radicals #2']);
  });

  it('event 22 doubles Radicals; event 45-46 doubles Authority attackers when only Groups are attacked in an area holding Crowds', () => {
    const g = newGame();
    clearBoard(g);
    setVar(g, 'step_serial', 3);
    setVar(g, 'event', 'angry_feminists_united');
    const rad = put(g, 'radicals', 'belltown');
    expect(run(g, 'combat_strength', [rad.map((id) => piece(g, id)), area(g, 'belltown'), [], false, 'Attack']).value).toBe(4);
    setVar(g, 'event', 'pointing_fingers');
    const [spd] = put(g, 'spd', 'belltown');
    put(g, 'progressives', 'belltown');
    const from = g.log.length;
    run(g, 'resolve_combat', [g.rt.ref('side', 'authority'), area(g, 'belltown'), piece(g, spd!), piece(g, rad[0]!)], [[]], [1, 1]);
    expect(logSince(g, from)).toContain('Attack strength [6.2]: Seattle Police Department 4 x2 pointing_fingers = 8');
    // A combat that includes the Crowd gets no bonus.
    setVar(g, 'step_serial', 4);
    const from2 = g.log.length;
    run(g, 'resolve_combat', [g.rt.ref('side', 'authority'), area(g, 'belltown'), piece(g, spd!), piece(g, rad[0]!)], [['Progressives #1']], [1, 1]);
    expect(logSince(g, from2)).toContain('Attack strength [6.2]: Seattle Police Department 4 = 4');
  });
});

describe('Barricades [7.2]', () => {
  it('a Group builds on a 1, a Crowd on a 1 or 2; at the end of a Combat Phase a Barricade without Protesters is removed', () => {
    const g = newGame({}, 4, [2, 1]);
    setTrack(g, 'escalation', 2);
    setVar(g, 'escalation_3_from', 9999);
    passUntil(g, 'protester_movement');
    clearBoard(g);
    put(g, 'radicals', 'belltown');
    put(g, 'organized_labour', 'waterfront');
    put(g, 'progressives', 'kingdome');
    refreshMovers(g, 'protesters');
    forceDice(g, 2, 2, 3);
    answer(g, 'Try to build a Barricade', 'Radicals #1'); // 2: a Group fails
    expect(contents(g, 'belltown')).toEqual(['radicals']);
    answer(g, 'Try to build a Barricade', 'Organized Labour #1'); // 2: a Crowd builds
    expect(contents(g, 'waterfront')).toEqual(['barricade', 'organized_labour']);
    answer(g, 'Try to build a Barricade', 'Progressives #1'); // 3: fails
    expect(contents(g, 'kingdome')).toEqual(['progressives']);
    // The three units tried instead of moving: nothing is left to do, the Movement Phase is over.
    expect(g.state.phase).not.toBe('protester_movement');
  });

  it('no Barricade attempt in Escalation Phase 1', () => {
    const g = newGame({}, 4, [2, 1]);
    passUntil(g, 'protester_movement');
    clearBoard(g);
    put(g, 'radicals', 'belltown');
    answer(g, 'Pass');
    expect(g.log.some((e) => e.text.includes('Try to build a Barricade'))).toBe(false);
  });

  it('the end-of-phase check removes only Barricades without Protester units', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'barricade', 'belltown');
    put(g, 'barricade', 'kingdome');
    put(g, 'anarchists', 'kingdome');
    put(g, 'spd', 'belltown');
    run(g, 'remove_lone_barricades');
    expect(contents(g, 'belltown')).toEqual(['spd']);
    expect(contents(g, 'kingdome')).toEqual(['anarchists', 'barricade']);
  });
});
