/**
 * Token positions. chevrotain's `endOffset` is inclusive (and, with offset-only tracking, absent);
 * everything in the grammar uses half-open spans, converted here and nowhere else.
 */
import type { IToken } from 'chevrotain';
import { EOF } from './chevrotain.ts';
import type { Span } from './ast.ts';

/** Exclusive end offset of a token. */
export const tokenEnd = (token: IToken): number => token.startOffset + token.image.length;

/** Whether a token came from the text (EOF and tokens made up by recovery did not). */
export const isReal = (token: IToken | undefined): token is IToken =>
  token !== undefined &&
  token.tokenType !== EOF &&
  !Number.isNaN(token.startOffset) &&
  token.isInsertedInRecovery !== true;

/** Span of a token that came from the text. */
export const spanOfToken = (token: IToken): Span => ({ start: token.startOffset, end: tokenEnd(token) });

export const joinSpans = (a: Span, b: Span): Span => ({
  start: Math.min(a.start, b.start),
  end: Math.max(a.end, b.end),
});
