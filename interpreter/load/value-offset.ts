/**
 * Maps offsets in a parsed YAML string back to offsets in the file, so a span the script parser
 * reports lands on the right line and column.
 *
 * Exact for: plain scalars, single- and double-quoted scalars (escapes included), and literal
 * block scalars `|` with any indentation indicator and chomping. Best effort for folded `>` and
 * multi-line plain or quoted scalars (line folding is matched whitespace to whitespace; a column may
 * land on the indentation instead of the line end). Scripts should therefore be written as `|`
 * blocks, or on one line.
 */
import { Scalar } from 'yaml';

/** `valueOffset(i)` for a scalar; `i` may be `value.length` (the end of the value). */
export type ValueOffset = (i: number) => number;

/**
 * A lazily built offset map for the string scalar `node` written in `text`. Only the scalar's
 * style and range are kept, not the node, so the parsed document is garbage once converted.
 */
export function valueOffsetFor(node: Scalar, value: string, text: string): ValueOffset {
  const [start, valueEnd] = node.range ?? [0, 0];
  return valueOffsetAt(node.type, start, valueEnd, value, text);
}

/** The same for a scalar known by its style and source range (the fast reader, fast-yaml.ts). */
export function valueOffsetAt(type: Scalar['type'], start: number, valueEnd: number, value: string, text: string): ValueOffset {
  let map: Int32Array | undefined;
  return (i) => {
    map ??= buildMap(type, start, valueEnd, value, text);
    const at = Math.min(Math.max(0, Math.trunc(i)), value.length);
    return map[at] ?? start;
  };
}

function buildMap(type: Scalar['type'], start: number, valueEnd: number, value: string, text: string): Int32Array {
  switch (type) {
    case Scalar.BLOCK_LITERAL:
      return literalMap(value, text, contentStart(text, start, valueEnd), valueEnd);
    case Scalar.BLOCK_FOLDED:
      return alignedMap(value, text, contentStart(text, start, valueEnd), valueEnd, 'plain');
    case Scalar.QUOTE_DOUBLE:
      return alignedMap(value, text, start + 1, valueEnd - 1, 'double');
    case Scalar.QUOTE_SINGLE:
      return alignedMap(value, text, start + 1, valueEnd - 1, 'single');
    default:
      return alignedMap(value, text, start, valueEnd, 'plain');
  }
}

/** Block scalar content starts on the line after its header (`|2-  # comment`). */
function contentStart(text: string, start: number, end: number): number {
  const newline = text.indexOf('\n', start);
  return newline === -1 || newline >= end ? end : newline + 1;
}

/**
 * In a literal block, value line k is source content line k without the block's indentation, so
 * the indentation (found from one non-blank line) gives every offset exactly.
 */
function literalMap(value: string, text: string, from: number, end: number): Int32Array {
  const map = new Int32Array(value.length + 1).fill(from);
  const valueLines = value.split('\n');
  const sourceLines = linesOf(text, from, end);
  const indent = blockIndent(valueLines, sourceLines);
  let v = 0;
  valueLines.forEach((line, k) => {
    const src = sourceLines[k] ?? sourceLines[sourceLines.length - 1] ?? { start: from, end: from };
    for (let j = 0; j <= line.length && v + j <= value.length; j++) {
      map[v + j] = Math.min(src.start + indent + j, j === line.length ? src.end : Number.MAX_SAFE_INTEGER);
    }
    v += line.length + 1;
  });
  return map;
}

interface LineSpan {
  start: number;
  /** End of the line's content: before `\r\n` or `\n`. */
  end: number;
}

function linesOf(text: string, from: number, end: number): LineSpan[] {
  const lines: LineSpan[] = [];
  let at = from;
  while (at <= end && at <= text.length) {
    let next = text.indexOf('\n', at);
    if (next === -1) next = text.length;
    const contentEnd = next > at && text[next - 1] === '\r' ? next - 1 : next;
    lines.push({ start: at, end: Math.min(contentEnd, end) });
    if (next >= text.length) break;
    at = next + 1;
  }
  return lines;
}

function blockIndent(valueLines: readonly string[], sourceLines: readonly LineSpan[]): number {
  for (let k = 0; k < valueLines.length; k++) {
    const line = valueLines[k] ?? '';
    const src = sourceLines[k];
    if (src && line.trim() !== '') return Math.max(0, src.end - src.start - line.length);
  }
  return 0;
}

type QuoteStyle = 'plain' | 'single' | 'double';

/**
 * Walks value and source together: equal characters map one to one, escapes map to their
 * backslash, and whitespace the value folded away is skipped in the source.
 */
function alignedMap(value: string, text: string, from: number, end: number, style: QuoteStyle): Int32Array {
  const map = new Int32Array(value.length + 1).fill(from);
  let v = 0;
  let s = from;
  while (v < value.length && s < end) {
    const token = sourceToken(text, s, style);
    if (token.units === 0) {
      s += token.length;
    } else if (token.units > 1 || token.length > 1 || value[v] === text[s]) {
      for (let u = 0; u < token.units && v < value.length; u++) map[v++] = s;
      s += token.length;
    } else if (isSpace(text[s])) {
      s++;
    } else {
      map[v++] = s;
      if (!isSpace(value[v - 1])) s++;
    }
  }
  for (; v <= value.length; v++) map[v] = Math.min(s, end);
  return map;
}

interface SourceToken {
  /** Source characters the token spans. */
  length: number;
  /** Value characters (UTF-16 units) it produces. */
  units: number;
}

const HEX_ESCAPE_LENGTH: Readonly<Record<string, number>> = { x: 4, u: 6, U: 10 };

function sourceToken(text: string, s: number, style: QuoteStyle): SourceToken {
  const c = text[s];
  if (style === 'single' && c === "'" && text[s + 1] === "'") return { length: 2, units: 1 };
  if (style !== 'double' || c !== '\\') return { length: 1, units: 1 };
  const next = text[s + 1] ?? '';
  if (next === '\n' || next === '\r') return { length: escapedBreakLength(text, s + 1), units: 0 };
  const hexLength = HEX_ESCAPE_LENGTH[next];
  if (hexLength === undefined) return { length: 2, units: 1 };
  const code = Number.parseInt(text.slice(s + 2, s + hexLength), 16);
  return { length: hexLength, units: code > 0xffff ? 2 : 1 };
}

/** `\` at a line end joins the lines: the break and the next line's indentation produce nothing. */
function escapedBreakLength(text: string, at: number): number {
  let s = at;
  if (text[s] === '\r') s++;
  if (text[s] === '\n') s++;
  while (text[s] === ' ' || text[s] === '\t') s++;
  return s - at + 1;
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}
