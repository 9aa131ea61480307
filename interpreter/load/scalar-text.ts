/**
 * How the loader writes a key and where a value ends: shared by the converter (to-data.ts), the
 * fast reader (fast-yaml.ts) and the swallowed-key walk, which must agree to the offset.
 */
import { Scalar } from 'yaml';

/** A mapping key as the data holds it: a plain key's text as written, else its value as text. */
export function keyString(node: Scalar): string {
  if (node.type === Scalar.PLAIN && typeof node.source === 'string') return node.source;
  return node.value === null ? '' : String(node.value);
}

/** Block scalars' ranges run past their last line; an origin should end at the last character. */
export function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

const SPACE = /\s/;
/** `/\s/` of one UTF-16 unit, without the regular expression for the usual ASCII cases. */
function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && SPACE.test(String.fromCharCode(code));
}
