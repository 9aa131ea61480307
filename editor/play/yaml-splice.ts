/**
 * Small, local edits of a YAML file's text: replace one value, add a key to a block mapping, add
 * an item to a block sequence, add a top-level section. Positions come from the `yaml` parser's
 * node ranges; everything outside the edited node stays byte for byte as the designer wrote it
 * (re-printing the whole document would re-fold text and respace flow collections).
 */
import { Pair, isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type YAMLMap, type YAMLSeq } from 'yaml';

export type Splice = { text: string } | { error: string };

export function parseYaml(text: string): Document | { error: string } {
  const doc = parseDocument(text);
  if (doc.errors.length) return { error: `The file does not parse (${doc.errors[0]!.message}); fix it first.` };
  if (!isMap(doc.contents)) return { error: 'The file is not a YAML mapping.' };
  return doc;
}

/** The pair of a mapping with this key. */
export function pairOf(map: YAMLMap, key: string): Pair<Node, Node> | undefined {
  return map.items.find((p): p is Pair<Node, Node> => isScalar(p.key) && p.key.value === key);
}

/** Column (0-based) of an offset. */
export function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** A value (a scalar, or a short flow collection) as it is written after `key: `. */
export function inline(value: unknown): string {
  return stringify(value, { flowCollectionPadding: true, collectionStyle: 'flow', lineWidth: 0 }).trimEnd();
}

/** `|` block text of a script, indented for a key at `column`. */
export function blockScript(lines: readonly string[], column: number): string {
  const pad = ' '.repeat(column + 2);
  return `|\n${lines.map((l) => (l ? `${pad}${l}` : '')).join('\n')}\n`;
}

/** Replace a node (its comment on the same line too, when `withComment`), keeping line ends. */
export function replaceNode(text: string, node: Node, replacement: string, withComment = false): string {
  const [start, valueEnd, nodeEnd] = node.range!;
  const end = withComment ? nodeEnd : valueEnd;
  const old = text.slice(start, end);
  const keepNewline = old.endsWith('\n') && !replacement.endsWith('\n');
  return text.slice(0, start) + replacement + (keepNewline ? '\n' : '') + text.slice(end);
}

/** A pair's value replaced by a one-line value (a block collection's lines go with it). */
export function replaceValueInline(text: string, pair: Pair<Node, Node>, value: string): string {
  if (!isBlock(pair.value)) return replaceNode(text, pair.value!, value);
  const start = pair.key.range![1];
  const end = pair.value.range![1];
  return `${text.slice(0, start)}: ${value}${text.slice(end - 1, end) === '\n' ? '\n' : ''}${text.slice(end)}`;
}

/** Lines added at the end of a block mapping or sequence, as they are written there. */
export function appendTo(text: string, collection: YAMLMap | YAMLSeq, lines: string): string {
  const at = ensureLineEnd(text, collection.range![1]);
  return at.text.slice(0, at.offset) + lines + at.text.slice(at.offset);
}

/** A top-level section added at the end of the file. */
export function appendSection(text: string, section: string): string {
  const body = text.endsWith('\n') || text === '' ? text : `${text}\n`;
  return `${body}${section.endsWith('\n') ? section : `${section}\n`}`;
}

/** The column of a block collection's entries (its first key, or its first item's dash). */
export function entryColumn(text: string, collection: YAMLMap | YAMLSeq): number {
  const first = collection.items[0] as Pair<Node> | Node | undefined;
  const key = isMap(collection) && first && 'key' in first ? first.key : undefined;
  return columnOf(text, key?.range?.[0] ?? collection.range![0]);
}

export function isBlock(node: unknown): node is YAMLMap | YAMLSeq {
  return (isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0;
}

/** Where a collection ends, on a line of its own (a newline is added when the file lacks one). */
function ensureLineEnd(text: string, offset: number): { text: string; offset: number } {
  if (offset === 0 || text[offset - 1] === '\n') return { text, offset };
  return { text: `${text.slice(0, offset)}\n${text.slice(offset)}`, offset: offset + 1 };
}

export { Pair };
