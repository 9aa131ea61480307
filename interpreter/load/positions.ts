/**
 * The one place where 0-based source offsets become 1-based lines and columns (end exclusive), as
 * `yaml`'s LineCounter, Monaco and the Diagnostic type count them. Everything inside the loader
 * stores offsets; conversion happens here, at the edge.
 */
import type { Position, Range } from '../diagnostics.ts';
import type { SourceFile } from './model.ts';

/** Offsets where each line starts; line 1 starts at 0. A `\r\n` pair ends one line. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  let at = text.indexOf('\n');
  while (at !== -1) {
    starts.push(at + 1);
    at = text.indexOf('\n', at + 1);
  }
  return starts;
}

/** A source file record for `text` (never modified). */
export function sourceFile(path: string, text: string): SourceFile {
  return { path, text, lineStarts: computeLineStarts(text) };
}

/** 1-based line and column of `offset` (clamped into the text). Columns count UTF-16 units. */
export function positionAt(lineStarts: readonly number[], offset: number): Position {
  const at = Math.max(0, offset);
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= at) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: at - (lineStarts[low] ?? 0) + 1 };
}

/** Range of `[start, end)` offsets in `file`, clamped to the text. */
export function rangeAt(file: SourceFile, start: number, end: number): Range {
  const s = clamp(start, file.text.length);
  const e = Math.max(s, clamp(end, file.text.length));
  return { start: positionAt(file.lineStarts, s), end: positionAt(file.lineStarts, e) };
}

/** From `offset` to the end of its line: a readable anchor for something as large as a block. */
export function lineRangeAt(file: SourceFile, offset: number): Range {
  const s = clamp(offset, file.text.length);
  let e = file.text.indexOf('\n', s);
  if (e === -1) e = file.text.length;
  if (e > s && file.text[e - 1] === '\r') e--;
  return rangeAt(file, s, e);
}

/** The start of a file, for problems that belong to the file as a whole. */
export const FILE_START: Range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

function clamp(offset: number, length: number): number {
  return Math.min(Math.max(0, offset), length);
}
