/**
 * Variant minus base: for each result, the difference of its share of games between a variant's
 * simulation and its base's, with a 95% interval for the difference of two independent
 * proportions by Newcombe's hybrid score method (each side's Wilson interval combined), which stays
 * inside [-1, 1] and behaves at shares of 0 or 1 where the plain Wald interval collapses.
 * The arithmetic is the CLI's (interpreter/analysis/intervals.ts); this file lines up the results.
 */
import { newcombe } from '../../interpreter/analysis/intervals.ts';

export { wilson } from '../../interpreter/analysis/intervals.ts';

/** The parts of a summary's share this needs (a result label and how many games gave it). */
export interface ShareCount {
  label: string;
  count: number;
}

export interface ShareDifference {
  label: string;
  variant: { count: number; games: number; share: number };
  base: { count: number; games: number; share: number };
  /** Variant share minus base share. */
  difference: number;
  /** 95% interval of the difference. */
  ci95: [number, number];
}

/** The CLI's Newcombe interval, clamped to the possible range of a difference. */
export function differenceInterval(k1: number, n1: number, k2: number, n2: number): [number, number] {
  if (n1 <= 0 || n2 <= 0) return [-1, 1];
  const [lo, hi] = newcombe(k1, n1, k2, n2).ci95;
  return [Math.max(-1, lo), Math.min(1, hi)];
}

/**
 * Every result either run produced (a result missing from one run counts 0 there), variant order
 * first then the base's new labels, so the chart lines up with the runs' own charts.
 */
export function compareShares(variant: readonly ShareCount[], variantGames: number, base: readonly ShareCount[], baseGames: number): ShareDifference[] {
  const labels = [...new Set([...variant.map((s) => s.label), ...base.map((s) => s.label)])];
  const countOf = (shares: readonly ShareCount[], label: string) => shares.find((s) => s.label === label)?.count ?? 0;
  return labels.map((label) => {
    const kv = countOf(variant, label);
    const kb = countOf(base, label);
    const sv = variantGames > 0 ? kv / variantGames : 0;
    const sb = baseGames > 0 ? kb / baseGames : 0;
    return {
      label,
      variant: { count: kv, games: variantGames, share: sv },
      base: { count: kb, games: baseGames, share: sb },
      difference: sv - sb,
      ci95: differenceInterval(kv, variantGames, kb, baseGames),
    };
  });
}
