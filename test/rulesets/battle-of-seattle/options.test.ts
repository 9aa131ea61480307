/**
 * The Battle of Seattle — the contested readings kept as options (spec §8): each alternative
 * plays, and the ones that change the sequence of play do what their reading says.
 */
import { describe, expect, it } from 'vitest';
import { RandomAgent, playWith } from '../../../interpreter/agents/index.ts';
import { answer, clearBoard, newGame, optionLabels, passive, passUntil, piece, program, put, run, setTrack, setVar, where } from './helpers.ts';

describe('every alternative reading plays whole random games', () => {
  it('all non-default option values at once (and without the literal [5.1], so reactions happen), 3 seeds each', () => {
    const options = program().data.options as Record<string, { type: string; default: unknown; values?: string[] }>;
    const all: Record<string, unknown> = {};
    for (const [id, o] of Object.entries(options)) {
      all[id] = o.type === 'boolean' ? !o.default : (o.values ?? []).find((v) => v !== o.default);
    }
    const withReactions = { ...all, reaction_movement_reading: 'non_phasing_player' };
    const failures: string[] = [];
    for (const [i, config] of [all, withReactions].entries()) {
      for (let seed = 1; seed <= 3; seed++) {
        const r = playWith(program(), { seed: `alt${i}-${seed}`, options: config }, { p1: new RandomAgent(`a${i}${seed}`), p2: new RandomAgent(`b${i}${seed}`) }, { log: 'none' });
        if ('problems' in r) throw new Error(JSON.stringify(r.problems));
        if (r.game.status !== 'ended' || r.stopped) failures.push(`${i}/${seed}: ${JSON.stringify(r.stopped ?? r.game.error)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('readings that change the sequence of play', () => {
  it('reaction_movement_timing = before_movement (the literal [5.1]): the Authority reacts before the Protester Movement Phase', () => {
    const g = newGame({ reaction_movement_timing: 'before_movement' }, 1, [2, 1]);
    passUntil(g, 'authority_reaction_first');
    expect(g.pending!.prompt).toBe('Choose an action (1 point left)');
  });

  it('reaction_movement_reading = phasing_player_restricted (the literal [5.1]): no reaction phases, the phasing player leaves RML units unmoved', () => {
    const g = newGame({ reaction_movement_reading: 'phasing_player_restricted' });
    setTrack(g, 'exposure_protesters', 46); // RML 2
    clearBoard(g);
    put(g, 'radicals', 'belltown', 3);
    expect(run(g, 'movement_points', [g.rt.ref('side', 'protesters')]).value).toBe(1);
    const played = playWith(program(), { seed: 1, options: { reaction_movement_reading: 'phasing_player_restricted' } }, { name: 'passive', choose: passive });
    if ('problems' in played) throw new Error('setup refused');
    const phases = played.game.log.filter((e) => e.kind === 'phase').map((e) => e.phase);
    expect(phases).toContain('protester_movement');
    expect(phases).not.toContain('authority_reaction');
    expect(phases).not.toContain('authority_reaction_first');
  });

  it('leaving_enemy_area = must_leave (the literal [5.0]): units that started with enemies and did not move must leave', () => {
    const g = newGame({ leaving_enemy_area: 'must_leave' }, 1, [2, 1]);
    passUntil(g, 'protester_movement');
    clearBoard(g);
    put(g, 'radicals', 'kingdome');
    put(g, 'spd', 'kingdome');
    // The list of units that must leave is taken when the phase starts; set it as it would be.
    setVar(g, 'must_leave', [{ $ref: 'piece', id: 'radicals_1' }]);
    answer(g, 'Pass');
    // The forced departures are the Movement Phase's `on_exit` (no longer a step of their own).
    expect(g.state.phase).toBe('protester_movement');
    expect(optionLabels(g)).toContain('Waterfront');
    expect(optionLabels(g)).not.toContain('Kingdome');
    answer(g, 'Waterfront');
    expect(where(g, 'radicals_1')).toBe('waterfront');
  });

  it('faction_events_restrict_reaction: during 43-44 the Protesters\' Crowds do not make return rolls; during 41-42 only the largest faction does', () => {
    const g = newGame({ faction_events_restrict_reaction: true });
    clearBoard(g);
    const ids = [...put(g, 'radicals', 'belltown'), ...put(g, 'anarchists', 'belltown', 2), ...put(g, 'progressives', 'belltown')];
    const targets = ids.map((id) => piece(g, id));
    const A = g.rt.ref('side', 'authority');
    const names = (v: unknown) => (v as Array<{ id: string }>).map((u) => u.id);
    setVar(g, 'event', 'non_violent_protest');
    expect(names(run(g, 'return_units', [A, targets]).value)).toEqual(['radicals_1', 'anarchists_1', 'anarchists_2']);
    setVar(g, 'event', 'factional_friction');
    expect(names(run(g, 'return_units', [A, targets]).value)).toEqual(['anarchists_1', 'anarchists_2']);
    // When the Protesters attack, the Authority's return roll is never restricted.
    expect(names(run(g, 'return_units', [g.rt.ref('side', 'protesters'), targets]).value)).toHaveLength(4);
  });

  it('morale_check_chooser = phasing_player: in the Authority Combat Phase the Authority picks which of its own units checks', () => {
    const g = newGame({ morale_check_chooser: 'phasing_player' });
    clearBoard(g);
    const ids = put(g, 'spd', 'belltown', 2);
    g.state.active = { player: 'p2', side: 'authority' };
    const r = run(g, 'apply_result', ['VM', g.rt.ref('side', 'protesters'), ids.map((id) => piece(g, id))], [0], [1]);
    expect(r.asked[0]!.player).toBe('p2');
  });

  it('opportunists_in_group_pile = false: Opportunists are never drawn at random, but events 26 and 11-16 bring them', () => {
    const g = newGame({ opportunists_in_group_pile: false });
    clearBoard(g);
    const drawable = (run(g, 'drawable', ['group', false]).value as Array<{ id: string }>).map((u) => u.id);
    expect(drawable.some((id) => id.startsWith('opportunists'))).toBe(false);
    expect(drawable).toHaveLength(20);
    const chosen = run(g, 'event_random_reinforcements', [], ['Opportunists', 'Belltown'], [1]);
    expect(chosen.asked[0]!.labels).toContain('Opportunists');
  });
});
