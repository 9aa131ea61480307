/** The choices made before a game starts, and their defaults from the ruleset. */
import { optionValueOk } from '../../../interpreter/runtime/options.ts';
export { optionGroups, optionsInOrder } from '../../../interpreter/runtime/options.ts';
import type { BoardModel, GameSetupData, SeatKind } from '../../play/protocol.ts';

export interface SetupValue {
  players: number;
  options: Record<string, boolean | number | string>;
  seed: string;
  /** Who plays each seat, by seat (p1 first). */
  seats: SeatKind[];
  /** Milliseconds between bot moves; -1: bots move only when asked (step by step). */
  delay: number;
}

export const SPEEDS: ReadonlyArray<{ delay: number; label: string }> = [
  { delay: -1, label: 'Step by step' },
  { delay: 1000, label: 'Slow (1 s a move)' },
  { delay: 300, label: 'Steady (0.3 s a move)' },
  { delay: 50, label: 'Fast (50 ms a move)' },
  { delay: 0, label: 'Fastest' },
];

/**
 * Who plays the seats after the first in a new playtest: a bot that plays to win (a playtest
 * against random moves says little about the rules). Simulations start with Random bots, which
 * finish a game in milliseconds where a search bot takes seconds to minutes.
 */
export const PLAYTEST_OPPONENT: SeatKind = 'normal';

/**
 * The ruleset's defaults, keeping what still fits of a previous value (seed, seats, speed). A new
 * game's first seat is a person's, the others `opponent`'s.
 */
export function defaultSetup(board: BoardModel, previous?: SetupValue, opponent: SeatKind = 'bot'): SetupValue {
  const players = previous && previous.players >= board.players.min && previous.players <= board.players.max ? previous.players : board.players.default;
  const options: SetupValue['options'] = {};
  for (const o of board.options) {
    const kept = previous?.options[o.id];
    options[o.id] = optionValueOk(o, kept) ? kept : o.default;
  }
  const seats = Array.from({ length: players }, (_, i) => previous?.seats[i] ?? (i === 0 ? 'human' : opponent));
  return { players, options, seed: previous?.seed ?? '1', seats, delay: previous?.delay ?? 300 };
}

/**
 * The game an entry belongs to: its folder under `rulesets/` (a variant's is its base's). A setup
 * is carried from one ruleset to the next only within a game: another game starts from its own
 * defaults (a walk found a 3-player game opened for 2, with the last game's Easy bot in a seat).
 */
export function sameGame(a: string | undefined, b: string): boolean {
  const game = (entry: string) => entry.split('/').slice(0, 2).join('/');
  return a !== undefined && a !== '' && game(a) === game(b);
}

/** The setup the interpreter gets (and a replay records): only options that differ from the defaults. */
export function gameSetup(board: BoardModel, value: SetupValue): GameSetupData {
  const options: Record<string, unknown> = {};
  for (const o of board.options) if (value.options[o.id] !== undefined && value.options[o.id] !== o.default) options[o.id] = value.options[o.id];
  return { seed: value.seed, players: value.players, ...(Object.keys(options).length ? { options } : {}) };
}

/** Seat ids and what they are called: `p1 — Protesters`. */
export function seatNames(board: BoardModel, players: number): Array<{ id: string; label: string }> {
  return Array.from({ length: players }, (_, i) => {
    const side = board.sides.length ? board.sides[i % board.sides.length] : undefined;
    return { id: `p${i + 1}`, label: side ? `Player ${i + 1} — ${side.name}` : `Player ${i + 1}` };
  });
}

/** What an option's `requires` asks, by the other options' names: "Altitude", "Glide below level 1: landed". */
export function requirementText(board: BoardModel, o: { requires?: Record<string, boolean | number | string> }): string {
  return Object.entries(o.requires ?? {}).map(([id, want]) => {
    const other = board.options.find((x) => x.id === id);
    const name = other?.name ?? id;
    if (want === true) return name;
    if (want === false) return `${name} off`;
    return `${name}: ${String(want)}`;
  }).join(' and ');
}

/**
 * An option's tooltip: what it needs (when it does not apply), its description, its note (which
 * reading the ruleset recommends) and its provenance, one paragraph each.
 */
export function optionTitle(o: { description?: string; note?: string; assumption?: string; source?: string }, why: string): string {
  const lines = [why, o.description, o.note, o.assumption ? `Assumed: ${o.assumption}` : '', o.source ? `Rulebook: ${o.source}` : ''];
  return lines.filter((l): l is string => Boolean(l)).map((l) => l.trim()).join('\n');
}
