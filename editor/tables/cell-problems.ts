/**
 * The validator's findings that fall on a table's cells, so the grid can mark a cell whose value is
 * wrong (`unknown-result-code` on a result typed into the CRT, say) with what the Problems panel
 * says of it. No checking of its own: a finding belongs to a cell when it is in the cell's file and
 * its range lies within the cell's value (both come from the same `rangeOf`).
 */
import type { Diagnostic, Location, Range, TableView } from '../validator/protocol.ts';

/** A cell's key in the map `cellProblems` returns. */
export const cellKey = (row: number, column: number): string => `${row}:${column}`;

const RANK: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2 };

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.column <= b.column);
const within = (inner: Range, outer: Range): boolean => before(outer.start, inner.start) && before(inner.end, outer.end);

/**
 * Findings on a table's bands: on a row's band (an overlap, an unreachable row: by row index) or
 * on `rows:` itself (a gap: key `rows`); the worst of each, as for cells.
 */
export function rowProblems(table: TableView, diagnostics: readonly Diagnostic[]): ReadonlyMap<number | 'rows', Diagnostic> {
  const found = new Map<number | 'rows', Diagnostic>();
  const relevant = diagnostics.filter((d) => d.severity !== 'info');
  const places: Array<[number | 'rows', Location | undefined]> = [...table.rows.map((row, r) => [r, row.location] as [number, Location | undefined]), ['rows', table.rowsLocation]];
  for (const [key, at] of places) {
    for (const d of relevant) {
      if (!at || d.file !== at.file || !within(d.range, at.range)) continue;
      const seen = found.get(key);
      if (!seen || RANK[d.severity] < RANK[seen.severity]) found.set(key, d);
    }
  }
  return found;
}

/** Each cell with an error or a warning on its value: the worst one (the first of the file's order). */
export function cellProblems(table: TableView, diagnostics: readonly Diagnostic[]): ReadonlyMap<string, Diagnostic> {
  const found = new Map<string, Diagnostic>();
  const relevant = diagnostics.filter((d) => d.severity !== 'info');
  if (relevant.length === 0) return found;
  const files = new Set(relevant.map((d) => d.file));
  table.rows.forEach((row, r) =>
    row.cells.forEach((cell, c) => {
      const at: Location | undefined = cell.location;
      if (!at || !files.has(at.file)) return;
      for (const d of relevant) {
        if (d.file !== at.file || !within(d.range, at.range)) continue;
        const seen = found.get(cellKey(r, c));
        if (!seen || RANK[d.severity] < RANK[seen.severity]) found.set(cellKey(r, c), d);
      }
    }),
  );
  return found;
}
