import { describe, expect, test } from 'vitest';
import { classifyTokens, contextualKeywords, keywords, monarchLanguage, operators, patterns, wordOperators } from '../../grammar/highlight.ts';
import { contextualWords, reservedWords } from '../../grammar/tokens.ts';

describe('highlight', () => {
  test('keyword lists should together cover every reserved and contextual word, once', () => {
    const all = [...keywords, ...wordOperators, 'true', 'false', 'none', ...contextualKeywords];
    expect([...all].sort()).toEqual([...reservedWords, ...contextualWords].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  test('classifyTokens should class each token, comments and bad characters included', () => {
    const text = 'if count(x) >= 2d6 then log "hi" -- why\nend $';
    const classes = classifyTokens(text).map((c) => [text.slice(c.span.start, c.span.end), c.class]);
    expect(classes).toEqual([
      ['if', 'keyword'], ['count', 'contextual-keyword'], ['(', 'punctuation'], ['x', 'identifier'], [')', 'punctuation'],
      ['>=', 'operator'], ['2d6', 'dice'], ['then', 'keyword'], ['log', 'keyword'], ['"hi"', 'string'],
      ['-- why', 'comment'], ['end', 'keyword'], ['$', 'invalid'],
    ]);
  });

  test('the shared patterns should be the lexer patterns, usable on their own', () => {
    expect(patterns.dice.test('2d6')).toBe(true);
    expect(new RegExp(`^(?:${patterns.openRange.source})`).test('16+]')).toBe(true);
    expect(new RegExp(`^(?:${patterns.openRange.source})`).test('16+x')).toBe(false);
    expect(operators).toContain('..');
  });

  test('the Monarch definition should be plain data with compilable rules in each state', () => {
    const copy = JSON.parse(JSON.stringify(monarchLanguage, (_key, value: unknown) => (value instanceof RegExp ? value.source : value)));
    expect(Object.keys(copy.tokenizer)).toEqual(['root', 'string', 'interpolation']);
    for (const rules of Object.values(monarchLanguage.tokenizer)) {
      for (const rule of rules) {
        if (Array.isArray(rule) && rule[0] instanceof RegExp) expect(() => new RegExp(rule[0] as RegExp)).not.toThrow();
      }
    }
    expect(monarchLanguage['keywords']).toBe(keywords);
  });
});
