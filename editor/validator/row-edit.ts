/**
 * Changing a table row's band (its key in `rows:`, such as `"1-3"` → `"1-4"`) from the tables
 * view, as a text edit of the file that should hold the change; the rows and their results stay.
 * Runs in the validator's worker beside cell-edit.ts, with the same rules of where a change goes:
 * - the base ruleset, or rows the active variant writes itself: the key's own text is replaced in
 *   place (its quotes kept), nothing else in the file moves;
 * - rows a variant takes from its base: a `set:` entry puts the table's whole `rows` in the
 *   variant, each row as it is now with the one band changed (a `set:` cannot rename a key, and
 *   the base is never touched from a variant). Entries of the variant's `set:` for single rows of
 *   that table are dropped, since the whole `rows` then holds them.
 * The edit is loaded again before it is handed back and refused if the rows do not read back as
 * asked. Whether the bands still cover every roll once (gaps, overlaps) is the checker's to say,
 * as for an edit typed in the file.
 */
import { isMap, isScalar, parse, parseDocument, type Node } from 'yaml';
import { createMemoryHost, loadRuleset, type FileCache, type RulesetModel } from '../../interpreter/load/index.ts';
import { baseName, plainSafe, render, setEntry, valueAt, type Edit } from './cell-edit.ts';
import type { CellEditRequest, CellEditResult } from './protocol.ts';
import { orderRows } from './table-views.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `request.path` is the row's (`['tables', id, 'rows', band]`), `request.text` its new band. */
export function rowRename(request: Omit<CellEditRequest, 'kind' | 'id'>, cache?: FileCache): CellEditResult {
  const options = cache ? { cache } : {};
  const { model } = loadRuleset(request.active, createMemoryHost(request.files), options);
  if (!model) return { error: 'The ruleset does not load: fix the errors in Problems first.' };
  const rowsPath = request.path.slice(0, -1);
  const band = String(request.path[request.path.length - 1]);
  const rows = valueAt(model.data, rowsPath);
  if (!isRecord(rows) || !(band in rows)) return { error: `There is no row ${band} here any more; pick the row again.` };
  const typed = request.text.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
  const label = request.label ?? `Row ${band}`;
  if (typed === '') return { error: 'Type the row\'s band: a number (5), a range (1-4), or an open end (6+).' };
  if (typed === band) return { unchanged: true, summary: `${label} is already ${band}.` };
  if (typed in rows) return { error: `There is a row ${typed} already: change that one, or give this one another band.` };
  const edit = keyInPlace(model, request.path, band, typed) ?? wholeRows(model, rowsPath, rows, band, typed, request.files[model.entry]);
  if ('error' in edit) return edit;
  const after = loadRuleset(request.active, createMemoryHost({ ...request.files, [edit.path]: edit.text }), options).model;
  const read = after && valueAt(after.data, rowsPath);
  if (!isRecord(read) || band in read || JSON.stringify(read[typed]) !== JSON.stringify(rows[band])) {
    return { error: `Renaming row ${band} to ${typed} did not read back as that row; change it in the file.` };
  }
  const where = edit.how === 'set' ? `as \`set: ${rowsPath.join('.')}\` (every row) in ${baseName(edit.path)}` : `in ${baseName(edit.path)}`;
  return { path: edit.path, text: edit.text, summary: `${label}: row ${band} → ${typed}, ${where}` };
}

/**
 * Replace the key's own text, if the file that wrote the row may be changed from the active
 * ruleset and wrote it as a key of the `rows` mapping it also wrote (not a `set:` path).
 */
function keyInPlace(model: RulesetModel, path: ReadonlyArray<string | number>, band: string, typed: string): Edit | undefined {
  const row = model.origin(path);
  const rows = model.origin(path.slice(0, -1));
  if (!row || !rows || row.keyStart === undefined || row.keyEnd === undefined || row.file !== rows.file) return undefined;
  if (row.keyStart < rows.start || row.keyEnd > rows.end) return undefined;
  const mayChange = model.lineage.length === 1 || row.file === model.entry;
  const file = model.files.get(row.file);
  if (!mayChange || !file) return undefined;
  const written = file.text.slice(row.keyStart, row.keyEnd);
  let parsed: unknown;
  try {
    parsed = parse(written);
  } catch {
    return undefined;
  }
  if (String(parsed) !== band) return undefined;
  const key = written.startsWith("'") ? `'${typed.replace(/'/g, "''")}'` : written.startsWith('"') || !plainKey(typed) ? JSON.stringify(typed) : typed;
  return { path: file.path, text: file.text.slice(0, row.keyStart) + key + file.text.slice(row.keyEnd), how: 'in-place' };
}

/** The variant's `set:` gets the whole `rows`, in band order, with `band` renamed `typed`. */
function wholeRows(model: RulesetModel, rowsPath: ReadonlyArray<string | number>, rows: Record<string, unknown>, band: string, typed: string, text: string | undefined): Edit | { error: string } {
  if (model.lineage.length === 1 || text === undefined) return { error: 'These rows are not written as one mapping in a file (made by a merge); change them in the file.' };
  const renamed = orderRows(Object.entries(rows)).map(([k, v]) => [k === band ? typed : k, v] as const);
  const inline = `{${renamed.map(([k, v]) => `${JSON.stringify(k)}: ${flow(v)}`).join(', ')}}`;
  const block = renamed.map(([k, v]) => `${JSON.stringify(k)}: ${flow(v)}`);
  return setEntry(model, rowsPath, { inline, block }, withoutRowEntries(text, rowsPath.join('.')));
}

/** Drop the block `set:` entries for single rows under `prefix` (`tables.crt.rows`): whole rows replace them. */
function withoutRowEntries(text: string, prefix: string): string {
  const root = parseDocument(text).contents;
  if (!isMap(root)) return text;
  const set = root.items.find((p) => isScalar(p.key) && p.key.value === 'set')?.value;
  if (!isMap(set) || set.flow) return text;
  let out = text;
  // Last first, so earlier offsets stay right.
  for (const pair of [...set.items].reverse()) {
    if (!isScalar(pair.key) || !String(pair.key.value).startsWith(`${prefix}.`)) continue;
    const start = out.lastIndexOf('\n', (pair.key as Node).range![0] - 1) + 1;
    const valueEnd = ((pair.value ?? pair.key) as Node).range![2];
    const end = out.indexOf('\n', Math.max(valueEnd - 1, start));
    out = out.slice(0, start) + (end === -1 ? '' : out.slice(end + 1));
  }
  return out;
}

/** A value as flow YAML on one line: `jammed`, `[N, VM]`, `{ to: 3, text: "…" }`. */
function flow(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`;
  if (isRecord(value)) return `{ ${Object.entries(value).map(([k, v]) => `${plainSafe(k) ? k : JSON.stringify(k)}: ${flow(v)}`).join(', ')} }`;
  return render(value as string | number | boolean | null);
}

/** A band written plain reads back as itself (as text: `1-4`, `6+`; a lone number is quoted). */
function plainKey(band: string): boolean {
  return plainSafe(band) && parse(band) === band;
}
