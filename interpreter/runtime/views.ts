import type { DecisionRequest } from './decisions.ts';
import type { Game } from './game.ts';
import type { LogEntry } from './log.ts';
import type { GameState } from './state.ts';

/** A seat's view: the state with what it may not see redacted, its log, and its own question. */
export interface GameView {
  player: string | null;
  state: GameState;
  log: LogEntry[];
  pending: DecisionRequest | null;
}

const HIDDEN = '?';

/**
 * Redaction rules: pieces hidden from other sides show no type or props; zones visible only to
 * their owner (or to nobody) show only how many things they hold; draw piles show only their
 * size; secret decisions and log lines addressed to another seat are left out. `player: null` is
 * the spectator (sees only public information).
 */
export function viewFor(game: Game, player: string | null): GameView {
  const s = game.state;
  const me = s.players.find((p) => p.id === player);
  const state: GameState = structuredClone(s);
  state.rng = [0, 0, 0, 0];
  for (const id of Object.keys(state.pieces)) {
    const p = state.pieces[id]!;
    const side = game.rt.def('pieces', p.type)?.side;
    if (p.hidden && (!me || (side !== undefined && side !== me.side))) {
      p.type = HIDDEN;
      p.props = {};
    }
  }
  const zones = game.program.data.zones ?? {};
  for (const key of Object.keys(state.zones)) {
    const [zone, owner] = key.split('@');
    const vis = zones[zone!]?.visibility ?? 'public';
    const mine = owner !== undefined && (owner === player || owner === me?.side);
    if (vis === 'hidden' || (vis === 'owner' && !mine)) state.zones[key] = state.zones[key]!.map(() => HIDDEN);
  }
  for (const deck of Object.values(state.decks)) deck.draw = deck.draw.map(() => HIDDEN);
  for (const [id, c] of Object.entries(state.cards)) {
    if (c.at === 'draw' || state.zones[c.at]?.includes(HIDDEN)) state.cards[id] = { ...c, def: HIDDEN };
  }
  state.decisions = [];
  const log = game.log.filter((e) => !e.visibleTo || e.visibleTo === player || (me?.side != null && e.visibleTo === me.side));
  const pending = game.pending && (game.pending.player === player || !game.pending.secret) ? game.pending : null;
  return { player, state, log, pending };
}
