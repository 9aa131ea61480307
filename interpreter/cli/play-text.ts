/**
 * What a person reads in `rulesmith play`: the log without the rules' bookkeeping, the set-up as a
 * few lines, the board as text (places with their pieces, tracks) and the result in words. All of
 * it from the seat's view and the ruleset's names; nothing here knows a game.
 */
import { placeNote } from './play-map.ts';
import { cardFace, hiddenLabel, lineText as lineTextOf, ownerNameIn, pieceLabelIn, placeName as placeNameOf, readable as readableLine, repeatedLines, resultText as resultTextOf, type Game, type LogEntry } from '../runtime/index.ts';

type ViewLog = ReturnType<Game['view']>['log'];
type ViewState = ReturnType<Game['view']>['state'];

/** Whether a player would read this line (log-reading.ts): bookkeeping is left out. */
export const readable = (game: Game, e: Pick<LogEntry, 'kind' | 'data'>): boolean => readableLine(game.program, e);

/** The lines of a seat's log a player reads: not bookkeeping, nor a variable written again as it was (log-reading.ts, as the editor's log). */
export function readableIn(game: Game, log: ViewLog): (e: ViewLog[number]) => boolean {
  const repeated = repeatedLines(log);
  return (e) => readable(game, e) && !repeated.has(e.n);
}

/** A line's text in the ruleset's words (log-reading.ts). */
export const lineText = (game: Game, e: Pick<LogEntry, 'kind' | 'data' | 'text'>, view?: Pick<ViewState, 'cards' | 'pieces'>): string => lineTextOf(game.program, game.state.players, e, view?.cards, view?.pieces);

// Up to this many readable set-up lines print as they are; more become a summary.
const SETUP_LINES = 12;

/**
 * The lines a seat has not seen yet. The set-up's (the entries before the first decision) are summed
 * up when there are many: where pieces went, how many tracks were set; `log` reads them all.
 * `printed` (entry number → text) is what this terminal has already shown, to any seat: with two
 * people at one terminal the second is not shown again, word for word, what the first just read;
 * a line its own view words otherwise (a secret it may see) is shown.
 */
export function newLines(game: Game, view: { log: ViewLog; state: ViewState }, from: number, printed = new Map<number, string>()): string[] {
  const log = view.log;
  const decided = log.findIndex((e) => e.kind === 'decision');
  const setup: Array<{ e: ViewLog[number]; text: string }> = [];
  const rest: string[] = [];
  const reads = readableIn(game, log);
  for (const [i, e] of log.entries()) {
    if (i < from || !reads(e)) continue;
    const text = lineText(game, e, view.state);
    if (printed.get(e.n) === text) continue;
    printed.set(e.n, text);
    if (decided < 0 || i < decided) setup.push({ e, text });
    else rest.push(`  · ${text}`);
  }
  return [...setupLines(game, view.state, setup), ...rest];
}

/**
 * After the last question: the lines each person at the terminal has not read yet, each from
 * their own view, in the order they happened (a line two seats see alike once). The game's last
 * line (`end`) is left to the "Game over" the command prints.
 */
export function finalLines(game: Game, seats: ReadonlyMap<string | null, number>, printed: Map<number, string>): string[] {
  const lines = new Map<number, string>();
  for (const [seat, from] of seats) {
    const view = game.view(seat);
    const log = view.log;
    const reads = readableIn(game, log);
    for (const [i, e] of log.entries()) {
      if (i < from || e.kind === 'end' || !reads(e)) continue;
      const text = lineText(game, e, view.state);
      if (printed.get(e.n) === text || lines.has(e.n)) continue;
      lines.set(e.n, text);
    }
  }
  for (const [n, text] of lines) printed.set(n, text);
  return [...lines].sort(([a], [b]) => a - b).map(([, text]) => `  · ${text}`);
}

/** The set-up's lines (each with its text, made once), summed up when there are many. */
function setupLines(game: Game, state: ViewState, lines: ReadonlyArray<{ e: ViewLog[number]; text: string }>): string[] {
  if (lines.length <= SETUP_LINES) return lines.map(({ text }) => `  · ${text}`);
  const placed = new Map<string, Map<string, number>>();
  let moves = 0;
  let tracks = 0;
  const kept: string[] = [];
  for (const { e, text } of lines) {
    const d = e.data as { piece?: unknown; to?: unknown; track?: unknown } | undefined;
    if (e.kind === 'move' && typeof d?.piece === 'string') {
      moves++;
      const where = typeof d.to === 'string' ? placeName(game, d.to) : 'out of play';
      const kinds = placed.get(where) ?? new Map<string, number>();
      const kind = pieceName(game, state, d.piece);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      placed.set(where, kinds);
    } else if (e.kind === 'change' && typeof d?.track === 'string') tracks++;
    else kept.push(`  · ${text}`);
  }
  const out = [`Set-up: ${moves} piece${moves === 1 ? '' : 's'} placed, ${tracks} track value${tracks === 1 ? '' : 's'} set (type 'log' for every line, 'board' for the board).`];
  for (const [where, kinds] of placed) out.push(`  ${where}: ${counted(kinds)}`);
  return [...out, ...kept];
}

/** The board as the seat sees it: every place with pieces, then the tracks. */
export function boardText(game: Game, player: string): string {
  const state = game.view(player).state;
  const places = new Map<string, Map<string, number>>();
  // What a hex is (its terrain): play-map.ts.
  const notes = new Map<string, string>();
  for (const [id, p] of Object.entries(state.pieces)) {
    if (p.at === null) continue;
    const where = placeName(game, p.at);
    // Hexes only: an area's name says what it is; a hex's label does not (`map` lists both).
    if (!notes.has(where)) notes.set(where, p.at.startsWith('hex:') ? placeNote(game, p.at) : '');
    const kinds = places.get(where) ?? new Map<string, number>();
    const name = pieceName(game, state, id);
    kinds.set(name, (kinds.get(name) ?? 0) + 1);
    places.set(where, kinds);
  }
  const lines = [...places].map(([where, kinds]) => `  ${where}${notes.get(where) ?? ''}: ${counted(kinds)}`);
  const tracks = trackLines(game, state);
  const cards = cardLines(game, state);
  return [places.size ? 'Board:' : 'Board: no pieces in play', ...lines, ...(cards.length ? ['Cards:', ...cards] : []), ...(tracks.length ? ['Tracks:', ...tracks] : [])].join('\n');
}

/** The cards each zone holds, as the seat sees them: its own hand by name, others' as a count of hidden cards. */
export function cardLines(game: Game, state: ViewState): string[] {
  const out: string[] = [];
  for (const [key, ids] of Object.entries(state.zones)) {
    const names = new Map<string, number>();
    for (const id of ids) {
      const name = id === '?' ? 'hidden card' : cardFace(game.program, state.cards, id)?.name;
      if (name !== undefined) names.set(name, (names.get(name) ?? 0) + 1);
    }
    if (names.size) out.push(`  ${placeName(game, key)}: ${counted(names)}`);
  }
  // How many cards each deck has left to draw and has discarded: often what ends a game.
  const decks = (game.program.data.decks ?? {}) as Record<string, { name?: unknown } | undefined>;
  for (const [id, d] of Object.entries(state.decks)) {
    const name = typeof decks[id]?.name === 'string' ? decks[id]!.name as string : id;
    out.push(`  ${name}: ${d.draw.length} to draw, ${d.discard.length} discarded`);
  }
  return out;
}

// Per-piece values past this many are counted, not listed.
const OWNERS_SHOWN = 12;

/**
 * Track values, with their owner's name for per-side and per-player tracks. Per-piece values are
 * listed for pieces on the map (not in a zone or the box) whose value the seat may see.
 */
export function trackLines(game: Game, state: ViewState): string[] {
  const defs = (game.program.data.tracks ?? {}) as Record<string, { name?: unknown } | undefined>;
  const zones = (game.program.data.zones ?? {}) as Record<string, unknown>;
  const onMap = (owner: string): boolean => {
    const p = state.pieces[owner];
    return !p || (p.at !== null && !(p.at.split('@')[0]! in zones));
  };
  const out: string[] = [];
  for (const [id, v] of Object.entries(state.tracks)) {
    const name = typeof defs[id]?.name === 'string' ? (defs[id]!.name as string) : id;
    if (typeof v === 'number') { out.push(`  ${name}: ${v}`); continue; }
    const shown = Object.entries(v).filter(([owner, n]) => typeof n === 'number' && onMap(owner));
    if (shown.length === 0) continue;
    const listed = shown.slice(0, OWNERS_SHOWN).map(([owner, n]) => `${state.pieces[owner] ? pieceLabel(game, state, owner) : ownerName(game, owner)} ${n}`);
    out.push(`  ${name}: ${listed.join(', ')}${shown.length > OWNERS_SHOWN ? `, … ${shown.length - OWNERS_SHOWN} more` : ''}`);
  }
  return out;
}

/** `{ winner: red, level: "Points" }` as "Red wins (Points)."; a shared or no winner likewise. */
export function resultText(game: Game, result: unknown): string {
  return resultTextOf(result, (id) => ownerName(game, id));
}

function counted(kinds: Map<string, number>): string {
  return [...kinds].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`)).join(', ');
}

/** A piece as options and the log name it (`Nieuport 24 #1`); one the view hides by its alias. */
function pieceLabel(game: Game, state: ViewState, id: string): string {
  const type = state.pieces[id]?.type;
  return type === undefined || type === '?' ? hiddenLabel(id) : pieceLabelIn(game.program, type, id);
}

function pieceName(game: Game, state: ViewState, id: string): string {
  const type = state.pieces[id]?.type;
  const def = type ? (game.program.data.pieces as Record<string, { name?: unknown } | undefined> | undefined)?.[type] : undefined;
  return typeof def?.name === 'string' ? def.name : type === undefined || type === '?' ? 'hidden piece' : type;
}

function placeName(game: Game, at: string): string {
  return placeNameOf(game.program, game.state.players, at);
}

function ownerName(game: Game, id: string): string {
  return ownerNameIn(game.state.players, game.program.data.sides, id);
}
