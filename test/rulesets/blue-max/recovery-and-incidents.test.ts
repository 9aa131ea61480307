// Blue Max: recovery and incidents (spec §3 phases 7-8, §4.11, §4.18, §6 TC-11/12, TC-16, TC-19/20,
// TC-21/22). The two aircraft fly far apart so that no one fires; the special dice are forced (face
// numbers 1-6) in the order the rules roll them.
import { describe, expect, test } from 'vitest';
import { answerAll } from '../../helpers/ruleset.ts';
import { duel, getTrack, getVar, labels, logText, prompt, setVar, stack } from './helpers.ts';

/** Fokker at 1006 facing E, Bristol at 0106 facing E: after 2S2 each, 1206 and 0306, no shots. */
const apart = (o: Parameters<typeof duel>[0] extends infer T ? Partial<T> : never = {}) =>
  duel({ fokker: [10, 6, 1], allied_at: [1, 6, 1], ...o });

describe('spin and recovery (spec §3 phase 7, §4.11)', () => {
  test('TC-11: a spinning aircraft must fly 0S2; Recovery roll 5 recovers, roll 3 on the Ready! marker turns it 120° clockwise in place', () => {
    const { game, fokker } = apart({ dice: [5, 3], given: (g, ids) => setVar(g, 'spinning', ids.fokker, true) });
    expect(labels(game)).toEqual(['0S2']);
    answerAll(game, ['0S2', '2S2']);
    expect(getVar(game, 'spinning', fokker)).toBe(false);
    expect(game.state.pieces[fokker]!.at).toBe('hex:10,6');
    expect(game.state.pieces[fokker]!.facing).toBe(3);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3', '0S2']);
  });

  test('TC-12: a failed recovery roll (2) = shot down at the end of Recovery; with no aircraft left the Central Powers lose', () => {
    const { game, fokker } = apart({ dice: [2], given: (g, ids) => setVar(g, 'spinning', ids.fokker, true) });
    answerAll(game, ['0S2', '2S2']);
    expect(getVar(game, 'flight_status', fokker)).toBe('shot_down');
    expect(game.result).toMatchObject({ winner: 'allies', level: 'Victory' });
  });

  test('TC-12 variant: Wings exhausted (unrecoverable spin) → no roll, shot down', () => {
    const { game, fokker } = apart({ given: (g, ids) => { setVar(g, 'spinning', ids.fokker, true); setVar(g, 'spin_unrecoverable', ids.fokker, true); } });
    answerAll(game, ['0S2', '2S2']);
    expect(logText(game)).toContain('Fokker Dr.I (Player 2) is shot down: the spin cannot be recovered.'.replace('(Player 2)', `(${game.state.players[1]!.name})`));
    expect(getVar(game, 'flight_status', fokker)).toBe('shot_down');
  });

  test('TC-16: 1L1 → stall check in Incidents: 5 = spin, carried to next turn (only 0S2); 4 = nothing', () => {
    const { game, fokker } = apart({ dice: [5], given: (g, ids) => setVar(g, 'maneuver_log', ids.fokker, ['3S3', '2S2']) });
    answerAll(game, ['1L1', '2S2']);
    expect(getVar(game, 'spinning', fokker)).toBe(true);
    expect(getVar(game, 'flight_status', fokker)).toBe('in_play');
    expect(prompt(game)).toMatch(/^Turn 2: maneuver for Fokker/);
    expect(labels(game)).toEqual(['0S2']);
    const other = apart({ dice: [4], given: (g, ids) => setVar(g, 'maneuver_log', ids.fokker, ['3S3', '2S2']) });
    answerAll(other.game, ['1L1', '2S2']);
    expect(getVar(other.game, 'spinning', other.fokker)).toBe(false);
  });

  test('TC-19: jammed guns clear on 4 after a central non-Acrobatic maneuver (2S2); after 13L3 no roll is allowed', () => {
    const { game, fokker } = apart({ dice: [4], given: (g, ids) => setVar(g, 'pilot_guns_jammed', ids.fokker, true) });
    answerAll(game, ['2S2', '2S2']);
    expect(getVar(game, 'pilot_guns_jammed', fokker)).toBe(false);
    const other = apart({ dice: [6], given: (g, ids) => setVar(g, 'pilot_guns_jammed', ids.fokker, true) });
    answerAll(other.game, ['13L3', '2S2']);
    expect(getVar(other.game, 'pilot_guns_jammed', other.fokker)).toBe(true);
    const third = apart({ dice: [3], given: (g, ids) => setVar(g, 'pilot_guns_jammed', ids.fokker, true) });
    answerAll(third.game, ['2S2', '2S2']);
    expect(getVar(third.game, 'pilot_guns_jammed', third.fokker)).toBe(true);
  });
});

describe('incidents (spec §3 phase 8)', () => {
  test('TC-20: after a long burst, Incidents roll 5 jams the guns (4 would not)', () => {
    // Fokker 0806 facing W after 2S2, Bristol 0706: range 1; the Bristol holds fire.
    const { game, fokker } = duel({ fokker: [10, 6, 4], allied_at: [5, 6, 1], dice: [1, 1, 1, 1, 1, 5] });
    answerAll(game, ['2S2', '2S2', 'Bristol F.2B #1', 'hold fire', 'long']);
    expect(logText(game)).toContain('Fokker Dr.I (pilot) fires a long burst at Bristol F.2B, side A: 5 dice.');
    expect(getVar(game, 'pilot_guns_jammed', fokker)).toBe(true);
  });

  test('TC-21: Fire: draw 1 deck-B card (blue half), then 4 does not put it out; no Acrobatic maneuvers while burning', () => {
    const { game, fokker } = apart({ dice: [4], given: (g, ids) => setVar(g, 'fire', ids.fokker, true) });
    expect(labels(game)).not.toContain('35S3');
    stack(game, 'damage_b', ['b16']);
    answerAll(game, ['2S2', '2S2']);
    expect(getTrack(game, 'damage_engine', fokker)).toBe(1);
    expect(getVar(game, 'fire', fokker)).toBe(true);
  });

  test('TC-21: after a Sideslip (7L2) a 4 puts the fire out', () => {
    const { game, fokker } = apart({ dice: [4], given: (g, ids) => setVar(g, 'fire', ids.fokker, true) });
    answerAll(game, ['7L2', '2S2']);
    expect(getVar(game, 'fire', fokker)).toBe(false);
  });

  test('TC-22: Smoke: 6 removes it, 1 turns it to Fire, 2-5 no change, a Sideslip removes it without a roll', () => {
    const smoke = (dice: number[], maneuver = '2S2') => {
      const { game, fokker } = apart({ dice, given: (g, ids) => setVar(g, 'smoke', ids.fokker, true) });
      answerAll(game, [maneuver, '2S2']);
      return [getVar(game, 'smoke', fokker), getVar(game, 'fire', fokker)];
    };
    expect(smoke([6])).toEqual([false, false]);
    expect(smoke([1])).toEqual([false, true]);
    expect(smoke([3])).toEqual([true, false]);
    expect(smoke([1], '7R2')).toEqual([false, false]);
  });
});
