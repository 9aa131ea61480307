/**
 * A seat's view of a game (interpreter `game.view(seat)`) turned into what the editor draws:
 * pieces, zone contents by name, tracks, log lines with positions, and the pending question with
 * its options as board targets. Runs in the worker; the main thread only sees the result.
 */
import { cardFace, flowName, lineText, readable, repeatedLines, type DecisionRequest, type GameState, type LogEntry, type Program } from '../../interpreter/index.ts';
import type { Location } from '../validator/protocol.ts';
import type { CardView, LogLine, PendingView, SeatState, Target } from './protocol.ts';

const TARGET_KINDS = new Set<Target['kind']>(['area', 'hex', 'piece', 'zone', 'card', 'player', 'side']);
const HIDDEN = '?';

/** A card as the seat sees it: its name and what it says (`text:`), or `?` for one whose face it may not see. */
function cardShown(program: Program, state: GameState, id: string): CardView {
  const face = state.cards[id]?.def === HIDDEN ? null : cardFace(program, state.cards, id);
  return face ? { ...face, id } : { name: HIDDEN };
}

export function seatState(program: Program, state: GameState): SeatState {
  const zoneCards: Record<string, CardView[]> = {};
  for (const [key, ids] of Object.entries(state.zones)) {
    const cards = ids.filter((id) => id === HIDDEN || state.cards[id]);
    if (cards.length) zoneCards[key] = cards.map((id) => cardShown(program, state, id));
  }
  return {
    round: state.round,
    phase: state.phase,
    players: state.players.map((p) => ({ id: p.id, name: p.name, side: p.side })),
    pieces: Object.entries(state.pieces).map(([id, p]) => ({ id, type: p.type, at: p.at, facing: p.facing, flipped: p.flipped, owner: p.owner })),
    zoneCards,
    tracks: state.tracks,
  };
}

/**
 * The seat's log lines, worded as `rulesmith play` words them, the rules' bookkeeping marked
 * `detail`: what interpreter/runtime/log-reading.ts (shared with `play`) calls so — tables read
 * without a roll, variables without a `name:` (`readable`), a variable set to the value it already
 * had (`repeatedLines`).
 */
export function logLines(program: Program, players: GameState['players'], log: readonly LogEntry[], cards?: GameState['cards'], pieces?: GameState['pieces']): LogLine[] {
  const repeated = repeatedLines(log);
  return log.map((e) => {
    const line: LogLine = { n: e.n, round: e.round, phase: e.phase === null ? null : flowName(program, e.phase) ?? e.phase, kind: e.kind, text: lineText(program, players, e, cards, pieces) };
    if (!readable(program, e) || repeated.has(e.n)) line.detail = true;
    if (e.data !== undefined) line.data = e.data;
    if (e.at) line.at = e.at;
    if (e.source) line.source = e.source;
    const cell = e.kind === 'table' ? tableCell(program, e.data) : undefined;
    if (cell) line.cell = cell;
    return line;
  });
}

/** Where a looked-up table cell is written (`data.cell` is the path below the table's rows). */
function tableCell(program: Program, data: unknown): Location | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { table, cell } = data as { table?: unknown; cell?: unknown };
  if (typeof table !== 'string' || !Array.isArray(cell)) return undefined;
  return program.model.rangeOf(['tables', table, 'rows', ...(cell as Array<string | number>)]);
}

/** `state`: the seat's view of the game, whose cards the options may be (their text goes with them). */
export function pendingView(program: Program, req: DecisionRequest, state?: GameState): PendingView {
  const view: PendingView = {
    kind: req.kind,
    player: req.player,
    prompt: req.prompt,
    labels: [...req.labels],
    targets: req.options.map(targetOf),
    min: req.min,
    max: req.max,
    secret: req.secret,
  };
  // A card's text under its name; else what the rules fix about the option (an action's cost).
  const texts = view.targets.map((t, i): string | null => {
    const text = state && t?.kind === 'card' ? cardShown(program, state, t.id).text : undefined;
    return text ?? req.notes?.[i] ?? null;
  });
  if (texts.some((t) => t !== null)) view.details = texts;
  if (req.previews) view.previews = req.previews.map((p) => (p ? { path: [...p.path], end: p.end, endLabel: p.endLabel, facing: p.facing, ...(p.note ? { note: p.note } : {}) } : null));
  const at = program.model.rangeIn(req.at.path, req.at.span.start, Math.max(req.at.span.end, req.at.span.start + 1));
  if (at) view.at = at;
  return view;
}

/** An option that is an entity (an interpreter `EntityRef`) as a board target. */
export function targetOf(option: unknown): Target | null {
  if (!option || typeof option !== 'object') return null;
  const { kind, id } = option as { kind?: unknown; id?: unknown };
  if (typeof kind !== 'string' || typeof id !== 'string') return null;
  return { kind: TARGET_KINDS.has(kind as Target['kind']) ? (kind as Target['kind']) : 'other', id };
}
