import type { BreakdownLine, CellStep } from '../analysis/odds-breakdown.ts';

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

/** `crt row 3-4 (1d6 2-3 + 1 = 3-4), column 7 (5-8) shift −1 → 3-4` */
export function stepText(s: CellStep): string {
  let row = `${s.table} row ${s.row}`;
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
export function formatBreakdown(lines: readonly BreakdownLine[], max: number): string {
  const shown = lines.slice(0, max);
  const width = Math.max(5, ...shown.map((l) => JSON.stringify(l.value).length));
  const pw = Math.max(7, ...shown.map((l) => l.p.length));
  const out = [`  which cells gave each value:`, `  ${'value'.padEnd(width)}  ${'exactly'.padStart(pw)}  ${'chance'.padStart(7)}  cells`];
  for (const l of shown) {
    out.push(`  ${JSON.stringify(l.value).padEnd(width)}  ${l.p.padStart(pw)}  ${pct(l.decimal)}  ${l.lookups.map(stepText).join('; then ')}`);
  }
  if (lines.length > shown.length) out.push(`  … ${lines.length - shown.length} more lines (--json lists them all)`);
  return `${out.join('\n')}\n`;
}
