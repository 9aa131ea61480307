import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES } from '../../interpreter/check/signatures.ts';

describe('docs/language.md', () => {
  test('should document every built-in function and name', () => {
    const doc = readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8');
    const missing = [...BUILTIN_FUNCTIONS.keys(), ...BUILTIN_NAMES.keys()].filter((name) => !doc.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
