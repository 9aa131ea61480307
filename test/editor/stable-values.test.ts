import { describe, expect, test } from 'vitest';
import { StableValues } from '../../editor/components/app-shell/stable-values.ts';

describe('StableValues (the shell keeps nav lists whose content did not change)', () => {
  test('an equal value should come back as the object kept before', () => {
    const stable = new StableValues();
    const first = stable.keep('files', [{ path: 'a.yaml', errors: 0, tags: ['x'] }]);
    const again = stable.keep('files', [{ path: 'a.yaml', errors: 0, tags: ['x'] }]);
    expect(again).toBe(first);
  });

  test('a changed value should replace the kept one, at any depth', () => {
    const stable = new StableValues();
    const first = stable.keep('files', [{ path: 'a.yaml', errors: 0, tags: ['x'] }]);
    const nested = [{ path: 'a.yaml', errors: 0, tags: ['y'] }];
    expect(stable.keep('files', nested)).toBe(nested);
    const longer = [...nested, { path: 'b.yaml', errors: 1, tags: [] }];
    expect(stable.keep('files', longer)).toBe(longer);
    expect(stable.keep('files', longer.slice(0, 1))).not.toBe(first);
  });

  test('keys should be kept apart, and arrays should not equal objects', () => {
    const stable = new StableValues();
    const list = stable.keep('a', [1]);
    expect(stable.keep('b', [1])).not.toBe(list);
    expect(stable.keep('a', { 0: 1 })).toEqual({ 0: 1 });
  });
});
