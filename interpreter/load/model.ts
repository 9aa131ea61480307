import type { RulesetFile } from '../../grammar/index.ts';
import type { Diagnostic, Range } from '../diagnostics.ts';

/** A path into ruleset data: `['tables', 'crt', 'rows', '6', 2]`. */
export type DataPath = ReadonlyArray<string | number>;

/** A loaded source file. `text` is never modified; offsets are 0-based UTF-16 indices. */
export interface SourceFile {
  path: string;
  text: string;
  /** Offsets where each line starts (line 1 at index 0). */
  lineStarts: number[];
}

/**
 * Where a value was written. For a scalar, `valueOffset(i)` maps offset `i` of the parsed string
 * value (the text a script parser sees) to an offset in the file, so a span inside a `|` block
 * scalar lands on the right line and column.
 */
export interface Origin {
  file: string;
  /** Source offsets of the whole node (key excluded). */
  start: number;
  end: number;
  /** Source offsets of the key that introduced the node, when it has one. */
  keyStart?: number;
  keyEnd?: number;
  valueOffset?: (i: number) => number;
}

/**
 * A ruleset after loading: includes merged, variant patches applied, every value still traceable
 * to the file and range that wrote it. `data` is prototype-free plain data and is frozen.
 */
export interface RulesetModel {
  /** The file the user named (entry or variant). */
  entry: string;
  /** The chain of files `extends` walked, from the base to `entry`. */
  lineage: string[];
  data: RulesetFile;
  files: ReadonlyMap<string, SourceFile>;
  /** Where the value at `path` was written; falls back to the nearest ancestor that has an origin. */
  origin(path: DataPath): Origin | undefined;
  /** Range (1-based) of a value, or of its key with `{ key: true }`. */
  rangeOf(path: DataPath, opts?: { key?: boolean }): { file: string; range: Range } | undefined;
  /** Range of `[start, end)` offsets inside the string value at `path` (script spans). */
  rangeIn(path: DataPath, start: number, end: number): { file: string; range: Range } | undefined;
}

export interface LoadResult {
  /** Absent when the entry could not be read or parsed at all. */
  model?: RulesetModel;
  diagnostics: Diagnostic[];
}
