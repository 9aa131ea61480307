/**
 * Checks made on the token stream before parsing: characters the lexer could not read, and
 * brackets nested deeper than the parser will follow. The nesting check is a flat loop, so ten
 * thousand `(` are refused in microseconds instead of recursing toward a stack overflow.
 */
import type { ILexingError, IToken } from 'chevrotain';
import type { ParseDiagnostic } from './parse.ts';
import { MAX_NESTING } from './parser-base.ts';
import { LBrace, LBracket, LParen, RBrace, RBracket, RParen } from './tokens.ts';

/** Advice for characters designers bring from other languages. */
const CHARACTER_HINTS: Readonly<Record<string, string>> = {
  '!': 'write `not x` for negation and `!=` for "not equal"',
  '&': 'write `and`',
  '|': 'write `or`',
  '%': 'write `mod` for the remainder',
  ';': 'no `;` is needed: a statement ends where the next one starts',
  "'": 'strings use double quotes: "text"',
  '`': 'strings use double quotes: "text"',
  '#': 'comments start with `--`',
};

/** One `invalid-character` diagnostic per run of characters the lexer could not read. */
export function lexerDiagnostics(text: string, errors: readonly ILexingError[], shift: number): ParseDiagnostic[] {
  return errors.map((error) => {
    const start = error.offset + shift;
    const chars = text.slice(start, start + error.length);
    const first = firstCharacter(chars);
    const shown = chars.length > 12 ? `${chars.slice(0, 11)}…` : chars;
    return {
      severity: 'error',
      code: 'invalid-character',
      message: first.length === chars.length ? `unknown character \`${chars}\`` : `unknown characters \`${shown}\``,
      span: { start, end: start + error.length },
      hint: CHARACTER_HINTS[first] ?? 'names use the letters a–z, digits and `_`; other text belongs in "quotes"',
    };
  });
}

/** The first character, whole even when it is a surrogate pair (an emoji). */
function firstCharacter(chars: string): string {
  const code = chars.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

const OPENERS = new Set([LParen, LBracket, LBrace]);
const CLOSERS = new Set([RParen, RBracket, RBrace]);

/** `nesting-too-deep` at the first bracket that opens past MAX_NESTING levels, if any. */
export function nestingDiagnostic(tokens: readonly IToken[]): ParseDiagnostic | undefined {
  let depth = 0;
  for (const token of tokens) {
    if (OPENERS.has(token.tokenType)) {
      depth++;
      if (depth > MAX_NESTING) {
        return {
          severity: 'error',
          code: 'nesting-too-deep',
          message: `brackets nested more than ${MAX_NESTING} deep`,
          span: { start: token.startOffset, end: token.startOffset + token.image.length },
          hint: 'move inner parts into a `let` or a procedure, or check for brackets that are never closed',
        };
      }
    } else if (CLOSERS.has(token.tokenType) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}
