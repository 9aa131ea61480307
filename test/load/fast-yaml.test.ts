/**
 * The fast YAML reader must be invisible: for every text it takes, the loader's data, origins,
 * script offsets and findings are what yaml's path gives; everything else it leaves to yaml.
 * Checked on every shipped and fixture file, on mutations of them and on generated documents.
 * Longer runs: RULESMITH_FAST_YAML_RUNS=100000 npx vitest run test/load/fast-yaml.test.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readFastYaml } from '../../interpreter/load/fast-yaml.ts';
import { sourceFile } from '../../interpreter/load/positions.ts';
import { DEFAULT_LIMITS } from '../../interpreter/load/read-source.ts';
import { compareReaders } from './fast-yaml-compare.ts';
import { generatedYaml, mutatedYaml } from './fast-yaml-inputs.ts';

const RUNS = Number(process.env.RULESMITH_FAST_YAML_RUNS ?? 400);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

const shipped = yamlFiles('rulesets');
const fixtures = yamlFiles('test/fixtures');
const read = (text: string) => readFastYaml(sourceFile('r.yaml', text), DEFAULT_LIMITS);

describe('the fast YAML reader (interpreter/load/fast-yaml.ts)', () => {
  test('should read every shipped ruleset file itself, exactly as yaml reads it', () => {
    // A shipped file it leaves to yaml still loads correctly, only slower: this keeps the speed.
    const verdicts = shipped.map((path) => [path, compareReaders(readFileSync(path, 'utf8'), path)] as const);
    expect(verdicts.filter(([, v]) => v !== 'fast')).toEqual([]);
    expect(verdicts.length).toBeGreaterThan(50);
  });

  test('should read every fixture as yaml does, or leave it to yaml', () => {
    const verdicts = fixtures.map((path) => [path, compareReaders(readFileSync(path, 'utf8'), path)] as const);
    expect(verdicts.filter(([, v]) => typeof v === 'object')).toEqual([]);
  });

  test('mutations of the shipped files should be read as yaml reads them, or left to yaml', () => {
    const texts = shipped.map((path) => readFileSync(path, 'utf8'));
    const taken = { fast: 0, yaml: 0 };
    fc.assert(fc.property(mutatedYaml(texts), (text) => {
      const v = compareReaders(text);
      if (typeof v === 'object') throw new Error(`${v.mismatch}\n${JSON.stringify(text)}`);
      taken[v]++;
    }), { numRuns: RUNS });
    // Both sides ran: the mutations reach texts the reader takes and texts it leaves.
    expect(taken.fast).toBeGreaterThan(RUNS / 20);
    expect(taken.yaml).toBeGreaterThan(RUNS / 20);
  });

  test('generated documents (nesting, flows over lines, block scalars, comments, scalars of every type) should agree too', () => {
    const taken = { fast: 0, yaml: 0 };
    fc.assert(fc.property(generatedYaml, (text) => {
      const v = compareReaders(text);
      if (typeof v === 'object') throw new Error(`${v.mismatch}\n${JSON.stringify(text)}`);
      taken[v]++;
    }), { numRuns: RUNS });
    expect(taken.fast).toBeGreaterThan(RUNS / 10);
  });

  test.each([
    ['folded lines, blank lines and more-indented lines', 'd: >-\n  x\n  y\n\n\n  z\n    w\n  v\n', { d: 'x y\n\nz\n  w\nv' }],
    ['a literal block, kept and stripped', 'a: |\n  one\n   two\n\nb: |-\n  three\n', { a: 'one\n two\n', b: 'three' }],
    ['a flow list over lines, closed at its key\'s column', 'a:\n  b: [1,\n    "two"\n  ]\n', { a: { b: [1, 'two'] } }],
    ['scalars of the core schema', 'a: [~, true, False, 0x1F, 0o17, -2, 1.50, .5, 1e3, -.inf, 12abc, "1", \'it\'\'s\']\n', { a: [null, true, false, 31, 15, -2, 1.5, 0.5, 1000, -Infinity, '12abc', '1', "it's"] }],
    ['keys as written, empty values, a list at its key\'s column', '1.0: x\n"q": \nk:\n- a\n- b: [c]\n', { '1.0': 'x', q: null, k: ['a', { b: ['c'] }] }],
    ['double-quoted escapes', 'a: "t\\tn\\n\\u00e9\\x41\\"\\\\"\n', { a: 't\tn\né' + 'A"\\' }],
  ])('should take %s', (_, text, expected) => {
    expect(compareReaders(text)).toBe('fast');
    expect(read(text)?.located.value).toEqual(expected);
  });

  test.each([
    ['tabs', 'a:\n\tb: 1\n'],
    ['carriage returns', 'a: 1\r\nb: 2\r\n'],
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['tags', 'a: !thing 1\n'],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a comment that ends the file', 'a: 1\n# done\n'],
    ['a comment yaml would hang on the end of a collection', 'a:\n  b: 1\n  # about c\nc: 2\n'],
    ['a comment below an empty value', 'a:\n# c\nb: 1\n'],
    ['a plain scalar over two lines', 'a: one\n  two\n'],
    ['a kept block (`|+`) and an indentation indicator', 'a: |+\n  x\n\nb: |2\n   y\n'],
    ['a trailing comma in a flow list', 'a: [1, 2,]\n'],
    ['a key with a space before its colon', 'a : 1\n'],
    ['an empty file', ''],
    ['a broken file', 'a: [1, 2\nb: 3\n'],
  ])('should leave %s to yaml', (_, text) => {
    expect(read(text)).toBeUndefined();
    expect(compareReaders(text)).toBe('yaml');
  });
});
