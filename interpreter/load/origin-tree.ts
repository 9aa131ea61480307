/**
 * Origins live in a tree shaped like the data: merging moves whole subtrees by reference, and a
 * lookup that runs out of tree falls back to the nearest ancestor that was written somewhere.
 * Trees and data are treated as immutable once built; merges make new nodes along changed paths.
 */
import type { DataPath, Origin } from './model.ts';

/** Where a value and, under `children`, each of its parts were written. */
export interface OriginNode {
  origin?: Origin;
  /** Keyed by mapping key, or by the decimal index for list items. */
  children?: ReadonlyMap<string, OriginNode>;
}

/** A piece of ruleset data together with the tree of where it was written. */
export interface Located {
  value: unknown;
  at: OriginNode;
}

/** A plain mapping of ruleset data: prototype-free, so no key can reach `Object.prototype`. */
export type DataRecord = Record<string, unknown>;

export const EMPTY_NODE: OriginNode = {};

export function newRecord(): DataRecord {
  return Object.create(null) as DataRecord;
}

export function isRecord(value: unknown): value is DataRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasKey(record: DataRecord, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The part of `located` under `key` (a mapping key or a list index). */
export function childOf(located: Located, key: string | number): Located | undefined {
  const { value } = located;
  const name = String(key);
  let child: unknown;
  if (Array.isArray(value)) {
    const index = Number(name);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return undefined;
    child = value[index];
  } else if (isRecord(value) && hasKey(value, name)) {
    child = value[name];
  } else {
    return undefined;
  }
  return { value: child, at: located.at.children?.get(name) ?? EMPTY_NODE };
}

/** Origin written exactly at `path`, without falling back. */
export function exactOrigin(root: OriginNode, path: DataPath): Origin | undefined {
  let node: OriginNode | undefined = root;
  for (const key of path) {
    node = node.children?.get(String(key));
    if (!node) return undefined;
  }
  return node.origin;
}

/** Origin of `path`, or of its nearest ancestor that has one. */
export function nearestOrigin(root: OriginNode, path: DataPath): Origin | undefined {
  let node: OriginNode | undefined = root;
  let found = root.origin;
  for (const key of path) {
    node = node.children?.get(String(key));
    if (!node) break;
    if (node.origin) found = node.origin;
  }
  return found;
}

/** Accumulates a new mapping and its origin children; the base record is copied, never changed. */
export class RecordBuilder {
  readonly value: DataRecord = newRecord();
  readonly children = new Map<string, OriginNode>();

  constructor(base?: Located) {
    if (!base || !isRecord(base.value)) return;
    for (const key of Object.keys(base.value)) {
      this.value[key] = base.value[key];
      const child = base.at.children?.get(key);
      if (child) this.children.set(key, child);
    }
  }

  has(key: string): boolean {
    return hasKey(this.value, key);
  }

  get(key: string): Located | undefined {
    if (!this.has(key)) return undefined;
    return { value: this.value[key], at: this.children.get(key) ?? EMPTY_NODE };
  }

  set(key: string, located: Located): void {
    this.value[key] = located.value;
    this.children.set(key, located.at);
  }

  delete(key: string): void {
    delete this.value[key];
    this.children.delete(key);
  }

  build(origin: Origin | undefined): Located {
    return { value: this.value, at: origin ? { origin, children: this.children } : { children: this.children } };
  }
}

/** A list of located items as one located list. */
export function buildList(items: readonly Located[], origin: Origin | undefined): Located {
  const children = new Map<string, OriginNode>();
  items.forEach((item, i) => children.set(String(i), item.at));
  const value = items.map((item) => item.value);
  return { value, at: origin ? { origin, children } : { children } };
}

/** The items of a located list. */
export function listItems(located: Located): Located[] {
  if (!Array.isArray(located.value)) return [];
  return located.value.map((value, i) => ({ value, at: located.at.children?.get(String(i)) ?? EMPTY_NODE }));
}

/** Freeze data deeply; shared (aliased) parts are frozen once. */
export function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as DataRecord)[key]);
}
