import { tokenMatcher } from 'chevrotain';
import { describe, expect, test } from 'vitest';
import * as t from '../../grammar/tokens.ts';

/** Token type names and images of `text`. */
function lex(text: string): Array<[string, string]> {
  const { tokens, errors } = t.rulesLexer.tokenize(text);
  expect(errors).toEqual([]);
  return tokens.map((token) => [token.tokenType.name, token.image]);
}

describe('tokens', () => {
  test('keywords should win over names only for the whole word', () => {
    expect(lex('in into index end end_turn do do_it')).toEqual([
      ['kw_in', 'in'], ['kw_into', 'into'], ['Identifier', 'index'], ['kw_end', 'end'],
      ['Identifier', 'end_turn'], ['kw_do', 'do'], ['Identifier', 'do_it'],
    ]);
  });

  test('contextual keywords should also match where a name is expected', () => {
    for (const word of t.contextualWords) {
      const [token] = t.rulesLexer.tokenize(word).tokens;
      expect(token && tokenMatcher(token, t.AnyName), word).toBe(true);
    }
    for (const word of t.reservedWords) {
      const [token] = t.rulesLexer.tokenize(word).tokens;
      expect(token && tokenMatcher(token, t.AnyName), word).toBe(false);
      expect(token && tokenMatcher(token, t.AnyWord), word).toBe(true);
    }
  });

  test('dice should lex as one token, and only when the die is complete', () => {
    expect(lex('2d6 d6 d66 3d66 d6x 2d[')).toEqual([
      ['DiceRoll', '2d6'], ['DiceRoll', 'd6'], ['DiceRoll', 'd66'], ['DiceRoll', '3d66'],
      ['Identifier', 'd6x'], ['NamedDice', '2d'], ['LBracket', '['],
    ]);
  });

  test('an open range should lex only where a value ends', () => {
    expect(lex('[16+, 3+]')).toEqual([['LBracket', '['], ['OpenRange', '16+'], ['Comma', ','], ['OpenRange', '3+'], ['RBracket', ']']]);
    expect(lex('r in 7+ then')[2]).toEqual(['OpenRange', '7+']);
    expect(lex('16+')).toEqual([['OpenRange', '16+']]);
    expect(lex('16 + x')).toEqual([['NumberLiteral', '16'], ['Plus', '+'], ['Identifier', 'x']]);
    expect(lex('16+x')).toEqual([['NumberLiteral', '16'], ['Plus', '+'], ['Identifier', 'x']]);
  });

  test('numbers should not swallow a range operator', () => {
    expect(lex('2..5 0.5')).toEqual([['NumberLiteral', '2'], ['DotDot', '..'], ['NumberLiteral', '5'], ['NumberLiteral', '0.5']]);
  });

  test('digits glued to letters should be one bad number', () => {
    expect(lex('12abc 2D6')).toEqual([['BadNumber', '12abc'], ['BadNumber', '2D6']]);
  });

  test('comments should be kept out of the token stream', () => {
    const lexed = t.rulesLexer.tokenize('x -- note\n-y');
    expect(lexed.tokens.map((token) => token.image)).toEqual(['x', '-', 'y']);
    expect(lexed.groups['comments']?.map((token) => token.image)).toEqual(['-- note']);
  });

  test('a string should be one token, interpolations and nested strings included, and stop at a line break', () => {
    expect(lex('"a {f("b")} c" x')).toEqual([['StringLiteral', '"a {f("b")} c"'], ['Identifier', 'x']]);
    expect(lex('"open\nx')).toEqual([['StringLiteral', '"open'], ['Identifier', 'x']]);
    expect(lex(String.raw`"say \"hi\""`)).toEqual([['StringLiteral', String.raw`"say \"hi\""`]]);
  });

  test('two-character operators should win over their prefixes', () => {
    expect(lex('== != <= >= += -= .. = < > + - . ,').map(([name]) => name)).toEqual([
      'EqualEqual', 'NotEqual', 'LessEqual', 'GreaterEqual', 'PlusAssign', 'MinusAssign', 'DotDot',
      'Equals', 'Less', 'Greater', 'Plus', 'Minus', 'Dot', 'Comma',
    ]);
  });

  test('an unknown character should be a lexing error with its offset', () => {
    const { errors, tokens } = t.rulesLexer.tokenize('a $ b');
    expect(errors.map((e) => [e.offset, e.length])).toEqual([[2, 1]]);
    expect(tokens.map((token) => token.image)).toEqual(['a', 'b']);
  });
});
