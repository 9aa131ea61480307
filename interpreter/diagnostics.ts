/**
 * The one diagnostic type, used by the loader, the schema check, the parser, the checker and the
 * runtime; the CLI, CI annotations, editor markers and tests all consume it.
 * Lines and columns are 1-based (as in editors and `yaml`'s LineCounter); `end` is exclusive.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Diagnostic {
  severity: Severity;
  /** Stable kebab-case code, documented in docs/diagnostics.md. */
  code: string;
  message: string;
  /** Path of the file as the user named it (relative paths stay relative). */
  file: string;
  range: Range;
  /** How to fix it, in a designer's words. */
  hint?: string;
  /** A replacement that fixes it (did-you-mean); editors offer it as a quick fix. */
  fix?: { range: Range; text: string };
}

export const isError = (d: Diagnostic): boolean => d.severity === 'error';

/** Sort by file, then position, then code, so output is stable across runs. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/**
 * Two diagnostics with the same key are the same problem: file, place, code and message, where a
 * list of codes (`` `a`, `b` ``) counts in any order. A variant re-checks its base, and a table whose
 * rows it re-cuts lists the same cells in another order: the base's problem, not a new one.
 */
export function findingKey(d: Diagnostic): string {
  const message = d.message.replace(/`[^`]*`(?:, (?:and |or )?`[^`]*`)+/g, (list) => list.split(/, (?:and |or )?/).sort().join(', '));
  return `${d.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${message}`;
}
