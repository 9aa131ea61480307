// Blue Max: combat and resolution (spec §3 phases 5-6, §4.15-§4.17, §6 TC-06/07, TC-17/18, TC-24/25,
// TC-41, TC-43). Each test puts the aircraft on the field, flies scripted maneuvers, answers the
// shooters' target and burst, forces the special dice (face numbers: 1-3 white, 4-5 blue, 6 red)
// and stacks the damage deck. Runtime directions: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
import { describe, expect, test } from 'vitest';
import { answerAll } from '../../helpers/ruleset.ts';
import { duel, getTrack, getVar, labels, logText, prompt, setTrack, setVar, stack } from './helpers.ts';

const BRISTOL = 'Bristol F.2B #1';

describe('shooting (spec §4.15)', () => {
  test('TC-06 / TC-07: Fokker (Stability A, 2 guns, speed 2) fires a medium burst at range 2 on its line of fire, off the Bristol\'s B side: 3 dice; white, red, blue draw 2 deck-B cards', () => {
    // Given: after 2S2 each, the Fokker is at 1108 facing SE and the Bristol 2 hexes further SE, facing W.
    const { game, allied } = duel({ fokker: [10, 6, 2], allied_at: [14, 10, 4], dice: [1, 6, 4] });
    stack(game, 'damage_b', ['b03', 'b16']);
    answerAll(game, ['2S2', '2S2']);
    // Do: the Fokker's pilot picks the Bristol and a medium burst (the Bristol has no target).
    expect(prompt(game)).toMatch(/target for Fokker Dr.I's pilot/);
    expect(labels(game)).toEqual([BRISTOL, 'hold fire']);
    answerAll(game, [BRISTOL]);
    expect(labels(game)).toEqual(['short', 'medium', 'long']);
    answerAll(game, ['medium']);
    // Expect: 3 - 2 (range) + 1 (medium) + 1 (Stability A) = 3 dice; side B; red card 1 = Wings 5, blue card 2 = Engine 1.
    expect(logText(game)).toContain('Fokker Dr.I (pilot) fires a medium burst at Bristol F.2B, side B: 3 dice.');
    expect(getTrack(game, 'damage_wings', allied)).toBe(5);
    expect(getTrack(game, 'damage_engine', allied)).toBe(1);
    // Damage applies in Resolution, after combat (phase 6).
    const log = logText(game);
    expect(log.indexOf('Bristol F.2B takes 5 wings damage (red half of Wings 1 / Wings 5).')).toBeGreaterThan(log.findIndex((t) => t.startsWith('Fokker Dr.I (pilot) fires')));
  });

  test('TC-06: a target at range 4 or off the line of fire is not a valid target (no combat decision)', () => {
    const { game } = duel({ fokker: [10, 6, 2], allied_at: [15, 11, 4] });
    answerAll(game, ['2S2', '2S2']);
    expect(prompt(game)).toMatch(/^Turn 2: maneuver/);
  });

  test('TC-25: Stability B, 2 guns, range 1, medium burst, after a speed-4 maneuver: 3 - 1 + 1 + 0 - 1 = 2 dice', () => {
    const { game } = duel({ central: 'Albatros D.III', fokker: [2, 6, 1], allied_at: [9, 6, 4], dice: [1, 1] });
    answerAll(game, ['4S4', '2S2']);
    answerAll(game, [BRISTOL, 'hold fire', 'medium']);
    expect(logText(game)).toContain('Albatros D.III (pilot) fires a medium burst at Bristol F.2B, side A: 2 dice.');
  });

  test('TC-24 (adapted: no Stability C aircraft in the data): Stability B, single gun, range 3: short 3-3+0+0-1 = -1 and medium 0 dice are no shot; only the long burst (1 die) is offered', () => {
    const { game } = duel({ allied: 'Nieuport 24', fokker: [10, 6, 4], allied_at: [3, 6, 1], dice: [1] });
    answerAll(game, ['2S2', '2S2']);
    // The Fokker (0806, W) also sees the Nieuport (0506) at range 3 and holds fire.
    answerAll(game, ['hold fire', 'Fokker Dr.I #1']);
    expect(labels(game)).toEqual(['long']);
    answerAll(game, ['long']);
    expect(logText(game)).toContain('Nieuport 24 (pilot) fires a long burst at Fokker Dr.I, side A: 1 dice.');
  });

  test('TC-43: aircraft in the same hex are not valid targets for each other', () => {
    const { game } = duel({ fokker: [8, 6, 4], allied_at: [4, 6, 1] });
    answerAll(game, ['2S2', '2S2']);
    expect(prompt(game)).toMatch(/^Turn 2: maneuver/);
  });
});

describe('resolution (spec §3 phase 6, §4.13)', () => {
  test('TC-17: Tail 5 with 3 ticked takes Tail 2 from deck D (hit from behind): exhausted, unrecoverable spin, shot down in Recovery; the Allies win', () => {
    const { game, fokker: albatros } = duel({
      central: 'Albatros D.III', fokker: [5, 6, 1], allied_at: [3, 6, 1], dice: [4],
      given: (g, { fokker }) => setTrack(g, 'damage_tail', fokker, 3),
    });
    stack(game, 'damage_d', ['d02']);
    answerAll(game, ['2S2', '2S2', 'Albatros D.III #1', 'medium']);
    expect(logText(game)).toContain('Bristol F.2B (pilot) fires a medium burst at Albatros D.III, side D: 1 dice.');
    expect(getTrack(game, 'damage_tail', albatros)).toBe(5);
    expect(getVar(game, 'flight_status', albatros)).toBe('shot_down');
    expect(game.result).toMatchObject({ winner: 'allies' });
  });

  test('TC-18: Engine 6 with 5 ticked takes Engine 1: glide maneuvers only from next turn; no spin', () => {
    const { game, fokker } = duel({
      fokker: [9, 6, 4], allied_at: [3, 6, 1], dice: [4],
      given: (g, ids) => setTrack(g, 'damage_engine', ids.fokker, 5),
    });
    stack(game, 'damage_a', ['a01']);
    answerAll(game, ['2S2', '2S2', 'hold fire', 'Fokker Dr.I #1', 'medium']);
    expect(getTrack(game, 'damage_engine', fokker)).toBe(6);
    expect(getVar(game, 'spinning', fokker)).toBe(false);
    expect(prompt(game)).toMatch(/^Turn 2: maneuver for Fokker/);
    expect(labels(game)).toEqual(['40S0', '40L0', '40R0', '41S0', '41L0', '41R0', '0S2']);
  });

  test('TC-41: simultaneous fire: both pilots are doomed by the same volley; both are shot down in Recovery → draw', () => {
    const { game } = duel({
      fokker: [3, 6, 1], allied_at: [9, 6, 4], dice: [6, 1, 1, 1, 6, 1, 1, 1],
      given: (g, ids) => setTrack(g, 'damage_wings', ids.fokker, 8),
    });
    stack(game, 'damage_a', ['a13', 'a07']);
    answerAll(game, ['2S2', '2S2', 'Bristol F.2B #1', 'Fokker Dr.I #1', 'long', 'long']);
    const log = logText(game);
    expect(log).toContain('Bristol F.2B: Pilot Killed.');
    expect(log).toContain('Fokker Dr.I takes 4 wings damage (red half of Wings 2 / Wings 4).');
    expect(game.status).toBe('ended');
    expect(game.result).toMatchObject({ winner: null, level: 'Draw' });
  });
});
