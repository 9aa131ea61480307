/**
 * The Battle of Seattle — End Turn Phase [3.4, T-VIMOD], Escalation [7.3], Victory [8.0], the turn track.
 * Spec: ../shared/specs/battle-of-seattle.md §6 BOS-D2, BOS-D6, BOS-D10; 4.15, 4.16, 4.17; AMB-17, AMB-19.
 */
import { describe, expect, it } from 'vitest';
import { FirstAgent } from '../../../interpreter/agents/index.ts';
import { clearBoard, newGame, passive, piece, put, run, setTrack, setVar, track } from './helpers.ts';
import { program } from './helpers.ts';
import { playWith } from '../../../interpreter/agents/index.ts';
import type { Agent } from '../../../interpreter/agents/index.ts';

describe('BOS-D2 — SPD overcommitment [T-VIMOD]', () => {
  it('End Turn with 7 SPD on the map and 4 in the Reserve Pool: ceil(7/5) = 2, the Authority loses 2', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'spd', 'belltown', 4);
    put(g, 'spd', 'kingdome', 3);
    put(g, 'spd', 'reserve_pool', 4);
    put(g, 'progressives', 'seattle_center'); // a Crowd on the map, outside the Core: no other End-Turn row applies
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_authority')).toBe(28);
    expect(track(g, 'exposure_protesters')).toBe(0);
  });
});

describe('End-Turn Exposure rows [3.4, T-VIMOD]', () => {
  it('the Protesters score every Downtown Core area holding one of their units, Authority units there or not', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'radicals', 'convention_center');
    put(g, 'spd', 'convention_center');
    put(g, 'progressives', 'westin_hotel');
    put(g, 'anarchists', 'kingdome'); // not in the Core
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_protesters')).toBe(5 + 3);
    expect(track(g, 'exposure_authority')).toBe(30 - 1);
  });

  it('no Protester unit on the map: +20, not also +10 (AMB-17); no Crowd in a day turn: +10; at night no +10', () => {
    const g = newGame();
    clearBoard(g);
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_authority')).toBe(50);
    put(g, 'radicals', 'kingdome');
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_authority')).toBe(60);
    setTrack(g, 'game_turn', 4);
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_authority')).toBe(60);
  });

  it('option no_protesters_bonus_stacks: +20 and +10 together', () => {
    const g = newGame({ no_protesters_bonus_stacks: true });
    clearBoard(g);
    run(g, 'end_turn_exposure');
    expect(track(g, 'exposure_authority')).toBe(60);
  });
});

describe('BOS-D6 — victory levels [8.0, 7.3]', () => {
  const outcome = (p: number, a: number, escalation = 1) => {
    const g = newGame();
    setTrack(g, 'exposure_protesters', p);
    setTrack(g, 'exposure_authority', a);
    setTrack(g, 'escalation', escalation);
    return run(g, 'final_result').value as { winner: string; level: string; margin: number };
  };

  it('margins 0 and 30 are Marginal, 31 and 60 Effective, 61 Decisive (a tie is a Protester Marginal Victory)', () => {
    expect(outcome(30, 30)).toMatchObject({ winner: 'protesters', level: 'Marginal', margin: 0 });
    expect(outcome(60, 30)).toMatchObject({ winner: 'protesters', level: 'Marginal', margin: 30 });
    expect(outcome(61, 30)).toMatchObject({ winner: 'protesters', level: 'Effective', margin: 31 });
    expect(outcome(90, 30)).toMatchObject({ winner: 'protesters', level: 'Effective', margin: 60 });
    expect(outcome(91, 30)).toMatchObject({ winner: 'protesters', level: 'Decisive', margin: 61 });
  });

  it('Authority 50, Protesters 40: an Authority victory; had the Authority reached Phase 3, a Protester Marginal Victory', () => {
    expect(outcome(40, 50)).toMatchObject({ winner: 'authority', level: 'Victory' });
    expect(outcome(40, 50, 3)).toMatchObject({ winner: 'protesters', level: 'Marginal' });
    expect(outcome(91, 30, 3)).toMatchObject({ winner: 'protesters', level: 'Decisive' });
  });
});

describe('BOS-D10 — escalation gating [7.3]', () => {
  it('turn 3, after the first step, an SPD fails a Morale Check and the Authority escalates: Phase 3 is possible from the start of turn 5', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 3);
    setVar(g, 'step_in_turn', 4);
    const [spd] = put(g, 'spd', 'belltown');
    // Before any failed Morale Check the Authority is not asked.
    expect(run(g, 'offer_escalation').asked).toEqual([]);
    run(g, 'morale_check', [piece(g, spd!), true, 0], [], [5]);
    const r = run(g, 'offer_escalation', [], ['Escalate to Phase 2']);
    expect(r.asked[0]!.labels).toEqual(['Stay in Escalation Phase 1', 'Escalate to Phase 2']);
    expect(track(g, 'escalation')).toBe(2);
    // Turn 4 is the first full Phase 2 turn: no offer at any of its steps.
    setTrack(g, 'game_turn', 4);
    for (let step = 1; step <= 12; step++) {
      setVar(g, 'step_in_turn', step);
      expect(run(g, 'offer_escalation').asked).toEqual([]);
    }
    // From the start of turn 5: Phase 3 may be chosen.
    setTrack(g, 'game_turn', 5);
    setVar(g, 'step_in_turn', 1);
    expect(run(g, 'offer_escalation', [], ['Escalate to Phase 3']).asked[0]!.labels).toEqual(['Stay in Escalation Phase 2', 'Escalate to Phase 3']);
    expect(track(g, 'escalation')).toBe(3);
    // Escalation never goes back, and there is nothing above Phase 3.
    expect(run(g, 'offer_escalation').asked).toEqual([]);
  });

  it('escalating at the very first step of turn T allows Phase 3 from turn T+1', () => {
    const g = newGame();
    setVar(g, 'authority_unit_broke', true);
    setTrack(g, 'game_turn', 3);
    setVar(g, 'step_in_turn', 1);
    run(g, 'offer_escalation', [], ['Escalate to Phase 2']);
    setTrack(g, 'game_turn', 4);
    expect(run(g, 'offer_escalation', [], ['Stay in Escalation Phase 2']).asked).toHaveLength(1);
  });

  it('a failed Morale Check is the trigger (AMB-18); option escalation_trigger = any_temporary_removal counts A and X removals too', () => {
    const g = newGame({ escalation_trigger: 'any_temporary_removal' });
    clearBoard(g);
    const [spd] = put(g, 'spd', 'belltown');
    run(g, 'remove_authority_unit', [piece(g, spd!)]);
    expect(g.state.vars.authority_unit_broke).toBe(true);
  });
});

describe('The turn track and the end of the game [2.4, 8.0]', () => {
  const play = (options: Record<string, unknown>) => {
    const agent: Agent = { name: 'passive', choose: (req) => passive(req) };
    const r = playWith(program(), { seed: 9, options }, agent, { log: 'none' });
    if ('problems' in r) throw new Error(JSON.stringify(r.problems));
    expect(r.game.error).toBeNull();
    return r.game;
  };

  it('the standard game ends after turn 11 (2 Dec afternoon) with a victory level', () => {
    const g = play({});
    expect(g.status).toBe('ended');
    expect(g.state.round).toBe(11);
    expect(g.state.tracks.game_turn).toBe(11);
    expect((g.result as { level: string }).level).toBeTruthy();
  });

  it('the extended game (option extended_game) ends after turn 15 (3 Dec afternoon)', () => {
    const g = play({ extended_game: true });
    expect(g.state.round).toBe(15);
    expect(g.state.tracks.game_turn).toBe(15);
    expect((g.result as { level: string }).level).toBeTruthy();
  });

  it('a player who always takes the first option also reaches the end', () => {
    const r = playWith(program(), { seed: 4 }, new FirstAgent(), { log: 'none' });
    if ('problems' in r) throw new Error(JSON.stringify(r.problems));
    expect(r.game.status).toBe('ended');
    expect(r.stopped).toBeUndefined();
  });
});
