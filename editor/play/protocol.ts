/**
 * Messages between the editor and the workers that run games (playtest, scenarios, simulation).
 * Plain data only (structured clone): the main thread never loads the interpreter. Entities in
 * decisions arrive as `{ kind, id }` targets, script positions as file locations.
 */
import type { ReplayFile } from '../../interpreter/analysis/replay-file.ts';
import type { Diagnostic, Location, Range } from '../validator/protocol.ts';

/** What a ruleset gives the board, the setup form and the charts; read from the compiled data. */
export interface BoardModel {
  entry: string;
  /** The program hash (the rules a game or replay was played with). */
  hash: string;
  name: string;
  players: { min: number; max: number; default: number };
  sides: Array<{ id: string; name: string; color?: string }>;
  options: OptionModel[];
  areas: AreaModel[];
  links: Array<{ from: string; to: string; type: string | null; directed: boolean }>;
  /** Link types in declaration order (the order picks their drawing style). */
  linkTypes: Array<{ id: string; name: string }>;
  areaTypes: Array<{ id: string; name: string }>;
  grid?: GridModel;
  pieceTypes: Record<string, PieceTypeModel>;
  zones: Array<{ id: string; name: string; per: 'player' | 'side' | 'global'; visibility: string }>;
  /** Card names by deck and card definition id. */
  cards: Record<string, Record<string, string>>;
  tracks: Array<{ id: string; name: string; per: string }>;
  /** Each named phase's (and nested step's) name by id, for the game's status line (`runtime/log-reading.ts` flowNames). */
  phases: Record<string, string>;
  /** Whether the ruleset has a `scenario` setup step (written by the scenario editor). */
  scenario: boolean;
}

export interface OptionModel {
  id: string;
  name: string;
  description?: string;
  type: 'boolean' | 'number' | 'choice';
  default: boolean | number | string;
  values?: string[];
  min?: number;
  max?: number;
  /** Other options' values it matters with (`requires:`); without them the game uses its default. */
  requires?: Record<string, boolean | number | string>;
  /** Provenance, shown with the description: where the rulebook says it, what is assumed, a note. */
  source?: string;
  assumption?: string;
  note?: string;
}

export interface AreaModel {
  id: string;
  name: string;
  /** The drawing position from `at`, if given. */
  at?: [number, number];
  type?: string;
  /** `props.shape` of the area or its type: `hexagon`, `square`, else a circle. */
  shape: 'circle' | 'hexagon' | 'square';
}

export interface GridModel {
  columns: number;
  rows: number;
  orientation: 'flat' | 'pointy';
  offset: 'odd' | 'even';
  label?: string;
  facingOrigin?: 'north' | 'north-east' | 'east';
  /**
   * The hexes' first text prop (`map.grid.props.terrain`), to tint the board by: its values, the
   * default first, and the index of each hex that differs, by label.
   */
  terrain?: { prop: string; values: string[]; byHex: Record<string, number> };
  /**
   * The hexsides `map.grid.edges` lists with a value other than `edge_props`' (a river, a wall):
   * the two hexes' labels and what differs, as text (`stream`, `wall: stone`).
   */
  edges?: Array<{ a: string; b: string; text: string }>;
}

export interface PieceTypeModel {
  name: string;
  label?: string;
  color?: string;
  side?: string;
  kind?: string;
}

/** Something a decision option or a click can point at. */
export interface Target {
  kind: 'area' | 'hex' | 'piece' | 'zone' | 'card' | 'player' | 'side' | 'other';
  id: string;
}

/** A piece as the board draws it (from a seat's view of the state). */
export interface PieceView {
  id: string;
  /** Piece type id, or `?` when hidden from this seat. */
  type: string;
  /** Area id, `hex:c,r`, zone key, or null in the box. */
  at: string | null;
  facing: number | null;
  flipped: boolean;
  owner: string | null;
}

/** The question a seat must answer, with options as board targets where they are places or pieces. */
export interface PendingView {
  kind: 'one' | 'several' | 'number';
  player: string;
  prompt: string;
  labels: string[];
  targets: Array<Target | null>;
  min: number;
  max: number;
  secret: boolean;
  at?: Location;
  /**
   * Where each option leads, from the question's `preview` clause (only the deciding seat's view
   * has them): places as a piece's `at` (area id, `hex:c,r`), in order, the end among them.
   */
  previews?: Array<OptionPreview | null>;
  /** What each option that is a card says (its `text:`), null for other options; absent when none has text. */
  details?: Array<string | null>;
}

/** One option's preview on the board. */
export interface OptionPreview {
  path: string[];
  end: string | null;
  /** The end as the map labels it (`1708`, an area's name). */
  endLabel: string | null;
  facing: number | null;
  /** What the option means, from the preview's `note` (`right, speed 3`), shown beside it. */
  note?: string;
}

/** One log line with where it came from. */
export interface LogLine {
  n: number;
  round: number;
  /** The phase or step the line was written in, by its name (its id where it has none). */
  phase: string | null;
  kind: string;
  text: string;
  data?: unknown;
  at?: { file: string; line: number; column: number };
  source?: string;
  /** For table lookups: where the cell read is written. */
  cell?: Location;
  /** The rules' bookkeeping (a table read without a roll, an unnamed variable): shown with Details. */
  detail?: true;
}

/** A card in a zone as one seat sees it. */
export interface CardView {
  name: string;
  /** The card's id, for one whose face the seat sees (so a question's card option can be picked in its hand). */
  id?: string;
  /** What the card says (its `text:`), when the seat sees its face and the card has one. */
  text?: string;
}

export interface SeatState {
  round: number;
  phase: string | null;
  players: Array<{ id: string; name: string; side: string | null }>;
  pieces: PieceView[];
  /** Zone key → its cards (named `?` where this seat may not see the face). */
  zoneCards: Record<string, CardView[]>;
  /** Track id → value, or owner → value for per-entity tracks. */
  tracks: Record<string, number | Record<string, number>>;
}

/**
 * The search levels a seat may play at (`agentFromSpec` names, interpreter/agents/levels.ts
 * `LEVELS`: the main thread cannot import them, a test keeps the two lists in step).
 */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Who plays a seat: a person, a random bot (`bot`, as before levels), or a search bot of a level. */
export type SeatKind = 'human' | 'bot' | BotLevel;

/** The seat choices as the pickers list them (Simulate leaves out Human). */
export const SEAT_KINDS: ReadonlyArray<{ kind: SeatKind; label: string }> = [
  { kind: 'human', label: 'Human' },
  { kind: 'bot', label: 'Random' },
  { kind: 'easy', label: 'Easy' },
  { kind: 'normal', label: 'Normal' },
  { kind: 'hard', label: 'Hard' },
];

export const isBot = (kind: SeatKind | undefined): boolean => kind !== undefined && kind !== 'human';

/** The agent spec (`agentFromSpec`) a bot seat plays with; null for a person. */
export function agentSpec(kind: SeatKind | undefined): string | null {
  return kind === undefined || kind === 'human' ? null : kind === 'bot' ? 'random' : kind;
}

/** A search bot working out its move: iterations run so far of its budget. */
export interface ThinkingView {
  player: string;
  name: string;
  level: SeatKind;
  /** The decision it answers (its number, 0-based: the decisions made so far). */
  decision: number;
  done: number;
  total: number;
}

export interface GameSetupData {
  seed: string | number;
  players?: number;
  options?: Record<string, unknown>;
}

export interface StartRequest {
  entry: string;
  setup: GameSetupData;
  seats: Record<string, SeatKind>;
  /** The seat whose view is shown (`null`: spectator). */
  seat: string | null;
  /** Milliseconds between bot decisions; 0 = as fast as possible. */
  delay: number;
  autoplay: boolean;
  /** Replay these answers first (loaded replays). */
  decisions?: unknown[];
  /**
   * Resume this saved game (a replay file's `game`) as it was saved, without replaying; when it
   * cannot be (other rules), `decisions` are replayed instead and the update's note says so.
   */
  game?: SavedGameData;
  /** The replay's recorded digest (`gameDigest`): after replaying `decisions`, the note says whether the game matches it. */
  digest?: string;
}

export interface PlayUpdate {
  type: 'update';
  game: number;
  entry: string;
  hash: string;
  status: 'waiting' | 'ended' | 'error';
  seat: string | null;
  state: SeatState;
  log: LogLine[];
  /** The viewed seat's question (null when another seat decides or the choice is secret). */
  pending: PendingView | null;
  /** Who is deciding now (public: not what). */
  waiting: { player: string; name: string; bot: boolean; secret: boolean } | null;
  /** A search bot thinking about the pending question (Cancel stops it), else null. */
  thinking: ThinkingView | null;
  seats: Record<string, SeatKind>;
  decisions: number;
  result: unknown;
  error: Diagnostic | null;
  autoplay: boolean;
  /** Something to tell the user (a refused answer, a replay that diverged). */
  note?: string;
  /**
   * The first of the ruleset's invariants that does not hold now (`invariant-error`: it could not
   * be evaluated), with its message as declared (uninterpolated: the seat may not see the values).
   */
  invariant?: { id: string; code: 'invariant-violated' | 'invariant-error'; text: string; file?: string; range?: Range };
}

/** A replay file, as `rulesmith replay` verifies it (interpreter/analysis/replay-file.ts). */
export type ReplayData = ReplayFile;

/** A game as saved (`Game.save`, the `game` of a replay file): state, frames, pending question, log. */
export type SavedGameData = NonNullable<ReplayFile['game']>;

/** One change the scenario editor makes: put a piece somewhere (and turn it, on hex grids). */
export interface ScenarioEdit {
  piece: string;
  /** Area id, `hex:c,r` or zone key. */
  to: string;
  facing?: number | null;
}

export type PlayRequest =
  /** `fallback`: the files of the entry's last good version from an earlier page load, compiled when `files` do not. */
  | { type: 'compile'; seq: number; files: Record<string, string>; entry: string; fallback?: Record<string, string> }
  | ({ type: 'start' } & StartRequest)
  | { type: 'answer'; game: number; answer: unknown }
  | { type: 'undo'; game: number }
  /** Back to the game at setup (bots run again when `autoplay`). */
  | { type: 'restart'; game: number; autoplay: boolean }
  | { type: 'autoplay'; game: number; autoplay: boolean; delay: number }
  /** One bot move (a search bot thinks in slices first, between which the worker reads Cancel). */
  | { type: 'step'; game: number }
  /** Stop the search bot thinking about decision `decision` (if it still is): the game waits for that seat, bots paused. */
  | { type: 'cancel'; game: number; decision: number }
  | { type: 'seats'; game: number; seats: Record<string, SeatKind> }
  | { type: 'view'; game: number; seat: string | null }
  /** The game as a replay file; with `save`, carrying the game itself (to resume). */
  | { type: 'replay'; game: number; ruleset: string; save?: boolean }
  | { type: 'preview'; seq: number; entry: string; setup: GameSetupData }
  | { type: 'scenario-edit'; seq: number; entry: string; text: string; edits: ScenarioEdit[]; settings?: ScenarioSettings }
  /** Are you there? (the watchdog's question: a worker stuck in one task cannot answer). */
  | { type: 'ping' };

/** Player count and option values a scenario fixes. */
export interface ScenarioSettings {
  players?: number;
  options?: Record<string, unknown>;
}

export type PlayResponse =
  | { type: 'compiled'; seq: number; entry: string; ok: true; board: BoardModel }
  /** `board`: the fallback compiled instead (the last good version of an earlier page load). */
  | { type: 'compiled'; seq: number; entry: string; ok: false; errors: number; message: string; board?: BoardModel }
  | PlayUpdate
  | { type: 'replay'; game: number; replay: ReplayData }
  | { type: 'preview'; seq: number; entry: string; state: SeatState; note?: string }
  | { type: 'scenario-text'; seq: number; entry: string; text: string }
  | { type: 'failed'; message: string }
  | { type: 'pong' };
