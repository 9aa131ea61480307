/**
 * The line-level half of the fast YAML reader (fast-yaml.ts): a cursor over the file's lines,
 * scalars, and the origins and offset maps to-data.ts would make for them.
 */
import type { Origin, SourceFile } from './model.ts';
import type { OriginNode } from './origin-tree.ts';
import { trimEnd } from './scalar-text.ts';
import { valueOffsetAt } from './value-offset.ts';

/** Thrown (one shared object) when the text is outside what this reader takes. */
export const GIVE_UP: unique symbol = Symbol('give up');
export function giveUp(): never {
  throw GIVE_UP;
}

export interface KeySpan {
  keyStart: number;
  keyEnd: number;
}

type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

export const SPACE = 32;
export const HASH = 35;
export const COLON = 58;
export const DASH = 45;
export const COMMA = 44;
export const DQUOTE = 34;
export const SQUOTE = 39;
export const OPEN_SEQ = 91;
export const CLOSE_SEQ = 93;
export const OPEN_MAP = 123;
export const CLOSE_MAP = 125;
export const PIPE = 124;
export const GREATER = 62;

/** Characters a plain scalar cannot start with (`-`, `?`, `:` may when a non-space follows). */
export const INDICATOR = new Set([...',[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));
export const FLOW_STOP = new Set([...',[]{}'].map((c) => c.charCodeAt(0)));

/** Lines, offsets and scalars; the structure is read by the subclass. */
export abstract class LineReader {
  protected readonly text: string;
  protected readonly starts: readonly number[];
  protected readonly lines: number;
  protected readonly path: string;
  /** The line being read; after a value, the next line with content (or `lines` at the end). */
  protected line = 0;
  /** Whether the last `nextContent` passed comment lines. */
  protected passedComments = false;

  constructor(file: SourceFile) {
    this.text = file.text;
    this.starts = file.lineStarts;
    this.lines = file.lineStarts.length;
    this.path = file.path;
  }

  /** A quoted scalar at `p` closed on the same line: its value and the offset after the quote. */
  protected quoted(p: number, e: number): { value: string; end: number } {
    const quote = this.code(p);
    let value = '';
    let from = p + 1;
    for (let i = p + 1; i < e; i++) {
      const c = this.code(i);
      if (quote === SQUOTE && c === SQUOTE) {
        if (this.code(i + 1) !== SQUOTE) return { value: value + this.text.slice(from, i), end: i + 1 };
        value += this.text.slice(from, i + 1);
        from = ++i + 1;
      } else if (quote === DQUOTE && c === DQUOTE) {
        return { value: value + this.text.slice(from, i), end: i + 1 };
      } else if (quote === DQUOTE && c === 92) {
        const esc = unescape(this.text, i + 1, e);
        value += this.text.slice(from, i) + esc.text;
        i = esc.next - 1;
        from = esc.next;
      }
    }
    return giveUp();
  }

  protected scalarAt(value: string, style: ScalarStyle, start: number, valueEnd: number, key?: KeySpan): OriginNode {
    const origin: Origin = this.origin(start, valueEnd, key);
    origin.valueOffset = valueOffsetAt(style, start, valueEnd, value, this.text);
    return { origin };
  }

  /** Written out rather than spread, in to-data.ts's key order. */
  protected origin(start: number, rangeEnd: number, key?: KeySpan): Origin {
    const end = trimEnd(this.text, start, rangeEnd);
    return key ? { file: this.path, start, end, keyStart: key.keyStart, keyEnd: key.keyEnd } : { file: this.path, start, end };
  }

  /** Whether a plain scalar may start at `p` (in a flow collection, `-` and `?` must not precede `,[]{}`). */
  protected plainStart(p: number, e: number, flow = false): boolean {
    const c = this.code(p);
    if (p >= e || INDICATOR.has(c) || c === COLON) return false;
    if (c !== DASH && c !== 63 /* ? */) return true;
    const next = this.code(p + 1);
    return p + 1 < e && next !== SPACE && !(flow && FLOW_STOP.has(next));
  }

  protected isSeqItem(p: number): boolean {
    if (this.code(p) !== DASH) return false;
    const next = this.text.charCodeAt(p + 1);
    return Number.isNaN(next) || next === SPACE || next === 10;
  }

  /**
   * The next line at or after `from` with content. Comment lines on the way must sit at that
   * line's indentation: yaml hangs others on the end of the collection before them, which would
   * move that collection's range.
   */
  protected nextContent(from: number): number {
    let comments = -1;
    for (let i = from; i < this.lines; i++) {
      const s = this.starts[i]!;
      const e = this.lineEnd(i);
      const p = this.skipSpaces(s, e);
      if (p === e) continue;
      const indent = p - s;
      if (comments !== -1 && comments !== indent) giveUp();
      if (this.code(p) !== HASH) {
        this.passedComments = comments !== -1;
        return i;
      }
      comments = indent;
    }
    if (comments !== -1) giveUp();
    this.passedComments = false;
    return this.lines;
  }

  protected indentOf(line: number): number {
    const s = this.starts[line]!;
    return this.skipSpaces(s, this.lineEnd(line)) - s;
  }

  protected lineEnd(line: number): number {
    return line + 1 < this.lines ? this.starts[line + 1]! - 1 : this.text.length;
  }

  /** The offset after the line's break (the text's end on the last line). */
  protected afterLine(line: number): number {
    return Math.min(this.lineEnd(line) + 1, this.text.length);
  }

  protected skipSpaces(p: number, e: number): number {
    while (p < e && this.text.charCodeAt(p) === SPACE) p++;
    return p;
  }

  protected code(p: number): number {
    return this.text.charCodeAt(p);
  }
}

/** yaml's core schema (YAML 1.2) for a plain scalar's text. */
export function resolvePlain(s: string): unknown {
  switch (s) {
    case '~': case 'null': case 'Null': case 'NULL': return null;
    case 'true': case 'True': case 'TRUE': return true;
    case 'false': case 'False': case 'FALSE': return false;
    default: break;
  }
  const c = s.charCodeAt(0);
  // Numbers start with a digit, a sign or a dot; most text does not.
  if (!(c >= 48 && c <= 57) && c !== 45 && c !== 43 && c !== 46) return s;
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(s)) return parseInt(s, 10);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s) || /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)) return parseFloat(s);
  return s;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ',
  '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** The escape after a backslash at `at`; anything unusual is left to yaml. */
function unescape(text: string, at: number, e: number): { text: string; next: number } {
  const c = text[at] ?? '';
  const simple = ESCAPES[c];
  if (simple !== undefined && at < e) return { text: simple, next: at + 1 };
  const digits = HEX_DIGITS[c];
  if (digits === undefined || at + digits >= e) giveUp();
  const hex = text.slice(at + 1, at + 1 + digits);
  if (!/^[0-9a-fA-F]+$/.test(hex)) giveUp();
  const code = parseInt(hex, 16);
  if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) giveUp();
  return { text: String.fromCodePoint(code), next: at + 1 + digits };
}

/**
 * A folded block's lines (indentation removed, blank lines empty) joined as YAML folds them:
 * a break between two ordinary lines becomes a space, blank lines become breaks, and breaks
 * around a more-indented line are kept.
 */
export function fold(lines: readonly string[]): string {
  let out = '';
  let prev: string | undefined;
  let blanks = 0;
  for (const line of lines) {
    if (line === '') {
      blanks++;
      continue;
    }
    if (prev === undefined) out = line;
    else if (line[0] === ' ' || prev[0] === ' ') out += '\n' + '\n'.repeat(blanks) + line;
    else out += blanks === 0 ? ' ' + line : '\n'.repeat(blanks) + line;
    prev = line;
    blanks = 0;
  }
  return out;
}
