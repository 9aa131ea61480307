import type { Expr, RulesetFile, Span } from '../../grammar/index.ts';
import { codeList, isRecord, type Report } from './context.ts';
import { didYouMean } from './suggest.ts';
import type { SymbolTable } from './symbols.ts';
import { describe, mayBeEntity, type Ty } from './types.ts';

/** What the checks of built-in calls read and where they report (the expression checker's). */
export interface CallContext {
  data: RulesetFile;
  symbols: SymbolTable;
  tableDef: (id: string) => Record<string, unknown> | undefined;
  report: (span: Span, r: Report) => void;
  /** The call is inside an expression, not a statement's whole value: it must not ask a player. */
  inExpression?: boolean;
}

/** Kinds of value whose text never names a track: a number, true/false, a list, a record, an entity (its id). */
const NOT_TRACK_NAME = new Set(['number', 'bool', 'list', 'record', 'entity', 'range', 'roll']);

/**
 * `box_value(level)` (a track written without quotes: its position, a number) or `box_value(u)` (a
 * piece, read as its id): the text of such a value names no track, so the call stops the game
 * whenever it runs.
 */
function trackNameExpected(c: CallContext, arg: Expr, t: Ty): void {
  const track = arg.kind === 'name' && c.symbols.lookup(arg.name)?.kind === 'track' ? arg.name : undefined;
  const tracks = isRecord(c.data.tracks) ? c.data.tracks : {};
  const example = track ?? Object.keys(tracks).find((id) => isRecord(tracks[id]) && Array.isArray(tracks[id].boxes)) ?? 'track_id';
  c.report(arg.span, {
    code: 'type-mismatch',
    message: `\`box_value\` takes a track's id as text (\`box_value("${example}")\`), but this is ${describe(t)}${track ? ': the track\'s position, not its name' : ''}.`,
    hint: track ? `Write \`box_value("${track}")\`.` : 'Name the track in quotes, as it is declared under `tracks:`.',
    ...(track ? { fix: `"${track}"` } : {}),
  });
}

/** `resolve(table[key], …)` or `resolve(roll on table, …)`: the table whose row effect is resolved, or null for a card. */
export function rowEffectTable(arg: Expr | undefined, symbols: SymbolTable): string | null {
  // `resolve(roll on t, …)`: the row the table's own roll gives (a cross table has no row effects).
  if (arg?.kind === 'roll-on' && arg.column === null) return symbols.lookup(arg.table)?.kind === 'table' ? arg.table : null;
  if (arg?.kind !== 'index' || arg.object.kind !== 'name') return null;
  return symbols.lookup(arg.object.name)?.kind === 'table' ? arg.object.name : null;
}

/**
 * `resolve(…)`'s first argument is a table's row, or looks like one of a table the checker does
 * not know (`roll on events` with `events` in a file not included: unknown-name says so, and a
 * row effect's arguments are the table's to count, not `resolve`'s own one).
 */
export function resolvesRow(arg: Expr | undefined, symbols: SymbolTable): boolean {
  // Only `roll on x` surely names a table: `x[k]` may be a local list of cards.
  return rowEffectTable(arg, symbols) !== null || (arg?.kind === 'roll-on' && symbols.lookup(arg.table) === undefined);
}

/**
 * `unplaced(x)` names a piece type (`unplaced_of_kind(x)` a piece kind) by itself or by its id
 * as text: a text written out, or an option whose every choice is one, that names none stops
 * the game where it is read.
 */
function pieceTypeArgument(c: CallContext, callee: string, arg: Expr): void {
  const d = c.data;
  const known = callee === 'unplaced' ? Object.keys(isRecord(d.pieces) ? d.pieces : {}) : [...new Set(Object.values(isRecord(d.pieces) ? d.pieces : {}).flatMap((p) => (isRecord(p) && typeof p.kind === 'string' ? [p.kind] : [])))];
  const what = callee === 'unplaced' ? 'piece type' : 'piece kind';
  if (arg.kind === 'string' && arg.parts.length <= 1 && typeof (arg.parts[0] ?? '') === 'string') {
    const name = String(arg.parts[0] ?? '');
    if (known.includes(name)) return;
    const dym = didYouMean(name, known);
    c.report(arg.span, { code: 'unknown-name', message: `\`${callee}\` takes a ${what}, and there is no ${what} \`${name}\`.${dym.text}`, hint: dym.suggestion ? `Replace it with "${dym.suggestion}".` : `Name a ${what} the ruleset declares under \`pieces:\`.` });
    return;
  }
  const sym = arg.kind === 'name' ? c.symbols.lookup(arg.name) : undefined;
  // A global that holds a number or true/false (a track, a variable, an option) names no type or kind.
  if (sym && (sym.type.k === 'number' || sym.type.k === 'bool')) {
    c.report(arg.span, { code: 'type-mismatch', message: `\`${callee}\` takes a ${what}, but \`${sym.name}\` is a ${sym.kind} holding ${describe(sym.type)}.`, hint: `Pass a ${what} (\`${callee}(${known[0] ?? 'name'})\`).` });
    return;
  }
  // A side, area, zone, deck… named by its id: `unplaced` reads that id as a piece type's, which it is not.
  // A phase or an action is no value at all (its name reads as text, which names no piece type).
  const flowName = sym?.kind === 'phase' || sym?.kind === 'action';
  if (callee === 'unplaced' && sym && (flowName || (sym.type.k === 'entity' && sym.type.e !== 'piece-type')) && !known.includes(sym.name)) {
    c.report(arg.span, { code: 'type-mismatch', message: `\`unplaced\` takes a piece type, but \`${sym.name}\` is ${flowName ? (sym.kind === 'action' ? 'an action' : 'a phase') : describe(sym.type)}.`, hint: `Pass a piece type (\`unplaced(${known[0] ?? 'name'})\`).` });
    return;
  }
  const option = sym?.kind === 'option' ? (d.options as Record<string, unknown> | undefined)?.[sym.name] : undefined;
  if (!isRecord(option) || option.type !== 'choice' || !Array.isArray(option.values) || option.values.length === 0) return;
  if (option.values.some((v) => known.includes(String(v)))) return;
  c.report(arg.span, { code: 'unknown-name', message: `\`${callee}\` takes a ${what}, but option \`${sym!.name}\` is one of ${codeList(option.values.map(String), 4)}, none of them a ${what}.`, hint: `Pass a ${what} (\`${callee}(${known[0] ?? 'name'})\`), or give the option ${what}s as its \`values\`.` });
}

/**
 * `box_value("track")` on a track some of whose boxes give a number (a number, or a `value`) and
 * others none (a label, a record without `value`): on those it gives `none`. On a track with no
 * `boxes`, or none with a value, it gives `none` wherever the marker stands.
 */
function valuelessBoxes(c: CallContext, track: string, span: Span): void {
  const t = (c.data.tracks as Record<string, unknown> | undefined)?.[track];
  const boxes = isRecord(t) && Array.isArray(t.boxes) ? t.boxes : [];
  const valued = (b: unknown) => typeof b === 'number' || (isRecord(b) && typeof b.value === 'number');
  const without = boxes.map((b, i) => (valued(b) ? -1 : i)).filter((i) => i >= 0);
  if (isRecord(t) && without.length === boxes.length) {
    c.report(span, {
      code: 'missing-box-value',
      message: `\`box_value\` reads the value of \`${track}\`'s box, but ${boxes.length ? `none of its ${boxes.length} boxes has a value` : 'it declares no `boxes`'}: it always gives none.`,
      hint: boxes.length ? 'Give every box a `value` (`{ label: "3", value: 2 }`), or a number.' : `Declare the track's \`boxes\` with their values, or read the track itself (\`${track}\`).`,
    });
    return;
  }
  if (without.length === 0) return;
  const first = typeof (t as Record<string, unknown>).min === 'number' ? ((t as Record<string, unknown>).min as number) : 0;
  const names = without.map((i) => `${i + first}`);
  c.report(span, {
    code: 'missing-box-value',
    message: `\`box_value\` reads the value of \`${track}\`'s box, but box${names.length === 1 ? '' : 'es'} ${codeList(names, 4)} ${names.length === 1 ? 'has' : 'have'} none (the other ${boxes.length - without.length} do): there it gives none.`,
    hint: 'Give every box a `value` (`{ label: "3", value: 2 }`), or a number.',
  });
}

/** What only the ruleset's data can say about a built-in call: declared arcs, opponents, row effects, piece types, boxes. */
export function builtinCallReports(c: CallContext, callee: string, calleeSpan: Span, args: Expr[], span: Span, types: readonly Ty[]): void {
  const d = c.data;
  if (callee === 'in_arc' && args.length === 4) {
    const arc = args[3]!;
    const arcs = isRecord(d.map?.grid?.arcs) ? Object.keys(d.map.grid.arcs) : [];
    if (arc.kind === 'string' && arc.parts.length <= 1 && typeof (arc.parts[0] ?? '') === 'string') {
      const name = String(arc.parts[0] ?? '');
      if (!arcs.includes(name)) {
        const dym = didYouMean(name, arcs);
        c.report(arc.span, {
          code: 'unknown-arc',
          message: arcs.length ? `The grid declares no arc \`${name}\`.${dym.text}` : `\`in_arc\` needs arcs, and the grid declares none.`,
          hint: dym.suggestion ? `Replace it with "${dym.suggestion}".` : `Declare it under \`map.grid.arcs\`, e.g. \`${name || 'front'}: [5, 0, 1]\`.`,
        });
      }
    }
  }
  if (callee === 'box_value' && args[0]?.kind === 'string' && args[0].parts.length <= 1 && typeof (args[0].parts[0] ?? '') === 'string') {
    const name = String(args[0].parts[0] ?? '');
    const tracks = isRecord(d.tracks) ? Object.keys(d.tracks) : [];
    if (!tracks.includes(name)) {
      const dym = didYouMean(name, tracks);
      c.report(args[0].span, { code: 'unknown-name', message: `\`box_value\` names a track, and there is no track \`${name}\`.${dym.text}`, hint: dym.suggestion ? `Replace it with "${dym.suggestion}".` : 'Name a track declared under `tracks:`, in quotes.' });
    } else valuelessBoxes(c, name, args[0].span);
  } else if (callee === 'box_value' && args[0] && NOT_TRACK_NAME.has(types[0]?.k ?? 'any')) trackNameExpected(c, args[0], types[0]!);
  if ((callee === 'unplaced' || callee === 'unplaced_of_kind') && args[0]) pieceTypeArgument(c, callee, args[0]);
  if (callee === 'hex_at' && args.length === 2) offGrid(c, args, span);
  // A side's opponents, or a player's side's: a piece's id (or an area's…) names no side, so
  // `opponent(u)` stops the game and `opponents(u)` lists every side.
  const whose = types[0];
  if ((callee === 'opponent' || callee === 'opponents') && args[0] && whose?.k === 'entity' && whose.e !== 'side' && whose.e !== 'player') {
    const piece = whose.e === 'piece';
    const text = args[0].kind === 'name' ? args[0].name : args[0].kind === 'member' && args[0].object.kind === 'name' ? `${args[0].object.name}.${args[0].property}` : undefined;
    c.report(args[0].span, { code: 'type-mismatch', message: `\`${callee}\` takes a side or a player, but this is ${describe(whose)}.`, hint: piece ? 'Pass the piece\'s side: `.side`.' : 'Pass a side or a player.', ...(piece && text ? { fix: `${text}.side` } : {}) });
    return;
  }
  if (callee === 'opponent') {
    const sides = isRecord(d.sides) ? Object.keys(d.sides) : [];
    const count = (s: string) => { const o = d.sides?.[s]?.opponents; return Array.isArray(o) ? o.length : sides.length - 1; };
    const arg = args[0];
    const named = arg?.kind === 'name' && sides.includes(arg.name) ? [arg.name] : sides;
    const odd = named.filter((s) => count(s) !== 1);
    if (sides.length > 0 && odd.length > 0) {
      c.report(calleeSpan, {
        code: 'ambiguous-opponent',
        message: `\`opponent\` gives the one side played against, but ${odd.map((s) => `\`${s}\``).join(', ')} ${odd.length === 1 ? 'has' : 'have'} ${count(odd[0]!)} opponents.`,
        hint: 'Use `opponents(…)` for the list of sides played against, or give each side one `opponents:` entry.',
      });
    }
  }
  if (callee === 'resolve') {
    const table = rowEffectTable(args[0], c.symbols);
    const t = types[0];
    // Not a table's row: a card, whose effect runs (the runtime stops on anything else).
    if (table === null && args[0] && t && !mayBeEntity(t, ['card'])) {
      const row = t.k === 'record';
      c.report(args[0].span, {
        code: 'type-mismatch',
        message: `\`resolve\` carries out a card's effect (or a table row's: \`resolve(table[key], …)\`, \`resolve(roll on table, …)\`), but this is ${describe(t)}.`,
        // A row taken into a variable (`let r = roll on t`) is its fields only: it no longer knows its table.
        hint: row ? 'Resolve the row where it is looked up: `resolve(roll on events, …)` or `resolve(events[key], …)`; a row kept in a variable has no effect to run.' : 'Pass the card itself, not its name or id.',
      });
    }
    // A card whose effect may ask a player pauses the game: not inside an expression (fuzz 3030/1446).
    // A card of no known deck (`player.hand.cards`) may be of any deck whose cards have effects.
    const decks = t?.k === 'entity' && t.e === 'card' ? (t.id !== undefined ? [t.id] : (t.ids ?? [...c.symbols.effectFacts.keys()])) : [];
    const asking = table === null && c.inExpression ? decks.filter((d) => c.symbols.deckAsks(d)) : [];
    if (asking.length > 0) {
      c.report(calleeSpan, { code: 'choice-in-expression', message: `A card of \`${asking[0]}\` may ask a player to choose when its effect is carried out, so \`resolve\` of it cannot be used inside an expression: the game pauses there for an answer.`, hint: 'Call it on its own line: `resolve(card)`, or `let x = resolve(card)`, then use `x`.' });
    }
    if (table === null) return;
    const def = c.tableDef(table);
    const rows = isRecord(def?.rows) ? Object.values(def.rows) : [];
    if (Array.isArray(def?.columns) || !Array.isArray(def?.params) || !rows.some((r) => isRecord(r) && typeof r.effect === 'string')) {
      c.report(args[0]!.span, { code: 'no-row-effect', message: `\`${table}\` has no row effects (a table without columns that declares \`params:\` and gives rows an \`effect:\`), so there is nothing to resolve.`, hint: `Add \`params: […]\` to \`${table}\` and an \`effect:\` script to its rows, or look the table up without \`resolve\`.` });
      return;
    }
    const params = Array.isArray(def?.params) ? def.params.length : 0;
    if (args.length - 1 !== params) {
      c.report(span, { code: 'wrong-arity', message: `The effects of \`${table}\` take ${params} argument${params === 1 ? '' : 's'} (its \`params:\`), but ${args.length - 1} ${args.length - 1 === 1 ? 'was' : 'were'} given.`, hint: `Write \`resolve(${table}[key]${Array.isArray(def?.params) ? def.params.map((p) => `, ${String(p)}`).join('') : ''})\`.` });
    }
  }
}

/** A number written out (`3`, `-1`), or undefined. */
function literal(e: Expr): number | undefined {
  if (e.kind === 'number') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
  return undefined;
}

/** `hex_at(11, 4)` on a 10 × 8 grid gives none, which only shows later as `not-a-place`. */
function offGrid(c: CallContext, args: Expr[], span: Span): void {
  const grid = c.data.map?.grid;
  const [col, row] = [literal(args[0]!), literal(args[1]!)];
  if (!grid || col === undefined || row === undefined || typeof grid.columns !== 'number' || typeof grid.rows !== 'number') return;
  if (col >= 1 && row >= 1 && col <= grid.columns && row <= grid.rows) return;
  c.report(span, {
    severity: 'warning',
    code: 'hex-off-grid',
    message: `\`hex_at(${col}, ${row})\` is off the ${grid.columns} × ${grid.rows} grid (columns 1–${grid.columns}, rows 1–${grid.rows}): it gives none.`,
    hint: 'Keep the column and row within the grid, or raise `map.grid.columns` / `rows`.',
  });
}
