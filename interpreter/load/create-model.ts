/**
 * The RulesetModel handed to the checker, compiler and editor: frozen data plus lookups from a
 * data path to the file, key and value that wrote it.
 */
import type { Range } from '../diagnostics.ts';
import type { DataPath, RulesetModel, SourceFile } from './model.ts';
import type { RulesetFile } from '../../grammar/index.ts';
import { exactOrigin, nearestOrigin, type Located } from './origin-tree.ts';
import { rangeAt } from './positions.ts';

export function createModel(entry: string, lineage: string[], root: Located, files: ReadonlyMap<string, SourceFile>): RulesetModel {
  const origin = (path: DataPath) => nearestOrigin(root.at, path);
  const located = (file: string, range: Range) => ({ file, range });

  const rangeOf: RulesetModel['rangeOf'] = (path, opts) => {
    const o = origin(path);
    const file = o && files.get(o.file);
    if (!o || !file) return undefined;
    if (opts?.key && o.keyStart !== undefined && o.keyEnd !== undefined) return located(file.path, rangeAt(file, o.keyStart, o.keyEnd));
    return located(file.path, rangeAt(file, o.start, o.end));
  };

  const rangeIn: RulesetModel['rangeIn'] = (path, start, end) => {
    const o = exactOrigin(root.at, path);
    const file = o && files.get(o.file);
    if (!o?.valueOffset || !file) return rangeOf(path);
    const s = o.valueOffset(start);
    return located(file.path, rangeAt(file, s, end > start ? spanEnd(file.text, o.valueOffset, end) : s));
  };

  return {
    entry,
    lineage,
    data: root.value as RulesetFile,
    files,
    origin,
    rangeOf,
    rangeIn,
  };
}

/**
 * The source offset where a span ending (exclusive) at value offset `end` stops: just after its
 * last character, even when that is an escape such as `\t`, and never on the next line.
 */
function spanEnd(text: string, valueOffset: (i: number) => number, end: number): number {
  const last = valueOffset(end - 1);
  const next = valueOffset(end);
  return next <= last || text.slice(last, next).includes('\n') ? last + 1 : next;
}
