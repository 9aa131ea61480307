import type { RulesetFile } from '../../grammar/index.ts';
import { stableStringify } from '../compile/hash.ts';
import { lineDiff, type DiffLine } from './line-diff.ts';
import { keyChanges } from './key-diff.ts';
import type { UsedBy } from './used-by.ts';

export type { DiffLine } from './line-diff.ts';

/** One value that differs, at a path inside the element (`boxes[3].value`); `old`/`new` absent when added/removed. */
export interface ValueChange {
  path: string;
  old?: unknown;
  new?: unknown;
  /** A hex's own value gone (or new): that side reads the grid's (`map.grid.props`), shown as `by grid`. */
  gridDefault?: 'old' | 'new';
}

/** A script (a multi-line string, or a `do`/`when`/`effect`/`score` field) as a line diff. */
export interface ScriptChange {
  path: string;
  lines: DiffLine[];
}

/** One card of a deck that was added, removed or changed. */
export interface CardChange {
  id: string;
  change: 'added' | 'removed' | 'changed';
  values?: ValueChange[];
  scripts?: ScriptChange[];
}

/** A changed table as a grid: every row, each cell with its old and new value. */
export interface TableGrid {
  columns: string[];
  rows: Array<{ key: string; change?: 'added' | 'removed'; cells: Array<{ old?: unknown; new?: unknown; changed: boolean }> }>;
}

export interface ElementChange {
  section: string;
  id: string;
  change: 'added' | 'removed' | 'changed';
  /** The element's rulebook reference (`source:`), the new one when both have it. */
  source?: string;
  /** The fields that differ (names at the element's top level). */
  fields?: string[];
  /** For changed tables: the cells that differ (`row 6, column 3: A → X`), and the whole grid. */
  cells?: string[];
  /** For a table whose numeric rows a variant cut anew: what each key gives now (`key 4: 0 → 1`). */
  keys?: string[];
  grid?: TableGrid;
  /** Values that differ, scripts as line diffs, and for decks the cards that differ. */
  values?: ValueChange[];
  scripts?: ScriptChange[];
  cards?: CardChange[];
  /** The elements whose scripts use this one by name (used-by.ts); empty when none does. */
  usedBy?: UsedBy[];
  /** What else in play it reaches through the procedures that use it (phases, actions, cards…; used-by.ts). */
  reaches?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const SCRIPT_KEYS = new Set(['do', 'when', 'effect', 'score', 'setup', 'if', 'count']);
const COLLECTIONS = new Set(['sides', 'options', 'dice', 'pieces', 'tracks', 'variables', 'zones', 'decks', 'tables', 'procedures', 'actions', 'invariants']);
const META = new Set(['include', 'extends', 'remove', 'set', 'rulesmith']);

/**
 * What one ruleset changes against another, element by element (the unit a designer thinks in:
 * "the variant changes the CRT and removes the night rule"): tables cell by cell, decks card by
 * card, scripts as line diffs, every other value old → new, each with its rulebook `source`.
 */
export function diffRulesets(base: RulesetFile, other: RulesetFile): ElementChange[] {
  const out: ElementChange[] = [];
  const sections = new Set([...Object.keys(base), ...Object.keys(other)]);
  for (const section of [...sections].sort()) {
    const a = (base as Record<string, unknown>)[section];
    const b = (other as Record<string, unknown>)[section];
    if (same(a, b) || META.has(section)) continue;
    if (isObject(a) && isObject(b) && COLLECTIONS.has(section)) {
      for (const id of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        if (!(id in a)) out.push(withSource({ section, id, change: 'added' }, undefined, b[id]));
        else if (!(id in b)) out.push(withSource({ section, id, change: 'removed' }, a[id], undefined));
        else if (!same(a[id], b[id])) out.push(changed(section, id, a[id], b[id]));
      }
    } else if (a === undefined || b === undefined) {
      const c = withSource({ section, id: section, change: a === undefined ? 'added' : 'removed' }, a, b);
      // A plain value (a variant's `note:` or `assumption:`) is shown; a whole added section is not.
      const plain = a === undefined ? b : a;
      if (plain === null || typeof plain !== 'object') c.values = [a === undefined ? { path: section, new: b } : { path: section, old: a }];
      out.push(c);
    } else {
      out.push(changed(section, section, a, b));
    }
  }
  return out;
}

function withSource(c: ElementChange, a: unknown, b: unknown): ElementChange {
  const source = (isObject(b) && typeof b.source === 'string' ? b.source : undefined) ?? (isObject(a) && typeof a.source === 'string' ? a.source : undefined);
  return source === undefined ? c : { ...c, source };
}

function changed(section: string, id: string, a: unknown, b: unknown): ElementChange {
  const c = withSource({ section, id, change: 'changed' }, a, b);
  // A table's rows are shown as cells and a grid, not as a field.
  const fields = isObject(a) && isObject(b) ? Object.keys({ ...a, ...b }).filter((k) => !same(a[k], b[k]) && !(section === 'tables' && k === 'rows')) : [];
  if (fields.length) c.fields = fields;
  let restA = a;
  let restB = b;
  if (section === 'tables' && isObject(a) && isObject(b) && isObject(a.rows) && isObject(b.rows)) {
    Object.assign(c, tableChange(a, b));
    restA = { ...a, rows: undefined };
    restB = { ...b, rows: undefined };
  }
  if (section === 'decks' && isObject(a) && isObject(b) && Array.isArray(a.cards) && Array.isArray(b.cards)) {
    const cards = cardChanges(a.cards, b.cards);
    if (cards.length) c.cards = cards;
    restA = { ...a, cards: undefined };
    restB = { ...b, cards: undefined };
  }
  const values: ValueChange[] = [];
  const scripts: ScriptChange[] = [];
  walk('', restA, restB, values, scripts, typeof a === 'string' || typeof b === 'string' ? section : '');
  if (section === 'map') for (const v of values) gridDefaults(v, a, b);
  if (values.length) c.values = values;
  if (scripts.length) c.scripts = scripts;
  return c;
}

function tableChange(a: Record<string, unknown>, b: Record<string, unknown>): Pick<ElementChange, 'cells' | 'grid' | 'keys'> {
  const ra = a.rows as Record<string, unknown>;
  const rb = b.rows as Record<string, unknown>;
  const columns = ((b.columns ?? a.columns) as unknown[] | undefined)?.map(show);
  const width = Math.max(1, columns?.length ?? 0, ...[...Object.values(ra), ...Object.values(rb)].map((r) => (Array.isArray(r) ? r.length : 1)));
  const cellsOf = (row: unknown): unknown[] | undefined => (row === undefined ? undefined : Array.isArray(row) ? row : [row]);
  const grid: TableGrid = { columns: columns ?? (width === 1 ? ['result'] : Array.from({ length: width }, (_, i) => String(i + 1))), rows: [] };
  const cells: string[] = [];
  for (const key of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort(byBand)) {
    const x = cellsOf(ra[key]);
    const y = cellsOf(rb[key]);
    const change = x === undefined ? 'added' as const : y === undefined ? 'removed' as const : undefined;
    const row = { key, ...(change ? { change } : {}), cells: [] as TableGrid['rows'][number]['cells'] };
    for (let i = 0; i < width; i++) {
      const o = x?.[i];
      const n = y?.[i];
      row.cells.push({ ...(o !== undefined ? { old: o } : {}), ...(n !== undefined ? { new: n } : {}), changed: !same(o, n) });
    }
    grid.rows.push(row);
    if (same(ra[key], rb[key])) continue;
    if (change) cells.push(`row ${key}: ${change}`);
    else if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && Array.isArray(ra[key])) {
      x.forEach((cell, i) => { if (!same(cell, y[i])) cells.push(`row ${key}, column ${grid.columns[i] ?? i + 1}: ${show(cell)} → ${show(y[i])}`); });
    } else cells.push(`row ${key}${recordChange(ra[key], rb[key]) ?? `: ${show(ra[key])} → ${show(rb[key])}`}`);
  }
  const keys = keyChanges(ra, rb, grid.columns);
  return keys ? { cells, grid, keys } : { cells, grid };
}

/**
 * A row that is a record (`{name, effect}`), by its name and the fields that changed:
 * ` (Calm): effect: none → "mud = true"`, not two JSON blobs to compare by eye.
 */
function recordChange(a: unknown, b: unknown): string | undefined {
  const isRec = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isRec(a) || !isRec(b)) return undefined;
  const field = (v: unknown) => (v === undefined ? 'none' : typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
  const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k]));
  const name = typeof b.name === 'string' ? b.name : typeof a.name === 'string' ? a.name : undefined;
  return `${name === undefined ? '' : ` (${name})`}: ${changed.map((k) => `${k} ${field(a[k])} → ${field(b[k])}`).join(', ')}`;
}

/** Row bands in numeric order (`6` after `1-3`: JavaScript objects list integer keys first), names after. */
function byBand(a: string, b: string): number {
  const x = parseFloat(a);
  const y = parseFloat(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? 1 : -1;
  return x - y;
}

function cardChanges(a: unknown[], b: unknown[]): CardChange[] {
  const byId = (list: unknown[]) => new Map(list.map((c, i) => [isObject(c) && typeof c.id === 'string' ? c.id : `#${i + 1}`, c]));
  const ma = byId(a);
  const mb = byId(b);
  const out: CardChange[] = [];
  for (const id of new Set([...ma.keys(), ...mb.keys()])) {
    if (!ma.has(id)) out.push({ id, change: 'added' });
    else if (!mb.has(id)) out.push({ id, change: 'removed' });
    else if (!same(ma.get(id), mb.get(id))) {
      const values: ValueChange[] = [];
      const scripts: ScriptChange[] = [];
      walk('', ma.get(id), mb.get(id), values, scripts, '');
      out.push({ id, change: 'changed', ...(values.length ? { values } : {}), ...(scripts.length ? { scripts } : {}) });
    }
  }
  return out;
}

const isScript = (key: string, v: unknown) => typeof v === 'string' && (v.includes('\n') || SCRIPT_KEYS.has(key));
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * A hex's own value (`grid.hexes.0602.move_cost`) on one side only: the other side's hex reads the
 * grid's value for every hex (`map.grid.props`), which is the value to compare with, not nothing.
 */
function gridDefaults(v: ValueChange, a: unknown, b: unknown): void {
  const key = /^grid\.hexes\.[^.]+\.([a-z][a-z0-9_]*)$/.exec(v.path)?.[1];
  if (key === undefined) return;
  const props = (m: unknown) => (isObject(m) && isObject(m.grid) && isObject(m.grid.props) ? m.grid.props : undefined);
  const side = !('old' in v) ? 'old' : !('new' in v) ? 'new' : undefined;
  const fallback = side && props(side === 'old' ? a : b);
  if (side && fallback && key in fallback) Object.assign(v, { [side]: fallback[key], gridDefault: side });
}

/** Leaf differences between two values; lists of `id`-ed objects are matched by id (`phases[command].do`), others by position from 1 (`boxes[2].value`). */
function walk(path: string, a: unknown, b: unknown, values: ValueChange[], scripts: ScriptChange[], key: string): void {
  if (same(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys({ ...a, ...b })) walk(join(path, k), a[k], b[k], values, scripts, k);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const ided = (l: unknown[]) => l.every((x) => isObject(x) && typeof x.id === 'string');
    if (ided(a) && ided(b)) {
      const ma = new Map(a.map((x) => [(x as { id: string }).id, x]));
      const mb = new Map(b.map((x) => [(x as { id: string }).id, x]));
      for (const id of new Set([...ma.keys(), ...mb.keys()])) walk(`${path}[${id}]`, ma.get(id), mb.get(id), values, scripts, key);
      return;
    }
    if (a.length === b.length && a.some((x) => isObject(x) || Array.isArray(x))) {
      // Counted from 1, as the rules language indexes a list (`boxes[2]` is the second box).
      a.forEach((x, i) => walk(`${path}[${i + 1}]`, x, b[i], values, scripts, key));
      return;
    }
  }
  if ((isScript(key, a) || isScript(key, b)) && (a === undefined || typeof a === 'string') && (b === undefined || typeof b === 'string')) {
    scripts.push({ path: path || key, lines: lineDiff(a ?? '', b ?? '') });
    return;
  }
  if (a === undefined && b === undefined) return;
  values.push({ path: path || key, ...(a !== undefined ? { old: a } : {}), ...(b !== undefined ? { new: b } : {}) });
}
