import type { BreakdownLine } from '../analysis/odds-breakdown.ts';
import { breakdownLines, valueLabels } from '../analysis/odds-text.ts';

export { valueText, valueLabels } from '../analysis/odds-text.ts';

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)}%`;

/** For each value, the cells that gave it and their chance; lines past `max` are counted. */
export function formatBreakdown(all: readonly BreakdownLine[], max: number, label = valueLabels(all.map((l) => l.value))): string {
  const lines = breakdownLines(all);
  const shown = lines.slice(0, max);
  const width = Math.max(5, ...shown.map((l) => label(l.value).length));
  const pw = Math.max(7, ...shown.map((l) => l.p.length));
  const out = [`  which cells gave each value:`, `  ${'value'.padEnd(width)}  ${'exactly'.padStart(pw)}  ${'chance'.padStart(7)}  cells`];
  for (const l of shown) out.push(`  ${label(l.value).padEnd(width)}  ${l.p.padStart(pw)}  ${pct(l.decimal)}  ${l.cells}`);
  if (lines.length > shown.length) out.push(`  … ${lines.length - shown.length} more lines (--json lists them all)`);
  return `${out.join('\n')}\n`;
}

/** What the answer assumed (how a pile of cards was drawn from), one line each. */
export function formatNotes(notes: readonly string[] | undefined): string {
  return (notes ?? []).map((n) => `  note: ${n}\n`).join('');
}
