import { describe, expect, test } from 'vitest';
import { createMemoryHost, defaultRoot, isInside, normalizePath, resolveEntry, resolvePosix } from '../../interpreter/load/index.ts';

describe('file hosts', () => {
  test('normalizePath should collapse . and .. and keep relative paths relative', () => {
    expect(normalizePath('a/./b/../c.yaml')).toBe('a/c.yaml');
    expect(normalizePath('../x/../y.yaml')).toBe('../y.yaml');
    expect(normalizePath('/a/../../b')).toBe('/b');
    expect(normalizePath('a/..')).toBe('.');
  });

  test('resolvePosix should resolve against the folder of the including file', () => {
    expect(resolvePosix('g/ruleset.yaml', 'tables.yaml')).toBe('g/tables.yaml');
    expect(resolvePosix('g/variants/v.yaml', '..')).toBe('g');
    expect(resolvePosix('ruleset.yaml', 'sub/t.yaml')).toBe('sub/t.yaml');
    expect(resolvePosix('g/ruleset.yaml', '/abs/t.yaml')).toBe('/abs/t.yaml');
  });

  test('the memory host should read by normalized path and know folders', () => {
    const host = createMemoryHost({ 'g/ruleset.yaml': 'x', 'g/sub/t.yaml': new Uint8Array([1]) });
    expect(host.readFile('g/./ruleset.yaml')).toBe('x');
    expect(host.readFile('g/nothing.yaml')).toBeUndefined();
    expect(host.isDirectory?.('g')).toBe(true);
    expect(host.isDirectory?.('g/ruleset.yaml')).toBe(false);
    expect(resolveEntry('g', host)).toBe('g/ruleset.yaml');
    expect(resolveEntry('g/sub/t.yaml', host)).toBe('g/sub/t.yaml');
  });

  test('the memory host should treat __proto__ as an ordinary path', () => {
    const host = createMemoryHost(Object.fromEntries([['__proto__', 'own file']]));
    expect(host.readFile('__proto__')).toBe('own file');
    expect(host.readFile('constructor')).toBeUndefined();
    expect(host.readFile('toString')).toBeUndefined();
  });
});

describe('ruleset root', () => {
  test('isInside should decide on path segments, not string prefixes', () => {
    expect(isInside('/a/game', '/a/game/x.yaml')).toBe(true);
    expect(isInside('/a/game', '/a/game')).toBe(true);
    expect(isInside('/a/game', '/a/game-evil/x.yaml')).toBe(false);
    expect(isInside('/a/game', '/etc/passwd')).toBe(false);
    expect(isInside('g', 'g/sub/x.yaml')).toBe(true);
    expect(isInside('g', '../x.yaml')).toBe(false);
    expect(isInside('.', 'x.yaml')).toBe(true);
    expect(isInside('.', '../x.yaml')).toBe(false);
    expect(isInside('.', '/x.yaml')).toBe(false);
  });

  test("defaultRoot should be the entry's folder, or the ruleset folder for a file in its variants/", () => {
    const host = createMemoryHost({ 'r/g/ruleset.yaml': 'x', 'r/g/variants/v.yaml': 'x', 'loose/variants/v.yaml': 'x' });
    expect(defaultRoot('r/g/ruleset.yaml', host)).toBe('r/g');
    expect(defaultRoot('r/g/variants/v.yaml', host)).toBe('r/g');
    expect(defaultRoot('loose/variants/v.yaml', host)).toBe('loose/variants');
    expect(defaultRoot('ruleset.yaml', host)).toBe('.');
  });

  test('defaultRoot should find the ruleset folder from inside variants/ too (`validate v.yaml` there)', () => {
    // The working folder is /w/g/variants: the host knows `.` by its real name.
    const files = createMemoryHost({ '../ruleset.yaml': 'x', 'v.yaml': 'x' });
    const host = { ...files, realPath: (p: string) => normalizePath(`/w/g/variants/${p}`) };
    expect(defaultRoot('v.yaml', host)).toBe('./..');
    expect(defaultRoot('./v.yaml', host)).toBe('./..');
    // A folder named variants with no ruleset beside it stays its own root.
    const lone = { ...createMemoryHost({ 'v.yaml': 'x' }), realPath: host.realPath };
    expect(defaultRoot('v.yaml', lone)).toBe('.');
  });
});
