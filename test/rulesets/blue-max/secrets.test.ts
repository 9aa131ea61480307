/**
 * Blue Max's private record sheet (spec §4.20.8): the maneuver a pilot writes, damage, fuel,
 * ammunition, guns and timers are declared `visibility: owner`. Through random games with every
 * optional rule, no other seat's view holds another aircraft's written maneuver before it is
 * flown, or its private numbers, in state or log.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../../interpreter/agents/index.ts';
import { loadProgram, startGame } from '../../helpers/ruleset.ts';

const program = loadProgram('rulesets/blue-max');
const OPTIONS = { opt_lewis: true, opt_observer: true, opt_altitude: true, opt_fuel: true };
const PRIVATE_TRACKS = ['damage_fuselage', 'damage_engine', 'damage_wings', 'damage_tail', 'fuel_reserve', 'ammunition', 'guns_pilot_left'];

describe('Blue Max: the record sheet stays private', () => {
  test.each([1, 2])('seed %i, 4 players: written maneuvers and private tracks of other aircraft are never in a view', (seed) => {
    const game = startGame(program, { seed, players: 4, options: OPTIONS });
    const agent = new RandomAgent(seed);
    let hiddenWritten = 0;
    for (let i = 0; i < 2_000 && game.pending; i++) {
      for (const viewer of game.state.players) {
        const view = game.view(viewer.id);
        const written = view.state.vars.chosen_maneuver as Record<string, unknown>;
        for (const [id, p] of Object.entries(game.state.pieces)) {
          if (!p.type || p.owner === null || p.owner === viewer.id || !(id in written)) continue;
          expect(written[id], `decision ${i}: ${viewer.id} reads ${id}'s maneuver`).toBe('?');
          for (const t of PRIVATE_TRACKS) expect((view.state.tracks[t] as Record<string, unknown>)[id], `${t} of ${id}`).toBe('?');
          if ((game.state.vars.chosen_maneuver as Record<string, string>)[id] !== '') hiddenWritten++;
        }
        // No line telling another aircraft's private value reaches this seat.
        for (const e of view.log) {
          const d = e.data as { variable?: string; track?: string; owner?: string } | undefined;
          const id = d?.owner;
          if (!id || !game.state.pieces[id] || game.state.pieces[id]!.owner === viewer.id) continue;
          expect(d!.variable === 'chosen_maneuver' || PRIVATE_TRACKS.includes(d!.track ?? ''), `line ${e.n} to ${viewer.id}: ${e.text}`).toBe(false);
        }
      }
      game.answer(agent.choose(game.pending));
    }
    // Other aircraft had written maneuvers while someone was still choosing: the check above had teeth.
    expect(hiddenWritten).toBeGreaterThan(0);
  });
});
