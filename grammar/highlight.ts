/**
 * What an editor needs to colour the rules language, taken from the lexer's own tokens so the
 * highlighter and the parser cannot disagree about what a keyword or a roll is. Plain data only:
 * the editor passes `monarchLanguage` to Monaco (`setMonarchTokensProvider`) or uses
 * `classifyTokens` for semantic colouring; nothing here imports Monaco.
 */
import type { TokenType } from 'chevrotain';
import type { Span } from './ast.ts';
import * as t from './tokens.ts';

/** Keywords that are also operators. */
export const wordOperators: readonly string[] = ['and', 'or', 'not', 'in', 'mod'];
/** Keywords that are values. */
export const constants: readonly string[] = ['true', 'false', 'none'];
/** Reserved words that are neither operators nor values. */
export const keywords: readonly string[] = t.reservedWords.filter((w) => !wordOperators.includes(w) && !constants.includes(w));
/** Keywords only in context; elsewhere names (`max(a, b)`, a variable `count`). */
export const contextualKeywords: readonly string[] = [...t.contextualWords];
/** Symbolic operators, longest first. */
export const operators: readonly string[] = ['==', '!=', '<=', '>=', '+=', '-=', '..', '<', '>', '=', '+', '-', '*', '/'];

const source = (token: TokenType): RegExp => token.PATTERN as RegExp;

/** Regular expressions of the token classes (the lexer's own patterns). */
export const patterns = {
  comment: source(t.Comment),
  dice: source(t.DiceRoll),
  namedDice: source(t.NamedDice),
  openRange: source(t.OpenRange),
  number: source(t.NumberLiteral),
  badNumber: source(t.BadNumber),
  identifier: source(t.Identifier),
  /** Escapes a string may contain (anything else after `\` is an error). */
  escape: /\\["\\{}n]/,
} as const;

/** Shape of a Monaco Monarch language definition, kept loose so no Monaco types are needed. */
export interface MonarchLanguage {
  [key: string]: unknown;
  tokenizer: Record<string, unknown[]>;
}

/**
 * A Monarch tokenizer for the rules language. Token names follow Monaco's themes (`keyword`,
 * `number`, `string.escape`…); interpolations inside strings are tokenized as code.
 */
export const monarchLanguage: MonarchLanguage = {
  defaultToken: '',
  keywords,
  contextualKeywords,
  wordOperators,
  constants,
  operators,
  brackets: [
    { open: '(', close: ')', token: 'delimiter.parenthesis' },
    { open: '[', close: ']', token: 'delimiter.square' },
    { open: '{', close: '}', token: 'delimiter.curly' },
  ],
  symbols: /[=<>!+\-*/.]+/,
  escapes: patterns.escape,
  tokenizer: {
    root: [
      // Comments first: `--` would otherwise read as two minuses.
      [patterns.comment, 'comment'],
      // Rolls and open ranges before plain numbers, which would take their leading digits.
      [patterns.dice, 'number.dice'],
      [patterns.namedDice, 'number.dice'],
      [patterns.openRange, 'number.range'],
      [patterns.badNumber, 'invalid'],
      [patterns.number, 'number'],
      [
        patterns.identifier,
        {
          cases: {
            '@keywords': 'keyword',
            '@wordOperators': 'keyword.operator',
            '@constants': 'constant',
            '@contextualKeywords': 'keyword.contextual',
            '@default': 'identifier',
          },
        },
      ],
      [/"/, { token: 'string.quote', next: '@string' }],
      [/[()[\]{}]/, '@brackets'],
      [/@symbols/, { cases: { '@operators': 'operator', '@default': 'invalid' } }],
      [/[,:]/, 'delimiter'],
      [/\s+/, 'white'],
    ],
    string: [
      [/[^"{\\\r\n]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/\{/, { token: 'delimiter.interpolation', next: '@interpolation' }],
      // A string ends at the line end even when unclosed (the parser reports it).
      [/"|$/, { token: 'string.quote', next: '@pop' }],
    ],
    interpolation: [
      // Braces nest (a record inside an interpolation); each `}` closes the innermost.
      [/\{/, { token: 'delimiter.curly', next: '@interpolation' }],
      [/\}/, { token: 'delimiter.interpolation', next: '@pop' }],
      { include: 'root' },
    ],
  },
};

/** Colour class of a token, for semantic highlighting. */
export type TokenClass =
  | 'comment'
  | 'keyword'
  | 'contextual-keyword'
  | 'operator'
  | 'constant'
  | 'number'
  | 'dice'
  | 'string'
  | 'identifier'
  | 'punctuation'
  | 'invalid';

export interface ClassifiedToken {
  span: Span;
  class: TokenClass;
}

/**
 * Lexes `text` and classifies each token (comments included), in order. Characters the lexer
 * cannot read come back as `invalid`. Contextual keywords are classed by word, not by use.
 */
export function classifyTokens(text: string): ClassifiedToken[] {
  const lexed = t.rulesLexer.tokenize(text);
  const tokens = [...lexed.tokens, ...(lexed.groups['comments'] ?? [])];
  const out: ClassifiedToken[] = tokens.map((token) => ({
    span: { start: token.startOffset, end: token.startOffset + token.image.length },
    class: classOf(token.tokenType, token.image),
  }));
  for (const error of lexed.errors) {
    out.push({ span: { start: error.offset, end: error.offset + error.length }, class: 'invalid' });
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}

function classOf(type: TokenType, image: string): TokenClass {
  if (type === t.Comment) return 'comment';
  if (type === t.StringLiteral) return 'string';
  if (type === t.DiceRoll || type === t.NamedDice) return 'dice';
  if (type === t.NumberLiteral || type === t.OpenRange) return 'number';
  if (type === t.BadNumber) return 'invalid';
  if (type === t.Identifier) return 'identifier';
  if (constants.includes(image)) return 'constant';
  if (wordOperators.includes(image) || operators.includes(image)) return 'operator';
  if (contextualKeywords.includes(image)) return 'contextual-keyword';
  if (keywords.includes(image)) return 'keyword';
  return 'punctuation';
}
