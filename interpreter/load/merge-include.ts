/**
 * `include:` — a fragment's sections are merged into the including file. Elements are added by id
 * and an id may be defined only once; sections that are not keyed by id (such as `map` or `flow`)
 * merge key by key, lists without ids are joined, and a plain value may be set in one file only.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { FILE_KEYS, isCollection, VARIANT_KEYS } from './collections.ts';
import { diagnosticAt, placeWords } from './locate.ts';
import type { SourceFile } from './model.ts';
import { buildList, childOf, isRecord, listItems, RecordBuilder, type Located } from './origin-tree.ts';
import { pathLabel } from './schema-words.ts';

/** Where merge steps report, and the files they name in messages. */
export interface MergeReporter {
  files: ReadonlyMap<string, SourceFile>;
  diagnostics: Diagnostic[];
  /** File to blame when a value has no origin (never expected). */
  fallbackFile: string;
}

/** `target` with `fragment`'s sections merged in; neither input is changed. */
export function mergeFragment(target: Located, fragment: Located, rep: MergeReporter): Located {
  if (!isRecord(fragment.value) || !isRecord(target.value)) return target;
  const out = new RecordBuilder(target);
  for (const key of Object.keys(fragment.value)) {
    const part = childOf(fragment, key);
    if (!part || FILE_KEYS.has(key)) continue;
    if (VARIANT_KEYS.has(key)) {
      rep.diagnostics.push(
        diagnosticAt(rep.files, part.at.origin, rep.fallbackFile, 'key', {
          code: 'misplaced-key',
          message: `\`${key}\` only works in a variant's own file, not in an included file.`,
          hint: `Move \`${key}:\` into the variant file that includes this one.`,
        }),
      );
      continue;
    }
    const existing = out.get(key);
    out.set(key, existing ? mergeIncluded(existing, part, [key], rep) : part);
  }
  return out.build(target.at.origin);
}

function mergeIncluded(first: Located, second: Located, path: string[], rep: MergeReporter): Located {
  if (isRecord(first.value) && isRecord(second.value)) {
    const elements = isCollection(path);
    const out = new RecordBuilder(first);
    for (const key of Object.keys(second.value)) {
      const part = childOf(second, key);
      const existing = out.get(key);
      if (!part) continue;
      if (!existing) out.set(key, part);
      else if (elements) duplicateId(rep, [...path, key], existing, part, 'key');
      else out.set(key, mergeIncluded(existing, part, [...path, key], rep));
    }
    return out.build(first.at.origin);
  }
  if (Array.isArray(first.value) && Array.isArray(second.value)) return joinLists(first, second, path, rep);
  rep.diagnostics.push(
    diagnosticAt(rep.files, second.at.origin, rep.fallbackFile, 'key', {
      code: 'include-conflict',
      message: `\`${pathLabel(path)}\` is already set in ${placeWords(rep.files, first.at.origin)}; this value is ignored.`,
      hint: 'Set it in one file only.',
    }),
  );
  return first;
}

/** Lists of elements with ids are joined with each id once; other lists are simply joined. */
function joinLists(first: Located, second: Located, path: string[], rep: MergeReporter): Located {
  const items = listItems(first);
  const more = listItems(second);
  if (!isIdList(items) || !isIdList(more)) return buildList([...items, ...more], first.at.origin);
  const byId = new Map(items.map((item) => [elementId(item), item]));
  for (const item of more) {
    const id = elementId(item);
    const existing = byId.get(id);
    if (existing) {
      duplicateId(rep, [...path, id], childOf(existing, 'id') ?? existing, childOf(item, 'id') ?? item, 'value');
      continue;
    }
    byId.set(id, item);
    items.push(item);
  }
  return buildList(items, first.at.origin);
}

/** `anchor`: an element keyed by id is reported at its key, a list element at its `id:` value. */
function duplicateId(rep: MergeReporter, path: readonly string[], first: Located, second: Located, anchor: 'key' | 'value'): void {
  const id = path[path.length - 1] ?? '';
  rep.diagnostics.push(
    diagnosticAt(rep.files, second.at.origin, rep.fallbackFile, anchor, {
      code: 'duplicate-id',
      message: `\`${id}\` is defined twice in \`${pathLabel(path.slice(0, -1))}\`; the first is in ${placeWords(rep.files, first.at.origin)}.`,
      hint: 'Ids must be unique: rename one of them, or remove the copy.',
    }),
  );
}

/** A non-empty list whose items are all mappings with a text `id`. */
export function isIdList(items: readonly Located[]): boolean {
  return items.length > 0 && items.every((item) => isRecord(item.value) && typeof item.value.id === 'string');
}

export function elementId(item: Located): string {
  return isRecord(item.value) && typeof item.value.id === 'string' ? item.value.id : '';
}
