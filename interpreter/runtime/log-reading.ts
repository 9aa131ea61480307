/**
 * How a person reads a game's log: which lines are the game and which the rules' own bookkeeping,
 * and a line's ids in the ruleset's words. `rulesmith play` and the editor's log read it alike;
 * the log itself keeps every line (replays, `log all` in `play` and the editor's Details show them).
 */
import type { LogEntry } from './log.ts';
import { parseHexId } from './map.ts';
import { gridHexLabel } from '../load/hex-label.ts';
import { pieceLabelIn } from './piece-label.ts';
import type { Program } from './program.ts';
import { ownerNameIn } from './result-text.ts';

type Players = ReadonlyArray<{ id: string; name: string }>;
type Line = Pick<LogEntry, 'kind' | 'data'>;

/**
 * Whether a player would read this line. The rules reading their own data are bookkeeping: a
 * table looked up without a roll (rules that read a chart for every option a turn offers log
 * dozens of those a turn) and a variable without a `name:` (`colour = red`). Tracks, moves,
 * rolls and the tables they were looked up on, draws, decisions and the scripts' `log` lines
 * are the game.
 */
export function readable(program: Program, e: Line): boolean {
  const d = typeof e.data === 'object' && e.data !== null ? (e.data as { variable?: unknown; rolled?: unknown }) : undefined;
  if (e.kind === 'table') return d?.rolled === true;
  if (e.kind !== 'change' || typeof d?.variable !== 'string') return true;
  return typeof variableName(program, d.variable) === 'string';
}

/**
 * The entry numbers of variable lines that say again what the last line about that variable (and
 * owner) said, in this seat's log: a write that left the value as it was. The runtime logs every
 * write of a variable (`Units that may still act = []` after each move, most writing the empty
 * list again) but a track only when it moves; so such a line is bookkeeping too, and waits behind
 * `log all` in `play` and Details in the editor. The first line of a variable and each change of
 * its value are the game. Compared as the seat's own text, so a value it may not read tells it
 * nothing either way.
 */
export function repeatedLines(log: ReadonlyArray<Pick<LogEntry, 'n' | 'kind' | 'data' | 'text'>>): Set<number> {
  const told = new Map<string, string>();
  const out = new Set<number>();
  for (const e of log) {
    const d = e.data as { variable?: unknown; owner?: unknown } | undefined;
    if (e.kind !== 'change' || typeof d?.variable !== 'string') continue;
    const key = `${d.variable}@${String(d.owner)}`;
    if (told.get(key) === e.text) out.add(e.n);
    told.set(key, e.text);
  }
  return out;
}

/**
 * A line's text with a named variable's name for its id, and a move's places (`supply_pile →
 * market_square`) by their names, as the seat's view wrote the rest of it.
 */
export function lineText(program: Program, players: Players, e: Pick<LogEntry, 'kind' | 'data' | 'text'>, cards: ViewCards = NO_CARDS, pieces: ViewPieces = NO_PIECES): string {
  const d = e.data as { from?: unknown; to?: unknown; variable?: unknown; track?: unknown; owner?: unknown } | undefined;
  if (e.kind === 'change' && typeof d?.variable === 'string' && e.text.startsWith(d.variable)) {
    // A named variable reads by its name (`Player colour (Player 1) = red`), like a track.
    const name = variableName(program, d.variable);
    const text = ownerNamed(program, players, name !== undefined ? `${name}${e.text.slice(d.variable.length)}` : e.text, name ?? d.variable, d.owner, pieces);
    return entityValueNamed(program, players, text, d.variable, cards);
  }
  if (e.kind === 'change' && typeof d?.track === 'string') {
    const name = (program.data.tracks as Record<string, { name?: unknown } | undefined> | undefined)?.[d.track]?.name;
    return ownerNamed(program, players, e.text, typeof name === 'string' ? name : d.track, d.owner, pieces);
  }
  if (e.kind !== 'move' || !d) return e.text;
  const from = typeof d.from === 'string' ? d.from : 'box';
  if (typeof d.to === 'string' && e.text.endsWith(`: ${from} → ${d.to}`)) {
    const head = e.text.slice(0, e.text.length - `: ${from} → ${d.to}`.length);
    return `${head}: ${d.from === null || d.from === undefined ? 'into play' : placeName(program, players, from)} → ${placeName(program, players, d.to)}`;
  }
  return e.text;
}

/**
 * `Coins (p2): 3 → 0` as `Coins (Player 2): 3 → 0`: a player's, side's or area's value by the
 * owner's name, as the rest of the log names them (a walk read `Bid (p2) = 3` beside `Player 2 bids 3`).
 * A piece's own values by its label (`Fuel reserve (Nieuport 24 #1)`) where the reader's view
 * shows what the piece is; else they keep the id the view shows.
 */
function ownerNamed(program: Program, players: Players, text: string, head: string, owner: unknown, pieces: ViewPieces): string {
  if (typeof owner !== 'string' || !text.startsWith(`${head} (${owner})`)) return text;
  // An area's values by the area's name too (`Defense (north_gate)` as `Defense (North Gate)`), as moves name places.
  const piece = pieces[owner];
  const named = piece && piece.type !== '?' ? pieceLabelIn(program, piece.type, owner) : entityName(program, players, owner) ?? owner;
  if (named === owner) return text;
  return `${head} (${named})${text.slice(head.length + owner.length + 3)}`;
}

/** An area's or zone's name; a per-owner zone (`zone@owner`) with its owner; a hex by its label on the board. */
export function placeName(program: Program, players: Players, at: string): string {
  const [id, owner] = at.split('@', 2) as [string, string | undefined];
  const data = program.data as { map?: { areas?: Record<string, { name?: unknown }> }; zones?: Record<string, { name?: unknown }> };
  const name = data.map?.areas?.[id]?.name ?? data.zones?.[id]?.name;
  const hex = id.startsWith('hex:') ? parseHexId(id.slice(4)) : undefined;
  const label = hex ? gridHexLabel(program.data.map?.grid?.label, hex.col, hex.row) : undefined;
  const base = typeof name === 'string' ? name : label !== undefined ? `hex ${label}` : id.replace(/_/g, ' ');
  return owner ? `${base} (${ownerNameIn(players, program.data.sides, owner)})` : base;
}

/** The cards a reader's view shows (`view.state.cards`): only those are named by their faces. */
type ViewCards = Readonly<Record<string, { deck: string; def: string }>>;
const NO_CARDS: ViewCards = {};
/** The pieces a reader's view shows (`view.state.pieces`): a hidden one's type reads `?`. */
type ViewPieces = Readonly<Record<string, { type: string }>>;
const NO_PIECES: ViewPieces = {};

/**
 * A player's, side's or area's name by its id, or a card's (one the reader's view shows: `cards`);
 * undefined for any other text.
 */
function entityName(program: Program, players: Players, id: string, cards: ViewCards = NO_CARDS): string | undefined {
  const named = ownerNameIn(players, program.data.sides, id);
  if (named !== id) return named;
  if (cards[id]) return cardFace(program, cards, id)?.name;
  return (program.data.map?.areas as Record<string, unknown> | undefined)?.[id] !== undefined ? placeName(program, players, id) : undefined;
}

/**
 * `Target = north_gate` as `Target = North Gate`: a variable declared to hold an area, a side, a
 * player or a card, or a list of them (a turn order: `p2, p1`; a ship's attached cards), whose
 * line's value is their ids, by their names (`;` between names that hold commas themselves). A
 * card is named only when the reader's view shows it (`cards`).
 */
function entityValueNamed(program: Program, players: Players, text: string, variable: string, cards: ViewCards): string {
  const type = (program.data.variables as Record<string, { type?: unknown }> | undefined)?.[variable]?.type;
  const eq = text.lastIndexOf(' = ');
  if (eq >= 0 && type === 'text') return `${text.slice(0, eq)} = ${textValueRead(program, text.slice(eq + 3))}`;
  if (eq < 0 || (type !== 'area' && type !== 'side' && type !== 'player' && type !== 'card' && type !== 'list')) return text;
  const value = text.slice(eq + 3);
  const names = (type === 'list' ? value.split(', ') : [value]).map((id) => entityName(program, players, id, cards));
  if (names.some((n) => n === undefined)) return text;
  return `${text.slice(0, eq)} = ${names.join(names.some((n) => n!.includes(', ')) ? '; ' : ', ')}`;
}

/**
 * A text value that is an id as a person reads it: a phase's or step's id by its name (`Action phase
 * running = pirate_phase` as `= 2. Pirate Action Phase`), any other id with spaces (`shot_down` as
 * `shot down`). Other text (a sentence, a number written as text) stays as written.
 */
function textValueRead(program: Program, value: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(value)) return value;
  return flowName(program, value) ?? value.replace(/_/g, ' ');
}

const namesByProgram = new WeakMap<Program, ReadonlyMap<string, string>>();

/**
 * A flow phase's or step's `name:` by its id (steps nested at any depth), or undefined for an id
 * no phase or step has, or one without a name. The log's and the question's phase tag read by it.
 */
export const flowName = (program: Program, id: string): string | undefined => flowNames(program).get(id);

/** Every named phase and step (nested at any depth), id → name; worked out once per program. */
export function flowNames(program: Program): ReadonlyMap<string, string> {
  let names = namesByProgram.get(program);
  if (!names) {
    const found = new Map<string, string>();
    const walk = (items: unknown): void => {
      if (!Array.isArray(items)) return;
      for (const p of items as Array<{ id?: unknown; name?: unknown; steps?: unknown }>) {
        if (typeof p?.id === 'string' && typeof p.name === 'string' && !found.has(p.id)) found.set(p.id, p.name);
        walk(p?.steps);
      }
    };
    walk((program.data.flow as { phases?: unknown } | undefined)?.phases);
    namesByProgram.set(program, (names = found));
  }
  return names;
}

function variableName(program: Program, id: string): string | undefined {
  const name = (program.data.variables as Record<string, { name?: unknown } | undefined> | undefined)?.[id]?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * A card as a person reads it, from one seat's view of the game (`view.state`): its name and
 * what it says (`text:`), or null for what is not a card there (a card the seat may not see is
 * not in its view's cards). `rulesmith play` and the editor show the text beside the name.
 */
export function cardFace(program: Program, cards: Readonly<Record<string, { deck: string; def: string }>>, id: string): { name: string; text?: string } | null {
  const c = cards[id];
  if (!c) return null;
  const def = program.data.decks?.[c.deck]?.cards.find((x) => x.id === c.def);
  const name = def?.name ?? c.def;
  return def?.text ? { name, text: def.text } : { name };
}
