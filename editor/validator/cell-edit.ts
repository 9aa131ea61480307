/**
 * Changing one cell of a table (or one field of a card) from the tables view, as a text edit of
 * the file that should hold the change. Runs in the validator's worker, which has the YAML parser
 * and the loaded model; the main thread only applies the text it gets back.
 *
 * Where the change goes:
 * - the base ruleset, or a cell the active variant writes itself: the value's own text is replaced
 *   in place (nothing else in the file moves, so comments and layout stay);
 * - a cell a variant takes from its base: a `set:` entry for the cell's path is added to the
 *   variant (or its existing entry changed), so the base is never touched from a variant.
 * Every edit is loaded again before it is handed back: an edit that would not put the new value
 * at the cell's path (a file the change would break, an alias) is refused with a reason instead.
 */
import { isMap, isScalar, parse, parseDocument, type Node, type Pair } from 'yaml';
import { createMemoryHost, loadRuleset, type DataPath, type FileCache, type RulesetModel } from '../../interpreter/load/index.ts';
import type { CellEditRequest, CellEditResult } from './protocol.ts';

type Scalar = string | number | boolean | null;

export function cellEdit(request: Omit<CellEditRequest, 'kind' | 'id'>, cache?: FileCache): CellEditResult {
  const host = createMemoryHost(request.files);
  const options = cache ? { cache } : {};
  const { model } = loadRuleset(request.active, host, options);
  if (!model) return { error: 'The ruleset does not load: fix the errors in Problems first.' };
  const current = valueAt(model.data, request.path);
  if (!isScalarValue(current)) return { error: 'Only a single value (a number, a word, a text) can be changed here; change lists and records in the file.' };
  const typed = request.text.trim();
  if (typed === '') return { error: 'Type a value (quote it, "", for an empty text).' };
  const value = scalarOf(typed);
  const key = request.path.join('.');
  const label = request.label ?? key;
  if (value === current) return { unchanged: true, summary: `${label} is already ${render(value)}.` };
  const rendered = render(value);
  const edit = inPlace(model, request.path, current, rendered) ?? setEntry(model, request.path, { inline: rendered }, request.files[model.entry]);
  if ('error' in edit) return edit;
  const files = { ...request.files, [edit.path]: edit.text };
  const after = loadRuleset(request.active, createMemoryHost(files), options).model;
  if (!after || valueAt(after.data, request.path) !== value) {
    return { error: `Writing ${rendered} at ${key} did not give that value when loaded again; change it in the file.` };
  }
  const where = edit.how === 'set' ? `as \`set: ${key}\` in ${baseName(edit.path)}` : `in ${baseName(edit.path)}`;
  return { path: edit.path, text: edit.text, summary: `${label}: ${render(current)} → ${rendered}, ${where}` };
}

export interface Edit {
  path: string;
  text: string;
  how: 'in-place' | 'set';
}

/**
 * Replace the value's own text, if the file that wrote it may be changed from the active ruleset
 * (the base itself, or the active variant's entry) and its origin is exactly that value (not a
 * list or record around it, nor an alias).
 */
function inPlace(model: RulesetModel, path: DataPath, current: Scalar, rendered: string): Edit | undefined {
  const origin = model.origin(path);
  if (!origin) return undefined;
  const mayChange = model.lineage.length === 1 || origin.file === model.entry;
  const file = model.files.get(origin.file);
  if (!mayChange || !file) return undefined;
  const written = file.text.slice(origin.start, origin.end);
  let parsed: unknown;
  try {
    parsed = parse(written);
  } catch {
    return undefined;
  }
  if (parsed !== current) return undefined;
  // A block scalar's text ends with its line break; keep the break, replace the rest.
  const end = written.endsWith('\n') ? origin.end - 1 : origin.end;
  return { path: file.path, text: file.text.slice(0, origin.start) + rendered + file.text.slice(end), how: 'in-place' };
}

/**
 * Put `path: value` into the variant's top-level `set:` mapping (made if missing). `value.inline`
 * is the value on one line (in a flow `set: { … }` always); `value.block`, if given, its lines
 * for a block `set:`, written under the key one step deeper.
 */
export function setEntry(model: RulesetModel, path: DataPath, value: { inline: string; block?: readonly string[] }, text: string | undefined): Edit | { error: string } {
  if (model.lineage.length === 1 || text === undefined) {
    return { error: 'This value is not written as one value in a file (an alias, or made by a merge); change it in the file.' };
  }
  const rendered = value.inline;
  const key = path.join('.');
  const keyText = plainSafe(key) ? key : JSON.stringify(key);
  const line = `${keyText}: ${rendered}`;
  // The entry as lines at an indent: the key and the block under it, or the one line.
  const lines = (indent: string) => (value.block ? [`${indent}${keyText}:`, ...value.block.map((l) => `${indent}  ${l}`)] : [`${indent}${line}`]).join('\n');
  const doc = parseDocument(text);
  const root = doc.contents;
  if (!isMap(root)) return { error: `${baseName(model.entry)} is not a mapping of keys; change it in the file.` };
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === 'set') as Pair<Node, Node | null> | undefined;
  if (!pair) return { path: model.entry, text: `${withFinalBreak(text)}set:\n${lines('  ')}\n`, how: 'set' };
  const set = pair.value;
  const keyEnd = (pair.key as Node).range![1];
  if (set === null || (isScalar(set) && set.value === null)) return { path: model.entry, text: insertAfterLine(text, keyEnd, lines('  ')), how: 'set' };
  if (!isMap(set)) return { error: `\`set:\` in ${baseName(model.entry)} is not a mapping; change it in the file.` };
  const existing = set.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  // An entry for the path already: its value replaced (on one line, which any place reads).
  if (existing && existing.value) {
    const [start, end] = (existing.value as Node).range!;
    return { path: model.entry, text: text.slice(0, start) + rendered + text.slice(end), how: 'set' };
  }
  const [start, end] = set.range!;
  if (set.flow) {
    const close = text.lastIndexOf('}', end);
    const glue = set.items.length > 0 ? ', ' : '';
    return { path: model.entry, text: `${text.slice(0, close)}${glue}${line}${text.slice(close)}`, how: 'set' };
  }
  const first = set.items[0]!.key as Node;
  const indent = ' '.repeat(first.range![0] - (text.lastIndexOf('\n', first.range![0] - 1) + 1));
  const last = set.items[set.items.length - 1]!;
  const lastEnd = ((last.value ?? last.key) as Node).range![1];
  return { path: model.entry, text: insertAfterLine(text, Math.max(lastEnd, start), lines(indent)), how: 'set' };
}

/** Insert `line` as a line of its own after the line holding offset `at` (or that `at` ends). */
function insertAfterLine(text: string, at: number, line: string): string {
  if (at > 0 && text[at - 1] === '\n') return `${text.slice(0, at)}${line}\n${text.slice(at)}`;
  const nl = text.indexOf('\n', at);
  if (nl === -1) return `${text}\n${line}\n`;
  return `${text.slice(0, nl)}\n${line}${text.slice(nl)}`;
}

/** What the user typed, read as YAML reads a value: `5` a number, `true` a boolean, `"5"` a text. */
function scalarOf(typed: string): Scalar {
  try {
    const value: unknown = parse(typed);
    if (isScalarValue(value)) return value;
  } catch {
    // Not a value YAML reads (an unclosed quote…): the text as typed.
  }
  return typed;
}

/** A value as YAML text that reads back the same, inside a flow list (`[N, VM]`) as well as on its own. */
export function render(value: Scalar): string {
  if (typeof value !== 'string') return String(value);
  return plainSafe(value) && parse(value) === value ? value : JSON.stringify(value);
}

/** Text YAML reads as itself without quotes, in block and flow context alike. */
export function plainSafe(text: string): boolean {
  return /^[A-Za-z0-9_(][A-Za-z0-9_ .+\-()/']*$/.test(text) && !text.endsWith(' ');
}

function isScalarValue(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

export function valueAt(data: unknown, path: DataPath): unknown {
  let value = data;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[String(step)];
  }
  return value;
}

function withFinalBreak(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
