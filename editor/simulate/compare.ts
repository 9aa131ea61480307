/**
 * Variant minus base: for each result, the difference of its share of games between a variant's
 * simulation and its base's, with a 95% interval for the difference of two independent
 * proportions by Newcombe's hybrid score method (each side's Wilson interval combined), which stays
 * inside [-1, 1] and behaves at shares of 0 or 1 where the plain Wald interval collapses.
 * Pure arithmetic: the simulate view draws it; the CLI has its own copy in interpreter/analysis.
 */

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

const Z95 = 1.959963984540054;

/** Wilson score interval of k successes in n trials; [0, 0] when n is 0. */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 0];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 or k = n the exact end is 0 or 1; rounding would step a hair off it.
  return [k <= 0 ? 0 : Math.max(0, centre - half), k >= n ? 1 : Math.min(1, centre + half)];
}

/** Newcombe's hybrid score interval for p1 - p2 (k1 of n1 against k2 of n2). */
export function differenceInterval(k1: number, n1: number, k2: number, n2: number, z = Z95): [number, number] {
  if (n1 <= 0 || n2 <= 0) return [-1, 1];
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const [l1, u1] = wilson(k1, n1, z);
  const [l2, u2] = wilson(k2, n2, z);
  const d = p1 - p2;
  const lo = d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2);
  const hi = d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2);
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
