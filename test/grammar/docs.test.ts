import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { documentedCodes } from '../helpers/doc-sections.ts';
import { parseExpression, parseScript } from '../../grammar/parse.ts';
import { contextualWords, reservedWords } from '../../grammar/tokens.ts';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Every code the parser can report. */
const CODES = [
  'syntax-error', 'unexpected-token', 'missing-token', 'missing-expression', 'invalid-statement',
  'invalid-assignment-target', 'chained-comparison', 'unterminated-string', 'invalid-escape',
  'unclosed-interpolation', 'empty-interpolation', 'invalid-character', 'invalid-number',
  'nesting-too-deep', 'script-too-long', 'too-many-errors', 'internal-error', 'keyword-as-name',
  'assignment-in-condition', 'foreign-operator',
];

describe('parser documentation', () => {
  test('every diagnostic code should have a section under Parser in docs/diagnostics.md', () => {
    const headings = documentedCodes('Parser');
    expect([...headings].sort()).toEqual([...CODES].sort());
  });

  test('the parser source should use no code missing from the list', () => {
    const sources = readdirSync(new URL('../../grammar/', import.meta.url))
      .filter((file) => /^parse.*\.ts$/.test(file))
      .map((file) => read(`grammar/${file}`))
      .join('\n');
    expect(sources).toContain('missing-token');
    const used = new Set([...sources.matchAll(/(?:code|report\(|encode\()\s*:?\s*'([a-z]+(?:-[a-z]+)+)'/g)].map((m) => m[1]));
    expect([...used].filter((code) => !CODES.includes(code as string))).toEqual([]);
  });

  test('the keyword lists in docs/language.md should match the lexer', () => {
    const doc = read('docs/language.md');
    const section = doc.slice(doc.indexOf('## Keywords'));
    const [reserved, contextual] = [...section.matchAll(/`([a-z0-9 \n]+)`/g)].map((m) => (m[1] as string).split(/\s+/).filter(Boolean)).filter((words) => words.length > 5);
    expect([...(reserved ?? [])].sort()).toEqual([...reservedWords].sort());
    expect([...(contextual ?? [])].sort()).toEqual([...contextualWords].sort());
  });

  test('the examples of the syntax reference should parse', () => {
    const doc = read('docs/language.md');
    const table = doc.slice(doc.indexOf('## Expressions'), doc.indexOf('## Statements'));
    const examples = [...table.matchAll(/^\| [^|]+ \| (.+) \|$/gm)].flatMap((m) => [...(m[1] as string).matchAll(/`([^`]+)`/g)].map((e) => e[1] as string));
    // Fragments (`…`), escapes, member suffixes and lists of keywords or operators are not expressions.
    const words = new Set<string>([...reservedWords, ...contextualWords, '{expr}']);
    const fragment = (e: string): boolean =>
      e.includes('…') || /^[.\\]/.test(e) || e.split(/\s+/).every((piece) => words.has(piece) || /^[^a-z0-9"]+$/.test(piece));
    const expressions = examples.filter((e) => !fragment(e) || ['true', 'false', 'none'].includes(e));
    expect(expressions.length).toBeGreaterThan(40);
    const failing = expressions.filter((e) => parseExpression(e).diagnostics.length > 0);
    expect(failing).toEqual([]);
  });

  test('the statement examples of the syntax reference should parse', () => {
    const doc = read('docs/language.md');
    const block = doc.slice(doc.indexOf('## Statements'), doc.indexOf('## Keywords'));
    const lines = (block.match(/```\n([\s\S]*?)```/)?.[1] ?? '').split('\n');
    const statements = lines.flatMap((line) => line.replace(/--.*$/, '').split(/ {3,}/)).map((s) => s.trim()).filter((s) => s !== '' && !s.includes('…'));
    expect(statements.length).toBeGreaterThan(20);
    const failing = statements.filter((s) => parseScript(s).diagnostics.length > 0);
    expect(failing).toEqual([]);
  });
});
