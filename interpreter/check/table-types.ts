import { bandContains, parseBand } from '../tables/bands.ts';
import { isRecord } from './context.ts';
import { ANY, BOOL, NUMBER, TEXT, join, listOf, type Ty } from './types.ts';

/** The type of one cell value as written in YAML. */
function cellType(v: unknown, expression: boolean): Ty {
  if (expression) return NUMBER;
  if (typeof v === 'number') return NUMBER;
  if (typeof v === 'string') return TEXT;
  if (typeof v === 'boolean') return BOOL;
  if (isRecord(v)) {
    const fields = new Map<string, Ty>();
    for (const [k, f] of Object.entries(v)) fields.set(k, cellType(f, false));
    return { k: 'record', fields };
  }
  return ANY;
}

/** The type of a value written in YAML (a prop): a list is a list, of items of any kind. */
export const dataType = (v: unknown): Ty => (Array.isArray(v) ? listOf(ANY) : cellType(v, false));

type Rows = Array<[label: string, cell: unknown]>;

/**
 * The type a lookup on this table yields: the join over all cells, where record cells merge
 * their fields (a field missing from some rows reads as `none` there: `lacking` says which).
 */
export function tableValueType(table: unknown, id = ''): Ty {
  if (!isRecord(table) || !isRecord(table.rows)) return ANY;
  // Asked for every row (`rowType`) and every lookup with a written key: kept per table while
  // its data cannot change (a loaded model's data is frozen).
  if (!Object.isFrozen(table) || !Object.isFrozen(table.rows)) return computeValueType(table, id);
  let byId = valueTypes.get(table);
  if (!byId) valueTypes.set(table, (byId = new Map()));
  let ty = byId.get(id);
  if (!ty) byId.set(id, (ty = computeValueType(table, id)));
  return ty;
}

function computeValueType(table: Record<string, unknown>, id: string): Ty {
  const cross = Array.isArray(table.columns);
  const rows: Rows = Object.entries(table.rows as Record<string, unknown>).flatMap(([label, row]): Rows => (cross && Array.isArray(row) ? row.map((cell) => [label, cell]) : [[label, row]]));
  return rowsType(table, id, rows);
}

const valueTypes = new WeakMap<object, Map<string, Ty>>();

/**
 * The type of `table[key]` for a key written in the script: the row it lands on, with the fields
 * of the other rows that this one lacks. Undefined when the table has columns, or no row has it.
 */
export function tableRowType(table: unknown, id: string, key: number | string): Ty | undefined {
  if (!isRecord(table) || !isRecord(table.rows) || Array.isArray(table.columns)) return undefined;
  const label = Object.keys(table.rows).find((l) => bandContains(parseBand(l), key));
  return label === undefined ? undefined : rowType(table, id, label);
}

/** The type of one row's own value (what `row` is in that row's `effect:`). */
export function rowType(table: Record<string, unknown>, id: string, label: string): Ty {
  const rows = table.rows as Record<string, unknown>;
  const own = rowsType(table, id, [[label, rows[label]]]);
  const all = tableValueType(table, id);
  if (own.k !== 'record' || !own.fields || all.k !== 'record' || !all.fields) return own;
  // Fields other rows have read `none` in this one.
  const fields = new Map(own.fields);
  const lacking = new Map<string, { table: string; rows: string[] }>();
  for (const [name, t] of all.fields) {
    if (fields.has(name)) continue;
    fields.set(name, t);
    lacking.set(name, { table: id, rows: [label] });
  }
  return lacking.size ? { k: 'record', fields, lacking } : own;
}

function rowsType(table: Record<string, unknown>, id: string, rows: Rows): Ty {
  const expression = table.cells === 'expression';
  let acc: Ty | undefined;
  const fields = new Map<string, Ty>();
  const present = new Map<string, Set<string>>();
  let allRecords = true;
  for (const [label, cell] of rows) {
    const t = cellType(cell, expression);
    if (t.k === 'record' && t.fields) {
      for (const [k, ft] of t.fields) {
        fields.set(k, fields.has(k) ? join(fields.get(k)!, ft) : ft);
        present.set(k, (present.get(k) ?? new Set()).add(label));
      }
    } else allRecords = false;
    acc = acc ? join(acc, t) : t;
  }
  if (acc === undefined) return ANY;
  if (!allRecords || fields.size === 0) return acc;
  const labels = [...new Set(rows.map(([label]) => label))];
  const lacking = new Map<string, { table: string; rows: string[] }>();
  for (const [k, has] of present) {
    const without = labels.filter((l) => !has.has(l));
    if (without.length) lacking.set(k, { table: id, rows: without });
  }
  return lacking.size ? { k: 'record', fields, lacking } : { k: 'record', fields };
}
