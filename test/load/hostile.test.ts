import { describe, expect, test } from 'vitest';
import type { LoadResult } from '../../interpreter/load/model.ts';
import { BILLION_LAUGHS } from './hostile-inputs.ts';
import { expectDiagnostic, lines, load, only, span } from './helpers.ts';

/**
 * Load `content` as the entry, asserting it does not throw. How long hostile input takes to load is
 * measured by `npm run bench:hostile` (against a one-second ceiling), not asserted here: on a loaded
 * machine a time limit measures the load.
 */
function loadSafely(content: string | Uint8Array): LoadResult {
  let result: LoadResult | undefined;
  expect(() => {
    result = load({ 'h.yaml': content });
  }).not.toThrow();
  return result as LoadResult;
}

describe('loadRuleset (hostile input)', () => {
  test('a YAML syntax error should give a positioned diagnostic', () => {
    const result = loadSafely(lines('rulesmith: 1', 'tables: [1, 2', 'flow: 3'));
    const d = result.diagnostics.find((x) => x.code === 'yaml-syntax');
    expect(d && span(d.range)).toBe('2:9-2:10');
    expect(d?.hint).toBeDefined();
  });

  test('bytes that are not UTF-8 should give not-utf8 at 1:1 and no model', () => {
    const result = loadSafely(new Uint8Array([0x72, 0x3a, 0x20, 0xc3, 0x28, 0x0a]));
    expect(span(only(result, 'not-utf8').range)).toBe('1:1-1:1');
    expect(result.model).toBeUndefined();
  });

  test('UTF-8 bytes with a byte-order mark should load', () => {
    const bytes = new TextEncoder().encode('\uFEFFrulesmith: 1\nname: Ünïcödé\n');
    expect(loadSafely(bytes).model?.data.name).toBe('Ünïcödé');
  });

  test('an empty file, or one with only comments, should give empty-file', () => {
    expect(only(loadSafely(''), 'empty-file').file).toBe('h.yaml');
    expect(only(loadSafely('  \n\n'), 'empty-file').severity).toBe('error');
    expect(only(loadSafely('# just a comment\n'), 'empty-file').code).toBe('empty-file');
  });

  test('a 10 MB file should be refused before parsing', () => {
    const result = loadSafely(`rulesmith: 1\nname: ${'x'.repeat(10 * 1024 * 1024)}\n`);
    expect(only(result, 'file-too-large').message).toContain('10.0 MB');
    expect(result.model).toBeUndefined();
  });

  test('a 10 MB byte array should be refused before decoding', () => {
    const result = loadSafely(new Uint8Array(10 * 1024 * 1024).fill(0x61));
    expect(only(result, 'file-too-large').code).toBe('file-too-large');
  });

  test('an alias bomb should stop at the alias budget', () => {
    const result = loadSafely(BILLION_LAUGHS);
    const d = only(result, 'yaml-alias-limit');
    expect(d.range.start.line).toBeGreaterThan(1);
  });

  test('10,000-deep flow nesting should give nesting-too-deep without overflowing the stack', () => {
    const deep = `rulesmith: 1\nset: {a: ${'['.repeat(10_000)}${']'.repeat(10_000)}}\n`;
    const d = only(loadSafely(deep), 'nesting-too-deep');
    expect(d.range.start.line).toBe(2);
  });

  test('deep block nesting should give nesting-too-deep', () => {
    const mappings = `${Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`;
    expect(only(loadSafely(mappings), 'nesting-too-deep').range.start.line).toBe(66);
    const dashes = `${'- '.repeat(10_000)}x\n`;
    expect(only(loadSafely(dashes), 'nesting-too-deep').code).toBe('nesting-too-deep');
  });

  test('repeated deep inputs in one process should all be rejected the same way', () => {
    for (let i = 0; i < 3; i++) expect(only(loadSafely(`${'{a: '.repeat(5_000)}1${'}'.repeat(5_000)}`), 'nesting-too-deep').code).toBe('nesting-too-deep');
  });

  test('aliases that stack nesting beyond the limit should give nesting-too-deep', () => {
    const chain = Array.from({ length: 4 }, (_, i) => `x${i}: &x${i} ${'['.repeat(30)}${i ? `*x${i - 1}` : '1'}${']'.repeat(30)}`);
    const d = only(loadSafely(lines('rulesmith: 1', ...chain)), 'nesting-too-deep');
    expect(d.range.start.line).toBe(4);
  });

  test('__proto__ and constructor keys should be unknown keys and never touch Object.prototype', () => {
    const result = loadSafely(
      lines(
        'rulesmith: 1',
        '__proto__: {polluted: yes}',
        'constructor: {prototype: {polluted: yes}}',
        'sides:',
        '  __proto__: {name: x}',
        '  constructor: {name: y}',
      ),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expectDiagnostic(result, 'unknown-key', 'h.yaml:2:1-2:10');
    expectDiagnostic(result, 'unknown-key', 'h.yaml:3:1-3:12');
    expectDiagnostic(result, 'invalid-id', 'h.yaml:5:3-5:12');
    const sides = result.model?.data.sides as Record<string, unknown>;
    expect(Object.getPrototypeOf(sides)).toBeNull();
    expect(Object.keys(sides)).toEqual(['__proto__', 'constructor']);
  });

  test('__proto__ in an included file and in a variant patch should stay an ordinary key', () => {
    const files = {
      'a.yaml': lines('rulesmith: 1', 'include: [b.yaml]', 'tables: {t: {rows: {1: x}}}'),
      'b.yaml': lines('tables:', '  __proto__: {rows: {1: y}}'),
      'v.yaml': lines('rulesmith: 1', 'extends: a.yaml', 'set:', '  "tables.t.rows.__proto__": z'),
    };
    const result = load(files, 'v.yaml');
    expect(({} as Record<string, unknown>).rows).toBeUndefined();
    expect(Object.keys(result.model?.data.tables?.t?.rows ?? {})).toEqual(['1', '__proto__']);
  });

  test('many unknown keys should each be positioned', () => {
    const body = Array.from({ length: 50 }, (_, i) => `unknown_${i}: ${i}`);
    const result = loadSafely(lines('rulesmith: 1', ...body));
    expect(result.diagnostics.filter((d) => d.code === 'unknown-key').map((d) => d.range.start.line)).toEqual(body.map((_, i) => i + 2));
  });
});
