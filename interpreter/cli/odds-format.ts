import type { BreakdownLine } from '../analysis/odds-breakdown.ts';
import { breakdownLines } from '../analysis/odds-text.ts';

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)}%`;

/**
 * An outcome as the terminal shows it: a table row that is a record by its `name` (`Air strike`,
 * not its fields and effect script as JSON); numbers and texts as JSON, as before.
 */
export function valueText(v: unknown): string {
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name;
  return JSON.stringify(v);
}

/** For each value, the cells that gave it and their chance; lines past `max` are counted. */
export function formatBreakdown(all: readonly BreakdownLine[], max: number): string {
  const lines = breakdownLines(all);
  const shown = lines.slice(0, max);
  const width = Math.max(5, ...shown.map((l) => valueText(l.value).length));
  const pw = Math.max(7, ...shown.map((l) => l.p.length));
  const out = [`  which cells gave each value:`, `  ${'value'.padEnd(width)}  ${'exactly'.padStart(pw)}  ${'chance'.padStart(7)}  cells`];
  for (const l of shown) out.push(`  ${valueText(l.value).padEnd(width)}  ${l.p.padStart(pw)}  ${pct(l.decimal)}  ${l.cells}`);
  if (lines.length > shown.length) out.push(`  … ${lines.length - shown.length} more lines (--json lists them all)`);
  return `${out.join('\n')}\n`;
}
