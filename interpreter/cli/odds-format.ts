import type { BreakdownLine, CellStep } from '../analysis/odds-breakdown.ts';
import { Fraction } from '../analysis/fraction.ts';

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)}%`;
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

/** For each value, the cells that gave it and their chance; lines past `max` are counted. */
export function formatBreakdown(all: readonly BreakdownLine[], max: number): string {
  const { lines, joined } = joinRows(all);
  const shown = lines.slice(0, max);
  const width = Math.max(5, ...shown.map((l) => JSON.stringify(l.value).length));
  const pw = Math.max(7, ...shown.map((l) => l.p.length));
  const out = [`  which cells gave each value:`, `  ${'value'.padEnd(width)}  ${'exactly'.padStart(pw)}  ${'chance'.padStart(7)}  cells`];
  for (const l of shown) {
    out.push(`  ${JSON.stringify(l.value).padEnd(width)}  ${l.p.padStart(pw)}  ${pct(l.decimal)}  ${l.lookups.map((s) => stepText(s, joined.has(s))).join('; then ')}`);
  }
  if (lines.length > shown.length) out.push(`  … ${lines.length - shown.length} more lines (--json lists them all)`);
  return `${out.join('\n')}\n`;
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
