import { describe, expect, test } from 'vitest';
import { computeLineStarts, positionAt, rangeAt } from '../../interpreter/load/index.ts';
import { lineRangeAt, sourceFile } from '../../interpreter/load/positions.ts';

describe('positions', () => {
  test('line starts should follow \\n and treat \\r\\n as one line end', () => {
    expect(computeLineStarts('a\nbc\r\nd')).toEqual([0, 2, 6]);
    expect(computeLineStarts('')).toEqual([0]);
  });

  test('positionAt should give 1-based line and column', () => {
    const starts = computeLineStarts('ab\ncd\n');
    expect(positionAt(starts, 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt(starts, 2)).toEqual({ line: 1, column: 3 });
    expect(positionAt(starts, 3)).toEqual({ line: 2, column: 1 });
    expect(positionAt(starts, 6)).toEqual({ line: 3, column: 1 });
  });

  test('rangeAt should clamp offsets into the text and never end before it starts', () => {
    const file = sourceFile('f', 'abc');
    expect(rangeAt(file, 1, 2)).toEqual({ start: { line: 1, column: 2 }, end: { line: 1, column: 3 } });
    expect(rangeAt(file, -5, 99)).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 4 } });
    expect(rangeAt(file, 2, 1)).toEqual({ start: { line: 1, column: 3 }, end: { line: 1, column: 3 } });
  });

  test('lineRangeAt should run to the end of the line, before \\r\\n', () => {
    const file = sourceFile('f', 'key: value\r\nnext\n');
    expect(lineRangeAt(file, 0)).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 11 } });
  });

  test('columns should count UTF-16 units, as editors do', () => {
    const file = sourceFile('f', 'é😀x');
    expect(rangeAt(file, 3, 4).start).toEqual({ line: 1, column: 4 });
  });
});
