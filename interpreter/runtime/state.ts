import type { RngState } from './rng.ts';

/** Version of the game-state format; bump when its shape changes. */
export const STATE_FORMAT = 2;

/**
 * The whole game as plain JSON data: serialisable, diffable, and the only thing that changes while
 * a game runs (the compiled program is frozen and shared across games).
 */
export interface GameState {
  format: number;
  rng: RngState;
  round: number;
  phase: string | null;
  /** The acting player and side (ids), if any. */
  active: { player: string | null; side: string | null };
  players: PlayerState[];
  options: Record<string, boolean | number | string>;
  /** Global tracks and variables by id; per-entity ones as `{ entityId: value }`. */
  tracks: Record<string, number | Record<string, number>>;
  vars: Record<string, unknown>;
  pieces: Record<string, PieceState>;
  /** Ordered contents of zones (piece or card ids); per-player/side zones are `zone@owner`. */
  zones: Record<string, string[]>;
  decks: Record<string, { draw: string[]; discard: string[] }>;
  cards: Record<string, CardState>;
  /** The players' order this round (ids), once the flow has set it. */
  turnOrder: string[] | null;
  /** Decisions answered so far (the replay). */
  decisions: unknown[];
  ended: { result: unknown } | null;
}

export interface PlayerState {
  id: string;
  seat: number;
  side: string | null;
  name: string;
}

export interface PieceState {
  type: string;
  /** Area id, hex id, zone key, or null while in the box (not in play). */
  at: string | null;
  owner: string | null;
  facing: number | null;
  flipped: boolean;
  /** Hidden from other sides until revealed. */
  hidden: boolean;
  /** Sides a hidden piece was shown to (`reveal p to side`); gone once it is revealed or hidden again. */
  shown_to?: string[];
  /** Props changed during play (overrides of the piece type's props). */
  props: Record<string, unknown>;
}

export interface CardState {
  deck: string;
  /** Card definition id within its deck. */
  def: string;
  /** `draw`/`discard` of its deck, a zone key, or `out` (removed from the game). */
  at: string;
  owner: string | null;
  /** Shown to every seat (`reveal c`) where it lies, until it moves or its pile is shuffled. */
  shown?: boolean;
  /** Whom it was shown to (`reveal c to x`: `player:p2`, `side:red`), until it moves or its pile is shuffled. */
  shown_to?: string[];
}

/** Key of a zone instance: `hand@p1` for per-player zones, `reserve` for global ones. */
export const zoneKey = (zone: string, owner?: string | null): string => (owner ? `${zone}@${owner}` : zone);
