/**
 * "Odds of" in the tables view: the exact distribution of an expression the designer types
 * (`coup_results[1d6 + 3]`, `roll on crt column 4`, `2d6 >= 9`) over the rules as edited, with
 * which table cells gave each value — what `rulesmith odds` prints. Runs in the odds worker, and
 * in tests.
 */
import { breakdownLines, oddsBreakdown, rowWeights, valueLabels, type Program } from '../../interpreter/index.ts';

export interface LookupOddsValue {
  value: string;
  /** Exact probability as `n/d`. */
  p: string;
  percent: number;
  /** Chance of this value or more / or less (numeric values only). */
  atLeast?: number;
  atMost?: number;
}

/** Each row's chance under the expression, as whole weights over a common total, for one table it reads. */
export interface RowWeights {
  weights: Record<string, number>;
  total: number;
}

export type LookupOdds =
  | { ok: true; expression: string; values: LookupOddsValue[]; mean?: string; cells: Array<{ value: string; p: string; percent: number; cells: string }>; rows: Record<string, RowWeights> }
  | { ok: false; expression: string; message: string };

/** A table's name alone reads as a roll on it (`crt` → `roll on crt`), as `rulesmith odds` reads it. */
export function oddsExpression(program: Program, text: string): string {
  const t = text.trim();
  return program.data.tables?.[t] ? `roll on ${t}` : t;
}

export function lookupOdds(program: Program, text: string): LookupOdds {
  const expression = oddsExpression(program, text);
  if (!expression) return { ok: false, expression, message: 'Type an expression: a table lookup such as `crt[1d6 + 2]`, `roll on crt`, or dice.' };
  const d = oddsBreakdown(program, expression);
  if ('error' in d) return { ok: false, expression, message: d.tooLarge ? `${d.error} (rulesmith odds estimates it instead)` : d.error };
  const numeric = d.outcomes.every((o) => typeof o.value === 'number');
  // A card or a table row by its name, as `rulesmith odds` prints it (JSON only where two would read alike).
  const label = valueLabels([...d.outcomes.map((o) => o.value), ...d.breakdown.map((b) => b.value)]);
  const show = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : label(v));
  let below = 0;
  const values = d.outcomes.map((o): LookupOddsValue => {
    const v: LookupOddsValue = { value: show(o.value), p: o.p, percent: o.decimal * 100 };
    if (numeric) {
      v.atLeast = (1 - below) * 100;
      below += o.decimal;
      v.atMost = Math.min(1, below) * 100;
    }
    return v;
  });
  const cells = breakdownLines(d.breakdown).map((l) => ({ value: show(l.value), p: l.p, percent: l.decimal * 100, cells: l.cells }));
  return { ok: true, expression, values, ...(d.mean !== undefined ? { mean: `${d.meanExact ?? ''} ≈ ${d.mean.toFixed(3)}`.trim() } : {}), cells, rows: rowWeights(d.breakdown) };
}

