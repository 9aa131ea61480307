/**
 * A variant over its base. First its sections merge by id: an element with a base id replaces the
 * base element whole, new ids are added, lists of elements with ids merge by id (new ones at the
 * end), other lists and plain values replace. Then `remove:` deletes paths, then `set:` puts values
 * at paths. Replaced, added and set values keep origins in the variant; the rest stay in the base.
 */
import { isCollection, VARIANT_KEYS } from './collections.ts';
import { elementId, isIdList, type MergeReporter } from './merge-include.ts';
import { buildList, childOf, isRecord, listItems, RecordBuilder, type Located } from './origin-tree.ts';
import { applyRemove, applySet } from './patch.ts';
import { reportWholeReplace } from './variant-replaces.ts';

/** The base with `variant` applied; neither input is changed. */
export function applyVariant(base: Located, variant: Located, rep: MergeReporter): Located {
  if (!isRecord(variant.value) || !isRecord(base.value)) return base;
  const out = new RecordBuilder(base);
  for (const key of Object.keys(variant.value)) {
    const part = childOf(variant, key);
    if (!part || VARIANT_KEYS.has(key) || key === 'include') continue;
    const existing = out.get(key);
    out.set(key, existing ? mergeOver(existing, part, [key], rep) : part);
  }
  let result = out.build(base.at.origin);
  for (const entry of listItems(childOf(variant, 'remove') ?? { value: [], at: {} })) {
    result = applyRemove(result, entry, rep);
  }
  const set = childOf(variant, 'set');
  if (set && isRecord(set.value)) {
    for (const key of Object.keys(set.value)) {
      const value = childOf(set, key);
      if (value) result = applySet(result, key, value, rep);
    }
  }
  return result;
}

function mergeOver(base: Located, over: Located, path: string[], rep: MergeReporter): Located {
  if (isRecord(base.value) && isRecord(over.value)) {
    const elements = isCollection(path);
    const out = new RecordBuilder(base);
    for (const key of Object.keys(over.value)) {
      const part = childOf(over, key);
      const existing = out.get(key);
      if (!part) continue;
      if (existing && elements) reportWholeReplace(existing, part, [...path, key], rep);
      out.set(key, existing && !elements ? mergeOver(existing, part, [...path, key], rep) : part);
    }
    return out.build(base.at.origin);
  }
  if (Array.isArray(base.value) && Array.isArray(over.value)) {
    const items = listItems(base);
    const changes = listItems(over);
    if (!isIdList(items) || !isIdList(changes)) return over;
    for (const change of changes) {
      const at = items.findIndex((item) => elementId(item) === elementId(change));
      if (at === -1) items.push(change);
      else {
        reportWholeReplace(items[at]!, change, [...path, elementId(change)], rep);
        items[at] = change;
      }
    }
    return buildList(items, base.at.origin);
  }
  return over;
}
