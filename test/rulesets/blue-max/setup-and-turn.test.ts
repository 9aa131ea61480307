// Blue Max: setup, maneuver choice and movement (spec §2, §3 phases 2-3, §4.5-§4.12, §6 TC-01/02,
// TC-13/14/15, TC-38/39, TC-40/42). Directions in the runtime grid: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
import { describe, expect, test } from 'vitest';
import { answerAll } from '../../helpers/ruleset.ts';
import { startGame } from '../../helpers/ruleset.ts';
import { getVar, hexOf, labels, logText, newGame, plane, program, prompt, put, setTrack, setVar } from './helpers.ts';

describe('setup (spec §2)', () => {
  test('steps 3-6: each player picks an aircraft of their side, a start hex at their own border facing the enemy; box zero = Departure', () => {
    const game = newGame();
    const bristol = plane(game, 'p1');
    const fokker = plane(game, 'p2');
    expect(game.state.pieces[bristol]!.type).toBe('bristol_f2b');
    expect(game.state.pieces[fokker]!.type).toBe('fokker_dr1');
    // Allies start beside column 01 facing east, Central Powers beside column 18 facing west.
    expect(hexOf(game, bristol)).toBe('hex:1,6');
    expect(game.state.pieces[bristol]!.facing).toBe(1);
    expect(hexOf(game, fokker)).toBe('hex:18,6');
    expect(game.state.pieces[fokker]!.facing).toBe(4);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3']);
    expect(game.state.tracks.fuel_reserve).toMatchObject({ [fokker]: 40, [bristol]: 60 });
    expect(game.state.tracks.guns_pilot_left).toMatchObject({ [fokker]: 2, [bristol]: 1 });
  });

  test('start of play (A30): each player is asked for a facing, the default (toward the enemy) first', () => {
    const game = startOnly();
    answerAll(game, ['Bristol F.2B', 'Fokker Dr.I', 0, 0]);
    expect(prompt(game)).toBe('Start of play: your facing');
    // Each option says which way it points (the facings are 1, 0 and 2).
    expect(labels(game)).toEqual(['Toward the enemy border', '60° left of the enemy border', '60° right of the enemy border']);
    answerAll(game, ['60° left of the enemy border', 0]);
    expect(game.state.pieces.bristol_f2b_1!.facing).toBe(0);
    expect(game.state.pieces.fokker_dr1_1!.facing).toBe(4);
  });

  test('step 3: players of one side picking the same type fly aircraft of their own', () => {
    // Players alternate sides (p1, p3, p5 Allied): all three Allied players pick the SPAD.
    const game = startGame(program(), { seed: 'raw', players: 6, options: {} });
    answerAll(game, ['SPAD S.XIII', 'Fokker Dr.I', 'SPAD S.XIII', 'Fokker Dr.I', 'SPAD S.XIII']);
    // The Central Powers' third player: Fokkers are still offered (three in the box, two taken).
    expect(labels(game)).toContain('Fokker Dr.I');
    answerAll(game, ['Fokker Dr.I']);
    const flies = (game.state.vars.flies as Record<string, { id: string }>);
    expect(Object.values(flies).map((r) => r.id).sort()).toEqual(['fokker_dr1_1', 'fokker_dr1_2', 'fokker_dr1_3', 'spad_s13_1', 'spad_s13_2', 'spad_s13_3']);
  });

  test('step 3: only aircraft of the own side are offered', () => {
    const game = startOnly();
    expect(labels(game)).toEqual(['Nieuport 24', 'Bristol F.2B', 'SPAD S.XIII']);
    answerAll(game, ['SPAD S.XIII']);
    expect(labels(game)).toEqual(['Fokker Dr.I', 'Albatros D.III', 'Halberstadt CL.II']);
  });
});

function startOnly() {
  return startGame(program(), { seed: 'raw', players: 2, options: {} });
}

describe('maneuver choice (spec §3 phase 2, §4.5-§4.12)', () => {
  test('TC-01: after Departure 3S3 the Fokker may write 14L3 (speed 3 vs 3); it goes into the first free box', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    expect(prompt(game)).toMatch(/maneuver for Fokker Dr.I/);
    expect(labels(game)).toContain('14L3');
    answerAll(game, ['14L3', '3S3']);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3', '14L3']);
  });

  test('TC-13: speed may change by at most 1: after 3S3, 1S1 is not offered; 2S2, 3S3, 4S4 are', () => {
    const game = newGame();
    expect(labels(game)).not.toContain('1S1');
    expect(labels(game)).toEqual(expect.arrayContaining(['2S2', '3S3', '4S4']));
  });

  test('TC-14: an Acrobatic maneuver only after a Forward one (35S3 after 3S3 yes, after 13L3 no)', () => {
    const game = newGame();
    expect(labels(game)).toContain('35S3');
    const g2 = newGame({ given: (g, { fokker }) => setVar(g, 'maneuver_log', fokker, ['3S3', '13L3']) });
    expect(labels(g2)).not.toContain('35S3');
  });

  test('TC-15: a non-repeatable maneuver may not be flown twice in a row; its mirror may', () => {
    const g = newGame({ central: 'Albatros D.III', given: (x, { fokker }) => setVar(x, 'maneuver_log', fokker, ['3S3', '14L3']) });
    expect(labels(g)).not.toContain('14L3');
    expect(labels(g)).toContain('14R3');
  });

  test('TC-38: Pilot Wounded (white border) after speed 3 allows only speed 2; Pilot Wounded allows only Forward', () => {
    const game = newGame({ given: (g, { fokker }) => setVar(g, 'pilot_wound_next', fokker, 'slower') });
    expect(labels(game)).toEqual(['2S2', '5L2', '5R2', '6L2', '6R2', '7L2', '7R2', '34S2', '0S2']);
    const g2 = newGame({ given: (g, { fokker }) => setVar(g, 'pilot_wound_next', fokker, 'forward') });
    expect(labels(g2)).toEqual(['2S2', '3S3', '4S4', '0S2']);
  });

  test('TC-39: a jammed rudder (blue) allows only R maneuvers for 3 turns', () => {
    const g = newGame({ given: (x, { fokker }) => { setVar(x, 'rudder_direction', fokker, 'R'); setTrack(x, 'rudder_turns_left', fokker, 3); } });
    const fokker = plane(g, 'p2');
    expect(labels(g).every((c) => c.includes('R') || c === '0S2')).toBe(true);
    // Flying one turn counts one of the three turns down.
    answerAll(g, ['5R2', '2S2']);
    expect((g.state.tracks.rudder_turns_left as Record<string, number>)[fokker]).toBe(2);
  });
});

describe('tailing (spec §3 phases 1-2, §4.4)', () => {
  test('TC-04: the Fokker with the Bristol ahead in its front arc, itself in the Bristol\'s rear arc, tails it: the Bristol chooses first and the Fokker is told the direction', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    const bristol = plane(game, 'p1');
    put(game, fokker, 5, 6, 1);
    put(game, bristol, 8, 6, 1);
    answerAll(game, ['2S2', '2S2', 'hold fire']);
    // Turn 2: Fokker at 0706, Bristol at 1006, both facing east.
    expect(logText(game)).toContain('Fokker Dr.I tails Bristol F.2B.');
    expect(getVar(game, 'tailing_target', fokker)).toMatchObject({ id: bristol });
    expect(prompt(game)).toMatch(/^Turn 2: maneuver for Bristol F.2B$/);
    answerAll(game, ['5L2']);
    expect(prompt(game)).toBe('Turn 2: maneuver for Fokker Dr.I (the aircraft you tail turns L)');
    expect(getVar(game, 'told_direction', fokker)).toBe('L');
  });

  test('§3 phase 1: an aircraft with Smoke does not tail', () => {
    const game = newGame({ dice: [3] }); // smoke check in Incidents: 3 = no change
    const fokker = plane(game, 'p2');
    put(game, fokker, 5, 6, 1);
    put(game, plane(game, 'p1'), 8, 6, 1);
    setVar(game, 'smoke', fokker, true);
    answerAll(game, ['2S2', '2S2', 'hold fire']);
    expect(getVar(game, 'smoke', fokker)).toBe(true);
    expect(logText(game)).not.toContain('Fokker Dr.I tails Bristol F.2B.');
    expect(prompt(game)).toMatch(/^Turn 2: maneuver for Fokker Dr.I$/);
  });
});

describe('movement (spec §3 phase 3)', () => {
  test('TC-02: the tile moves along 14L3 (F L F L F) to its end position and facing', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    answerAll(game, ['14L3', '3S3']);
    // From 1806 facing west: 1 west, turn left, 1 south-west, turn left, 1 south-east.
    expect(hexOf(game, fokker)).toBe('hex:17,8');
    expect(game.state.pieces[fokker]!.facing).toBe(2);
    expect(logText(game)).toContain('Fokker Dr.I flies 14L3.');
  });

  test('TC-40 / TC-42: leaving the field through the own border = shot down; the last enemy gone, the other side wins', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    put(game, fokker, 18, 6, 1); // facing east, off the board next move
    answerAll(game, ['2S2', '2S2']);
    expect(getVar(game, 'flight_status', fokker)).toBe('shot_down');
    expect(logText(game).some((t) => /^Fokker Dr.I \(.*\) is shot down: it left the flying field\.$/.test(t))).toBe(true);
    expect(game.status).toBe('ended');
    expect(game.result).toMatchObject({ winner: 'allies', level: 'Victory' });
  });
});
