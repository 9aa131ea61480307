/**
 * The Battle of Seattle — random events [3.2, 4.1, T-EVENTS].
 * Spec: ../shared/specs/battle-of-seattle.md §6 BOS-T2, BOS-D7; §5.3; AMB-1, AMB-13…AMB-16, AMB-22…AMB-25.
 */
import { describe, expect, it } from 'vitest';
import {
  answer, clearBoard, contents, forceDice, logSince, newGame, optionLabels, passUntil, passive, put, run, setTrack, setVar, track, where,
} from './helpers.ts';

/** The d66 rows of [T-EVENTS] (spec §5.3), by event id. */
const ROWS: Array<[number[], string]> = [
  [[11, 12, 13, 14, 15, 16], 'random_reinforcements'],
  [[21], 'the_boys_are_divided'],
  [[22], 'angry_feminists_united'],
  [[23], 'lunch_break'],
  [[24], 'folk_music_festival'],
  [[25], 'oops_my_costume_ripped'],
  [[26], 'hey_beavis'],
  [[31, 32], 'go_slow'],
  [[33, 34], 'quick_reaction'],
  [[35, 36], 'solidarity_forever'],
  [[41, 42], 'factional_friction'],
  [[43, 44], 'non_violent_protest'],
  [[45, 46], 'pointing_fingers'],
  [[51, 52, 53], 'attrition'],
  [[54, 55, 56], 'bureaucracy'],
  [[61, 62], 'mayor_denounces_protesters'],
  [[63, 64], 'clinton_admits_point'],
  [[65, 66], 'lost_munitions_key'],
];

describe('BOS-T2 — the d66 example [4.1]', () => {
  it('a 4 then a 6 is 46: event 45-46 "Pointing Fingers of the Crowd", in force for the rest of the turn', () => {
    const g = newGame({}, 1, [4, 6]);
    passUntil(g, 'authority_movement');
    expect(g.log.some((e) => e.kind === 'roll' && e.text === 'd66: 46 (4+6)')).toBe(true);
    expect(g.log.some((e) => e.text.startsWith('Random Events Table: row 45-46'))).toBe(true);
    expect(g.state.vars.event).toBe('pointing_fingers');
    // Later this turn: an SPD attacking only a Group, in an area that also holds a Crowd, doubles.
    clearBoard(g);
    put(g, 'spd', 'belltown');
    put(g, 'radicals', 'belltown');
    put(g, 'progressives', 'belltown');
    answer(g, 'Pass');
    const from = g.log.length;
    forceDice(g, 1, 1);
    answer(g, 'Declare an attack', 'Belltown', 'Seattle Police Department #1', 'Radicals #1', []);
    expect(logSince(g, from)).toContain('Attack strength [6.2]: Seattle Police Department 4 x2 pointing_fingers = 8');
  });

  it('option event_roll = sum_2d6 (the literal [3.2]): 4 + 6 = 10 is on no row, so no event', () => {
    const g = newGame({ event_roll: 'sum_2d6' }, 1, [4, 6]);
    passUntil(g, 'authority_movement');
    expect(g.state.vars.event).toBe('none');
    expect(g.log.some((e) => e.text.includes('A sum of 10 (4+6) is on no row'))).toBe(true);
  });
});

describe('[T-EVENTS] every d66 result', () => {
  for (const [results, id] of ROWS) {
    for (const r of results) {
      it(`${r} is ${id}`, () => {
        const g = newGame({}, r);
        clearBoard(g);
        put(g, 'progressives', 'belltown');
        put(g, 'organized_labour', 'kingdome');
        put(g, 'spd', 'waterfront');
        setTrack(g, 'exposure_protesters', 20);
        // 11-16 and 26 roll one more die; Solidarity Forever (forced reading only) none by default.
        const extra = id === 'random_reinforcements' || id === 'hey_beavis' ? [3] : [];
        run(g, 'resolve_random_event', [], [], [Math.floor(r / 10), r % 10, ...extra], passive);
        expect(g.state.vars.event).toBe(id);
      });
    }
  }

  it('61-62 gives the Authority +10, 63-64 the Protesters +10', () => {
    const g = newGame();
    run(g, 'resolve_random_event', [], [], [6, 1]);
    expect(track(g, 'exposure_authority')).toBe(40);
    run(g, 'resolve_random_event', [], [], [6, 4]);
    expect(track(g, 'exposure_protesters')).toBe(10);
  });
});

describe('BOS-D7 — 11-16 Random Reinforcements', () => {
  it('d66 = 13, Protesters 20, Authority 35, the Protester rolls 5: 3 units, Groups only, chosen by the Protester player', () => {
    const g = newGame({}, 1, [1, 3, 5]);
    setTrack(g, 'exposure_protesters', 20);
    setTrack(g, 'exposure_authority', 35);
    passUntil(g, 'random_event');
    expect(g.log.some((e) => e.text === 'Random Reinforcements: 3 unit(s), Groups only')).toBe(true);
    expect(optionLabels(g)).toEqual(['Anarchists', 'Radicals', 'Opportunists']);
    answer(g, 'Anarchists', 'Belltown', 'Radicals', 'Belltown', 'Radicals');
    expect(g.pending!.prompt).toContain('place Radicals');
    answer(g, 'Waterfront');
    expect(contents(g, 'belltown')).toEqual(['anarchists', 'radicals']);
    expect(contents(g, 'waterfront')).toEqual(['radicals']);
  });

  it('with Exposure at least the Authority\'s, Crowds may be chosen too', () => {
    const g = newGame();
    setTrack(g, 'exposure_protesters', 35);
    const r = run(g, 'event_random_reinforcements', [], ['Progressives', 'Decline'], [1]);
    expect(r.asked[0]!.labels).toEqual(['Anarchists', 'Radicals', 'Opportunists', 'Organized Labour', 'Progressives', 'Environmentalists']);
  });
});

describe('Events with lasting effects', () => {
  it('24 Folk Music Festival: the Progressives leave until the next morning (turn 1 -> 5), none is drawn meanwhile, then they come back as reinforcements', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'progressives', 'belltown', 2);
    run(g, 'apply_event', ['folk_music_festival']);
    expect(contents(g, 'festival_set_aside')).toEqual(['progressives', 'progressives']);
    expect(g.state.vars.festival_return_turn).toBe(5);
    const crowds = (run(g, 'drawable', ['crowd', false]).value as Array<{ id: string }>).map((u) => u.id);
    expect(crowds.some((id) => id.startsWith('progressives'))).toBe(false);
    setTrack(g, 'game_turn', 5);
    run(g, 'scheduled_returns', [], ['Belltown', 'Decline']);
    expect(contents(g, 'belltown')).toEqual(['progressives']);
    expect(where(g, 'progressives_2')).toBe('protester_crowds_pile');
    expect(g.state.vars.festival_return_turn).toBe(0);
  });

  it('24 rolled on a morning turn: the Progressives coming back from the night go to the festival too, until the next day', () => {
    const g = newGame();
    clearBoard(g);
    setTrack(g, 'game_turn', 5);
    put(g, 'progressives', 'belltown');
    put(g, 'organized_labour', 'belltown');
    for (const id of ['progressives_1', 'organized_labour_1']) g.state.pieces[id]!.at = 'night_set_aside';
    run(g, 'apply_event', ['folk_music_festival']);
    expect(g.state.vars.festival_return_turn).toBe(9);
    run(g, 'scheduled_returns', [], ['Kingdome']);
    expect(contents(g, 'kingdome')).toEqual(['organized_labour']);
    expect(where(g, 'progressives_1')).toBe('festival_set_aside');
  });

  it('24 during a night turn: back on the next morning too (turn 4 -> 5)', () => {
    const g = newGame();
    setTrack(g, 'game_turn', 4);
    run(g, 'apply_event', ['folk_music_festival']);
    expect(g.state.vars.festival_return_turn).toBe(5);
  });

  it('26 Hey Beavis: 1d6 Opportunists arrive as reinforcements', () => {
    const g = newGame();
    clearBoard(g);
    run(g, 'apply_event', ['hey_beavis'], ['Belltown', 'Kingdome'], [2]);
    expect(contents(g, 'belltown')).toEqual(['opportunists']);
    expect(contents(g, 'kingdome')).toEqual(['opportunists']);
  });

  it('51-53 Attrition: the Protester player removes one Crowd of his choice, eliminated, no Exposure change', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'progressives', 'belltown');
    put(g, 'organized_labour', 'kingdome');
    run(g, 'apply_event', ['attrition'], ['Organized Labour #1']);
    expect(where(g, 'organized_labour_1')).toBe('eliminated');
    expect(track(g, 'exposure_protesters')).toBe(0);
  });

  it('54-56 Bureaucracy: one SPD of the Authority\'s choice (map, Reserve Pool or available) leaves the game', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'spd', 'reserve_pool');
    const r = run(g, 'apply_event', ['bureaucracy'], ['Seattle Police Department #1']);
    expect(r.asked[0]!.labels).toHaveLength(15);
    expect(where(g, 'spd_1')).toBe('eliminated');
    expect(track(g, 'exposure_authority')).toBe(30);
  });

  it('35-36 Solidarity Forever (RECOMMENDED reading): no check now, +1 MF on every Protester Morale Check this turn', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'progressives', 'belltown');
    const from = g.log.length;
    run(g, 'apply_event', ['solidarity_forever']);
    expect(contents(g, 'belltown')).toEqual(['progressives']);
    expect(logSince(g, from)).toContain('This turn every Protester Morale Check uses MF + 1 [6.4]');
  });

  it('23 Lunch Break: Organized Labour may not move or attack in the Protester player-turn, but defends normally', () => {
    const g = newGame();
    clearBoard(g);
    setVar(g, 'step_serial', 1);
    setVar(g, 'event', 'lunch_break');
    put(g, 'organized_labour', 'belltown');
    put(g, 'radicals', 'belltown');
    put(g, 'spd', 'belltown');
    const ids = (v: unknown) => (v as Array<{ id: string }>).map((u) => u.id);
    expect(ids(run(g, 'protester_movers').value)).toEqual(['radicals_1']);
    expect(ids(run(g, 'attack_candidates', [g.rt.ref('side', 'protesters'), g.rt.ref('area', 'belltown')]).value)).toEqual(['radicals_1']);
    expect(ids(run(g, 'target_candidates', [g.rt.ref('side', 'authority'), g.rt.ref('area', 'belltown')]).value)).toEqual(['radicals_1', 'organized_labour_1']);
  });
});
