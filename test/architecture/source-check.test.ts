import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EVAL_ALLOW_LIST } from './eval-allow-list.ts';
import { checkEvaluation, findEvaluation } from './source-check.ts';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/fixtures/source-check');

/** Every script of the folders whose code runs in the editor or the CLI (not node_modules). */
function sources(tops: readonly string[], root = ROOT): Map<string, string> {
  const files = new Map<string, string>();
  for (const top of tops) {
    for (const rel of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      const path = `${top}/${rel.split('\\').join('/')}`;
      if (/\.(ts|mts|js|mjs)$/.test(rel) && !path.includes('node_modules/')) files.set(path, readFileSync(join(root, top, rel), 'utf8'));
    }
  }
  return files;
}

describe('no module evaluates text (docs/security.md)', () => {
  const tree = sources(['grammar', 'interpreter', 'editor', 'bin']);

  test('should scan the real tree (so an empty scan cannot pass)', () => {
    for (const top of ['grammar/', 'interpreter/', 'editor/', 'bin/']) expect([...tree.keys()].some((f) => f.startsWith(top)), top).toBe(true);
    expect(tree.size).toBeGreaterThan(200);
  });

  test('should find no eval, Function, computed import, string timer or computed worker outside the allow-list', () => {
    expect(checkEvaluation(tree, EVAL_ALLOW_LIST)).toEqual([]);
  });

  test('should fail on the fixture that does each of them, at each line', () => {
    const fixture = sources(['.'], FIXTURES);
    const found = checkEvaluation(fixture, {});
    expect(found).toEqual([
      "./evaluates-text.js:4: `eval` runs text as code [eval]",
      "./evaluates-text.js:5: `eval` runs text as code [eval]",
      "./evaluates-text.js:6: `eval` runs text as code [eval]",
      "./evaluates-text.js:7: `Function` builds code from text [function-constructor]",
      "./evaluates-text.js:8: `Function` builds code from text [function-constructor]",
      "./evaluates-text.js:9: `import()` of a computed path loads whatever module the value names [computed-import]",
      "./evaluates-text.js:10: `import()` of a computed path loads whatever module the value names [computed-import]",
      "./evaluates-text.js:11: `import()` of a computed path loads whatever module the value names [computed-import]",
      "./evaluates-text.js:12: `setTimeout` with a string runs the string as code [string-timer]",
      "./evaluates-text.js:13: `setInterval` with a string runs the string as code [string-timer]",
      "./evaluates-text.js:14: `Worker` with a computed URL runs whatever script the value names [computed-worker]",
      "./evaluates-text.js:15: `importScripts` with a computed URL runs whatever script the value names [computed-worker]",
    ]);
    // Excused by the allow-list, the same file passes; an entry that excuses nothing fails.
    expect(checkEvaluation(fixture, { './evaluates-text.js': 'A fixture of the check itself: never loaded, only read as text.' })).toEqual([]);
    expect(checkEvaluation(fixture, { './evaluates-text.js': 'A fixture of the check itself: never loaded, only read as text.', './innocent.js': 'This file names eval only in comments and strings.' })).toEqual([
      './innocent.js: allow-listed but evaluates nothing; remove the entry',
    ]);
  });

  test('should not mistake properties, keys, types, comments, strings or literal imports for evaluation', () => {
    expect(findEvaluation('./innocent.js', readFileSync(join(FIXTURES, 'innocent.js'), 'utf8'))).toEqual([]);
  });

  test('should want a reason for every allow-list entry', () => {
    expect(checkEvaluation(new Map([['a.js', 'eval(x)']]), { 'a.js': 'because' })).toEqual(['a.js: the allow-list entry needs a reason (why this text is never a stranger\'s)']);
    for (const reason of Object.values(EVAL_ALLOW_LIST)) expect(reason.length).toBeGreaterThan(40);
  });
});
