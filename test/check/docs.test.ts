import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { documentedCodes } from '../helpers/doc-sections.ts';
import { readExpectations } from '../helpers/expectations.ts';

const root = join(import.meta.dirname, '../..');
const checkDir = join(root, 'interpreter/check');

/** Codes the checker can emit, read from its source (`code: 'kebab-case'`). */
function emittedCodes(): string[] {
  const codes = new Set<string>();
  for (const f of readdirSync(checkDir).filter((n) => n.endsWith('.ts'))) {
    for (const m of readFileSync(join(checkDir, f), 'utf8').matchAll(/code: (?:what === 'row' \? )?'([a-z]+(?:-[a-z]+)+)'(?: : '([a-z]+(?:-[a-z]+)+)')?/g)) {
      codes.add(m[1]!);
      if (m[2]) codes.add(m[2]);
    }
  }
  return [...codes].sort();
}

describe('checker documentation', () => {
  test('every code the checker emits should be documented, and nothing else', () => {
    const emitted = emittedCodes();
    expect(emitted.length).toBeGreaterThan(25);
    expect([...documentedCodes('Checker')].sort()).toEqual(emitted);
  });

  test('every checker code should be exercised by a fixture expectation', () => {
    const dir = join(root, 'test/fixtures/check');
    const expected = new Set(readdirSync(dir).flatMap((f) => readExpectations(readFileSync(join(dir, f), 'utf8')).map((e) => e.code)));
    expect(emittedCodes().filter((c) => !expected.has(c))).toEqual([]);
  });
});
