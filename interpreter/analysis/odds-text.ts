/**
 * An odds breakdown in words (`rulesmith odds` and the editor's Odds of a lookup): which cells gave
 * each value, with the roll and modifier that reached each row and a column's shift.
 */
import type { BreakdownLine, CellStep } from './odds-breakdown.ts';
import { Fraction, gcd } from './fraction.ts';

const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

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
 * One value read from neighbouring rows of one column (same table, roll, modifier and column) is
 * one line in the text: `"N" 2/3 crt rows 1-4 (1d6 1-4), column 1`, not four. `--json` keeps a
 * line per cell.
 */
function joinRows(lines: readonly BreakdownLine[]): { lines: BreakdownLine[]; joined: Set<CellStep> } {
  const out: BreakdownLine[] = [];
  const joined = new Set<CellStep>();
  for (const line of lines) {
    const last = out[out.length - 1];
    const a = last?.lookups.length === 1 ? last.lookups[0] : undefined;
    const b = line.lookups.length === 1 ? line.lookups[0] : undefined;
    if (last && a && b && JSON.stringify(last.value) === JSON.stringify(line.value) && neighbours(a, b)) {
      const p = fraction(last.p).plus(fraction(line.p));
      const step: CellStep = { ...a, row: `${a.row.split('-')[0]}-${b.row.split('-').pop()}`, keys: [...a.keys, ...b.keys] };
      joined.add(step);
      out[out.length - 1] = { value: line.value, p: p.toString(), decimal: p.toNumber(), lookups: [step] };
    } else {
      out.push(line);
    }
  }
  return { lines: out, joined };
}

function neighbours(a: CellStep, b: CellStep): boolean {
  const numeric = (s: CellStep) => s.keys.every((k) => typeof k === 'number') && /^-?\d+(-\d+)?$/.test(s.row);
  if (a.table !== b.table || a.roll !== b.roll || a.modifier !== b.modifier || JSON.stringify(a.column) !== JSON.stringify(b.column) || !numeric(a) || !numeric(b)) return false;
  return Math.min(...(b.keys as number[])) === Math.max(...(a.keys as number[])) + 1;
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

