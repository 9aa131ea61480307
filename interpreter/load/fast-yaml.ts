/**
 * A fast reader for the plain YAML rulesets are written in: text straight to the loader's data
 * and origin tree, without yaml's lexer, CST, composer and Document (three quarters of loading a
 * ruleset went there; docs/runtime.md, *Loading and checking*).
 *
 * It is an accelerator, not a second YAML implementation: it takes only what it reads exactly as
 * yaml does — block mappings and lists, one-line plain and quoted scalars, `|`/`|-`/`>`/`>-`
 * blocks, flow `[…]`/`{…}` — and gives up (`undefined`) on anything else: tabs, anchors, tags,
 * documents, duplicate keys, a comment that could belong to a collection's end, any error. The
 * loader then reads the file with yaml (parse-yaml.ts, to-data.ts), which stays the authority for
 * every diagnostic. What it returns is the converter's result to the offset: the same values,
 * origins (yaml's ranges, trimmed as to-data.ts trims them) and script offset maps;
 * test/load/fast-yaml.test.ts holds it to that over every shipped and fixture file and
 * thousands of mutations of them.
 */
import type { Origin, SourceFile } from './model.ts';
import { hasKey, newRecord, type Located, type OriginNode } from './origin-tree.ts';
import type { LoadLimits } from './read-source.ts';
import { mayHoldKeyLine } from './swallowed-keys.ts';
import { trimEnd } from './scalar-text.ts';
import {
  CLOSE_MAP, CLOSE_SEQ, COLON, COMMA, DASH, DQUOTE, FLOW_STOP, GIVE_UP, giveUp, GREATER, HASH, LineReader, OPEN_MAP, OPEN_SEQ, PIPE, resolvePlain, SPACE, SQUOTE, fold, type KeySpan,
} from './fast-yaml-text.ts';

/**
 * Characters left to yaml: tabs, carriage returns, other controls, byte-order marks and line
 * separators; and lines that start a document, end one or hold a directive.
 */
const UNUSUAL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|^(?:---|\.\.\.|%)/m;

/** What the fast reader gives: the converter's data and origins, and what the swallowed-key check needs. */
export interface FastRead {
  located: Located;
  /** Origins of block scalars with a line that reads like a key (swallowed-keys.ts, `checkSwallowedKeysIn`). */
  keyLineBlocks: ReadonlySet<Origin>;
}

/**
 * The file's data and origin tree, or undefined when yaml must read it: also whenever yaml or the
 * converter would report anything.
 */
export function readFastYaml(file: SourceFile, limits: LoadLimits): FastRead | undefined {
  if (UNUSUAL.test(file.text)) return undefined;
  try {
    const reader = new FastReader(file, limits.maxDepth);
    return { located: reader.document(), keyLineBlocks: reader.keyLineBlocks };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/** A value read, with yaml's `range[2]`: where the node ends with what trails it on its line. */
interface Read {
  value: unknown;
  at: OriginNode;
  end2: number;
}

class FastReader extends LineReader {
  readonly keyLineBlocks = new Set<Origin>();

  constructor(file: SourceFile, private readonly maxDepth: number) {
    super(file);
  }

  document(): Located {
    const first = this.nextContent(0);
    if (first >= this.lines || this.indentOf(first) !== 0) giveUp();
    this.line = first;
    const at = this.starts[first]!;
    const root = this.isSeqItem(at) ? this.blockSeq(0, at, 1) : this.blockMap(0, at, 1);
    if (this.line < this.lines) giveUp();
    return { value: root.value, at: root.at };
  }

  // ---------------------------------------------------------------- block collections

  private blockMap(col: number, pos: number, depth: number, key?: KeySpan): Read {
    if (depth > this.maxDepth) giveUp();
    const value = newRecord();
    const children = new Map<string, OriginNode>();
    let end2 = pos;
    for (let at = pos; ;) {
      const k = this.blockKey(at);
      if (hasKey(value, k.text)) giveUp();
      const child = this.mapValue(k.after, col, depth + 1, k);
      value[k.text] = child.value;
      children.set(k.text, child.at);
      end2 = child.end2;
      if (this.line >= this.lines) break;
      const indent = this.indentOf(this.line);
      if (indent < col) break;
      at = this.starts[this.line]! + indent;
      if (indent > col || this.isSeqItem(at)) giveUp();
    }
    Object.freeze(value);
    return { value, at: { origin: this.origin(pos, end2, key), children }, end2 };
  }

  private blockSeq(col: number, pos: number, depth: number, key?: KeySpan): Read {
    if (depth > this.maxDepth) giveUp();
    const value: unknown[] = [];
    const children = new Map<string, OriginNode>();
    let end2 = pos;
    for (let at = pos; ;) {
      const e = this.lineEnd(this.line);
      const p = this.skipSpaces(at + 1, e);
      let child: Read;
      if (p === e || this.code(p) === HASH) child = this.valueBelow(p, e, col, depth + 1, false);
      else if (this.isSeqItem(p)) giveUp();
      else if (this.startsKey(p, e)) child = this.blockMap(p - this.starts[this.line]!, p, depth + 1);
      else child = this.inlineValue(p, e, col, depth + 1, undefined, false);
      children.set(String(value.length), child.at);
      value.push(child.value);
      end2 = child.end2;
      if (this.line >= this.lines) break;
      const indent = this.indentOf(this.line);
      if (indent < col) break;
      if (indent > col) giveUp();
      at = this.starts[this.line]! + indent;
      // A key at the list's own column: the list was a mapping's value written at its key's column.
      if (!this.isSeqItem(at)) break;
    }
    Object.freeze(value);
    return { value, at: { origin: this.origin(pos, end2, key), children }, end2 };
  }

  /** After `key:`: a value on the same line, a collection below, or nothing (null). */
  private mapValue(after: number, col: number, depth: number, key: KeySpan): Read {
    const e = this.lineEnd(this.line);
    if (after < e && this.code(after) !== SPACE) giveUp();
    const p = this.skipSpaces(after, e);
    if (p === e || this.code(p) === HASH) return this.valueBelow(p, e, col, depth, true, key);
    return this.inlineValue(p, e, col, depth, key, true);
  }

  /**
   * Nothing but a comment after `key:` or `-`: the value is a collection on the lines below, more
   * indented (or, for a mapping's value, a list at the key's own column), else an empty scalar.
   */
  private valueBelow(p: number, e: number, col: number, depth: number, inMap: boolean, key?: KeySpan): Read {
    const lineEnd2 = this.afterLine(this.line);
    const next = this.nextContent(this.line + 1);
    this.line = next;
    if (next < this.lines) {
      const indent = this.indentOf(next);
      const q = this.starts[next]! + indent;
      if (indent > col) return this.isSeqItem(q) ? this.blockSeq(indent, q, depth, key) : this.blockMap(indent, q, depth, key);
      if (inMap && indent === col && this.isSeqItem(q)) return this.blockSeq(indent, q, depth, key);
    }
    // yaml places an empty value where the comment (or the line's end) starts, and stretches
    // its end over the comment lines below it.
    if (this.passedComments) giveUp();
    return { value: null, at: { origin: this.origin(p, p, key) }, end2: p < e ? lineEnd2 : p };
  }

  /** A block mapping's key at `pos` through its `:`. */
  private blockKey(pos: number): KeySpan & { text: string; after: number } {
    const e = this.lineEnd(this.line);
    const c = this.code(pos);
    let text: string;
    let keyEnd: number;
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(pos, e);
      if (this.code(q.end) !== COLON) giveUp();
      text = q.value;
      keyEnd = q.end;
    } else {
      keyEnd = this.plainKeyEnd(pos, e);
      if (keyEnd < 0 || this.code(keyEnd - 1) === SPACE) giveUp();
      text = this.text.slice(pos, keyEnd);
    }
    if (keyEnd - pos > 1000) giveUp();
    return { text, keyStart: pos, keyEnd, after: keyEnd + 1 };
  }

  /** Where the `:` ending a plain key starting at `pos` is, or -1 (no key on this line). */
  private plainKeyEnd(pos: number, e: number): number {
    if (!this.plainStart(pos, e)) return -1;
    for (let i = pos; i < e; i++) {
      const c = this.code(i);
      if (c === HASH && this.code(i - 1) === SPACE) return -1;
      if (c === COLON && (i + 1 === e || this.code(i + 1) === SPACE)) return i;
    }
    return -1;
  }

  /** Whether a list item's text at `pos` starts a mapping (`- key: value`). */
  private startsKey(pos: number, e: number): boolean {
    const c = this.code(pos);
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(pos, e);
      return this.code(q.end) === COLON;
    }
    return this.plainKeyEnd(pos, e) >= 0;
  }

  // ---------------------------------------------------------------- values on a line

  private inlineValue(p: number, e: number, col: number, depth: number, key: KeySpan | undefined, inMap: boolean): Read {
    const c = this.code(p);
    if (c === OPEN_SEQ || c === OPEN_MAP) {
      const read = this.flowCollection(p, col, depth, key);
      return { value: read.value, at: read.at, end2: this.endOfLine(read.end) };
    }
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(p, e);
      const at = this.scalarAt(q.value, c === DQUOTE ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE', p, q.end, key);
      return { value: q.value, at, end2: this.endOfLine(q.end) };
    }
    if (c === PIPE || c === GREATER) {
      if (!inMap) giveUp();
      return this.blockScalar(p, e, col, key);
    }
    if (!this.plainStart(p, e)) giveUp();
    let stop = e;
    for (let i = p + 1; i < e; i++) {
      if (this.code(i) === HASH && this.code(i - 1) === SPACE) {
        stop = i;
        break;
      }
    }
    const end = trimEnd(this.text, p, stop);
    const source = this.text.slice(p, end);
    if (source.includes(': ') || source.endsWith(':')) giveUp();
    const value = resolvePlain(source);
    const at = typeof value === 'string' ? this.scalarAt(value, 'PLAIN', p, end, key) : { origin: this.origin(p, end, key) };
    const end2 = this.afterLine(this.line);
    this.line = this.nextContent(this.line + 1);
    return { value, at, end2 };
  }

  /** After a value that ends at `end` on the current line: only a comment may follow. */
  private endOfLine(end: number): number {
    const e = this.lineEnd(this.line);
    const p = this.skipSpaces(end, e);
    if (p < e && (this.code(p) !== HASH || p === end)) giveUp();
    const end2 = this.afterLine(this.line);
    this.line = this.nextContent(this.line + 1);
    return end2;
  }

  /** `|`, `|-`, `>` or `>-` at `p`, with its lines below (more indented than `col`). */
  private blockScalar(p: number, e: number, col: number, key?: KeySpan): Read {
    const literal = this.code(p) === PIPE;
    let q = p + 1;
    const strip = this.code(q) === DASH;
    if (strip) q++;
    if (q < e && this.code(q) !== SPACE) giveUp();
    q = this.skipSpaces(q, e);
    if (q < e && this.code(q) !== HASH) giveUp();
    const header = this.line;
    // The content's indentation is the first non-blank line's.
    let indent = -1;
    let blanks = 0;
    let i = header + 1;
    for (; i < this.lines; i++) {
      const n = this.indentOf(i);
      if (this.starts[i]! + n < this.lineEnd(i)) {
        indent = n;
        break;
      }
      if (n > 0) giveUp();
      blanks++;
    }
    if (indent <= col) {
      if (blanks > 0) giveUp();
      const end = this.afterLine(header);
      this.line = this.nextContent(header + 1);
      return { value: '', at: this.scalarAt('', literal ? 'BLOCK_LITERAL' : 'BLOCK_FOLDED', p, end, key), end2: end };
    }
    if (!literal && blanks > 0) giveUp();
    const texts: string[] = [];
    for (let b = 0; b < blanks; b++) texts.push('');
    let last = i;
    for (; i < this.lines; i++) {
      const s = this.starts[i]!;
      const le = this.lineEnd(i);
      const n = this.indentOf(i);
      if (s + n === le) {
        if (n > indent) giveUp();
        texts.push('');
        continue;
      }
      if (n < indent) break;
      texts.push(this.text.slice(s + indent, le));
      last = i;
    }
    const lines = texts.slice(0, last - header);
    let value = literal ? lines.join('\n') : fold(lines);
    if (!strip) value += '\n';
    const end = this.afterLine(last);
    this.line = this.nextContent(last + 1);
    const at = this.scalarAt(value, literal ? 'BLOCK_LITERAL' : 'BLOCK_FOLDED', p, end, key);
    if (mayHoldKeyLine(this.text, p, end)) this.keyLineBlocks.add(at.origin!);
    return { value, at, end2: end };
  }

  // ---------------------------------------------------------------- flow collections

  /** `[…]` or `{…}` at `p`, over as many lines as it takes (each indented past `col`). */
  private flowCollection(p: number, col: number, depth: number, key?: KeySpan): { value: unknown; at: OriginNode; end: number } {
    if (depth > this.maxDepth) giveUp();
    const isSeq = this.code(p) === OPEN_SEQ;
    const close = isSeq ? CLOSE_SEQ : CLOSE_MAP;
    const children = new Map<string, OriginNode>();
    const list: unknown[] = [];
    const record = newRecord();
    let q = this.skipFlowSpace(p + 1, col);
    if (this.code(q) !== close) {
      for (;;) {
        let item: { value: unknown; at: OriginNode; end: number };
        if (isSeq) {
          item = this.flowItem(q, col, depth + 1);
          children.set(String(list.length), item.at);
          list.push(item.value);
        } else {
          const k = this.flowKey(q);
          if (hasKey(record, k.text)) giveUp();
          const v = this.skipFlowSpace(k.keyEnd + 1, col);
          const c = this.code(v);
          if (c === COMMA || c === close) giveUp();
          item = this.flowItem(v, col, depth + 1, k);
          record[k.text] = item.value;
          children.set(k.text, item.at);
        }
        q = this.skipFlowSpace(item.end, col);
        const c = this.code(q);
        if (c === close) break;
        if (c !== COMMA) giveUp();
        q = this.skipFlowSpace(q + 1, col);
        if (this.code(q) === close) giveUp();
      }
    }
    const value = Object.freeze(isSeq ? list : record);
    return { value, at: { origin: this.origin(p, q + 1, key), children }, end: q + 1 };
  }

  private flowItem(q: number, col: number, depth: number, key?: KeySpan): { value: unknown; at: OriginNode; end: number } {
    const c = this.code(q);
    let read: { value: unknown; at: OriginNode; end: number };
    if (c === OPEN_SEQ || c === OPEN_MAP) read = this.flowCollection(q, col, depth, key);
    else if (c === DQUOTE || c === SQUOTE) {
      const s = this.quoted(q, this.lineEnd(this.line));
      read = { value: s.value, at: this.scalarAt(s.value, c === DQUOTE ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE', q, s.end, key), end: s.end };
    } else {
      const e = this.lineEnd(this.line);
      if (!this.plainStart(q, e, true)) giveUp();
      let i = q;
      while (i < e) {
        const ch = this.code(i);
        if (FLOW_STOP.has(ch) || ch === COLON || (ch === HASH && this.code(i - 1) === SPACE)) break;
        i++;
      }
      const end = trimEnd(this.text, q, i);
      const source = this.text.slice(q, end);
      const value = resolvePlain(source);
      read = { value, at: typeof value === 'string' ? this.scalarAt(value, 'PLAIN', q, end, key) : { origin: this.origin(q, end, key) }, end };
    }
    // A `:` after an item would make it a key: a pair in a list, or a mapping in a value.
    const after = this.skipSpaces(read.end, this.lineEnd(this.line));
    if (this.code(after) === COLON) giveUp();
    return read;
  }

  private flowKey(q: number): KeySpan & { text: string } {
    const e = this.lineEnd(this.line);
    const c = this.code(q);
    if (c === DQUOTE || c === SQUOTE) {
      const s = this.quoted(q, e);
      if (this.code(s.end) !== COLON) giveUp();
      return { text: s.value, keyStart: q, keyEnd: s.end };
    }
    if (!this.plainStart(q, e, true)) giveUp();
    for (let i = q; i < e; i++) {
      const ch = this.code(i);
      if (FLOW_STOP.has(ch) || ch === HASH) giveUp();
      if (ch === COLON) {
        const next = i + 1 < e ? this.code(i + 1) : SPACE;
        if (next !== SPACE || this.code(i - 1) === SPACE) giveUp();
        return { text: this.text.slice(q, i), keyStart: q, keyEnd: i };
      }
    }
    return giveUp();
  }

  /** Spaces, line breaks and comments inside a flow collection; continuation lines must be indented past `col`. */
  private skipFlowSpace(q: number, col: number): number {
    for (;;) {
      const e = this.lineEnd(this.line);
      q = this.skipSpaces(q, e);
      if (q < e && this.code(q) === HASH) {
        const before = this.code(q - 1);
        if (before !== SPACE && q !== this.starts[this.line]) giveUp();
        q = e;
      }
      if (q < e) return q;
      if (this.line + 1 >= this.lines) giveUp();
      this.line++;
      const indent = this.indentOf(this.line);
      q = this.starts[this.line]! + indent;
      // yaml takes a closing bracket at the block's own column, anything else only further in.
      const c = this.code(q);
      if (q < this.lineEnd(this.line) && (indent < col || (indent === col && c !== CLOSE_SEQ && c !== CLOSE_MAP))) giveUp();
    }
  }
}
