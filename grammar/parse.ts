/**
 * Public entry points of the grammar: text in, `{ ast, diagnostics }` out. Never throws on user
 * input: every problem, including an input too large or too deeply nested, is a diagnostic.
 */
import type { IToken } from 'chevrotain';
import type { Expr, Script, Span, StringLit } from './ast.ts';
import { lexerDiagnostics, nestingDiagnostic } from './parse-guards.ts';
import { NestingTooDeep } from './parser-base.ts';
import { diagnosticFromError, quietsLine } from './parser-errors.ts';
import { splitString, scanString } from './parser-strings.ts';
import { RulesParser } from './parser.ts';
import type { PendingString } from './parser-base.ts';
import { rulesLexer } from './tokens.ts';

/** A problem found while reading a script: positioned, with a stable kebab-case code. */
export interface ParseDiagnostic {
  severity: 'error' | 'warning';
  /** Stable kebab-case code, documented in docs/diagnostics.md (Parser). */
  code: string;
  message: string;
  /** Offsets into the parsed text (`end` exclusive). */
  span: Span;
  /** How to fix it, in a designer's words. */
  hint?: string;
}

/** Longest text the parser accepts; longer input gets `script-too-long` and is not parsed. */
export const MAX_SCRIPT_LENGTH = 200_000;
/** Diagnostics kept per parse: past this the rest are summarised in one `too-many-errors`. */
export const MAX_DIAGNOSTICS = 100;

/**
 * Strings inside interpolations inside strings… Each level is lexed again, so the bound is low;
 * real scripts rarely go past two.
 */
const MAX_STRING_NESTING = 16;

let shared: RulesParser | undefined;
/** Built on first use: the grammar analysis costs more than a typical parse. */
function parser(): RulesParser {
  shared ??= new RulesParser();
  return shared;
}

/** Parses statements (a phase script, a card effect, a procedure body). */
export function parseScript(text: string): { ast: Script; diagnostics: ParseDiagnostic[] } {
  const empty: Script = { kind: 'script', body: [], span: { start: 0, end: text.length } };
  const result = guarded(text, 'script');
  const ast = result.ast as Script | null;
  return { ast: ast === null ? empty : { ...ast, span: empty.span }, diagnostics: result.diagnostics };
}

/** Parses one expression (a condition, a formula, a table cell). `ast` is null when there is none. */
export function parseExpression(text: string): { ast: Expr | null; diagnostics: ParseDiagnostic[] } {
  const result = guarded(text, 'expression');
  return { ast: result.ast as Expr | null, diagnostics: result.diagnostics };
}

/**
 * Parses text written like the inside of a string literal (`Cubes: {total} of {limit}`): literal
 * text with `{expr}` interpolations, as log lines interpolate. For messages the YAML holds as plain
 * text, without quotes: a `"` in it is plain text. Spans are offsets into `text`; a line break
 * reads as a space.
 */
export function parseTemplate(text: string): { ast: StringLit | null; diagnostics: ParseDiagnostic[] } {
  if (typeof text !== 'string') text = String(text);
  if (text.length > MAX_SCRIPT_LENGTH) return { ast: null, diagnostics: [tooLong(text.length)] };
  // Same length, so offsets stay put.
  const flat = text.replace(/[\r\n]/g, ' ');
  const node: StringLit = { kind: 'string', parts: [], span: { start: 0, end: text.length } };
  // The literal's opening quote sits just before the text (offset -1), so pieces land on text offsets.
  const token = { image: `"${flat}"`, startOffset: -1 } as IToken;
  try {
    const diagnostics: ParseDiagnostic[] = [];
    fillStrings(flat, [{ node, token }], diagnostics);
    // The quotes are not the writer's: an unclosed `{` has its own diagnostic.
    return { ast: node, diagnostics: finish(diagnostics.filter((d) => d.code !== 'unterminated-string')) };
  } catch (error) {
    shared = undefined;
    return { ast: null, diagnostics: [internalError(error, text.length)] };
  }
}

type Goal = 'script' | 'expression';
interface Outcome {
  ast: Script | Expr | null;
  diagnostics: ParseDiagnostic[];
}

function guarded(text: string, goal: Goal): Outcome {
  if (typeof text !== 'string') text = String(text);
  if (text.length > MAX_SCRIPT_LENGTH) {
    return { ast: null, diagnostics: [tooLong(text.length)] };
  }
  try {
    const outcome = parseText(text, goal);
    return { ast: outcome.ast, diagnostics: finish(outcome.diagnostics) };
  } catch (error) {
    // A parser bug must not take the caller down with it: report it like any other problem.
    shared = undefined;
    return { ast: null, diagnostics: [internalError(error, text.length)] };
  }
}

function parseText(text: string, goal: Goal): Outcome {
  const main = parseTokens(text, 0, text.length, goal);
  if (main.ast === null) return main;
  fillStrings(text, main.strings, main.diagnostics);
  return { ast: main.ast, diagnostics: main.diagnostics };
}

/**
 * Interpolations are parsed after the string that holds them, from a queue rather than by
 * recursion, so strings nested in interpolations nested in strings cannot exhaust the stack.
 */
function fillStrings(text: string, strings: PendingString[], diagnostics: ParseDiagnostic[]): void {
  const queue = strings.map((pending) => ({ pending, depth: 1 }));
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { pending, depth } = next;
    if (depth > MAX_STRING_NESTING) {
      diagnostics.push(tooDeepAt({ start: pending.token.startOffset, end: pending.token.startOffset + 1 }));
      continue;
    }
    const inner = fillString(text, pending, diagnostics);
    queue.push(...inner.map((found) => ({ pending: found, depth: depth + 1 })));
  }
}

interface TokensOutcome extends Outcome {
  strings: PendingString[];
}

/** Lexes and parses `text[start, end)`; spans stay offsets into the whole text. */
function parseTokens(text: string, start: number, end: number, goal: Goal): TokensOutcome {
  const source = start === 0 && end === text.length ? text : text.slice(start, end);
  const lexed = rulesLexer.tokenize(source);
  if (start !== 0) shiftTokens(lexed.tokens, start);
  const diagnostics = lexerDiagnostics(text, lexed.errors, start);
  const tooDeep = nestingDiagnostic(lexed.tokens);
  if (tooDeep !== undefined) return { ast: null, diagnostics: [...diagnostics, tooDeep], strings: [] };
  if (goal === 'expression' && lexed.tokens.length === 0) {
    diagnostics.push(nothingToRead(start, end));
    return { ast: null, diagnostics, strings: [] };
  }
  const p = parser();
  p.text = text;
  p.input = lexed.tokens;
  try {
    const ast = goal === 'script' ? p.script() : p.expressionOnly();
    const found = [...p.errors.map(diagnosticFromError), ...p.problems];
    // A word of the language written as a name (`let column = 3`) says so; what recovery then
    // makes of the rest of its line (`3` "does nothing") would only bury it.
    for (const d of found) {
      if (d.code !== 'keyword-as-name' && !quietsLine.has(d)) continue;
      const lineEnd = text.indexOf('\n', d.span.end);
      // From the word itself: a roll-shaped name (`let d2 = …`) is also read as a target there.
      p.quiet.push({ start: d.span.start, end: lineEnd < 0 ? text.length : lineEnd });
    }
    diagnostics.push(...(p.quiet.length === 0 ? found : found.filter((d) => d.code === 'keyword-as-name' || quietsLine.has(d) || !p.quiet.some((q) => d.span.start >= q.start && d.span.start < q.end))));
    return { ast, diagnostics, strings: p.strings };
  } catch (error) {
    if (!(error instanceof NestingTooDeep)) throw error;
    diagnostics.push(tooDeepAt(error.span));
    return { ast: null, diagnostics, strings: [] };
  }
}

function shiftTokens(tokens: IToken[], by: number): void {
  for (const token of tokens) {
    token.startOffset += by;
    if (token.endOffset !== undefined) token.endOffset += by;
  }
}

/** Splits one string literal into text and interpolations; returns the strings found inside them. */
function fillString(text: string, pending: PendingString, diagnostics: ParseDiagnostic[]): PendingString[] {
  const { node, token } = pending;
  const found: PendingString[] = [];
  const closed = scanString(token.image, 0).closed;
  // `"{f(\"x\")}"`, escaped as in JSON: inside `{…}` is rules language, whose strings take plain
  // quotes; the escaped one opened a string there that never closed. One problem, said so.
  const escaped = closed ? -1 : token.image.search(/(?<!\\)\{[^}"]*\\"/);
  if (escaped >= 0) {
    const at = token.startOffset + token.image.indexOf('\\"', escaped);
    diagnostics.push({ severity: 'error', code: 'unterminated-string', message: 'a string inside `{…}` takes plain quotes, not `\\"`', span: { start: at, end: at + 2 }, hint: 'write `"morale {box_value("morale")}"`: inside the braces is rules language, where `\\"` is no quote' });
    return found;
  }
  if (!closed) diagnostics.push(unterminated(token));
  const { pieces, problems } = splitString(token.image, token.startOffset);
  for (const problem of problems) {
    diagnostics.push({ severity: 'error', code: problem.code, message: problem.message, span: { start: problem.start, end: problem.end }, hint: problem.hint });
  }
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      node.parts.push(piece.text);
      continue;
    }
    if (text.slice(piece.start, piece.end).trim() === '') {
      diagnostics.push(emptyInterpolation(piece.start - 1, piece.end + 1));
      continue;
    }
    const inner = parseTokens(text, piece.start, piece.end, 'expression');
    diagnostics.push(...inner.diagnostics);
    if (inner.ast !== null) node.parts.push(inner.ast as Expr);
    found.push(...inner.strings);
  }
  return found;
}

/** Sorted by position, duplicates dropped, capped. */
function finish(list: ParseDiagnostic[]): ParseDiagnostic[] {
  const seen = new Set<string>();
  const unique = list.filter((d) => {
    const key = `${d.span.start}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (unique.length <= MAX_DIAGNOSTICS) return unique;
  const kept = unique.slice(0, MAX_DIAGNOSTICS);
  const first = unique[MAX_DIAGNOSTICS] as ParseDiagnostic;
  kept.push({
    severity: 'error',
    code: 'too-many-errors',
    message: `${unique.length - MAX_DIAGNOSTICS} more problems not shown`,
    span: { start: first.span.start, end: first.span.start },
    hint: 'fix the problems above first; many of the rest often follow from them',
  });
  return kept;
}

// ---------------------------------------------------------------- diagnostics made here

function tooLong(length: number): ParseDiagnostic {
  return {
    severity: 'error',
    code: 'script-too-long',
    message: `this text is ${length} characters long; the limit is ${MAX_SCRIPT_LENGTH}`,
    span: { start: 0, end: 0 },
    hint: 'split it into procedures, or move data into tables',
  };
}

function tooDeepAt(span: Span): ParseDiagnostic {
  return {
    severity: 'error',
    code: 'nesting-too-deep',
    message: 'this is nested too deeply to read',
    span,
    hint: 'move the inner part into a procedure or a `let`, or check for an unclosed bracket or block',
  };
}

function unterminated(token: IToken): ParseDiagnostic {
  return {
    severity: 'error',
    code: 'unterminated-string',
    message: 'unterminated string: add a closing "',
    span: { start: token.startOffset, end: token.startOffset + token.image.length },
    hint: 'a string ends on the line it starts; write \\" for a quote inside it',
  };
}

function emptyInterpolation(start: number, end: number): ParseDiagnostic {
  return {
    severity: 'error',
    code: 'empty-interpolation',
    message: 'empty `{}` in a string',
    span: { start, end },
    hint: 'put a value inside, as in "{turn}", or write \\{ for a literal brace',
  };
}

function nothingToRead(start: number, end: number): ParseDiagnostic {
  return {
    severity: 'error',
    code: 'missing-expression',
    message: 'expected an expression',
    span: { start, end },
    hint: 'an expression is a value such as 3, "text", a name, a call like f(x), or a roll like 2d6',
  };
}

function internalError(error: unknown, length: number): ParseDiagnostic {
  const overflow = error instanceof RangeError;
  return {
    severity: 'error',
    code: overflow ? 'nesting-too-deep' : 'internal-error',
    message: overflow ? 'this is nested too deeply to read' : `the parser failed on this text: ${String(error)}`,
    span: { start: 0, end: Math.min(length, 1) },
    hint: overflow ? 'move inner parts into procedures or `let`s' : 'please report this text as a rulesmith bug',
  };
}
