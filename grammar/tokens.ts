/**
 * Tokens of the rules language, and the lexer built from them.
 *
 * Order in `allTokens` matters: chevrotain takes the FIRST pattern that matches at a position (not
 * the longest), so each group below says why it sits where it is. Keywords carry
 * `longer_alt: Identifier`, so `index` is a name rather than `in` followed by `dex`.
 */
import type { TokenType } from 'chevrotain';
import { createToken, Lexer } from './chevrotain.ts';
import { scanString } from './parser-strings.ts';

// ---------------------------------------------------------------- categories (match no text themselves)

/** Anything that can name a thing: identifiers and the contextual keywords (`count`, `max`, …). */
export const AnyName = createToken({ name: 'AnyName', pattern: Lexer.NA, label: 'a name' });
/**
 * Any word at all, reserved or not. Allowed after `.` and as a record key, where no keyword can
 * be meant: `link.to`, `{ from: a, to: b }`.
 */
export const AnyWord = createToken({ name: 'AnyWord', pattern: Lexer.NA, label: 'a name' });
/** Reserved words: never names. */
export const Keyword = createToken({ name: 'Keyword', pattern: Lexer.NA });
/** Keywords only in context (`max u.cf for u in …`); names everywhere else (`max(a, b)`). */
export const ContextualKeyword = createToken({ name: 'ContextualKeyword', pattern: Lexer.NA });
/** Infix operators; parser-precedence.ts ranks them by their text. */
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: Lexer.NA, label: 'an operator' });
/** `-`, `+` and `not` in front of a value. */
export const PrefixOperator = createToken({ name: 'PrefixOperator', pattern: Lexer.NA });
/** `=`, `+=`, `-=` */
export const AssignOperator = createToken({ name: 'AssignOperator', pattern: Lexer.NA, label: '`=`' });

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [AnyName, AnyWord],
  label: 'a name',
});

// ---------------------------------------------------------------- trivia

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\r\n\f\v\u00a0\ufeff\u2028\u2029]+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});
/**
 * Before Minus and MinusAssign: `--` starts a comment, not two minuses. Kept in a group of its
 * own (the parser never sees it) so the highlighter can colour it.
 */
export const Comment = createToken({ name: 'Comment', pattern: /--[^\r\n]*/, group: 'comments' });

// ---------------------------------------------------------------- strings

/**
 * A whole string literal, `{…}` interpolations included (they may hold strings of their own).
 * A string does not span lines: an unclosed one ends at the line break, so the next line still
 * lexes normally, and parse.ts reports it. The parts are split and parsed after the main parse.
 */
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: {
    exec: (text: string, offset: number): RegExpExecArray | null => {
      if (text.charCodeAt(offset) !== 34) return null;
      const { end } = scanString(text, offset);
      return [text.slice(offset, end)] as unknown as RegExpExecArray;
    },
  },
  start_chars_hint: ['"'],
  line_breaks: false,
  label: 'a string',
});

// ---------------------------------------------------------------- numbers and dice (before keywords and names)

/** `2d6`, `d6`, `d66`, `3d66`. Before BadNumber and NumberLiteral (the leading digits) and Identifier (`d6`). */
export const DiceRoll = createToken({ name: 'DiceRoll', pattern: /\d*d\d+(?![A-Za-z0-9_])/, label: 'a roll' });
/** The `3d` of `3d[special]`; the parser reads `[name]`. Before BadNumber, which would take `3d`. */
export const NamedDice = createToken({ name: 'NamedDice', pattern: /\d+d(?=\[)/, label: 'a roll' });
/**
 * `16+` (16 and up). Only where a value ends — before a closer, a clause keyword or the end — so
 * `16 + x` stays an addition. Before NumberLiteral, which would take `16`.
 */
export const OpenRange = createToken({
  name: 'OpenRange',
  pattern:
    /\d+(?:\.\d+)?\+(?=\s*(?:(?![\s\S])|[,\])}:]|--|(?:then|else|end|do|and|or|where|by|of|for)(?![A-Za-z0-9_])))/,
  start_chars_hint: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  label: 'a range',
});
/** Digits glued to letters (`12abc`, `2D6`, `1.5d6`): reported, then read as a number. Before NumberLiteral. */
export const BadNumber = createToken({ name: 'BadNumber', pattern: /\d+(?:\.\d+)?[A-Za-z_][A-Za-z0-9_]*/, label: 'a number' });
/** `3`, `0.5`. `2..5` reads as `2` `..` `5`: a fraction needs a digit after its dot. */
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?/, label: 'a number' });

// ---------------------------------------------------------------- punctuation and operators

function symbol(name: string, text: string, categories: TokenType[] = []): TokenType {
  return createToken({ name, pattern: text, categories, label: `\`${text}\`` });
}

// Two-character operators come before their one-character prefixes (`==` before `=`, `..` before `.`).
export const EqualEqual = symbol('EqualEqual', '==', [BinaryOperator]);
export const NotEqual = symbol('NotEqual', '!=', [BinaryOperator]);
export const LessEqual = symbol('LessEqual', '<=', [BinaryOperator]);
export const GreaterEqual = symbol('GreaterEqual', '>=', [BinaryOperator]);
export const PlusAssign = symbol('PlusAssign', '+=', [AssignOperator]);
export const MinusAssign = symbol('MinusAssign', '-=', [AssignOperator]);
export const DotDot = symbol('DotDot', '..', [BinaryOperator]);
export const Less = symbol('Less', '<', [BinaryOperator]);
export const Greater = symbol('Greater', '>', [BinaryOperator]);
export const Equals = symbol('Equals', '=', [AssignOperator]);
export const Plus = symbol('Plus', '+', [BinaryOperator, PrefixOperator]);
export const Minus = symbol('Minus', '-', [BinaryOperator, PrefixOperator]);
export const Star = symbol('Star', '*', [BinaryOperator]);
export const Slash = symbol('Slash', '/', [BinaryOperator]);
/** `&&` and `||`, from other languages: read as `and` / `or` with one problem (parser-expressions.ts). */
export const AndAnd = symbol('AndAnd', '&&');
export const OrOr = symbol('OrOr', '||');
export const Dot = symbol('Dot', '.');
export const Comma = symbol('Comma', ',');
export const Colon = symbol('Colon', ':');
export const LParen = symbol('LParen', '(');
export const RParen = symbol('RParen', ')');
export const LBracket = symbol('LBracket', '[');
export const RBracket = symbol('RBracket', ']');
export const LBrace = symbol('LBrace', '{');
export const RBrace = symbol('RBrace', '}');

// ---------------------------------------------------------------- keywords

/** Reserved words, as written. */
export const reservedWords = [
  'and', 'or', 'not', 'in', 'mod', 'if', 'then', 'else', 'end', 'let', 'for', 'each', 'where', 'do',
  'repeat', 'times', 'while', 'log', 'return', 'stop', 'true', 'false', 'none', 'select', 'sum', 'sort',
  'by', 'descending', 'draw', 'from', 'into', 'choose', 'of', 'up', 'to', 'secretly', 'prompt', 'on', 'column', 'shift', 'shuffle', 'with', 'discards', 'discard', 'put', 'at', 'remove', 'move',
  'place', 'flip', 'reveal', 'facing',
] as const;

/** Words that are keywords only in context and names elsewhere. */
export const contextualWords = [
  'min', 'max', 'count', 'any', 'all', 'first', 'number', 'one', 'top', 'bottom', 'game', 'roll', 'preview',
] as const;

/** Keywords that are also operators. */
const OPERATOR_WORDS: Readonly<Record<string, TokenType[]>> = {
  and: [BinaryOperator],
  or: [BinaryOperator],
  in: [BinaryOperator],
  mod: [BinaryOperator],
  not: [PrefixOperator],
};

type KeywordWord = (typeof reservedWords)[number] | (typeof contextualWords)[number];

function keyword(word: string, contextual: boolean): TokenType {
  const categories = contextual ? [AnyName, AnyWord, ContextualKeyword] : [AnyWord, Keyword];
  return createToken({
    name: `kw_${word}`,
    pattern: word,
    longer_alt: Identifier,
    categories: [...categories, ...(OPERATOR_WORDS[word] ?? [])],
    label: `\`${word}\``,
  });
}

/** Keyword tokens by word: `kw.then`, `kw.max`. */
export const kw = Object.fromEntries([
  ...reservedWords.map((word) => [word, keyword(word, false)]),
  ...contextualWords.map((word) => [word, keyword(word, true)]),
]) as Record<KeywordWord, TokenType>;

// Longest first: were `in` tried before `into`, "into" would match `in`, lose to the longer
// Identifier alternative, and become a name instead of the keyword.
const keywordTokens = Object.values(kw).sort((a, b) => (b.PATTERN as string).length - (a.PATTERN as string).length);

// ---------------------------------------------------------------- the ordered list

/** Every token type, in matching order; categories first (they match no text). */
export const allTokens: TokenType[] = [
  AnyName, AnyWord, Keyword, ContextualKeyword, BinaryOperator, PrefixOperator, AssignOperator,
  WhiteSpace,
  Comment, // before Minus / MinusAssign
  StringLiteral,
  DiceRoll, NamedDice, OpenRange, BadNumber, NumberLiteral, // in this order, see each token
  EqualEqual, NotEqual, LessEqual, GreaterEqual, PlusAssign, MinusAssign, DotDot, // before their prefixes
  AndAnd, OrOr, Less, Greater, Equals, Plus, Minus, Star, Slash, Dot, Comma, Colon,
  LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  ...keywordTokens, // before Identifier, which would match every keyword
  Identifier,
];

/** The lexer: offsets only (spans are offsets; lines and columns are computed at the edges). */
export const rulesLexer = new Lexer(allTokens, {
  positionTracking: 'onlyOffset',
  ensureOptimizations: false,
});
