/**
 * What a variant changes in the ruleset it extends, element by element (a table, a track, a whole
 * `flow`…): added, removed or changed, which of the variant's keys did it (`remove:`, `set:`, or a
 * redefinition), and a line diff of the element's YAML before and after.
 */
import { parse, stringify } from 'yaml';
import type { RulesetModel } from '../../interpreter/load/index.ts';
import { lineDiff } from './line-diff.ts';
import { keyChanges, reachesOf, usedByOf, type RulesUses } from './interpreter-internals.ts';
import { markBaseValues, tableGridDiff } from './table-diff.ts';
import { deckViews, tableViews } from './table-views.ts';
import type { ElementChange, Location, TableView, VariantDiff } from './protocol.ts';

type Data = Record<string, unknown>;
const isRecord = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Top-level keys that name or describe a ruleset, or steer loading: not game content. */
const IDENTITY_KEYS = new Set(['rulesmith', 'id', 'name', 'description', 'source', 'assumption', 'note', 'metadata', 'include', 'extends', 'remove', 'set']);

interface VariantKeys {
  own: Data;
  set: string[];
  remove: string[];
}

/**
 * `views`: the variant's table and deck views, when the caller has them (the validator shows
 * them); a changed one's cells that differ from the base's get `base` marked on them. `uses`:
 * where each side's scripts use its names, for each change's `usedBy`.
 */
export function variantDiff(variant: RulesetModel, base: RulesetModel, views: readonly TableView[] = [...tableViews(variant), ...deckViews(variant)], uses?: { before: RulesUses; after: RulesUses }): VariantDiff {
  const keys = variantKeys(variant);
  const before = base.data as Data;
  const after = variant.data as Data;
  const changes: ElementChange[] = [];
  const sections = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !IDENTITY_KEYS.has(k));
  for (const section of sections) {
    const b = before[section];
    const a = after[section];
    if (isElementSection(b) || isElementSection(a)) {
      const bs = isRecord(b) ? b : {};
      const as = isRecord(a) ? a : {};
      for (const id of [...new Set([...Object.keys(bs), ...Object.keys(as)])]) {
        const change = compare(section, id, bs[id], as[id], keys, variant);
        if (change) changes.push(change);
      }
    } else {
      const change = compare(section, '', b, a, keys, variant);
      if (change) changes.push(change);
    }
  }
  addTableGrids(changes, base, variant, views);
  if (uses) {
    for (const c of changes) {
      const side = c.status === 'removed' ? uses.before : uses.after;
      const users = usedByOf(c.section, c.id, side);
      if (!users) continue;
      c.usedBy = users;
      const reaches = reachesOf(c.id, users, side);
      if (reaches.length) c.reaches = reaches;
    }
  }
  return { base: base.entry, variant: variant.entry, changes };
}

/**
 * Changed tables and decks also as grids (the base's views built only when one changed; a deck's
 * cards as rows), and the variant's views marked where a changed one differs from the base.
 */
function addTableGrids(changes: ElementChange[], base: RulesetModel, variant: RulesetModel, views: readonly TableView[]): void {
  const grids = changes.filter((c) => (c.section === 'tables' || c.section === 'decks') && c.id);
  if (!grids.length) return;
  const viewId = (c: ElementChange) => (c.section === 'decks' ? `deck:${c.id}` : c.id);
  const baseViews = [...tableViews(base), ...deckViews(base)];
  const before = new Map(baseViews.map((t) => [t.id, t]));
  const after = new Map(views.map((t) => [t.id, t]));
  for (const c of grids) c.grid = tableGridDiff(before.get(viewId(c)), after.get(viewId(c)));
  for (const c of grids) {
    const rows = (m: RulesetModel) => (m.data.tables as Data | undefined)?.[c.id];
    const [b, a] = [rows(base), rows(variant)];
    if (c.section !== 'tables' || !c.grid || !isRecord(b) || !isRecord(a) || !isRecord(b.rows) || !isRecord(a.rows)) continue;
    const keys = keyChanges(b.rows, a.rows, c.grid.columns);
    if (keys?.length) c.grid.keys = keys;
  }
  markBaseValues(views, baseViews, new Set(grids.filter((c) => c.status === 'changed').map(viewId)));
}

/** A mapping of ids to elements (tables, tracks, options…), compared element by element. */
function isElementSection(v: unknown): v is Data {
  return isRecord(v) && Object.keys(v).length > 0 && Object.values(v).every(isRecord);
}

function compare(section: string, id: string, b: unknown, a: unknown, keys: VariantKeys, variant: RulesetModel): ElementChange | undefined {
  if (deepEqual(b, a)) return undefined;
  const status = b === undefined ? 'added' : a === undefined ? 'removed' : 'changed';
  const prefix = id ? `${section}.${id}` : section;
  const touches = (path: string) => path === prefix || path.startsWith(`${prefix}.`) || prefix.startsWith(`${path}.`);
  const paths = [...keys.remove.filter(touches), ...keys.set.filter(touches)];
  const how: ElementChange['how'] = [];
  const own = keys.own[section];
  if (id ? isRecord(own) && Object.hasOwn(own, id) : own !== undefined) how.push('replace');
  if (keys.set.some(touches)) how.push('set');
  if (keys.remove.some(touches)) how.push('remove');
  const change: ElementChange = { section, id, status, how, paths, lines: lineDiff(yamlText(b), yamlText(a)) };
  const location = locate(variant, id ? [section, id] : [section], paths);
  if (location) change.location = location;
  return change;
}

function yamlText(value: unknown): string {
  return value === undefined ? '' : stringify(value, { lineWidth: 0 });
}

/** The variant file's own `set:` and `remove:` paths and the sections it redefines. */
function variantKeys(variant: RulesetModel): VariantKeys {
  const text = variant.files.get(variant.entry)?.text ?? '';
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 1000, uniqueKeys: false });
  } catch {
    raw = undefined;
  }
  const own = isRecord(raw) ? raw : {};
  const set = isRecord(own['set']) ? Object.keys(own['set']) : [];
  const remove = Array.isArray(own['remove']) ? own['remove'].filter((p): p is string => typeof p === 'string') : [];
  return { own, set, remove };
}

/** Where the variant file changes the element: its redefinition, or the first `set`/`remove` line. */
function locate(variant: RulesetModel, path: string[], paths: string[]): Location | undefined {
  const own = variant.rangeOf(path, { key: true });
  if (own && own.file === variant.entry) return own;
  const source = variant.files.get(variant.entry);
  if (!source) return undefined;
  const lines = source.text.split('\n');
  for (const p of paths) {
    const index = lines.findIndex((line) => line.includes(p));
    if (index >= 0) {
      const column = lines[index]!.indexOf(p) + 1;
      return { file: variant.entry, range: { start: { line: index + 1, column }, end: { line: index + 1, column: column + p.length } } };
    }
  }
  return undefined;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
