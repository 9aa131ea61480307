import { parseExpression, type DiceExpr } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import { LIMITS } from '../check/limits.ts';
import { bandContains, parseBand, type Band } from '../tables/bands.ts';
import { charge } from './budget.ts';
import { RuleError, type SourceAt } from './errors.ts';
import { fromStored } from './persist.ts';
import type { Runtime } from './runtime.ts';
import { span } from './secrets.ts';
import { EntityRef, Roll, toJson, toNumber, toText, type Value } from './values.ts';

interface TableShape {
  rows: Array<{ label: string; band: Band }>;
  columns: Band[] | null;
  die: { count: number; die: DiceExpr['die'] } | null;
  expression: boolean;
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

const shapes = new WeakMap<object, Map<string, TableShape>>();

function shapeOf(rt: Runtime, id: string, at: SourceAt): { def: Record<string, unknown>; shape: TableShape } {
  const def = rt.def('tables', id);
  if (!def || !isRecord(def.rows)) throw new RuleError('unknown-name', `No table \`${id}\`.`, at);
  let perProgram = shapes.get(rt.program);
  if (!perProgram) shapes.set(rt.program, (perProgram = new Map()));
  let shape = perProgram.get(id);
  if (!shape) {
    let die: TableShape['die'] = null;
    if (typeof def.roll === 'string') {
      const ast = parseExpression(def.roll).ast;
      if (ast?.kind === 'dice' && ast.count.kind === 'number') die = { count: ast.count.value, die: ast.die };
    }
    shape = {
      rows: Object.keys(def.rows).map((label) => ({ label, band: parseBand(label) })),
      columns: Array.isArray(def.columns) ? def.columns.map((c) => parseBand(c as string | number)) : null,
      die,
      expression: def.cells === 'expression',
    };
    perProgram.set(id, shape);
  }
  return { def, shape };
}

const keyOf = (v: Value): number | string => {
  if (v instanceof EntityRef) return v.id;
  const n = toNumber(v);
  return n !== undefined ? n : toText(v);
};

/** `table[key]` or `table[row, column shift s]`: the cell whose bands contain the keys. */
export function lookup(rt: Runtime, id: string, keys: Value[], shift: number, at: SourceAt, read: string[] = [], rolled = false): Value {
  const { def, shape } = shapeOf(rt, id, at);
  const rowKey = keyOf(keys[0] ?? null);
  const row = shape.rows.find((r) => bandContains(r.band, rowKey));
  if (!row) throw new RuleError('no-table-row', `Table \`${id}\` has no row for ${rowKey}.`, at, 'Add a row for it, or keep the key within the table\'s domain.');
  let cell = (def.rows as Record<string, unknown>)[row.label];
  let path: Array<string | number> = ['tables', id, 'rows', row.label];
  let columnNote = '';
  const trace: LookupTrace | undefined = rt.opts.trace ? { table: id, rowKey, row: row.label, rolled } : undefined;
  if (shape.columns) {
    const colKey = keyOf(keys[1] ?? null);
    let col = shape.columns.findIndex((b) => bandContains(b, colKey));
    if (col < 0) throw new RuleError('no-table-column', `Table \`${id}\` has no column for ${colKey}.`, at);
    const shifted = Math.min(shape.columns.length - 1, Math.max(0, col + shift));
    if (trace) trace.column = { key: colKey, band: String((def.columns as unknown[])[col]), shift, used: String((def.columns as unknown[])[shifted]), clamped: shifted !== col + shift };
    if (rt.logging) columnNote = shift ? `, column ${colKey} shifted ${shift > 0 ? '+' : ''}${shift}` : `, column ${colKey}`;
    col = shifted;
    cell = Array.isArray(cell) ? cell[col] : undefined;
    path = [...path, col];
  }
  // Told before the cell is evaluated, so dice an expression cell rolls come after its lookup.
  if (trace) rt.opts.trace!.lookup(trace);
  const value = shape.expression ? evalCell(rt, path, at) : fromStored(rt, cell);
  if (trace) trace.value = toJson(value);
  if (rt.logging) {
    // Keys read from hidden pieces' secrets would tell them: other seats see only that a lookup was made.
    const name = typeof def.name === 'string' ? def.name : id;
    const text = span(rt, read, `${name}: row ${row.label}${columnNote} → ${toText(value)}`, { text: `${name}: looked up` });
    rt.log('table', [text], at, { table: id, row: row.label, cell: path.slice(3), value: toText(value) }, undefined, { data: { table: id }, pieces: read });
  }
  return value;
}

function evalCell(rt: Runtime, path: Array<string | number>, at: SourceAt): Value {
  const script = rt.script(path);
  if (!script) throw new RuleError('no-table-cell', `Table cell ${path.join('.')} has no value.`, at);
  return rt.runNow(script, null, 'A table cell');
}

/** `roll on table [column c shift s]`: roll the table's own dice and look the result up. */
export function rollOn(rt: Runtime, id: string, column: Value, shift: number, at: SourceAt, read?: string[]): Value {
  const { shape } = shapeOf(rt, id, at);
  if (!shape.die) throw new RuleError('table-not-rollable', `Table \`${id}\` has no \`roll:\`.`, at);
  const r = roll(rt, shape.die.count, shape.die.die, at);
  return lookup(rt, id, column === null ? [r] : [r, column], shift, at, read, true);
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
    const dice = Array.from({ length: Math.max(0, count) }, () => rt.die(die.sides, at));
    result = new Roll(dice.reduce((a, b) => a + b, 0), dice, dice, `${count}d${die.sides}`);
  } else {
    const def = rt.def('dice', die.named);
    const faces = Array.isArray(def?.faces) ? def.faces : [];
    if (faces.length === 0) throw new RuleError('unknown-die', `No die \`${die.named}\` with faces.`, at);
    const rolled = Array.from({ length: Math.max(0, count) }, () => faces[rt.die(faces.length, at) - 1]);
    const values = rolled.map((f) => (isRecord(f) ? f.value : f));
    const dice = values.map((v) => (typeof v === 'number' ? v : 0));
    result = new Roll(dice.reduce((a, b) => a + b, 0), dice, rolled.map((f) => fromStored(rt, f)), `${count}d[${die.named}]`);
  }
  rt.opts.trace?.roll(result.notation, result.total);
  if (rt.logging) rt.log('roll', `${result.notation}: ${result.toString()}`, at, { dice: result.dice, total: result.total });
  return result;
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
