/**
 * An odds breakdown in words (`rulesmith odds` and the editor's Odds of a lookup): which cells gave
 * each value, with the roll and modifier that reached each row and a column's shift.
 */
import type { BreakdownLine, CellStep } from './odds-breakdown.ts';
import { Fraction, gcd } from './fraction.ts';

const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

const named = (v: unknown): v is { name: string } => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string';

/**
 * An outcome as people read it: a record with a `name` (a table row with its effect script, a card
 * drawn) by its name, `Air strike`, not its fields as JSON; a list of them (cards drawn) as their
 * names, `Silver, Gold`; numbers and texts as JSON. `--json` keeps the whole value.
 */
export function valueText(v: unknown): string {
  if (named(v)) return v.name;
  if (Array.isArray(v) && v.length > 0 && v.every(named)) return v.map((x) => x.name).join(', ');
  return JSON.stringify(v);
}

/**
 * Labels for the values of one listing: `valueText`, except for values that would read alike
 * (two rows named `Calm`, one with an effect): those keep their JSON, so no two lines look the same.
 */
export function valueLabels(values: readonly unknown[]): (v: unknown) => string {
  const byText = new Map<string, Set<string>>();
  for (const v of values) {
    const t = valueText(v);
    (byText.get(t) ?? byText.set(t, new Set()).get(t)!).add(JSON.stringify(v));
  }
  return (v) => {
    const t = valueText(v);
    return (byText.get(t)?.size ?? 1) > 1 ? JSON.stringify(v) : t;
  };
}

/** Keys as a designer writes bands: runs of consecutive integers as `3-5`, others listed. */
export function keyRanges(keys: ReadonlyArray<number | string>): string {
  const parts: string[] = [];
  let i = 0;
  while (i < keys.length) {
    const k = keys[i]!;
    let j = i;
    if (typeof k === 'number') while (typeof keys[j + 1] === 'number' && keys[j + 1] === (keys[j] as number) + 1) j++;
    parts.push(j > i + 1 ? `${k}-${keys[j]}` : j === i + 1 ? `${k}, ${keys[j]}` : String(k));
    i = j + 1;
  }
  return parts.join(', ');
}

/** `crt row 3-4 (1d6 2-3 + 1 = 3-4), column 7 (5-8) shift −1 → 3-4`; `rows` when several rows were joined. */
export function stepText(s: CellStep, rows = false): string {
  let row = `${s.table} ${rows ? 'rows' : 'row'} ${s.row}`;
  if (s.roll !== undefined && s.modifier !== undefined) {
    const rolled = s.keys.map((k) => (k as number) - s.modifier!);
    row += s.modifier === 0 ? ` (${s.roll} ${keyRanges(rolled)})` : ` (${s.roll} ${keyRanges(rolled)} ${signed(s.modifier)} = ${keyRanges(s.keys)})`;
  } else {
    row += ` (key ${keyRanges(s.keys)})`;
  }
  const c = s.column;
  if (!c) return row;
  const selected = String(c.key) === c.band ? c.band : `${c.key} (${c.band})`;
  const shift = c.shift ? ` shift ${c.shift < 0 ? `−${-c.shift}` : `+${c.shift}`} → ${c.used}${c.clamped ? ' (clamped at the edge)' : ''}` : '';
  return `${row}, column ${selected}${shift}`;
}

/** The breakdown's lines as a person reads them: neighbouring rows of one column joined, each line's cells in words. */
export function breakdownLines(all: readonly BreakdownLine[]): Array<{ value: unknown; p: string; decimal: number; cells: string }> {
  const { lines, joined } = joinRows(all);
  return lines.map((l) => ({ value: l.value, p: l.p, decimal: l.decimal, cells: l.lookups.map((s) => stepText(s, joined.has(s))).join('; then ') }));
}

/**
 * One value read from several rows of one column (same table, roll, modifier and column) is one
 * line in the text: `"N" 2/3 crt rows 1-4 (1d6 1-4), column 1`, not four; rows apart are listed,
 * `Calm 1/2 winds rows 2-3, 5 (1d6 2, 3, 5)`, so no value shows twice for one table. `--json` keeps
 * a line per cell.
 */
function joinRows(lines: readonly BreakdownLine[]): { lines: BreakdownLine[]; joined: Set<CellStep> } {
  const out: BreakdownLine[] = [];
  const joined = new Set<CellStep>();
  for (const line of lines) {
    // Lines come grouped by value; a line joins the last one of its value that reads alike.
    let at = out.length - 1;
    const b = line.lookups.length === 1 ? line.lookups[0] : undefined;
    while (at >= 0 && JSON.stringify(out[at]!.value) === JSON.stringify(line.value) && !(b && out[at]!.lookups.length === 1 && alike(out[at]!.lookups[0]!, b))) at--;
    const last = at >= 0 && JSON.stringify(out[at]!.value) === JSON.stringify(line.value) ? out[at] : undefined;
    const a = last?.lookups[0];
    if (last && a && b) {
      const p = fraction(last.p).plus(fraction(line.p));
      const step: CellStep = { ...a, row: joinBands(a, b), keys: [...a.keys, ...b.keys] };
      joined.add(step);
      out[at] = { value: line.value, p: p.toString(), decimal: p.toNumber(), lookups: [step] };
    } else {
      out.push(line);
    }
  }
  return { lines: out, joined };
}

/** Lookups of one table, roll, modifier and column: only their rows differ. */
function alike(a: CellStep, b: CellStep): boolean {
  return a.table === b.table && a.roll === b.roll && a.modifier === b.modifier && JSON.stringify(a.column) === JSON.stringify(b.column);
}

/** `2-3` and `4` read as `2-4`; `2-3` and `5` as `2-3, 5`. */
function joinBands(a: CellStep, b: CellStep): string {
  const numeric = (s: CellStep) => s.keys.every((k) => typeof k === 'number') && /^-?\d+(-\d+)?(, -?\d+(-\d+)?)*$/.test(s.row);
  if (numeric(a) && numeric(b) && Math.min(...(b.keys as number[])) === Math.max(...(a.keys as number[])) + 1) {
    const head = a.row.includes(', ') ? a.row.slice(0, a.row.lastIndexOf(', ') + 2) : '';
    const last = a.row.slice(head.length);
    return `${head}${last.split('-')[0]}-${b.row.split('-').pop()}`;
  }
  return `${a.row}, ${b.row}`;
}

function fraction(text: string): Fraction {
  const [n, d = '1'] = text.split('/');
  return new Fraction(BigInt(n!), BigInt(d));
}

/**
 * For each table an expression reads, the chance that a path reads each of its rows, as whole
 * weights over those chances' common denominator (the editor's grid draws row odds from weights,
 * as for a roll); a path that reads no row of it leaves the weights short of the total, and a
 * table whose denominator is past exact integers is left out.
 */
export function rowWeights(lines: readonly BreakdownLine[]): Record<string, { weights: Record<string, number>; total: number }> {
  const byTable = new Map<string, Map<string, Fraction>>();
  for (const line of lines) {
    const p = fraction(line.p);
    const seen = new Set<string>();
    for (const step of line.lookups) {
      const key = `${step.table}\0${step.row}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const rows = byTable.get(step.table) ?? byTable.set(step.table, new Map()).get(step.table)!;
      rows.set(step.row, (rows.get(step.row) ?? Fraction.ZERO).plus(p));
    }
  }
  const out: Record<string, { weights: Record<string, number>; total: number }> = {};
  for (const [table, rows] of byTable) {
    const total = [...rows.values()].reduce((l, f) => (l / gcd(l, f.d)) * f.d, 1n);
    if (total > BigInt(Number.MAX_SAFE_INTEGER)) continue;
    out[table] = { total: Number(total), weights: Object.fromEntries([...rows].map(([row, f]) => [row, Number((f.n * total) / f.d)])) };
  }
  return out;
}

