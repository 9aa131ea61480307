// Blue Max optional rules (spec §5): Lewis guns, Observer, Altitude, Fuel (spec §6 TC-03, TC-05,
// TC-08/09, TC-26/27/28, TC-32/33/34, TC-36/37). Runtime directions: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
// Issue 10 part 7: the fuel-shortage check pays climb +1 / dive -1 (spec §5.4.2-3), and the observer
// may reload the Lewis guns whatever the maneuver (spec §5.1.6, §5.2.6, §8 A23).
import { describe, expect, test } from 'vitest';
import { answerAll } from '../../helpers/ruleset.ts';
import { duel, getTrack, getVar, labels, logText, prompt, setTrack, setVar, stack } from './helpers.ts';

const FOKKER = 'Fokker Dr.I #1';

describe('Lewis guns (spec §5.1)', () => {
  test('TC-26: a long burst leaves 5 - 3 = 2 counters; next turn a long burst is not offered, short and medium are', () => {
    // The Bristol (0306) follows the Fokker (0406), both facing E; each turn both fly 2S2: range 1.
    const { game, allied } = duel({ options: { opt_lewis: true }, fokker: [4, 6, 1], allied_at: [3, 6, 1], dice: [1, 1, 1, 1] });
    answerAll(game, ['2S2', '2S2', FOKKER, 'long']);
    expect(getTrack(game, 'ammunition', allied)).toBe(2);
    // 2S2 is a Forward maneuver: the Bristol is asked about a reload and keeps firing.
    answerAll(game, ['2S2', '2S2', 'keep firing', FOKKER]);
    expect(labels(game)).toEqual(['short', 'medium']);
  });

  test('TC-26: a declared reload with a Forward maneuver (3S3) gives 5 counters at the end of Movement, and no fire that turn', () => {
    const { game, allied } = duel({
      options: { opt_lewis: true }, fokker: [4, 6, 1], allied_at: [2, 6, 1],
      given: (g, ids) => setTrack(g, 'ammunition', ids.allied, 0),
    });
    answerAll(game, ['3S3', '3S3']);
    expect(prompt(game)).toBe('Reload the Lewis guns of Bristol F.2B?');
    answerAll(game, ['reload']);
    expect(getTrack(game, 'ammunition', allied)).toBe(5);
    expect(logText(game)).toContain('Bristol F.2B reloads its Lewis guns.');
    // The Fokker is 1 hex ahead on the Bristol's line of fire, but the Bristol may not fire: next turn.
    expect(prompt(game)).toMatch(/^Turn 2/);
  });
});

describe('Lewis reload by the observer (spec §5.1.6, §5.2.6)', () => {
  const both = { opt_lewis: true, opt_observer: true };

  test('§5.1.6: with the Observer rule the reload is offered after a non-Forward maneuver (7L2); the pool is 5 at the end of Movement and the pilot may fire', () => {
    // The Fokker flies 2S2 from 0605 E to 0805; the Bristol sideslips 7L2 from 0506 E to 0605 E: the Fokker is 2 ahead.
    const { game, allied } = duel({
      options: both, fokker: [6, 5, 1], allied_at: [5, 6, 1],
      given: (g, ids) => setTrack(g, 'ammunition', ids.allied, 0),
    });
    answerAll(game, ['2S2', '7L2']);
    expect(prompt(game)).toBe('Reload the Lewis guns of Bristol F.2B (the observer reloads)?');
    answerAll(game, ['reload']);
    expect(getTrack(game, 'ammunition', allied)).toBe(5);
    expect(logText(game)).toContain("Bristol F.2B's observer reloads the Lewis guns.");
    // Only the observer is busy reloading (spec §5.1.6 [R]); with 0 counters the pilot could not fire without it.
    expect(prompt(game)).toBe("Combat: target for Bristol F.2B's pilot");
    expect(labels(game)).toEqual([FOKKER, 'hold fire']);
  });

  test('§5.1.6 [R]: the observer who reloaded does not fire that turn (without the reload it may)', () => {
    // The Fokker ends 2 hexes behind the Bristol (0405 → 0605 E): in the observer's tail row, beyond the blind spot.
    const run = (answer: string) => {
      const { game } = duel({
        options: both, fokker: [2, 5, 1], allied_at: [5, 6, 1],
        given: (g, ids) => setTrack(g, 'ammunition', ids.allied, 2),
      });
      answerAll(game, ['2S2', '7L2', answer, 'hold fire']);
      return prompt(game);
    };
    expect(run('keep firing')).toBe("Combat: target for Bristol F.2B's observer");
    expect(run('reload')).toMatch(/^Turn 2: maneuver for /);
  });

  test('§8 A23: the observer may reload while the aircraft spins (0S2); option observer_acts_while_spinning = false forbids it', () => {
    const choiceAfterSpin = (options: Record<string, unknown>) => {
      const { game } = duel({
        options, fokker: [12, 2, 1], allied_at: [5, 6, 1], dice: [5, 1],
        given: (g, ids) => { setTrack(g, 'ammunition', ids.allied, 1); setVar(g, 'spinning', ids.allied, true); },
      });
      answerAll(game, ['2S2', '0S2']);
      return prompt(game);
    };
    expect(choiceAfterSpin(both)).toBe('Reload the Lewis guns of Bristol F.2B (the observer reloads)?');
    expect(choiceAfterSpin({ ...both, observer_acts_while_spinning: false })).not.toMatch(/^Reload/);
  });

  test('§5.1.5 vs §5.1.6: after a non-Forward maneuver no reload is offered without an observer (Observer rule off, or Observer Killed)', () => {
    const afterSideslip = (options: Record<string, unknown>, killed: boolean) => {
      const { game } = duel({
        options, fokker: [12, 2, 1], allied_at: [5, 6, 1],
        given: (g, ids) => { setTrack(g, 'ammunition', ids.allied, 0); setVar(g, 'observer_killed', ids.allied, killed); },
      });
      answerAll(game, ['2S2', '7L2']);
      return prompt(game);
    };
    expect(afterSideslip(both, false)).toMatch(/^Reload/);
    expect(afterSideslip({ opt_lewis: true }, false)).toMatch(/^Turn 2/);
    expect(afterSideslip(both, true)).toMatch(/^Turn 2/);
  });
});

describe('Observer (spec §5.2)', () => {
  test('TC-27: an enemy right behind at range 1 is in the blind spot; at range 2 behind the observer may fire', () => {
    const blind = duel({ options: { opt_observer: true }, fokker: [4, 6, 1], allied_at: [5, 6, 1] });
    answerAll(blind.game, ['2S2', '2S2']);
    // The Fokker (0606) sees the Bristol (0706) ahead and holds fire; the observer has no target.
    expect(prompt(blind.game)).toMatch(/target for Fokker Dr.I's pilot/);
    answerAll(blind.game, ['hold fire']);
    expect(prompt(blind.game)).toMatch(/^Turn 2/);
    const seen = duel({ options: { opt_observer: true }, fokker: [3, 6, 1], allied_at: [5, 6, 1] });
    answerAll(seen.game, ['2S2', '2S2', 'hold fire']);
    expect(prompt(seen.game)).toBe("Combat: target for Bristol F.2B's observer");
    expect(labels(seen.game)).toEqual([FOKKER, 'hold fire']);
  });

  test('TC-28: with a Fire marker the pilot cannot fire but the observer can', () => {
    const { game } = duel({
      options: { opt_observer: true }, fokker: [3, 6, 1], allied_at: [5, 6, 1],
      given: (g, ids) => setVar(g, 'fire', ids.allied, true),
    });
    answerAll(game, ['2S2', '2S2', 'hold fire']);
    expect(prompt(game)).toBe("Combat: target for Bristol F.2B's observer");
  });
});

describe('Altitude (spec §5.3)', () => {
  const alt = { opt_altitude: true, opt_fuel: true };

  test('TC-08: Fokker at level 4 flies 14L3 with the Dive token: level 3, fuel cost 3 - 1 = 2', () => {
    const { game, fokker } = duel({ options: alt, levels: [2, 4], fokker: [12, 6, 1], allied_at: [1, 2, 1] });
    answerAll(game, ['14L3', '2S2']);
    // Climbing to 5 (its max) would be a stall, but may be chosen (spec §5.3.5).
    expect(labels(game)).toEqual(['level', 'climb', 'dive']);
    answerAll(game, ['dive', 'level']);
    expect(getTrack(game, 'altitude', fokker)).toBe(3);
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(38);
  });

  test('TC-09: Fokker at level 3 flies 3S3 with the Climb token: level 4, fuel cost 3 + 1 = 4', () => {
    const { game, fokker } = duel({ options: alt, levels: [2, 3], fokker: [12, 6, 1], allied_at: [1, 2, 1] });
    answerAll(game, ['3S3', '2S2', 'climb', 'level']);
    expect(getTrack(game, 'altitude', fokker)).toBe(4);
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(36);
  });

  test('TC-32: max altitude 4, at level 3, Climb with speed 3: cannot reach 4 → stall, level stays 3, stall roll 5 → spin', () => {
    const { game, allied } = duel({ options: { opt_altitude: true }, levels: [3, 2], fokker: [12, 6, 1], allied_at: [1, 2, 1], dice: [5] });
    answerAll(game, ['2S2', '3S3', 'level', 'climb']);
    expect(getTrack(game, 'altitude', allied)).toBe(3);
    expect(logText(game)).toContain('Bristol F.2B cannot climb to level 4: it stalls.');
    expect(getVar(game, 'spinning', allied)).toBe(true);
  });

  test('TC-33: an aircraft at level 1 that spins loses a level in Resolution → below level 1 → shot down', () => {
    const { game, fokker } = duel({ options: { opt_altitude: true }, levels: [2, 1], fokker: [12, 6, 1], allied_at: [1, 2, 1], given: (g, ids) => setVar(g, 'spinning', ids.fokker, true) });
    answerAll(game, ['0S2', '2S2', 'level', 'level']);
    expect(getVar(game, 'flight_status', fokker)).toBe('shot_down');
    expect(logText(game).some((t) => t.endsWith('is shot down: spinning below level 1.'))).toBe(true);
  });

  test('TC-34: at level 1 a Forward maneuver (2S2) with the Landing token lands the aircraft (landed, not shot down)', () => {
    const { game, fokker } = duel({ options: { opt_altitude: true }, levels: [2, 1], fokker: [12, 6, 1], allied_at: [1, 2, 1], given: (g, ids) => setVar(g, 'maneuver_log', ids.fokker, ['3S3', '2S2']) });
    answerAll(game, ['2S2', '2S2']);
    expect(labels(game)).toEqual(['level', 'climb', 'landing']);
    answerAll(game, ['landing', 'level']);
    expect(getVar(game, 'flight_status', fokker)).toBe('landed');
    expect(game.result).toMatchObject({ winner: 'allies' });
  });

  test('TC-23: A shooter, range 1, long burst, target stalled, previous target, 1 level lower, speed 2, 2 guns: 3-1+2+1+1+1+1 = 8 → capped at 6', () => {
    const { game } = duel({
      options: { opt_altitude: true }, levels: [2, 3], fokker: [3, 6, 1], allied_at: [5, 6, 1], dice: [1, 1, 1, 1, 1, 1, 1, 1],
      given: (g, ids) => {
        setVar(g, 'maneuver_log', ids.allied, ['3S3', '2S2']);
        setVar(g, 'last_target_pilot', ids.fokker, { $ref: 'piece', id: ids.allied });
      },
    });
    answerAll(game, ['2S2', '1S1', 'level', 'level', 'Bristol F.2B #1', 'long']);
    expect(logText(game)).toContain('Fokker Dr.I (pilot) fires a long burst at Bristol F.2B, side D: 6 dice.');
  });

  test('TC-35: a medium burst at a target 1 level higher: no +1 die, and next turn the shooter must climb with a legal climb maneuver', () => {
    const { game } = duel({ options: { opt_altitude: true }, levels: [3, 2], fokker: [10, 6, 2], allied_at: [14, 10, 4], dice: [1, 1, 1] });
    answerAll(game, ['2S2', '2S2', 'level', 'level', 'Bristol F.2B #1', 'medium']);
    expect(logText(game)).toContain('Fokker Dr.I (pilot) fires a medium burst at Bristol F.2B, side B: 3 dice.');
    expect(prompt(game)).toMatch(/^Turn 2: maneuver for Fokker/);
    // Speed 2 or 3 only (climbs need speed >= 2 and below the max speed 4).
    expect(labels(game).filter((c) => c !== '0S2').every((c) => /[23]$/.test(c))).toBe(true);
    answerAll(game, ['3S3', '2S2']);
    expect(labels(game)).toEqual(['climb']);
  });

  test('TC-31: no climb at the aircraft\'s maximum speed (Fokker, speed 4)', () => {
    const { game } = duel({ options: { opt_altitude: true }, levels: [2, 3], fokker: [8, 6, 1], allied_at: [1, 2, 1] });
    answerAll(game, ['4S4', '2S2']);
    expect(labels(game)).toEqual(['level', 'dive']);
  });

  test('TC-05: tailing only within one level (Fokker at 4 tails an enemy at 3, not at 2)', () => {
    const tails = (bristolLevel: number) => {
      const { game } = duel({ options: { opt_altitude: true }, levels: [bristolLevel, 4], fokker: [5, 6, 1], allied_at: [8, 6, 1] });
      answerAll(game, ['2S2', '2S2', 'level', 'level']);
      if (/Combat/.test(prompt(game))) answerAll(game, ['hold fire']);
      return logText(game).includes('Fokker Dr.I tails Bristol F.2B.');
    };
    expect(tails(3)).toBe(true);
    expect(tails(2)).toBe(false);
  });
});

describe('collisions (spec §5.3.10)', () => {
  const crash = (levels: [number, number], dice: number[]) => {
    // Albatros D.III (B) flies 1S1 from 0506 E and the SPAD S.XIII (A) 2S2 from 0806 W: both end in 0606.
    const r = duel({
      options: { opt_altitude: true }, allied: 'SPAD S.XIII', central: 'Albatros D.III', levels, dice,
      fokker: [5, 6, 1], allied_at: [8, 6, 4], given: (g, ids) => setVar(g, 'maneuver_log', ids.fokker, ['3S3', '2S2']),
    });
    stack(r.game, 'damage_a', ['a08', 'a03']);
    answerAll(r.game, ['1S1', '2S2', 'level', 'level']);
    return r;
  };

  test('TC-10 (with the SPAD, Stability A, in the Fokker\'s place): the Albatros (lowest stability B) rolls 6: 6 + 1 + 2 = 9 > 6 → each draws 1 deck-A card, blue half', () => {
    const { game, fokker: albatros, allied: spad } = crash([3, 3], [6, 1, 1]);
    // The hex as the board prints it (an interpolated entity reads as its label).
    expect(logText(game)).toContain('Collision in hex 0606: Albatros D.III rolls, total 9.');
    expect(getTrack(game, 'damage_wings', albatros)).toBe(3);
    expect(getVar(game, 'smoke', spad)).toBe(true);
  });

  test('TC-30: same hex at levels 3 and 4 → no collision roll', () => {
    const { game } = crash([4, 3], [1]);
    expect(logText(game).some((t) => t.startsWith('Collision'))).toBe(false);
  });
});

describe('Fuel (spec §5.4)', () => {
  test('TC-03: flying 14L3 costs 3 fuel in phase 4', () => {
    const { game, fokker } = duel({ options: { opt_fuel: true }, fokker: [12, 6, 1], allied_at: [1, 2, 1] });
    answerAll(game, ['14L3', '2S2']);
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(37);
  });

  test('TC-36: reserve 2, chooses 3S3 (cost 3): spins (flies 0S2), reserve 0, 1 die (4) = 4 turns of glide only', () => {
    const { game, fokker } = duel({
      options: { opt_fuel: true }, fokker: [12, 6, 1], allied_at: [1, 2, 1], dice: [4, 5, 1],
      given: (g, ids) => setTrack(g, 'fuel_reserve', ids.fokker, 2),
    });
    answerAll(game, ['3S3', '2S2']);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3', '0S2']);
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(0);
    expect(getTrack(game, 'fuel_out_glide_turns', fokker)).toBe(4);
    expect(getVar(game, 'spinning', fokker)).toBe(false); // recovered on 5
    expect(labels(game)).toEqual(['40S0', '40L0', '40R0', '41S0', '41L0', '41R0', '0S2']);
  });

  test('TC-36 (end): on its last glide turn the out-of-fuel aircraft glides, then has landed (eliminated, not shot down)', () => {
    const { game, fokker } = duel({
      options: { opt_fuel: true }, fokker: [10, 6, 1], allied_at: [1, 2, 1],
      given: (g, ids) => { setTrack(g, 'fuel_reserve', ids.fokker, 0); setVar(g, 'fuel_out', ids.fokker, true); setTrack(g, 'fuel_out_glide_turns', ids.fokker, 1); },
    });
    expect(labels(game)).toEqual(['40S0', '40L0', '40R0', '41S0', '41L0', '41R0', '0S2']);
    answerAll(game, ['41S0', '2S2']);
    expect(getVar(game, 'flight_status', fokker)).toBe('landed');
    expect(game.result).toMatchObject({ winner: 'allies' });
  });

  test('§5.4.2-3: reserve 3, 3S3 with the Climb token costs 3 + 1 = 4: not enough fuel → spins (flies 0S2), reserve 0, no climb', () => {
    const { game, fokker } = duel({
      options: { opt_altitude: true, opt_fuel: true }, levels: [2, 3], fokker: [12, 6, 1], allied_at: [1, 2, 1], dice: [4, 5, 1],
      given: (g, ids) => setTrack(g, 'fuel_reserve', ids.fokker, 3),
    });
    answerAll(game, ['3S3', '2S2', 'climb', 'level']);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3', '0S2']);
    expect(logText(game)).toContain('Fokker Dr.I has not enough fuel for 3S3 with a climb (cost 4): it spins.');
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(0);
    expect(getTrack(game, 'fuel_out_glide_turns', fokker)).toBe(4);
    // A spinning aircraft does not climb; it loses 1 level in Resolution (spec §5.3.8): 3 → 2.
    expect(getTrack(game, 'altitude', fokker)).toBe(2);
  });

  test('§5.4.2 example "14L3 with a dive costs 2": reserve 2 is enough, the Fokker dives and flies 14L3, then runs out of fuel', () => {
    const { game, fokker } = duel({
      options: { opt_altitude: true, opt_fuel: true }, levels: [2, 4], fokker: [12, 6, 1], allied_at: [1, 2, 1], dice: [3],
      given: (g, ids) => setTrack(g, 'fuel_reserve', ids.fokker, 2),
    });
    answerAll(game, ['14L3', '2S2', 'dive', 'level']);
    expect(logText(game).some((t) => t.includes('has not enough fuel'))).toBe(false);
    expect(getVar(game, 'maneuver_log', fokker)).toEqual(['3S3', '14L3']);
    expect(getVar(game, 'spinning', fokker)).toBe(false);
    expect(getTrack(game, 'altitude', fokker)).toBe(3);
    expect(getTrack(game, 'fuel_reserve', fokker)).toBe(0);
    expect(getTrack(game, 'fuel_out_glide_turns', fokker)).toBe(3);
  });

  test('TC-37: a red Fuel Tank Hit removes 6 points (reserve 10, 2S2 costs 2 → 8 → 2)', () => {
    const { game, allied } = duel({
      options: { opt_fuel: true }, fokker: [10, 6, 2], allied_at: [14, 10, 4], dice: [6, 1, 1],
      given: (g, ids) => setTrack(g, 'fuel_reserve', ids.allied, 10),
    });
    stack(game, 'damage_b', ['b12']);
    answerAll(game, ['2S2', '2S2', 'Bristol F.2B #1', 'medium']);
    expect(getTrack(game, 'fuel_reserve', allied)).toBe(2);
  });
});
