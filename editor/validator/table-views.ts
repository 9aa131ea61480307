/**
 * Tables of a loaded ruleset as grids for the tables view: rows × columns of cell text, each cell
 * traced to where it is written, and for rolled tables the exact weight of each row under the roll.
 */
import type { RulesetModel } from '../../interpreter/load/index.ts';
import { bandContains, parseBand, rollShape, rollWeights } from './interpreter-internals.ts';
import type { CellView, Location, OddsQuestionView, RowView, TableView } from './protocol.ts';

type Path = Array<string | number>;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_CELL_TEXT = 240;

export function tableViews(model: RulesetModel): TableView[] {
  const tables = model.data.tables;
  if (!isRecord(tables)) return [];
  return Object.entries(tables).flatMap(([id, table]) => (isRecord(table) ? [tableView(model, id, table)] : []));
}

function tableView(model: RulesetModel, id: string, table: Record<string, unknown>): TableView {
  const rows = isRecord(table['rows']) ? orderRows(Object.entries(table['rows'])) : [];
  const locate = (path: Path, key = false): Location | undefined => model.rangeOf(['tables', id, ...path], { key });
  const { columnKind, columns } = columnsOf(table, rows);
  const rowViews: RowView[] = rows.map(([label, value]) => {
    const location = locate(['rows', label], true);
    const cell = (v: unknown, p: Path): CellView => cellView(v, locate(['rows', label, ...p]), ['tables', id, 'rows', label, ...p]);
    // A band the grid can rename: a key written in a file (row-edit.ts works out where).
    return { label, cells: cellsOf(columnKind, columns, value, cell), ...(location ? { location, path: ['tables', id, 'rows', label] } : {}) };
  });
  const view: TableView = { id, columnKind, columns, rows: rowViews };
  const location = locate([], true);
  if (location) view.location = location;
  const rowsLocation = locate(['rows'], true);
  if (rowsLocation) view.rowsLocation = rowsLocation;
  if (typeof table['name'] === 'string') view.name = table['name'];
  Object.assign(view, textFields(table, ['description', 'source', 'assumption', 'note']));
  if (isRecord(table['key']) && typeof table['key']['name'] === 'string') view.keyName = table['key']['name'];
  if (isRecord(table['column_key']) && typeof table['column_key']['name'] === 'string') view.columnKeyName = table['column_key']['name'];
  if (isRecord(table['results'])) {
    view.results = Object.fromEntries(Object.entries(table['results']).map(([code, r]) => [code, isRecord(r) && typeof r['name'] === 'string' ? r['name'] : code]));
    const details: NonNullable<TableView['resultDetails']> = {};
    for (const [code, r] of Object.entries(table['results'])) {
      const d = isRecord(r) ? textFields(r, ['description', 'source', 'note']) : {};
      if (Object.keys(d).length > 0) details[code] = d;
    }
    if (Object.keys(details).length > 0) view.resultDetails = details;
  }
  if (typeof table['roll'] === 'string') addWeights(view, table['roll'], model.data.dice);
  return view;
}

/** The questions the rules keep (`odds:`), in the order written, with where each is written. */
export function questionViews(model: RulesetModel): OddsQuestionView[] {
  const odds = model.data.odds;
  if (!isRecord(odds)) return [];
  return Object.entries(odds).flatMap(([id, q]) => {
    if (!isRecord(q) || typeof q['expression'] !== 'string') return [];
    const view: OddsQuestionView = { id, expression: q['expression'], ...textFields(q, ['name', 'description', 'source', 'assumption', 'note']) };
    const location = model.rangeOf(['odds', id], { key: true });
    if (location) view.location = location;
    return [view];
  });
}

/**
 * Decks as tables of their cards, for the tables view: a row per card with its copies (`count`),
 * its props and its text, weighted by its copies, so a row's odds are the chance that a card drawn
 * from the full, shuffled deck is that one, and a column's are those of each value of a prop.
 */
export function deckViews(model: RulesetModel): TableView[] {
  const decks = model.data.decks;
  if (!isRecord(decks)) return [];
  return Object.entries(decks).flatMap(([id, deck]) => (isRecord(deck) && Array.isArray(deck['cards']) ? [deckView(model, id, deck, deck['cards'])] : []));
}

function deckView(model: RulesetModel, id: string, deck: Record<string, unknown>, cards: unknown[]): TableView {
  const locate = (path: Path, key = false): Location | undefined => model.rangeOf(['decks', id, ...path], { key });
  const props: string[] = [];
  for (const c of cards) if (isRecord(c) && isRecord(c['props'])) for (const k of Object.keys(c['props'])) if (!props.includes(k)) props.push(k);
  const hasText = cards.some((c) => isRecord(c) && typeof c['text'] === 'string');
  const columns = ['count', ...props, ...(hasText ? ['text'] : [])];
  let total = 0;
  const rows: RowView[] = [];
  cards.forEach((c, i) => {
    if (!isRecord(c)) return;
    const count = typeof c['count'] === 'number' ? c['count'] : 1;
    total += count;
    // A card without `count` has one copy; its count cell is not a value written in a file.
    const cell = (v: unknown, p: Path): CellView => cellView(v, locate(['cards', i, ...p]), p.length > 0 ? ['decks', id, 'cards', i, ...p] : undefined);
    const propsOf = isRecord(c['props']) ? c['props'] : {};
    const cells = [cell(count, c['count'] === undefined ? [] : ['count']), ...props.map((k) => (k in propsOf ? cell(propsOf[k], ['props', k]) : { text: '' })), ...(hasText ? [cell(c['text'], ['text'])] : [])];
    const details = textFields(c, ['text', 'source', 'assumption', 'note']);
    const location = locate(['cards', i]);
    rows.push({ label: String(c['name'] ?? c['id'] ?? i + 1), cells, weight: count, ...(location ? { location } : {}), ...(Object.keys(details).length ? { details } : {}) });
  });
  const view: TableView = { id: `deck:${id}`, deck: true, columnKind: 'fields', columns, rows, totalWeight: total, keyName: 'card' };
  const location = locate([], true);
  if (location) view.location = location;
  view.name = typeof deck['name'] === 'string' ? deck['name'] : id;
  Object.assign(view, textFields(deck, ['description', 'source', 'assumption', 'note']));
  return view;
}

/** The fields of `record` among `keys` that hold text (a description, a provenance), by name. */
function textFields<K extends string>(record: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) if (typeof record[k] === 'string') out[k] = record[k] as string;
  return out;
}

/**
 * Rows in the numeric order of their bands. A JS object lists integer keys first, so `{ "1-5": …,
 * "6": … }` would come out "6" before "1-5"; named keys (not bands) keep their order, after the
 * numeric ones.
 */
export function orderRows<T>(rows: Array<[string, T]>): Array<[string, T]> {
  const rank = (label: string): [number, number] => {
    const band = parseBand(label);
    return band.kind === 'range' ? [band.from, band.to] : [Infinity, Infinity];
  };
  return rows
    .map((row, index) => ({ row, index, rank: rank(row[0]) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index)
    .map(({ row }) => row);
}

function columnsOf(table: Record<string, unknown>, rows: Array<[string, unknown]>): Pick<TableView, 'columnKind' | 'columns'> {
  if (Array.isArray(table['columns'])) return { columnKind: 'bands', columns: table['columns'].map((c) => String(c)) };
  if (rows.length > 0 && rows.every(([, v]) => isRecord(v))) {
    const fields: string[] = [];
    for (const [, v] of rows) for (const k of Object.keys(v as object)) if (!fields.includes(k)) fields.push(k);
    return { columnKind: 'fields', columns: fields };
  }
  return { columnKind: 'value', columns: ['Result'] };
}

/**
 * A cell's text and place; its data path when it is one value the grid can change (cell-edit.ts):
 * not a list or record, and not a text the grid's one-line field would change by showing it (one
 * cut short here, or one with line breaks, which a text field drops).
 */
function cellView(value: unknown, location: Location | undefined, path: Path | undefined): CellView {
  const text = cellText(value);
  const scalar = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value === text && !value.includes('\n'));
  return { text, ...(location ? { location } : {}), ...(scalar && path && location ? { path } : {}) };
}

function cellsOf(kind: TableView['columnKind'], columns: string[], value: unknown, cell: (v: unknown, p: Path) => CellView): CellView[] {
  if (kind === 'bands') return Array.isArray(value) ? value.map((v, i) => cell(v, [i])) : [cell(value, [])];
  if (kind === 'fields') return columns.map((field) => (isRecord(value) && field in value ? cell(value[field], [field]) : { text: '' }));
  return [cell(value, [])];
}

/** A cell value as one line of text. */
export function cellText(value: unknown): string {
  const out = format(value, false);
  return out.length > MAX_CELL_TEXT ? `${out.slice(0, MAX_CELL_TEXT - 1)}…` : out;
}

function format(value: unknown, nested: boolean): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return nested ? `[${value.map((v) => format(v, true)).join(', ')}]` : value.map((v) => format(v, true)).join(', ');
  const fields = Object.entries(value as object).map(([k, v]) => `${k}: ${format(v, true)}`);
  return nested ? `{${fields.join(', ')}}` : fields.join('; ');
}

function addWeights(view: TableView, roll: string, dice: unknown): void {
  view.roll = roll;
  const shape = rollShape(roll, dice);
  const weights = shape && shape !== 'invalid' ? rollWeights(shape) : undefined;
  if (!weights) {
    view.oddsNote = shape === 'invalid' ? `\`${roll}\` is not a roll.` : `The outcomes of \`${roll}\` cannot be enumerated exactly.`;
    return;
  }
  let total = 0;
  for (const w of weights.values()) total += w;
  view.totalWeight = total;
  // A value counts for the first row that holds it, as the lookup reads: while two rows overlap
  // (an error the checker reports) the odds still add up to the roll's, not 7/6.
  const claimed = new Set<number | string>();
  for (const row of view.rows) {
    const band = parseBand(row.label);
    let weight = 0;
    for (const [value, w] of weights) {
      if (claimed.has(value) || !bandContains(band, value)) continue;
      claimed.add(value);
      weight += w;
    }
    row.weight = weight;
  }
}
