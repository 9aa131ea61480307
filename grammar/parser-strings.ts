/**
 * String literals: finding where one ends (for the lexer) and splitting one into literal text and
 * `{expr}` interpolations (for the parser). Both walk the text with an explicit stack rather than
 * recursion, so a string nested inside an interpolation inside a string… cannot overflow the stack.
 */

/** Escapes a string may contain, and what they stand for. */
const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['{', '{'],
  ['}', '}'],
  ['n', '\n'],
]);

type Frame = { kind: 'string' } | { kind: 'interpolation'; braces: number };

const isLineBreak = (ch: string | undefined): boolean => ch === '\n' || ch === '\r';

/**
 * Scans the string literal whose opening `"` is at `start`. Strings do not span lines: an
 * interpolation may contain strings of its own, but a line break ends the literal unclosed.
 * Returns the offset just past the literal (past the closing quote, or at the line end).
 */
export function scanString(text: string, start: number): { end: number; closed: boolean } {
  const frames: Frame[] = [{ kind: 'string' }];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (isLineBreak(ch)) break;
    const top = frames[frames.length - 1] as Frame;
    if (top.kind === 'string') {
      if (ch === '\\') {
        if (isLineBreak(text[i + 1]) || i + 1 >= text.length) break;
        i += 2;
        continue;
      }
      if (ch === '"') {
        frames.pop();
        if (frames.length === 0) return { end: i + 1, closed: true };
      } else if (ch === '{') {
        frames.push({ kind: 'interpolation', braces: 0 });
      }
    } else if (ch === '"') {
      frames.push({ kind: 'string' });
    } else if (ch === '{') {
      top.braces++;
    } else if (ch === '}') {
      if (top.braces === 0) frames.pop();
      else top.braces--;
    }
    i++;
  }
  return { end: i, closed: false };
}

/** A piece of a string literal: literal text, or the source range of an interpolation. */
export type StringPiece =
  | { kind: 'text'; text: string }
  | { kind: 'interpolation'; start: number; end: number };

/** Something wrong inside a string literal, positioned in absolute offsets. */
export interface StringProblem {
  code: 'invalid-escape' | 'unclosed-interpolation';
  message: string;
  hint: string;
  start: number;
  end: number;
}

/**
 * Splits the literal `image` (quotes included), found at `offset` in the outer text, into pieces.
 * Interpolation ranges are absolute offsets of the text between the braces.
 */
export function splitString(
  image: string,
  offset: number,
): { pieces: StringPiece[]; problems: StringProblem[] } {
  const pieces: StringPiece[] = [];
  const problems: StringProblem[] = [];
  const closed = image.length >= 2 && scanString(image, 0).closed;
  const last = closed ? image.length - 1 : image.length;
  let text = '';
  let i = 1;
  while (i < last) {
    const ch = image[i] as string;
    if (ch === '\\') {
      const next = image[i + 1] ?? '';
      const meaning = ESCAPES.get(next);
      if (meaning === undefined) {
        problems.push(badEscape(next, offset + i));
        text += next;
      } else {
        text += meaning;
      }
      i += 2;
    } else if (ch === '{') {
      const close = findInterpolationEnd(image, i + 1, last);
      if (close < 0) {
        problems.push(unclosedBrace(offset + i));
        text += image.slice(i, last);
        break;
      }
      if (text !== '') pieces.push({ kind: 'text', text });
      text = '';
      pieces.push({ kind: 'interpolation', start: offset + i + 1, end: offset + close });
      i = close + 1;
    } else {
      text += ch;
      i++;
    }
  }
  if (text !== '') pieces.push({ kind: 'text', text });
  return { pieces, problems };
}

/** Offset of the `}` closing the interpolation whose text starts at `from`, or -1. */
function findInterpolationEnd(image: string, from: number, limit: number): number {
  const frames: Frame[] = [{ kind: 'interpolation', braces: 0 }];
  for (let i = from; i < limit; i++) {
    const ch = image[i];
    const top = frames[frames.length - 1] as Frame;
    if (top.kind === 'string') {
      if (ch === '\\') i++;
      else if (ch === '"') frames.pop();
      else if (ch === '{') frames.push({ kind: 'interpolation', braces: 0 });
    } else if (ch === '"') {
      frames.push({ kind: 'string' });
    } else if (ch === '{') {
      top.braces++;
    } else if (ch === '}') {
      if (top.braces > 0) top.braces--;
      else {
        frames.pop();
        if (frames.length === 0) return i;
      }
    }
  }
  return -1;
}

function badEscape(char: string, at: number): StringProblem {
  return {
    code: 'invalid-escape',
    message: `unknown escape \`\\${char}\` in a string`,
    hint: 'a string may contain \\" \\\\ \\{ \\} and \\n; write \\\\ for a backslash',
    start: at,
    end: at + 1 + char.length,
  };
}

function unclosedBrace(at: number): StringProblem {
  return {
    code: 'unclosed-interpolation',
    message: 'this `{` in a string is never closed: add `}`',
    hint: 'a `{` in a string starts an interpolation such as "{turn}"; write \\{ for a literal brace',
    start: at,
    end: at + 1,
  };
}
