import type { Expr, Span } from '../../grammar/index.ts';
import { literalKey } from './table-keys.ts';
import { bandContains, parseBand } from '../tables/bands.ts';
import { isRecord } from './context.ts';
import { ANY, BOOL, NONE, NUMBER, TEXT, describe, join, listOf, textOf, withoutValues, type Ty } from './types.ts';

/** The type of one cell value as written in YAML. */
/** `nullAs`: what a field written `null` is: none in a table's cells (fixed data), any elsewhere. */
function cellType(v: unknown, expression: boolean, nullAs: Ty = ANY): Ty {
  if (expression) return NUMBER;
  if (typeof v === 'number') return NUMBER;
  if (typeof v === 'string') return textOf([v]);
  if (typeof v === 'boolean') return BOOL;
  if (Array.isArray(v)) return listOf(ANY);
  if (isRecord(v)) {
    const fields = new Map<string, Ty>();
    for (const [k, f] of Object.entries(v)) fields.set(k, cellType(f, false, nullAs));
    return { k: 'record', fields };
  }
  return v === null ? nullAs : ANY;
}

/**
 * The type of a value written in YAML (a prop, a variable's initial value): a list is a list, of
 * items of any kind; a field written `null` may be set later, so it is of any kind.
 */
export const dataType = (v: unknown): Ty => withoutValues(cellType(v, false));

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
  if (own.k !== 'record' || !own.fields) return own;
  const row = `row \`${label}\` of \`${id}\``;
  if (all.k !== 'record' || !all.fields) return { ...own, row };
  // Fields other rows have read `none` in this one. A number is kept, as a number this row lacks
  // (reported where it is used as one, unless a condition tests it); a field of another kind, or
  // of mixed kinds (`see event` among numbers), is not this row's: reading it is unknown-property.
  const fields = new Map(own.fields);
  const lacking = new Map<string, { table: string; rows: string[] }>();
  for (const [name, t] of all.fields) {
    if (fields.has(name) || t.k !== 'number') continue;
    fields.set(name, t);
    lacking.set(name, { table: id, rows: [label] });
  }
  return lacking.size ? { k: 'record', fields, lacking, row } : { ...own, row };
}

function rowsType(table: Record<string, unknown>, id: string, rows: Rows): Ty {
  const expression = table.cells === 'expression';
  // A row left empty (`null`) reads `none`; the others say what the table gives.
  const empty = rows.filter(([, cell]) => cell === null && !expression).map(([label]) => label);
  // A cell that is not one of the table's `results:` is reported there (unknown-result-code); for
  // every other check it stands for one of them, so a comparison with the right code is not
  // judged against the misspelt one (and told to copy it).
  const codes = isRecord(table.results) ? Object.keys(table.results) : undefined;
  const typeOf = (cell: unknown): Ty => (!expression && codes?.length && typeof cell === 'string' && !codes.includes(cell) ? textOf(codes) : cellType(cell, expression, NONE));
  const typed = rows.filter(([, cell]) => cell !== null || expression).map(([label, cell]): [string, Ty] => [label, typeOf(cell)]);
  const acc = typed.map(([, t]) => t).reduce<Ty | undefined>((a, t) => (a ? join(a, t) : t), undefined);
  if (acc === undefined) return ANY;
  // In a table of numbers, `none` in a few rows stops arithmetic there.
  if (acc.k === 'number' && empty.length) return empty.length * 4 <= rows.length ? { ...NUMBER, missing: { table: id, field: '', rows: [...new Set(empty)], names: [], kind: { reads: '`none`' } } } : ANY;
  // Rows of mixed kinds give any value, unless a few break a rule the rest keep: then the rest's kind, saying where it fails.
  const odd = acc.k === 'any' ? oddOnes(typed, id, '') : undefined;
  if (odd?.t.k === 'number') return empty.length ? ANY : odd.t;
  const records = odd ? typed.filter(([, t]) => t.k === 'record') : typed;
  const fields = new Map<string, Array<[string, Ty]>>();
  for (const [label, t] of records) {
    if (t.k !== 'record' || !t.fields) return acc;
    for (const [k, ft] of t.fields) fields.set(k, [...(fields.get(k) ?? []), [label, ft]]);
  }
  if (fields.size === 0) return acc;
  const labels = [...new Set(records.map(([label]) => label))];
  const lacking = new Map<string, { table: string; rows: string[] }>();
  const merged = new Map<string, Ty>();
  for (const [k, list] of fields) {
    // A field written `null` reads none, as one left out does: those rows lack it.
    const valued = list.filter(([, x]) => x.k !== 'none');
    const given = valued.length ? valued : list;
    const t = given.map(([, x]) => x).reduce((a, b) => join(a, b));
    merged.set(k, t.k === 'any' ? oddOnes(given, id, k)?.t ?? t : t);
    const has = new Set(given.map(([label]) => label));
    const without = labels.filter((l) => !has.has(l));
    if (without.length) lacking.set(k, { table: id, rows: without });
  }
  const record: Ty = lacking.size ? { k: 'record', fields: merged, lacking, fixed: true } : { k: 'record', fields: merged, fixed: true };
  return odd ? { ...record, missing: odd.t.missing! } : record;
}

/**
 * Values (of rows, or of one field of them) of one kind, a number or a record, but for a few of
 * another kind: at most a quarter, none of them of unknown kind, and no text among numbers (a
 * word such as `prohibited` in a table of costs is how tables say "not allowed"); or, of kinds
 * that can never be read as that one (a list among records), fewer than half the rows, or of a
 * field any share but all. That kind, carrying which rows differ and what they give; undefined
 * when the values have no such rule.
 */
function oddOnes(list: ReadonlyArray<[string, Ty]>, table: string, field: string): { t: Ty } | undefined {
  for (const kind of ['number', 'record'] as const) {
    if (field && kind === 'record') continue;
    const others = list.filter(([, t]) => t.k !== kind && !(kind === 'number' && t.k === 'roll'));
    if (others.length === 0 || others.length === list.length || others.some(([, t]) => t.k === 'any' || (kind === 'number' && t.k === 'text'))) continue;
    // Lists and records among numbers, and lists and numbers among records, can never be read as
    // the others are: said for any share short of all (of a field) or of half (of whole rows).
    // Other odd ones (true/false, text among records) only when they are a few.
    const never = others.every(([, t]) => (kind === 'number' ? t.k === 'record' || t.k === 'list' : t.k === 'list' || t.k === 'number'));
    const few = others.length * 4 <= list.length;
    if (!few && !(never && (field || others.length * 2 < list.length))) continue;
    const reads = describe(others[0]![1]);
    const missing = { table, field, rows: [...new Set(others.map(([label]) => label))], names: [], kind: { reads: others.every(([, t]) => describe(t) === reads) ? reads : `not ${kind === 'number' ? 'a number' : 'a record'}` } };
    // A field of many records among numbers may be either: its reads as a number are said, nothing else.
    if (kind === 'number' && !few) return { t: { ...ANY, missing } };
    return { t: kind === 'number' ? { ...NUMBER, missing } : { k: 'record', missing } };
  }
  return undefined;
}

/**
 * The type of `table[k]` where `k` is one of a few entities named in a list written out (`for each
 * t in [spd, wsp, ngmp] do … table[t] …`): each of those rows is looked up in turn, so a row that is
 * not a record among records (a cell retyped `false`) is read whatever share of the table it is —
 * a record carrying which rows differ, for the member read to report. Undefined otherwise.
 */
export function keyedRowsType(table: unknown, id: string, keys: readonly string[]): Ty | undefined {
  if (!isRecord(table) || !isRecord(table.rows) || Array.isArray(table.columns) || keys.length < 2) return undefined;
  const all = Object.keys(table.rows);
  const labels = keys.map((k) => all.find((l) => bandContains(parseBand(l), k)));
  if (labels.some((l) => l === undefined)) return undefined;
  const typed = [...new Set(labels as string[])].map((l): [string, Ty] => [l, rowType(table, id, l)]);
  const odd = typed.filter(([, t]) => t.k !== 'record' && t.k !== 'any' && t.k !== 'none');
  if (odd.length === 0) return keyedFieldsType(typed, id);
  if (odd.length === typed.length || !typed.some(([, t]) => t.k === 'record')) return undefined;
  const reads = describe(odd[0]![1]);
  return { k: 'record', missing: { table: id, field: '', rows: odd.map(([l]) => l), names: [], kind: { reads: odd.every(([, t]) => describe(t) === reads) ? reads : 'not a record' } } };
}

/**
 * Records all: a field that is a number in some of these rows and true/false, a list or a record in
 * others (`exposure_cost: false`) is a number that says where it is not one, for its use as a number
 * to report. Undefined when no field is so (the table's own type then serves).
 */
function keyedFieldsType(typed: ReadonlyArray<[string, Ty]>, id: string): Ty | undefined {
  if (!typed.every(([, t]) => t.k === 'record' && t.fields)) return undefined;
  const fields = new Map<string, Ty>();
  let found = false;
  for (const [, t] of typed) for (const [k, f] of (t as { fields: Map<string, Ty> }).fields) fields.set(k, fields.has(k) ? join(fields.get(k)!, f) : f);
  for (const k of fields.keys()) {
    const kinds = typed.map(([label, t]): [string, Ty | undefined] => [label, (t as { fields: Map<string, Ty> }).fields.get(k)]);
    const odd = kinds.filter(([, f]) => f && (f.k === 'bool' || f.k === 'list' || f.k === 'record'));
    if (odd.length === 0 || !kinds.some(([, f]) => f?.k === 'number')) continue;
    const reads = describe(odd[0]![1]!);
    fields.set(k, { ...NUMBER, missing: { table: id, field: k, rows: odd.map(([l]) => l), names: [], kind: { reads: odd.every(([, f]) => describe(f!) === reads) ? reads : 'not a number' } } });
    found = true;
  }
  return found ? { k: 'record', fields } : undefined;
}

/**
 * `r[k]` on a record whose fields are known, `k` worked out (not written out): one of its fields,
 * so the join of their types; a number that may not be one in some areas or rows stays so
 * (`boxes[c] + 1`, fuzz 3131/103). A key written out reads that field, or, absent, none: a record
 * may be filled as a dictionary (`r["k"] = v`), so no field is taken to be missing. Undefined
 * for other values.
 */
export function recordIndexType(object: Ty, keys: readonly Expr[], names: string[]): Ty | undefined {
  if (object.k !== 'record' || !object.fields || object.fields.size === 0 || keys.length !== 1) return undefined;
  if (keys[0]!.kind === 'string' || keys[0]!.kind === 'number') return undefined;
  const t = [...object.fields.values()].reduce((a, b) => join(a, b));
  // Read through the key (`names`), not off an area or piece: a test of an owner does not keep it out.
  return t.missing ? { ...t, missing: { ...t.missing, names } } : t;
}

/**
 * `row["name"]` on a table's row (data no script changes, `fixed`): the field written out, read as
 * `row.name`, with the span inside the quotes (a did-you-mean fix keeps them). Undefined otherwise.
 */
export function writtenField(object: Ty, keys: readonly Expr[]): { name: string; span: Span } | undefined {
  const name = object.k === 'record' && object.fixed && keys.length === 1 ? literalKey(keys[0]!) : undefined;
  return typeof name === 'string' ? { name, span: { start: keys[0]!.span.start + 1, end: keys[0]!.span.end - 1 } } : undefined;
}
