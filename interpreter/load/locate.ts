/**
 * Reporting at an origin: which part of a written value a diagnostic should underline.
 */
import type { Diagnostic, Range } from '../diagnostics.ts';
import { diagnostic, type Problem } from './codes.ts';
import type { Origin, SourceFile } from './model.ts';
import { FILE_START, lineRangeAt, positionAt, rangeAt } from './positions.ts';

/**
 * `key`: the key that introduced the value (else the value); `value`: the value, or its key when
 * the value spans lines; `head`: the key, or the first line of the value.
 */
export type Anchor = 'key' | 'value' | 'head';

export function anchorRange(file: SourceFile, origin: Origin, anchor: Anchor): Range {
  const keyRange = origin.keyStart !== undefined && origin.keyEnd !== undefined ? rangeAt(file, origin.keyStart, origin.keyEnd) : undefined;
  if (anchor === 'key') return keyRange ?? rangeAt(file, origin.start, origin.end);
  const multiline = file.text.slice(origin.start, origin.end).includes('\n');
  if (anchor === 'value' && !multiline) return rangeAt(file, origin.start, origin.end);
  return keyRange ?? lineRangeAt(file, origin.start);
}

/** A diagnostic at `origin`; at the start of `fallbackFile` when there is no origin. */
export function diagnosticAt(
  files: ReadonlyMap<string, SourceFile>,
  origin: Origin | undefined,
  fallbackFile: string,
  anchor: Anchor,
  problem: Problem,
): Diagnostic {
  const file = origin ? files.get(origin.file) : undefined;
  if (!origin || !file) return diagnostic(fallbackFile, FILE_START, problem);
  return diagnostic(file.path, anchorRange(file, origin, anchor), problem);
}

/** "tables.yaml line 12", to name where something was written first. */
export function placeWords(files: ReadonlyMap<string, SourceFile>, origin: Origin | undefined): string {
  if (!origin) return 'another file';
  const file = files.get(origin.file);
  if (!file) return origin.file;
  const line = positionAt(file.lineStarts, origin.keyStart ?? origin.start).line;
  return `${origin.file} line ${line}`;
}
