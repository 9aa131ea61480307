import { isRecord } from './context.ts';
import { ANY, BOOL, NUMBER, TEXT, join, type Ty } from './types.ts';

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

/**
 * The type a lookup on this table yields: the join over all cells, where record cells merge
 * their fields (a field missing from some rows reads as `none` there).
 */
export function tableValueType(table: unknown): Ty {
  if (!isRecord(table) || !isRecord(table.rows)) return ANY;
  const expression = table.cells === 'expression';
  const cross = Array.isArray(table.columns);
  let acc: Ty | undefined;
  const fields = new Map<string, Ty>();
  let allRecords = true;
  for (const row of Object.values(table.rows)) {
    const cells = cross && Array.isArray(row) ? row : [row];
    for (const cell of cells) {
      const t = cellType(cell, expression);
      if (t.k === 'record' && t.fields) {
        for (const [k, ft] of t.fields) fields.set(k, fields.has(k) ? join(fields.get(k)!, ft) : ft);
      } else allRecords = false;
      acc = acc ? join(acc, t) : t;
    }
  }
  if (acc === undefined) return ANY;
  return allRecords && fields.size > 0 ? { k: 'record', fields } : acc;
}
