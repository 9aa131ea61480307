import { parseExpression, type DiceExpr } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import { LIMITS } from '../check/limits.ts';
import { bandContains, parseBand, type Band } from '../tables/bands.ts';
import { charge } from './budget.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { fromStored } from './persist.ts';
import type { Runtime } from './runtime.ts';
import { span } from './secrets.ts';
import { programMemo } from './program-memo.ts';
import { EntityRef, isRecordValue, Roll, tidyNumber, toJson, toNumber, toText, type Value } from './values.ts';

interface TableShape {
  def: Record<string, unknown>;
  rows: Array<{ label: string; band: Band }>;
  rowBands: Band[];
  columns: Band[] | null;
  die: { count: number; die: DiceExpr['die'] } | null;
  expression: boolean;
  /** Which row (index, -1: none) and column each key seen so far falls in: bands are fixed, so a key finds the same one every time. */
  rowOf: Map<number | string, number>;
  columnOf: Map<number | string, number>;
  /** Cells converted once and shared by read-only locals (`sharedCell`), and which field sets allow it. */
  shared?: { cells: Map<unknown, Value>; fits: Map<string, boolean> };
}

/** One table lookup as `RuntimeOptions.trace` is told of it; `value` is filled in once the cell is read. */
export interface LookupTrace {
  table: string;
  /** The row key after every modifier the rules applied to it. */
  rowKey: number | string;
  row: string;
  /** `roll on`: the key is the table's own roll, unmodified. */
  rolled: boolean;
  /** A cross table: the column the key selects, the shift, and the column read (clamped at the edges). */
  column?: { key: number | string; band: string; shift: number; used: string; clamped: boolean };
  value?: unknown;
}

export interface TableTrace {
  lookup(l: LookupTrace): void;
  roll(notation: string, total: number): void;
}

/** Keys remembered per table, at most: a script computing ever new keys must not grow memory without bound. */
const MEMO_KEYS = 1024;

const shapesOf = programMemo(() => new Map<string, TableShape>());

function shapeOf(rt: Runtime, id: string, at: SourceAt): TableShape {
  const perProgram = shapesOf(rt.program);
  const known = perProgram.get(id);
  if (known !== undefined) return known;
  const def = rt.def('tables', id);
  if (!def || !isRecord(def.rows)) throw new RuleError('unknown-name', `No table \`${id}\`.`, at);
  let die: TableShape['die'] = null;
  if (typeof def.roll === 'string') {
    const ast = parseExpression(def.roll).ast;
    if (ast?.kind === 'dice' && ast.count.kind === 'number') die = { count: ast.count.value, die: ast.die };
  }
  const shape: TableShape = {
    def,
    rows: Object.keys(def.rows).map((label) => ({ label, band: parseBand(label) })),
    rowBands: [],
    columns: Array.isArray(def.columns) ? def.columns.map((c) => parseBand(c as string | number)) : null,
    die,
    expression: def.cells === 'expression',
    rowOf: new Map(),
    columnOf: new Map(),
  };
  shape.rowBands = shape.rows.map((r) => r.band);
  perProgram.set(id, shape);
  return shape;
}

/** The first of `bands` containing `key` (-1: none), remembered in `memo`. */
function bandIndex(bands: ReadonlyArray<Band>, key: number | string, memo: Map<number | string, number>): number {
  const known = memo.get(key);
  if (known !== undefined) return known;
  let i = 0;
  while (i < bands.length && !bandContains(bands[i]!, key)) i++;
  const found = i < bands.length ? i : -1;
  if (memo.size < MEMO_KEYS) memo.set(key, found);
  return found;
}

const keyOf = (v: Value): number | string => {
  if (v instanceof EntityRef) return v.id;
  const n = toNumber(v);
  // 0.1 + 0.2 + 2.7 is 2.9999999999999996 in binary: read as the 3 the rules' arithmetic gives (values.ts, nearlyEqual).
  return n !== undefined ? tidyNumber(n) : toText(v);
};

/** `table[key]` or `table[row, column shift s]`: the cell whose bands contain the keys. */
export function lookup(rt: Runtime, id: string, keys: Value[], shift: number, at: SourceAt, read: string[] = [], rolled = false): Value {
  const shape = shapeOf(rt, id, at);
  const def = shape.def;
  const rowKey = keyOf(keys[0] ?? null);
  const rowAt = bandIndex(shape.rowBands, rowKey, shape.rowOf);
  const row = rowAt < 0 ? undefined : shape.rows[rowAt];
  if (!row) throw new RuleError('no-table-row', `Table \`${id}\` has no row for ${rowKey}.`, at, 'Add a row for it, or keep the key within the table\'s domain.');
  const trace: LookupTrace | undefined = rt.opts.trace ? { table: id, rowKey, row: row.label, rolled } : undefined;
  let cell = (def.rows as Record<string, unknown>)[row.label];
  // The cell's place in the ruleset, made only for what needs it (an expression cell, a log line):
  // a bot's look-ahead looks up a million cells a game.
  let colAt: number | null = null;
  let columnNote = '';
  if (shape.columns) {
    const colKey = keyOf(keys[1] ?? null);
    let col = bandIndex(shape.columns, colKey, shape.columnOf);
    if (col < 0) throw new RuleError('no-table-column', `Table \`${id}\` has no column for ${colKey}.`, at);
    const shifted = Math.min(shape.columns.length - 1, Math.max(0, col + shift));
    if (trace) trace.column = { key: colKey, band: String((def.columns as unknown[])[col]), shift, used: String((def.columns as unknown[])[shifted]), clamped: shifted !== col + shift };
    if (rt.logging) columnNote = columnText(def, col, colKey, shifted - col);
    col = shifted;
    cell = Array.isArray(cell) ? cell[col] : undefined;
    colAt = col;
  }
  // Told before the cell is evaluated, so dice an expression cell rolls come after its lookup.
  if (trace) rt.opts.trace!.lookup(trace);
  const value = shape.expression ? evalCell(rt, cellPath(id, row.label, colAt), at) : fromStored(rt, cell);
  if (trace) trace.value = toJson(value);
  if (rt.logging) {
    // Keys read from hidden pieces' secrets would tell them: other seats see only that a lookup was made.
    const name = typeof def.name === 'string' ? def.name : id;
    const text = span(rt, read, `${name}: row ${labelFor(row.label, rowKey)}${columnNote} give${columnNote ? '' : 's'} ${resultText(def, value)}`, { text: `${name}: looked up` });
    // `rolled`: the game's dice chose the row (`roll on`), not the rules reading their data; the
    // seats that see only "looked up" are told that too (log-reading.ts shows those lines).
    const how = rolled ? { rolled: true } : {};
    rt.log('table', [text], at, { table: id, row: row.label, cell: colAt === null ? [row.label] : [row.label, colAt], value: toText(value), ...how }, undefined, { data: { table: id, ...how }, pieces: read });
  }
  return value;
}

/** Where a cell is in the ruleset's data. */
function cellPath(table: string, row: string, column: number | null): Array<string | number> {
  return column === null ? ['tables', table, 'rows', row] : ['tables', table, 'rows', row, column];
}

/**
 * `table[keys].prop` read without converting the whole cell (a row may be a record of a dozen
 * fields and a list): the field alone, as reading it from the converted record would
 * give (none when the cell has no such field). Undefined when that shortcut does not apply — an
 * expression table, a log or a trace to tell, a cell that is not a plain record — and the caller
 * then looks the cell up as usual; errors for a missing row or column are the lookup's own.
 */
export function lookupField(rt: Runtime, id: string, keys: Value[], shift: number, at: SourceAt, prop: string): Value | undefined {
  if (rt.logging || rt.opts.trace) return undefined;
  const shape = shapeOf(rt, id, at);
  if (shape.expression) return undefined;
  const cell = plainCell(shape, keys, shift);
  if (cell === undefined) return undefined;
  // fromStored copies the cell's own enumerable keys, and a record's member is none without one.
  return Object.prototype.propertyIsEnumerable.call(cell, prop) ? fromStored(rt, cell[prop]) : null;
}

/**
 * The cell of a lookup when it is a plain record (not an entity, marked text or range, which
 * fromStored reads otherwise); undefined for anything else, and when no row or column holds the
 * keys (the caller then looks up as usual, which gives the lookup's own errors).
 */
function plainCell(shape: TableShape, keys: Value[], shift: number): Record<string, unknown> | undefined {
  const rowAt = bandIndex(shape.rowBands, keyOf(keys[0] ?? null), shape.rowOf);
  const row = rowAt < 0 ? undefined : shape.rows[rowAt];
  if (!row) return undefined;
  let cell = (shape.def.rows as Record<string, unknown>)[row.label];
  if (shape.columns) {
    const col = bandIndex(shape.columns, keyOf(keys[1] ?? null), shape.columnOf);
    if (col < 0) return undefined;
    cell = Array.isArray(cell) ? cell[Math.min(shape.columns.length - 1, Math.max(0, col + shift))] : undefined;
  }
  return isPlainRecordCell(cell) ? cell : undefined;
}

function isPlainRecordCell(cell: unknown): cell is Record<string, unknown> {
  if (cell === null || typeof cell !== 'object' || Array.isArray(cell)) return false;
  const o = cell as Record<string, unknown>;
  return !((typeof o.$ref === 'string' && typeof o.id === 'string') || Array.isArray(o.$text) || Array.isArray(o.$range));
}

/**
 * `let row = table[keys]` for a local the script only reads plain fields of (`row.speed`, never
 * `row` itself, never assigned: compile/shared-rows.ts proves it): the cell converted once per
 * program and shared by every such lookup, instead of a fresh record each time (a bot's
 * look-ahead makes a million of them a game). Shared only where every cell of the table is a
 * record whose `fields` hold a number, a text, a truth value or nothing, so what the script reads
 * can neither change the cell nor alias part of it. Frozen besides, so that a mistake in that proof
 * would stop with an error rather than change the rules' data. Undefined where it does not
 * apply (an expression table, a log or trace to tell, other cells, no such row): the caller
 * then looks up as usual.
 */
export function sharedCell(rt: Runtime, id: string, keys: Value[], shift: number, at: SourceAt, fields: SharedFields): Value | undefined {
  if (rt.logging || rt.opts.trace) return undefined;
  const shape = shapeOf(rt, id, at);
  if (shape.expression) return undefined;
  const shared = (shape.shared ??= { cells: new Map(), fits: new Map() });
  let fits = shared.fits.get(fields.key);
  if (fits === undefined) shared.fits.set(fields.key, (fits = fieldsArePlain(shape, fields.names)));
  if (!fits) return undefined;
  const cell = plainCell(shape, keys, shift);
  if (cell === undefined) return undefined;
  let v = shared.cells.get(cell);
  if (v === undefined) shared.cells.set(cell, (v = frozen(fromStored(rt, cell))));
  return v;
}

/** The fields a shared row's local reads, and one text naming them all (what `fits` is kept by). */
export interface SharedFields {
  names: readonly string[];
  key: string;
}

export function sharedFields(names: readonly string[]): SharedFields {
  return { names, key: names.join('\u0000') };
}

/** Whether every cell of the table is a plain record whose `fields` are absent or plain values. */
function fieldsArePlain(shape: TableShape, fields: readonly string[]): boolean {
  const plain = (v: unknown): boolean => v === undefined || v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
  for (const row of shape.rows) {
    const at = (shape.def.rows as Record<string, unknown>)[row.label];
    const cells = shape.columns ? (Array.isArray(at) ? at : [undefined]) : [at];
    for (const cell of cells) {
      if (!isPlainRecordCell(cell)) return false;
      for (const f of fields) if (!plain(Object.prototype.propertyIsEnumerable.call(cell, f) ? cell[f] : undefined)) return false;
    }
  }
  return true;
}

/** Lists and records frozen all the way down (entities and other values are immutable already). */
function frozen(v: Value): Value {
  if (Array.isArray(v)) v.forEach(frozen);
  else if (isRecordValue(v)) Object.values(v).forEach(frozen);
  else return v;
  Object.freeze(v);
  return v;
}

/**
 * The line of a row whose `effect` runs (`resolve(roll on events, s)`): which row came up, by its
 * `name` when it has one. Keys read from hidden pieces' secrets tell only that it was looked up.
 */
export function logRow(rt: Runtime, id: string, label: string, key: number | string, row: Value, at: SourceAt, read: string[], rolled: boolean): void {
  const def = rt.def('tables', id) ?? {};
  const name = typeof def.name === 'string' ? def.name : id;
  const rec = row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, Value>) : undefined;
  const what = rec ? (typeof rec.name === 'string' ? rec.name : label) : resultText(def, row);
  const text = span(rt, read, `${name}: row ${labelFor(label, key)} gives ${what}`, { text: `${name}: looked up` });
  // `rolled`: the dice chose the row (`resolve(roll on t)`), so the line is the game's, not bookkeeping (log-reading.ts).
  const how = rolled ? { rolled: true } : {};
  rt.log('table', [text], at, { table: id, row: label, cell: [], value: what, ...how }, undefined, { data: { table: id, ...how }, pieces: read });
}

// Log lines in words: a band's label with the key it was read for, a shift as columns moved, a
// result code with its name from the table's legend.

/** `4-6 (for 5)`; just `6` when the label is the key itself. */
function labelFor(label: string, key: number | string): string {
  return String(key) === label ? label : `${label} (for ${key})`;
}

function columnText(def: Record<string, unknown>, col: number, key: number | string, moved: number): string {
  const labels = Array.isArray(def.columns) ? def.columns.map(String) : [];
  const read = labelFor(labels[col] ?? String(key), key);
  if (moved === 0) return ` and column ${read}`;
  return ` and column ${labels[col + moved] ?? ''} (shifted ${Math.abs(moved)} ${moved > 0 ? 'right' : 'left'} from ${read})`;
}

/**
 * A coded cell with its legend name (`Dispersal (X)`), a record by its `name` (an event row's
 * whole text, effect and notes, made a log line no one reads), a record without one as its
 * fields in words (`turn 2, direction rear right`, not `{turn: 2, direction: rear_right}`),
 * anything else as text.
 */
function resultText(def: Record<string, unknown>, value: Value): string {
  if (isRecordValue(value) && typeof value.name === 'string') return value.name;
  if (isRecordValue(value) && Object.keys(value).length > 0 && Object.values(value).every((v) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')) {
    const words = (t: string) => (/^[a-z][a-z0-9_]*$/.test(t) ? t.replace(/_/g, ' ') : t);
    return Object.entries(value).map(([k, v]) => `${words(k)} ${words(toText(v))}`).join(', ');
  }
  const code = toText(value);
  const legend = isRecord(def.results) ? def.results[code] : undefined;
  const name = isRecord(legend) && typeof legend.name === 'string' ? legend.name : undefined;
  return name && name !== code ? `${name} (${code})` : code;
}

function evalCell(rt: Runtime, path: Array<string | number>, at: SourceAt): Value {
  const script = rt.script(path);
  if (!script) throw new RuleError('no-table-cell', `Table cell ${path.join('.')} has no value.`, at);
  return rt.runNow(script, null, 'A table cell');
}

/** `roll on table [column c shift s]`: roll the table's own dice and look the result up. */
export function rollOn(rt: Runtime, id: string, column: Value, shift: number, at: SourceAt, read?: string[]): Value {
  const r = rollTableDice(rt, id, at);
  return lookup(rt, id, column === null ? [r] : [r, column], shift, at, read, true);
}

/** A table's own `roll:`, rolled: the row key of `roll on t` (and of `resolve(roll on t, …)`). */
export function rollTableDice(rt: Runtime, id: string, at: SourceAt): Roll {
  const shape = shapeOf(rt, id, at);
  if (!shape.die) throw new RuleError('table-not-rollable', `Table \`${id}\` has no \`roll:\`.`, at);
  return roll(rt, shape.die.count, shape.die.die, at);
}

/** Roll dice with the game's generator; the Roll keeps every die. */
export function roll(rt: Runtime, count: number, die: DiceExpr['die'], at: SourceAt): Roll {
  checkDice(count, die, at);
  charge(rt, 'd66' in die ? 2 : Math.max(0, count), at);
  let result: Roll;
  if ('d66' in die) {
    const tens = rt.die(6, at);
    const units = rt.die(6, at);
    result = new Roll(tens * 10 + units, [tens, units], [tens, units], 'd66');
  } else if ('sides' in die) {
    const pooled = pool(rt, count, die.sides);
    const dice = pooled ?? Array.from({ length: Math.max(0, count) }, () => rt.die(die.sides, at));
    result = new Roll(dice.reduce((a, b) => a + b, 0), dice, dice, `${count}d${die.sides}`, pooled !== undefined);
  } else {
    const def = rt.def('dice', die.named);
    const faces = Array.isArray(def?.faces) ? def.faces : [];
    if (faces.length === 0) throw new RuleError('unknown-die', `No die \`${die.named}\` with faces.`, at);
    const pooled = pool(rt, count, faces.length);
    const rolled = (pooled ?? Array.from({ length: Math.max(0, count) }, () => rt.die(faces.length, at))).map((i) => faces[i - 1]);
    const values = rolled.map((f) => (isRecord(f) ? f.value : f));
    const dice = values.map((v) => (typeof v === 'number' ? v : 0));
    result = new Roll(dice.reduce((a, b) => a + b, 0), dice, rolled.map((f) => fromStored(rt, f)), `${count}d[${die.named}]`, pooled !== undefined);
  }
  rt.opts.trace?.roll(result.notation, result.total);
  if (rt.logging) rt.log('roll', `${result.notation}: ${result.toString()}`, at, { dice: result.dice, total: result.total });
  return result;
}

/** Several like dice drawn at once as a multiset, when the host enumerates them so (exact odds) and no die is forced. */
function pool(rt: Runtime, count: number, sides: number): number[] | undefined {
  if (count < 2 || !rt.opts.poolSource || (rt.opts.forcedDice?.length ?? 0) > 0) return undefined;
  return rt.opts.poolSource(count, sides);
}

/** The dice limits again at run time: `(n)d6` has its count only now, and a model may be unchecked. */
function checkDice(count: number, die: DiceExpr['die'], at: SourceAt): void {
  if (count > LIMITS.dicePerRoll) {
    throw new RuleError('too-many-dice', `A roll of ${count} dice; at most ${LIMITS.dicePerRoll.toLocaleString('en-US')} dice are rolled at once.`, at, 'Roll fewer dice, or add up several smaller rolls.');
  }
  if ('sides' in die && die.sides > LIMITS.dieSides) {
    throw new RuleError('die-too-large', `A die with ${die.sides} sides; dice have at most ${LIMITS.dieSides.toLocaleString('en-US')}.`, at, 'Use a die with fewer sides, or a table for the result.');
  }
}
