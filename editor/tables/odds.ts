/**
 * Exact odds in a table view: the chance of a row, and the distribution of results over a column
 * or over a cell's column, as reduced fractions of the roll's equally likely combinations.
 */
import { columnKeyText } from '../../interpreter/analysis/column-key.ts';
import type { TableView } from '../validator/protocol.ts';

export interface Odds {
  /** Reduced fraction. */
  numerator: number;
  denominator: number;
  percent: number;
}

export interface Outcome {
  result: string;
  /** Result name from the table's legend, when it has one. */
  name?: string;
  odds: Odds;
  /** Row labels that give this result. */
  rows: string[];
}

export type Selection = { kind: 'row'; row: number } | { kind: 'column'; column: number } | { kind: 'cell'; row: number; column: number };

export function odds(weight: number, total: number): Odds {
  const g = gcd(weight, total) || 1;
  return { numerator: weight / g, denominator: total / g, percent: total > 0 ? (100 * weight) / total : 0 };
}

/** `5/36 (13.9%)`. */
export function formatOdds(o: Odds): string {
  const pct = o.percent === 0 || o.percent === 100 ? o.percent.toFixed(0) : o.percent < 1 ? o.percent.toFixed(2) : o.percent.toFixed(1);
  return o.numerator === 0 ? `0 (0%)` : o.numerator === o.denominator ? `1 (100%)` : `${o.numerator}/${o.denominator} (${pct}%)`;
}

/** Whether the table's rows have exact odds (a rolled table whose roll could be enumerated). */
export function isRolled(table: TableView): table is TableView & { totalWeight: number } {
  return table.totalWeight !== undefined && table.totalWeight > 0;
}

export function rowOdds(table: TableView, row: number): Odds | undefined {
  const r = table.rows[row];
  return isRolled(table) && r?.weight !== undefined ? odds(r.weight, table.totalWeight) : undefined;
}

/**
 * Results of one column over the roll, in the order of the table's legend (`results:`), then the
 * others in first-row order: the order `rulesmith odds` prints, and one that stays put while a
 * designer changes cells (sorted by chance, results jumped about with every edit).
 */
export function columnOutcomes(table: TableView, column: number): Outcome[] {
  if (!isRolled(table)) return [];
  const byResult = new Map<string, { weight: number; rows: string[] }>();
  for (const row of table.rows) {
    const text = row.cells[column]?.text ?? '';
    const entry = byResult.get(text) ?? { weight: 0, rows: [] };
    entry.weight += row.weight ?? 0;
    entry.rows.push(row.label);
    byResult.set(text, entry);
  }
  const legend = Object.keys(table.results ?? {});
  const rank = (result: string) => (legend.includes(result) ? legend.indexOf(result) : legend.length);
  return [...byResult]
    .map(([result, { weight, rows }]) => {
      const name = table.results?.[result];
      return { result, ...(name ? { name } : {}), odds: odds(weight, table.totalWeight), rows };
    })
    // Stable: results outside the legend keep their first-row order, after the legend's.
    .sort((a, b) => rank(a.result) - rank(b.result));
}

/**
 * In a variant, the base's chance of each result of one column, from the cells the variant changed
 * (`CellView.base`) and the others as they are, when the rows are the base's own (no cell the base
 * lacks); undefined when nothing in the column changed or the rows were cut anew.
 */
export function columnBaseOdds(table: TableView, column: number): Map<string, Odds> | undefined {
  if (!isRolled(table)) return undefined;
  const cells = table.rows.map((r) => r.cells[column]);
  if (!cells.some((c) => c?.base !== undefined) || cells.some((c) => c?.base === '')) return undefined;
  const weights = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const text = cells[i]?.base ?? cells[i]?.text ?? '';
    weights.set(text, (weights.get(text) ?? 0) + (row.weight ?? 0));
  });
  return new Map([...weights].map(([result, w]) => [result, odds(w, table.totalWeight)]));
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return Math.abs(a);
}

/** What "Odds of" offers for a table, and how the rules read it when it has no `roll:`. */
export interface OddsSuggestion {
  /** What the field starts with: a roll on the table, or the rules' own dice lookup; '' when the rules read it with no dice. */
  text: string;
  /** A roll on the table to try: `coup_results[1d6 + 1]`, a die that starts at its first row. */
  example: string;
  /** How the rules read a table without `roll:` (the first `id[…]` in the rule files), if they do. */
  readAs?: string;
  /** Whether the rules roll dice on it (`roll:`, or a lookup with dice in its key). */
  rolled: boolean;
}

const DICE = /\b\d*d\d+\b/;
/** A lookup key that "Odds of" can work out alone: dice, numbers and arithmetic. */
const DICE_ONLY = /^[\sd\d+\-*()]+$/;

/**
 * What "Odds of" offers for a table: a roll on it as its `roll:` is; for a table the rules look
 * up by a key, their own lookup when its key rolls dice (`coup_results[1d6 + card.ops]`, shown
 * with an example that writes the modifier as a number), else nothing to start with — a table read
 * by the number of players has no odds, and a made-up roll would say it has.
 */
export function oddsSuggestion(table: TableView, lookups: readonly string[] = []): OddsSuggestion {
  const first = Math.min(...table.rows.map((r) => Number(/^\s*(-?\d+)/.exec(r.label)?.[1] ?? NaN)).filter(Number.isFinite));
  const shift = Number.isFinite(first) ? first - 1 : 0;
  const example = `${table.id}[1d6${shift > 0 ? ` + ${shift}` : shift < 0 ? ` - ${-shift}` : ''}]`;
  if (table.roll) {
    const column = table.columnKind === 'bands' ? table.columns[0] : undefined;
    return { text: column === undefined ? `roll on ${table.id}` : `roll on ${table.id} column ${columnKeyText(column)}`, example, rolled: true };
  }
  const dice = lookups.find((k) => DICE.test(k));
  if (dice !== undefined) return { text: DICE_ONLY.test(dice) ? `${table.id}[${dice.trim()}]` : example, example, readAs: `${table.id}[${dice}]`, rolled: true };
  return { text: '', example, ...(lookups[0] !== undefined ? { readAs: `${table.id}[${lookups[0]}]` } : {}), rolled: false };
}

/**
 * The keys the rule files under `folder` (a game's, variants included) look table `id` up with
 * (`id[key]`, as written), in path order, at most `limit`: read from the text, so a name in a
 * comment counts too (it only shapes a suggestion). Kept per files object, which a change of
 * any file replaces: the tables view asks at every render.
 */
export function lookupsInRules(files: Readonly<Record<string, string>> | undefined, folder: string, id: string, limit = 8): string[] {
  if (!files || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(id)) return [];
  let known = lookupsKept.get(files);
  if (!known) lookupsKept.set(files, (known = new Map()));
  const key = `${folder}\0${id}\0${limit}`;
  let keys = known.get(key);
  if (!keys) known.set(key, (keys = findLookups(files, folder, id, limit)));
  return keys;
}

const lookupsKept = new WeakMap<object, Map<string, string[]>>();

function findLookups(files: Readonly<Record<string, string>>, folder: string, id: string, limit: number): string[] {
  const pattern = new RegExp(`(?<![A-Za-z0-9_.])${id}\\s*\\[([^\\]\\n]*)\\]`, 'g');
  const keys: string[] = [];
  for (const path of Object.keys(files).filter((p) => p.startsWith(folder)).sort()) {
    for (const m of files[path]!.matchAll(pattern)) {
      keys.push(m[1]!.trim());
      if (keys.length >= limit) return keys;
    }
  }
  return keys;
}
