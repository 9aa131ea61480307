/**
 * A table changed by a variant as one grid: the union of both versions' rows (in band order) and
 * columns, each cell with its base and variant text and whether it changed, so the diff view can
 * draw the table once with the changed cells highlighted instead of a YAML line diff only.
 */
import { columnOutcomes, isRolled, odds as oddsOf } from '../tables/odds.ts';
import type { TableGridDiff, TableOddsDiff, TableView } from './protocol.ts';

export function tableGridDiff(before: TableView | undefined, after: TableView | undefined): TableGridDiff {
  const columns = [...new Set([...(after?.columns ?? []), ...(before?.columns ?? [])])];
  const rowsOf = (t: TableView | undefined) => new Map((t?.rows ?? []).map((r) => [r.label, r]));
  const b = rowsOf(before);
  const a = rowsOf(after);
  // Table views list rows in band order already; merge the two orders keeping the variant's first.
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  const order = new Map([...(after?.rows ?? []), ...(before?.rows ?? [])].map((r, i) => [r.label, i]));
  labels.sort((x, y) => rank(x, after, before) - rank(y, after, before) || order.get(x)! - order.get(y)!);
  let changedCells = 0;
  const rows = labels.map((label) => {
    const br = b.get(label);
    const ar = a.get(label);
    const cells = columns.map((column) => {
      const text = (t: TableView | undefined, r: typeof ar) => {
        const c = t ? t.columns.indexOf(column) : -1;
        return r && c >= 0 ? r.cells[c]?.text : undefined;
      };
      const was = text(before, br);
      const now = text(after, ar);
      const changed = was !== now;
      if (changed) changedCells++;
      return { ...(now !== undefined ? { text: now } : {}), ...(was !== undefined ? { before: was } : {}), changed };
    });
    const status = !br ? 'added' : !ar ? 'removed' : cells.some((c) => c.changed) ? 'changed' : 'same';
    return { label, status, cells } as TableGridDiff['rows'][number];
  });
  const removedColumns = (before?.columns ?? []).filter((c) => !after?.columns.includes(c));
  // A deck's odds are its cards' (a row's copies in the deck); a table's, its columns' results.
  const deck = before?.deck === true || after?.deck === true;
  const odds = deck ? [] : oddsDiff(before, after);
  const cards = deck ? cardOddsDiff(before, after) : [];
  return {
    columns,
    removedColumns,
    rows,
    changedCells,
    ...(after?.results ?? before?.results ? { results: { ...before?.results, ...after?.results } } : {}),
    ...(odds.length ? { odds } : {}),
    ...(cards.length ? { cards } : {}),
  };
}

/**
 * For a deck changed by a variant: each card of either version with its chance to be the card
 * drawn from the full, shuffled deck (its copies over the deck's size) in the base and the
 * variant; empty when no card's chance moved.
 */
export function cardOddsDiff(before: TableView | undefined, after: TableView | undefined): NonNullable<TableGridDiff['cards']> {
  if (!before || !after || !isRolled(before) || !isRolled(after)) return [];
  const weights = (t: TableView) => new Map(t.rows.map((r) => [r.label, r.weight ?? 0]));
  const b = weights(before);
  const a = weights(after);
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  const cards = labels.map((label) => ({ label, before: oddsOf(b.get(label) ?? 0, before.totalWeight), after: oddsOf(a.get(label) ?? 0, after.totalWeight) }));
  return cards.some((c) => c.before.percent !== c.after.percent) ? cards : [];
}

/**
 * For a table rolled in both versions: each column (of both) whose results come with other odds,
 * every result of either version with its chance before and after (0 where a version has none),
 * in the legend's order (`results:`), then in order of first appearance. What `rulesmith diff
 * --odds` prints for a changed table, for the diff view.
 */
export function oddsDiff(before: TableView | undefined, after: TableView | undefined): TableOddsDiff[] {
  if (!before || !after || !isRolled(before) || !isRolled(after)) return [];
  const legend = Object.keys({ ...before.results, ...after.results });
  const out: TableOddsDiff[] = [];
  for (const [ai, column] of after.columns.entries()) {
    const bi = before.columns.indexOf(column);
    if (bi < 0) continue;
    const was = new Map(columnOutcomes(before, bi).map((o) => [o.result, o.odds]));
    const now = new Map(columnOutcomes(after, ai).map((o) => [o.result, o.odds]));
    const seen = [...new Set([...now.keys(), ...was.keys()])];
    const results = [...legend.filter((r) => seen.includes(r)), ...seen.filter((r) => !legend.includes(r))];
    const outcomes = results.map((result) => {
      const name = after.results?.[result] ?? before.results?.[result];
      return {
        result,
        ...(name ? { name } : {}),
        before: was.get(result) ?? oddsOf(0, before.totalWeight),
        after: now.get(result) ?? oddsOf(0, after.totalWeight),
      };
    });
    if (outcomes.some((o) => o.before.percent !== o.after.percent)) out.push({ column, outcomes });
  }
  return out;
}

/** Position of a row in whichever version has it, the variant's first (both are in band order). */
function rank(label: string, after: TableView | undefined, before: TableView | undefined): number {
  const i = after?.rows.findIndex((r) => r.label === label) ?? -1;
  if (i >= 0) return i;
  // A row only the base has goes just after the variant row the base lists before it.
  const bi = before?.rows.findIndex((r) => r.label === label) ?? -1;
  for (let j = bi - 1; j >= 0; j--) {
    const k = after?.rows.findIndex((r) => r.label === before!.rows[j]!.label) ?? -1;
    if (k >= 0) return k + 0.5;
  }
  return -0.5;
}

/**
 * In a variant's table views, mark each cell whose text differs from the base's (`CellView.base`),
 * so the grid shows what the variant changed where it is edited. Only tables and decks in
 * `changed` are compared (their views ids: `crt`, `deck:union_blockade`); a table the base lacks
 * is new as a whole and left unmarked.
 */
export function markBaseValues(tables: readonly TableView[], base: readonly TableView[], changed: ReadonlySet<string>): void {
  const bases = new Map(base.filter((t) => changed.has(t.id)).map((t) => [t.id, t]));
  for (const table of tables) {
    const was = bases.get(table.id);
    if (!was) continue;
    const rows = new Map(was.rows.map((r) => [r.label, r]));
    for (const row of table.rows) {
      const before = rows.get(row.label);
      row.cells.forEach((cell, c) => {
        const column = was.columns.indexOf(table.columns[c] ?? '');
        const text = before && column >= 0 ? (before.cells[column]?.text ?? '') : '';
        if (text !== cell.text) cell.base = text;
      });
    }
  }
}
