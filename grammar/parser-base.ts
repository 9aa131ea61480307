/**
 * Shared machinery of the rules parser: positions, diagnostics, the nesting guard and the error
 * recovery hooks. Grammar rules live in the layers built on top of this class.
 */
import type { DSLMethodOpts, IOrAlt, IToken, TokenType } from 'chevrotain';
import { EmbeddedActionsParser, EOF, NoViableAltException, tokenMatcher } from './chevrotain.ts';
import type { Expr, Span, StringLit } from './ast.ts';
import type { ParseDiagnostic } from './parse.ts';
import { errorMessageProvider } from './parser-errors.ts';
import { isReal, joinSpans, tokenEnd } from './parser-spans.ts';
import { allTokens } from './tokens.ts';

/**
 * Deepest nesting a script may use: brackets, blocks and keyword forms (`if`, `count … where`)
 * together. Each level costs a few kilobytes of JavaScript stack in the recursive descent; 100
 * levels stay well inside the smallest default stacks of Node and the browsers.
 */
export const MAX_NESTING = 100;

/** Thrown to abandon a parse that nests too deeply; parse.ts turns it into a diagnostic. */
export class NestingTooDeep extends Error {
  constructor(readonly span: Span) {
    super('nesting too deep');
  }
}

/*
 * Alternatives and gated repetitions are built by calls (`alt(() => …)`, `gated(…)`) rather than
 * written `{ ALT: () => … }`. Under tsx (the repository's CLI, tests and bench) esbuild's
 * keepNames wraps an arrow written as an object property in `__name(…)`, which redefines the
 * arrow's `name` every time the rule runs; an arrow passed as an argument is left alone. That
 * wrapping was about half of the checker's parse time. Alternatives that use only `this` are
 * built once per parser instead (see `primary` and `statement`).
 */

/** One alternative of `OR`, tried only when `gate` (if given) allows it. */
export function alt<T>(body: () => T, gate?: () => boolean): IOrAlt<T> {
  return gate ? { ALT: body, GATE: gate } : { ALT: body };
}

/** Options of `MANY` / `OPTION`: `body` repeats (or runs) only while `gate` allows it. */
export function gated<T>(gate: () => boolean, body: () => T): DSLMethodOpts<T> {
  return { GATE: gate, DEF: body };
}

/** A string literal whose parts (text and interpolations) are filled in after the parse. */
export interface PendingString {
  node: StringLit;
  token: IToken;
}

export abstract class ParserBase extends EmbeddedActionsParser {
  /** Diagnostics the grammar reports itself (chevrotain's own errors are in `this.errors`). */
  problems: ParseDiagnostic[] = [];
  strings: PendingString[] = [];
  private depth = 0;
  /** Where the last reported run of stray tokens would continue (see skipStrayToken). */
  private strayRunEnd = -1;
  /**
   * Stretches of text whose problems are not reported: the rest of a line that starts with a
   * misspelt keyword (`retrun x + 1`), where every later error only follows from the first.
   */
  quiet: Span[] = [];

  constructor() {
    super(allTokens, { recoveryEnabled: true, maxLookahead: 3, errorMessageProvider });
  }

  override reset(): void {
    super.reset();
    this.problems = [];
    this.strings = [];
    this.depth = 0;
    this.strayRunEnd = -1;
    this.quiet = [];
  }

  /**
   * chevrotain computes every lookahead path of the failed alternation to describe it; our
   * messages never use them, and on a script with dozens of mistakes that work dominated the
   * parse. Same message and exception, without the paths. (Not in chevrotain's typings.)
   */
  raiseNoAltException(_occurrence: number, customUserDescription: string | undefined): never {
    const previous = this.LA(0);
    const message = errorMessageProvider.buildNoViableAltMessage({
      expectedPathsPerAlt: [],
      actual: [this.LA(1)],
      previous,
      customUserDescription: customUserDescription ?? '',
      ruleName: (this as unknown as { getCurrRuleFullName(): string }).getCurrRuleFullName(),
    });
    const self = this as unknown as { SAVE_ERROR(e: Error): Error };
    throw self.SAVE_ERROR(new NoViableAltException(message, this.LA(1), previous));
  }

  /** Recovery inserts a token with no text; give it a zero-width position after the previous token. */
  protected override getTokenToInsert(tokType: TokenType): IToken {
    const token = super.getTokenToInsert(tokType);
    const at = this.lastEnd();
    token.startOffset = at;
    token.endOffset = at - 1;
    return token;
  }

  /** Position just after the last token consumed (0 before the first). */
  protected lastEnd(): number {
    const previous: IToken = this.LA(0);
    // Before the first token LA(0) is chevrotain's EOF placeholder, whose offsets are NaN.
    return Number.isNaN(previous.startOffset) ? 0 : tokenEnd(previous);
  }

  protected tokenSpan(token: IToken): Span {
    if (Number.isNaN(token.startOffset)) {
      const at = this.lastEnd();
      return { start: at, end: at };
    }
    return { start: token.startOffset, end: tokenEnd(token) };
  }

  /** From the start of `first` to the end of `last` (tokens or spans). */
  protected spanFrom(first: IToken | Span, last: IToken | Span): Span {
    const a = 'start' in first ? first : this.tokenSpan(first);
    const b = 'start' in last ? last : this.tokenSpan(last);
    return joinSpans(a, b);
  }

  /** From the start of `first` to the end of the last token consumed. */
  protected spanToHere(first: IToken): Span {
    const start = this.tokenSpan(first).start;
    return { start, end: Math.max(start, this.lastEnd()) };
  }

  /** Stand-in for an expression that is missing: an empty name, zero-width where it should be. */
  protected missing(): Expr {
    const at = this.lastEnd();
    return { kind: 'name', name: '', span: { start: at, end: at } };
  }

  protected report(code: string, message: string, span: Span, hint?: string): void {
    const diagnostic: ParseDiagnostic = { severity: 'error', code, message, span };
    if (hint !== undefined) diagnostic.hint = hint;
    this.problems.push(diagnostic);
  }

  /** The whole text being parsed (token offsets index into it); set before each parse. */
  text = '';

  /** Whether two tokens stand on the same line (no line break between them). */
  protected sameLine(a: IToken, b: IToken): boolean {
    return !/[\r\n]/.test(this.text.slice((a.endOffset ?? a.startOffset) + 1, b.startOffset));
  }

  /** Above 0 while reading the condition of an `if` or `while`: a lone `=` there is read as `==` and reported. */
  protected inCondition = 0;

  /** Reads a condition (`if c then`, `while c do`); see `inCondition`. */
  protected condition<T>(read: () => T): T {
    this.inCondition++;
    try {
      return read();
    } finally {
      this.inCondition--;
    }
  }

  protected isNext(tokType: TokenType, k = 1): boolean {
    return tokenMatcher(this.LA(k), tokType);
  }

  /** Runs `body` one nesting level deeper, abandoning the parse past the limit. */
  protected nested<T>(_kind: 'block' | 'expression', body: () => T): T {
    this.depth++;
    try {
      // The script's own block, or the expression being parsed, is level 0.
      if (!this.RECORDING_PHASE && this.depth > MAX_NESTING + 1) {
        const next = this.LA(1);
        throw new NestingTooDeep(isReal(next) ? this.tokenSpan(next) : { start: this.lastEnd(), end: this.lastEnd() });
      }
      return body();
    } finally {
      this.depth--;
    }
  }

  /**
   * Skips the next token, which cannot start a statement, and reports it (one diagnostic for a run
   * of such tokens). Returns false at the end of the input.
   */
  protected skipStrayToken(describe: (token: IToken) => { message: string; hint: string }): boolean {
    const token = this.LA(1);
    if (token.tokenType === EOF) return false;
    const span = this.tokenSpan(token);
    const previous = this.problems[this.problems.length - 1];
    if (previous?.code === 'unexpected-token' && this.strayRunEnd === span.start) {
      previous.span.end = span.end;
    } else {
      const { message, hint } = describe(token);
      this.report('unexpected-token', message, span, hint);
    }
    this.strayRunEnd = this.nextStart(token);
    this.SKIP_TOKEN();
    return true;
  }

  /** Start of the token after `token`, so adjacent stray tokens merge across whitespace. */
  private nextStart(token: IToken): number {
    const next = this.LA(2);
    return isReal(next) ? next.startOffset : tokenEnd(token);
  }
}
