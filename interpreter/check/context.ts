import type { Diagnostic, Range, Severity } from '../diagnostics.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';

export interface Report {
  code: string;
  message: string;
  hint?: string;
  severity?: Severity;
  /** Replacement text for the reported range (did-you-mean quick fix). */
  fix?: string;
}

const FALLBACK: Range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

/**
 * What every check receives: the model and one way to report. Checks never throw; they call
 * `atValue`/`atKey`/`atSpan`, which resolve positions through the model's origin map.
 */
/**
 * A script's use of a ruleset's name (a table, procedure, variable, option…): where it is written,
 * and the element whose script it is (`['procedures', 'resolve_combat', 'do']`).
 */
export interface Reference {
  name: string;
  file: string;
  range: Range;
  in: DataPath;
}

export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];
  /**
   * `references`: filled, when given, with every use of a ruleset's name the reporting walk meets
   * (the quiet inference passes have contexts of their own, so each use is listed once).
   */
  constructor(readonly model: RulesetModel, readonly references?: Reference[]) {}

  /** Note a script's use of `name` at `[start, end)` in the script at `path`, when references are kept. */
  reference(name: string, path: DataPath, span: { start: number; end: number }): void {
    if (!this.references) return;
    const where = this.model.rangeIn(path, span.start, Math.max(span.end, span.start + 1));
    if (where) this.references.push({ name, file: where.file, range: where.range, in: path });
  }

  /** Report on the value written at `path` (or its nearest located ancestor). */
  atValue(path: DataPath, r: Report): void {
    this.push(this.model.rangeOf(path), r);
  }

  /** Report on the key that introduced `path` (falls back to the value). */
  atKey(path: DataPath, r: Report): void {
    this.push(this.model.rangeOf(path, { key: true }) ?? this.model.rangeOf(path), r);
  }

  /** Report on `[start, end)` offsets inside the script string at `path`. */
  atSpan(path: DataPath, span: { start: number; end: number }, r: Report): void {
    this.push(this.model.rangeIn(path, span.start, Math.max(span.end, span.start + 1)) ?? this.model.rangeOf(path), r);
  }

  private push(where: { file: string; range: Range } | undefined, r: Report): void {
    const d: Diagnostic = {
      severity: r.severity ?? 'error',
      code: r.code,
      message: r.message,
      file: where?.file ?? this.model.entry,
      range: where?.range ?? FALLBACK,
    };
    if (r.hint) d.hint = r.hint;
    if (r.fix !== undefined && where) d.fix = { range: where.range, text: r.fix };
    this.diagnostics.push(d);
  }
}

/** Iterate an id-keyed section safely (prototype-free data, but be defensive about shape). */
export function entries<T = Record<string, unknown>>(section: unknown): Array<[string, T]> {
  if (!section || typeof section !== 'object' || Array.isArray(section)) return [];
  return Object.keys(section).map((k) => [k, (section as Record<string, T>)[k]!]);
}

/** Names in backticks, the first `max` of them, then "and N more": how a diagnostic lists ids. */
export function codeList(names: readonly string[], max: number): string {
  const shown = names.slice(0, max).map((n) => `\`${n}\``).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
