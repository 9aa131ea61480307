import type { RulesetFile } from '../../grammar/index.ts';
import { stableStringify } from '../compile/hash.ts';

export interface ElementChange {
  section: string;
  id: string;
  change: 'added' | 'removed' | 'changed';
  /** For changed tables: the cells that differ (`row 6, column 3: A → X`). */
  cells?: string[];
  /** For other changed elements: the fields that differ. */
  fields?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => stableStringify(a) === stableStringify(b);
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * What one ruleset changes against another, element by element (the unit a designer thinks in:
 * "the variant changes the CRT and removes the night rule"), with cell-level detail for tables.
 */
export function diffRulesets(base: RulesetFile, other: RulesetFile): ElementChange[] {
  const out: ElementChange[] = [];
  const sections = new Set([...Object.keys(base), ...Object.keys(other)]);
  for (const section of [...sections].sort()) {
    const a = (base as Record<string, unknown>)[section];
    const b = (other as Record<string, unknown>)[section];
    if (same(a, b) || ['include', 'extends', 'remove', 'set', 'rulesmith'].includes(section)) continue;
    if (isObject(a) && isObject(b) && isCollection(section)) {
      for (const id of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        if (!(id in a)) out.push({ section, id, change: 'added' });
        else if (!(id in b)) out.push({ section, id, change: 'removed' });
        else if (!same(a[id], b[id])) out.push(changed(section, id, a[id], b[id]));
      }
    } else {
      out.push(a === undefined ? { section, id: section, change: 'added' } : b === undefined ? { section, id: section, change: 'removed' } : changed(section, section, a, b));
    }
  }
  return out;
}

function isCollection(section: string): boolean {
  return ['sides', 'options', 'dice', 'pieces', 'tracks', 'variables', 'zones', 'decks', 'tables', 'procedures', 'actions'].includes(section);
}

function changed(section: string, id: string, a: unknown, b: unknown): ElementChange {
  if (section === 'tables' && isObject(a) && isObject(b) && isObject(a.rows) && isObject(b.rows)) {
    const cells: string[] = [];
    for (const row of [...new Set([...Object.keys(a.rows), ...Object.keys(b.rows)])]) {
      const x = a.rows[row];
      const y = b.rows[row];
      if (same(x, y)) continue;
      if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
        x.forEach((cell, i) => { if (!same(cell, y[i])) cells.push(`row ${row}, column ${show((b.columns as unknown[] | undefined)?.[i] ?? i + 1)}: ${show(cell)} → ${show(y[i])}`); });
      } else cells.push(`row ${row}: ${x === undefined ? 'added' : y === undefined ? 'removed' : `${show(x)} → ${show(y)}`}`);
    }
    const fields = Object.keys({ ...a, ...b }).filter((k) => k !== 'rows' && !same(a[k], b[k]));
    return { section, id, change: 'changed', cells, ...(fields.length ? { fields } : {}) };
  }
  const fields = isObject(a) && isObject(b) ? Object.keys({ ...a, ...b }).filter((k) => !same(a[k], b[k])) : [];
  return { section, id, change: 'changed', fields };
}
