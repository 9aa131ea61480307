import { describe, expect, test } from 'vitest';
import { lineDiff } from '../../editor/validator/line-diff.ts';

describe('lineDiff', () => {
  test('a changed line should show as removed then added, with the rest kept', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
    ]);
  });

  test('an added or removed element should be all additions or all removals', () => {
    expect(lineDiff('', 'x\ny\n').map((l) => l.op)).toEqual(['+', '+']);
    expect(lineDiff('x\n', '').map((l) => l.op)).toEqual(['-']);
  });
});
