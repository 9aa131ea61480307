/**
 * The Battle of Seattle — movement [5.0], stacking [5.2], reaction movement [5.1].
 * Spec: ../shared/specs/battle-of-seattle.md §6 BOS-T1, BOS-D8; rules 4.6-4.8.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../interpreter/runtime/game.ts';
import { answer, area, clearBoard, newGame, optionLabels, passUntil, piece, put, refreshMovers, run, where } from './helpers.ts';

const sorted = (xs: string[]) => [...xs].sort();

/** Turn 1 with event 22 (it does not touch movement), stopped at the first question of 2a. */
function atProtesterMovement(board: (g: Game) => void) {
  const g = newGame({}, 1, [2, 2]);
  passUntil(g, 'protester_movement');
  clearBoard(g);
  board(g);
  refreshMovers(g, 'protesters');
  return g;
}

describe('BOS-T1 — movement example [5.0]', () => {
  it('given a Group (MA 3) in International District and no Authority unit, its legal end areas are every area up to 3 transit lines away, Waterfront included', () => {
    const g = atProtesterMovement((b) => put(b, 'radicals', 'international_district'));
    const group = 'radicals_1';
    answer(g, 'Move a unit');
    expect(optionLabels(g)).toEqual(['Radicals #1']);
    answer(g, 'Radicals');
    // Along the printed chain: Kingdome (1), Pioneer Square (2), Waterfront (3); the other areas
    // within 3 lines come from the reconstructed map (spec G-1).
    expect(sorted(optionLabels(g))).toEqual(sorted([
      'Kingdome', 'Pioneer Square', 'Waterfront',
      'First Hill', 'City Hall / Federal Building', 'Convention Center', 'Capitol Hill',
      'Financial District', 'Niketown (6th & Pike)', 'Sheraton Hotel', 'Paramount Theatre',
    ]));
    // A 4th step is illegal: Pike Place Market is 4 lines away (… Waterfront – Pike Place Market).
    expect(optionLabels(g)).not.toContain('Pike Place Market');
    answer(g, 'Waterfront');
    expect(where(g, group)).toBe('waterfront');
  });

  it('variant: with an Authority unit in Kingdome, a Group entering Kingdome stops there, so Waterfront is out of reach', () => {
    const g = atProtesterMovement((b) => {
      put(b, 'radicals', 'international_district');
      put(b, 'spd', 'kingdome');
    });
    answer(g, 'Move a unit', 'Radicals');
    const labels = optionLabels(g);
    expect(labels).toContain('Kingdome');
    expect(labels).not.toContain('Waterfront');
    // Pioneer Square stays reachable only by the other route (First Hill – City Hall), 3 lines.
    expect(sorted(labels)).toEqual(sorted([
      'Kingdome', 'First Hill', 'City Hall / Federal Building', 'Convention Center', 'Capitol Hill',
      'Pioneer Square', 'Financial District', 'Niketown (6th & Pike)', 'Sheraton Hotel', 'Paramount Theatre',
    ]));
    answer(g, 'Kingdome');
    expect(where(g, 'radicals_1')).toBe('kingdome');
  });

  it('a unit starting with enemy units may leave (AMB-4) and stops in the first enemy-occupied area it enters', () => {
    const g = newGame();
    clearBoard(g);
    const [group] = put(g, 'anarchists', 'kingdome');
    put(g, 'spd', 'kingdome');
    put(g, 'spd', 'pioneer_square');
    const { value } = run(g, 'destinations', [piece(g, group!), 3]);
    const ids = (value as Array<{ id: string }>).map((a) => a.id);
    expect(ids).toContain('pioneer_square');
    expect(ids).not.toContain('waterfront');
    expect(ids).toContain('international_district');
  });

  it('moving is optional: passing ends the Movement Phase with nothing moved', () => {
    const g = atProtesterMovement((b) => put(b, 'radicals', 'international_district'));
    answer(g, 'Pass');
    expect(where(g, 'radicals_1')).toBe('international_district');
    expect(g.state.phase).not.toBe('protester_movement');
  });

  it('each unit moves once per Movement Phase', () => {
    const g = atProtesterMovement((b) => put(b, 'radicals', 'international_district', 2));
    answer(g, 'Move a unit', 'Radicals #1', 'Kingdome', 'Move a unit');
    expect(optionLabels(g)).toEqual(['Radicals #2']);
  });
});

describe('BOS-D8 — Crowd stacking [5.2]', () => {
  it('given 2 Crowds in an area, a third Crowd may not move in or be placed there; a Group may', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'organized_labour', 'westlake_center', 2);
    const [crowd] = put(g, 'progressives', 'niketown');
    const [group] = put(g, 'radicals', 'niketown');
    const ids = (v: unknown) => (v as Array<{ id: string }>).map((a) => a.id);
    expect(ids(run(g, 'destinations', [piece(g, crowd!), 1]).value)).not.toContain('westlake_center');
    expect(ids(run(g, 'destinations', [piece(g, group!), 3]).value)).toContain('westlake_center');
    // Placement as a reinforcement: Westlake Center is not offered to a Crowd, is to a Group.
    const room = run(g, 'placement_room').value;
    const crowdPlacement = run(g, 'place_protester_reinforcement', [piece(g, 'environmentalists_1'), room], ['Decline']);
    expect(crowdPlacement.asked[0]!.labels).not.toContain('Westlake Center');
    const groupPlacement = run(g, 'place_protester_reinforcement', [piece(g, 'anarchists_1'), room], ['Decline']);
    expect(groupPlacement.asked[0]!.labels).toContain('Westlake Center');
  });

  it('a Crowd placed in an area holding one Crowd fills it for the next placement', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'organized_labour', 'belltown');
    const room = run(g, 'placement_room').value;
    run(g, 'place_protester_reinforcement', [piece(g, 'progressives_1'), room], ['Belltown']);
    const next = run(g, 'place_protester_reinforcement', [piece(g, 'progressives_2'), room], ['Decline']);
    expect(next.asked[0]!.labels).not.toContain('Belltown');
  });

  it('Protester reinforcements never go where Authority units are [4.2]', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'spd', 'belltown');
    const room = run(g, 'placement_room').value;
    const r = run(g, 'place_protester_reinforcement', [piece(g, 'radicals_1'), room], ['Decline']);
    expect(r.asked[0]!.labels).not.toContain('Belltown');
    expect(r.asked[0]!.labels).toContain('Decline');
    expect(area(g, 'belltown').id).toBe('belltown');
  });
});

describe('Reserve Pool and Reaction Movement [5.0, 5.1]', () => {
  it('in its Movement Phase the Authority may send a map unit into the Reserve Pool or bring a Pool unit to any area', () => {
    const g = newGame({}, 2, [2, 2]);
    passUntil(g, 'authority_movement');
    clearBoard(g);
    put(g, 'spd', 'kingdome');
    put(g, 'spd', 'reserve_pool');
    refreshMovers(g, 'authority');
    answer(g, 'Move a unit', 'Seattle Police Department #1');
    expect(optionLabels(g)).toContain('Reserve Pool');
    answer(g, 'Reserve Pool', 'Move a unit', 'Seattle Police Department #2');
    expect(optionLabels(g)).toHaveLength(17);
    answer(g, 'Seattle Center');
    expect(where(g, 'spd_1')).toBe('reserve_pool');
    expect(where(g, 'spd_2')).toBe('seattle_center');
  });

  it('Protester reaction: only Groups, one area each, up to the Reaction Movement Limit (own Exposure)', () => {
    const g = newGame({}, 3, [2, 2]);
    passUntil(g, 'authority_movement');
    clearBoard(g);
    g.state.tracks.exposure_protesters = 46; // RML 2
    put(g, 'radicals', 'kingdome', 3);
    put(g, 'organized_labour', 'kingdome');
    answer(g, 'Pass');
    expect(g.state.phase).toBe('protester_reaction');
    expect(g.pending!.prompt).toContain('2 points left');
    answer(g, 'React with a Group');
    expect(optionLabels(g)).toEqual(['Radicals #1', 'Radicals #2', 'Radicals #3']);
    answer(g, 'Radicals #1');
    expect(sorted(optionLabels(g))).toEqual(['International District', 'Pioneer Square']);
    answer(g, 'Pioneer Square', 'React with a Group', 'Radicals #2', 'International District');
    // The limit is reached: the phase is over.
    expect(g.state.phase).not.toBe('protester_reaction');
    expect(where(g, 'radicals_3')).toBe('kingdome');
  });

  it('events 21 and 25 stop Anarchists and Environmentalists moving, reaction movement included (AMB-22)', () => {
    const g = newGame();
    clearBoard(g);
    put(g, 'anarchists', 'kingdome');
    put(g, 'radicals', 'kingdome');
    g.state.vars.step_serial = 1; // a Movement Phase has started
    g.state.vars.event = 'the_boys_are_divided';
    const movers = (run(g, 'protester_movers').value as Array<{ id: string }>).map((u) => u.id);
    expect(movers).toEqual(['radicals_1']);
    const reactors = (run(g, 'protester_reactors').value as Array<{ id: string }>).map((u) => u.id);
    expect(reactors).toEqual(['radicals_1']);
    g.state.vars.event = 'oops_my_costume_ripped';
    put(g, 'environmentalists', 'belltown');
    expect((run(g, 'protester_movers').value as Array<{ id: string }>).map((u) => u.id)).toEqual(['anarchists_1', 'radicals_1']);
  });
});
