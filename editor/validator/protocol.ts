/**
 * Messages between the editor and its validator worker. Everything here is plain data (structured
 * clone), so the main thread never loads the YAML parser, the schema validator or the checker.
 */
import type { LoadResult } from '../../interpreter/load/index.ts';

/** The one diagnostic type (interpreter/diagnostics.ts), reached through the loader's public index. */
export type Diagnostic = LoadResult['diagnostics'][number];
export type Range = Diagnostic['range'];

/** A place in a file (1-based, end exclusive), and the names scripts use: the language service's types. */
export type { Location, NameUse, SymbolInfo, SymbolKind } from '../../interpreter/language/index.ts';
import type { Location, NameUse, SymbolInfo } from '../../interpreter/language/index.ts';
import type { Odds } from '../tables/odds.ts';
import type { UsedBy } from '../../interpreter/index.ts';

export interface ValidateRequest {
  seq: number;
  /** Every file of the game being edited, by POSIX path (`rulesets/<game>/…`). */
  files: Record<string, string>;
  /** Entry and variant files to load and check; diagnostics of all of them are reported. */
  entries: string[];
  /** The ruleset shown in the tables and diff views (one of `entries`). */
  active: string;
}

/** One cell of a table grid, as text, with where it is written. */
export interface CellView {
  text: string;
  location?: Location;
  /** The cell's data path (`tables.<id>.rows.<label>…`), when it holds one value that can be changed from the grid. */
  path?: Array<string | number>;
  /** In a variant, a cell whose text differs from its base's: the base's text ('' where the base has no such cell). */
  base?: string;
}

export interface RowView {
  label: string;
  cells: CellView[];
  /** The row's data path when its band (its key in `rows:`) can be changed from the grid (row-edit.ts). */
  path?: Array<string | number>;
  /** Equally likely dice combinations that land on this row (rolled tables only); a deck's: copies of the card. */
  weight?: number;
  location?: Location;
  /** A card's text and provenance (decks only). */
  details?: { text?: string; source?: string; assumption?: string; note?: string };
}

/**
 * A table as a grid. `columns` are the column bands of a cross table, the fields of record rows,
 * or one `Result` column for plain rows.
 */
export interface TableView extends Described {
  /** A table's id; a deck's is `deck:<id>` (decks are shown as tables of their cards). */
  id: string;
  /** A deck: rows are its cards, weighted by their copies (`totalWeight` the deck's size). */
  deck?: true;
  roll?: string;
  /** What indexes the rows when they are not rolled. */
  keyName?: string;
  columnKeyName?: string;
  columnKind: 'bands' | 'fields' | 'value';
  columns: string[];
  rows: RowView[];
  /** Where `rows:` is written (its key): a gap between the bands is reported there. */
  rowsLocation?: Location;
  /** Legend of coded results: code → name. */
  results?: Record<string, string>;
  /** What the legend says of each code besides its name: what it does, where the rulebook says it, a note. */
  resultDetails?: Record<string, { description?: string; source?: string; note?: string }>;
  /** Sum of all dice combinations of the roll; absent when not rolled or not computable. */
  totalWeight?: number;
  /** Row weights from the tables view's Odds of (a table without a roll): the expression they are under. */
  oddsOf?: string;
  /** Why odds are not available for a rolled table (e.g. more dice than can be enumerated). */
  oddsNote?: string;
}

export type DiffLine = { op: ' ' | '+' | '-'; text: string };

/** How an element of the base differs in the variant, and which variant keys did it. */
export interface ElementChange {
  section: string;
  /** Element id inside the section; empty for a whole top-level section (`flow`, `players`…). */
  id: string;
  status: 'added' | 'removed' | 'changed';
  /** `replace`: the variant redefines the element; `set`/`remove`: its `set:`/`remove:` paths. */
  how: Array<'replace' | 'set' | 'remove'>;
  /** The `set:` and `remove:` paths that touch it. */
  paths: string[];
  lines: DiffLine[];
  location?: Location;
  /** For a table: both versions as one grid, changed cells marked. */
  grid?: TableGridDiff;
  /** The rules the change reaches: each element whose scripts use it, at its first use (as `rulesmith diff` lists them). */
  usedBy?: UsedBy[];
  /** What else in play it reaches through the procedures that use it (phases, actions, cards…). */
  reaches?: string[];
}

/** A table's base and variant versions as one grid (rows in band order). */
export interface TableGridDiff {
  columns: string[];
  /** Rows cut anew: what each key gives now, against the base (`key 4: 0 → 1`; interpreter keyChanges). */
  keys?: string[];
  /** Columns only the base has. */
  removedColumns: string[];
  rows: Array<{
    label: string;
    status: 'same' | 'changed' | 'added' | 'removed';
    /** One per column: the variant's text, the base's, and whether they differ (absent: no cell). */
    cells: Array<{ text?: string; before?: string; changed: boolean }>;
  }>;
  changedCells: number;
  /** Legend of coded results (both versions'), for colouring cells. */
  results?: Record<string, string>;
  /** A table rolled in both versions: the columns whose odds changed (table-diff.ts `oddsDiff`). */
  odds?: TableOddsDiff[];
  /** A deck whose cards' chances moved: each card's chance to be drawn, base and variant (`cardOddsDiff`). */
  cards?: Array<{ label: string; before: Odds; after: Odds }>;
}

/** One column's results with their exact chance in the base and in the variant. */
export interface TableOddsDiff {
  column: string;
  outcomes: Array<{ result: string; name?: string; before: Odds; after: Odds }>;
}

export interface VariantDiff {
  /** The ruleset the variant extends. */
  base: string;
  variant: string;
  changes: ElementChange[];
}

/** What the editor shows for the active ruleset: tables, names for completion, the diff. */
export interface ActiveRuleset {
  entry: string;
  /** `extends` chain from the base to `entry`. */
  lineage: string[];
  /** Files the ruleset reads (entry, includes, bases). */
  files: string[];
  symbols: SymbolInfo[];
  /** Where its scripts use its names (find-references); empty when its rules did not load cleanly. */
  references: NameUse[];
  tables: TableView[];
  /** The questions the rules keep (`odds:`), asked in the tables view. */
  questions: OddsQuestionView[];
  diff?: VariantDiff;
}

/** An element's words for people, and where it is written. */
export interface Described {
  name?: string;
  description?: string;
  /** Provenance, as the ruleset says it: where the rulebook prints it, what is reconstructed, other notes. */
  source?: string;
  assumption?: string;
  note?: string;
  location?: Location;
}

/** A question the rules keep (`odds: { id: { expression } }`): what `rulesmith odds <ruleset> <id>` asks. */
export interface OddsQuestionView extends Described {
  id: string;
  expression: string;
}

/** Change one value of the active ruleset from the tables view (see cell-edit.ts). */
export interface CellEditRequest {
  kind: 'cell-edit';
  id: number;
  files: Record<string, string>;
  active: string;
  /** The cell's `CellView.path`. */
  path: Array<string | number>;
  /** What the user typed, read as a YAML value. */
  text: string;
  /** The cell in the grid's words (`Row 3, column 4-6`), for the summary; the path if absent. */
  label?: string;
  /** `path` is a row's (`['tables', id, 'rows', band]`) and `text` its new band (row-edit.ts). */
  renameKey?: boolean;
}

/** The file to write (whole text) and what changed in words; or why nothing was written. */
export type CellEditResult = { path: string; text: string; summary: string; /** The file's text before (set by the editor, not the worker). */ before?: string } | { unchanged: true; summary: string } | { error: string };

export type CellEditResponse = { kind: 'cell-edit'; id: number } & CellEditResult;

export interface ValidateResponse {
  seq: number;
  /** Every entry's findings, each reported once (the union of `byEntry` in the request's order). */
  diagnostics: Diagnostic[];
  /** Each entry's own findings, so a partial answer can replace one entry's and keep the others'. */
  byEntry: Record<string, Diagnostic[]>;
  /** Absent when the active ruleset could not be loaded at all (the last good one stays shown). */
  active?: ActiveRuleset;
  /** Milliseconds spent loading and checking. */
  elapsed: number;
}

/**
 * The active entry's findings, sent before the other entries are checked: the markers of the
 * ruleset being edited need not wait for its variants (a game with three variants checks four
 * rulesets a pass). The full `ValidateResponse` with the same `seq` follows.
 */
export interface PartialValidateResponse {
  kind: 'partial';
  seq: number;
  entry: string;
  diagnostics: Diagnostic[];
}
