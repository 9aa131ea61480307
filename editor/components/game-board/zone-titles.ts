/**
 * The zone boxes the board shows below the map, by key and title, and which of them hold a
 * question's options. No DOM: the decision panel's hint and the unit tests use it.
 */
import type { BoardModel, SeatState } from '../../play/protocol.ts';

export interface ZoneBox {
  key: string;
  title: string;
}

/** Every zone box the board shows: one per player or side for `per:` zones, by key, with its title. */
export function zoneBoxesOf(board: BoardModel, state: Pick<SeatState, 'players'>): ZoneBox[] {
  return board.zones.flatMap((z) => {
    if (z.per === 'player') return state.players.map((p) => ({ key: `${z.id}@${p.id}`, title: `${z.name} — ${p.name}` }));
    if (z.per === 'side') return board.sides.map((s) => ({ key: `${z.id}@${s.id}`, title: `${z.name} — ${s.name}` }));
    return [{ key: z.id, title: z.name }];
  });
}

/**
 * The zone boxes (below the map) that hold a question's options, by title, in the order the board
 * shows them: pieces lying in a zone, or zones offered as such. Empty when every option is on the
 * map, where the highlights are in sight.
 */
export function optionZones(board: BoardModel, state: Pick<SeatState, 'players' | 'pieces'>, targets: ReadonlyArray<{ kind: string; id: string } | null>): string[] {
  const keys = new Set<string>();
  const at = new Map(state.pieces.map((p) => [p.id, p.at]));
  for (const t of targets) {
    if (t?.kind === 'zone') keys.add(t.id);
    if (t?.kind === 'piece') {
      const place = at.get(t.id);
      if (place) keys.add(place);
    }
  }
  return zoneBoxesOf(board, state).filter((z) => keys.has(z.key)).map((z) => z.title);
}
