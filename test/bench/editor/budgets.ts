/**
 * Measured figures against their budgets. A bench file calls `record`; `run.ts` prints every
 * figure of the run in one table and decides the exit code (only `--strict` fails on a budget).
 */
import { appendFileSync } from 'node:fs';

export interface Figure {
  /** What was measured, e.g. "marker latency p95". */
  name: string;
  value: number;
  /** Upper bound; the figure is over budget when above it. */
  budget: number;
  unit: string;
}

/** The file `run.ts` reads the figures from (one JSON object a line). */
export const RESULTS_ENV = 'RULESMITH_BENCH_RESULTS';

export function record(...figures: Figure[]): void {
  const file = process.env[RESULTS_ENV];
  for (const f of figures) {
    console.log(`${f.name}: ${f.value.toFixed(1)} ${f.unit} (budget ${f.budget} ${f.unit})${f.value > f.budget ? ' OVER BUDGET' : ''}`);
    if (file) appendFileSync(file, `${JSON.stringify(f)}\n`);
  }
}

export const overBudget = (f: Figure): boolean => !(f.value <= f.budget);
