import { expect } from 'vitest';
import type { Diagnostic, Range } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset, type LoadOptions } from '../../interpreter/load/index.ts';
import type { LoadResult, RulesetModel } from '../../interpreter/load/model.ts';

/** Lines joined with `\n`, so line numbers in a test are the argument positions (1-based). */
export function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}

/** Load `entry` from in-memory files. */
export function load(files: Record<string, string | Uint8Array>, entry = Object.keys(files)[0] ?? '', opts?: LoadOptions): LoadResult {
  return loadRuleset(entry, createMemoryHost(files), opts);
}

/** `3:5-3:9`, the way tests state ranges. */
export function span(range: Range): string {
  return `${range.start.line}:${range.start.column}-${range.end.line}:${range.end.column}`;
}

/** `file:3:5-3:9 code`, one line per diagnostic, for readable failures. */
export function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.file}:${span(d.range)} ${d.code}`);
}

/** The one diagnostic with `code`; fails unless there is exactly one. */
export function only(result: LoadResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  expect(found, `diagnostics: ${summary(result.diagnostics).join('; ')}`).toHaveLength(1);
  return found[0] as Diagnostic;
}

/** Assert a diagnostic `code` at `file:range` exists. */
export function expectDiagnostic(result: LoadResult, code: string, at: string): Diagnostic {
  const hit = result.diagnostics.find((d) => d.code === code && `${d.file}:${span(d.range)}` === at);
  expect(hit, `expected ${code} at ${at}; got ${summary(result.diagnostics).join('; ') || 'none'}`).toBeDefined();
  return hit as Diagnostic;
}

export function expectNoIssues(result: LoadResult): RulesetModel {
  expect(summary(result.diagnostics)).toEqual([]);
  expect(result.model).toBeDefined();
  return result.model as RulesetModel;
}

/** `file:range` of a path's value (or key). */
export function at(model: RulesetModel, path: Array<string | number>, key = false): string | undefined {
  const r = model.rangeOf(path, { key });
  return r && `${r.file}:${span(r.range)}`;
}

/** `file:range` of `[start, end)` inside the string at `path`. */
export function within(model: RulesetModel, path: Array<string | number>, start: number, end: number): string | undefined {
  const r = model.rangeIn(path, start, end);
  return r && `${r.file}:${span(r.range)}`;
}
