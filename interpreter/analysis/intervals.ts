/**
 * Interval arithmetic for comparisons, pure and import-free, so the editor's main thread uses the
 * same code as the CLI (test/architecture/imports.ts allows this one file).
 */

/** Wilson score interval: well-behaved near 0% and 100%, unlike the normal approximation. */
export function wilson(k: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  // At k = 0 or k = n the exact end is 0 or 1; rounding would step a hair off it.
  return [k <= 0 ? 0 : Math.max(0, centre - half), k >= n ? 1 : Math.min(1, centre + half)];
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** A difference (variant − base) with its 95% interval; significant when the interval excludes 0. */
export interface Difference {
  diff: number;
  ci95: [number, number];
  significant: boolean;
}

/**
 * The difference of two independent proportions x1/n1 − x2/n2 with Newcombe's hybrid score
 * interval (Newcombe 1998, method 10): each proportion's Wilson score interval, combined as
 * square roots of the distances on the side each bound moves. Unlike the Wald interval it stays
 * inside [−1, 1] and behaves at 0% and 100%.
 */
export function newcombe(x1: number, n1: number, x2: number, n2: number): Difference {
  if (n1 === 0 || n2 === 0) return { diff: 0, ci95: [0, 0], significant: false };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilson(x1, n1, Z95);
  const [l2, u2] = wilson(x2, n2, Z95);
  const diff = p1 - p2;
  const lo = diff - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2);
  const hi = diff + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2);
  return { diff, ci95: [lo, hi], significant: lo > 0 || hi < 0 };
}

/**
 * The difference pX − pY of two proportions measured on the same pairs (here: the same seeds under
 * two rule sets), from the 2×2 table of pairs: `both` had the event under X and Y, `onlyX`, `onlyY`,
 * `neither`. Newcombe's score interval for paired data (Newcombe 1998, Statistics in Medicine
 * 17:2635, method 10): the Wilson intervals of the two margins combined as in `newcombe`, less the
 * part the pairs share, through the phi correlation of the table (its numerator ad − bc shrunk by
 * n/2 towards 0 when positive, as the paper does). When the pairs agree more often than chance the
 * interval is narrower than `newcombe`'s for the same games; with no correlation it is the same.
 */
export function newcombePaired(both: number, onlyX: number, onlyY: number, neither: number): Difference {
  const n = both + onlyX + onlyY + neither;
  if (n === 0) return { diff: 0, ci95: [0, 0], significant: false };
  const x = both + onlyX;
  const y = both + onlyY;
  const p1 = x / n;
  const p2 = y / n;
  const [l1, u1] = wilson(x, n, Z95);
  const [l2, u2] = wilson(y, n, Z95);
  const margins = x * (n - x) * y * (n - y);
  const ad = both * neither - onlyX * onlyY;
  const shrunk = ad > n / 2 ? ad - n / 2 : ad < 0 ? ad : 0;
  const phi = margins > 0 ? shrunk / Math.sqrt(margins) : 0;
  const diff = p1 - p2;
  const lo = diff - Math.sqrt(Math.max(0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2));
  const hi = diff + Math.sqrt(Math.max(0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2));
  return { diff, ci95: [lo, hi], significant: lo > 0 || hi < 0 };
}

/**
 * For each label, the change of its share between paired outcomes (`ys[i]` and `xs[i]` the same
 * seed under two rule sets; null: no label, such as a game that did not end): pY − pX with
 * `newcombePaired`, labels in order of first appearance.
 */
export function pairedShares(xs: ReadonlyArray<string | null>, ys: ReadonlyArray<string | null>): Array<{ label: string; x: number; y: number } & Difference> {
  const n = Math.min(xs.length, ys.length);
  const labels = [...new Set([...xs.slice(0, n), ...ys.slice(0, n)].filter((l): l is string => l !== null))];
  return labels.map((label) => {
    let both = 0, onlyX = 0, onlyY = 0;
    for (let i = 0; i < n; i++) {
      const inX = xs[i] === label;
      const inY = ys[i] === label;
      if (inX && inY) both++;
      else if (inX) onlyX++;
      else if (inY) onlyY++;
    }
    return { label, x: both + onlyX, y: both + onlyY, ...newcombePaired(both, onlyY, onlyX, n - both - onlyX - onlyY) };
  });
}

/**
 * The mean of paired differences (`d[i]` = y − x for seed i) with Student's t interval: the paired
 * design's interval for a change in a mean (game length, margin), narrower than Welch's on the
 * two samples when the pairs move together.
 */
export function pairedMean(d: readonly number[]): Difference & { n: number } {
  const s = sample(d);
  if (s.n < 2) return { diff: s.mean, ci95: [-Infinity, Infinity], significant: false, n: s.n };
  const se = s.sd / Math.sqrt(s.n);
  if (se === 0) return { diff: s.mean, ci95: [s.mean, s.mean], significant: s.mean !== 0, n: s.n };
  const t = studentTQuantile(0.975, s.n - 1);
  const ci95: [number, number] = [s.mean - t * se, s.mean + t * se];
  return { diff: s.mean, ci95, significant: ci95[0] > 0 || ci95[1] < 0, n: s.n };
}

/**
 * The mean of several independent proportions k_i/n_i (equal weights), with its 95% interval by
 * MOVER (Zou & Donner 2008): each proportion's Wilson limits, their distances from the estimate
 * combined as root sum of squares on each side, the way `newcombe` combines two. For an agent
 * that played every seat of a rotation equally often, its seat-balanced win rate: the seat
 * (a side that nearly always wins, say) then no longer counts as chance, and the interval is
 * as narrow as the seats allow. Undefined without groups or with an empty one.
 */
export function meanOfProportions(groups: ReadonlyArray<readonly [k: number, n: number]>): { rate: number; ci95: [number, number] } | undefined {
  if (groups.length === 0 || groups.some(([, n]) => n <= 0)) return undefined;
  const w = 1 / groups.length;
  let rate = 0;
  let below = 0;
  let above = 0;
  for (const [k, n] of groups) {
    const p = k / n;
    const [l, u] = wilson(k, n, Z95);
    rate += w * p;
    below += (w * (p - l)) ** 2;
    above += (w * (u - p)) ** 2;
  }
  return { rate, ci95: [Math.max(0, rate - Math.sqrt(below)), Math.min(1, rate + Math.sqrt(above))] };
}

export interface Sample {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1 in the denominator). */
  sd: number;
}

export function sample(values: readonly number[]): Sample {
  const n = values.length;
  if (n === 0) return { n: 0, mean: 0, sd: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const ss = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return { n, mean, sd: n > 1 ? Math.sqrt(ss / (n - 1)) : 0 };
}

/**
 * Welch's interval for the difference of two means a − b (unequal variances, Welch–Satterthwaite
 * degrees of freedom). With no spread on either side the difference is exact.
 */
export function welch(a: Sample, b: Sample): Difference & { df: number } {
  const diff = a.mean - b.mean;
  if (a.n < 2 || b.n < 2) return { diff, ci95: [-Infinity, Infinity], significant: false, df: 0 };
  const va = (a.sd * a.sd) / a.n;
  const vb = (b.sd * b.sd) / b.n;
  const se = Math.sqrt(va + vb);
  if (se === 0) return { diff, ci95: [diff, diff], significant: diff !== 0, df: Infinity };
  const df = (va + vb) ** 2 / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  const t = studentTQuantile(0.975, df);
  const ci95: [number, number] = [diff - t * se, diff + t * se];
  return { diff, ci95, significant: ci95[0] > 0 || ci95[1] < 0, df };
}

/** The p-quantile of Student's t with df degrees of freedom (df may be fractional), by bisection. */
export function studentTQuantile(p: number, df: number): number {
  if (!(df > 0)) return NaN;
  if (!Number.isFinite(df) || df > 1e7) return normalQuantile(p);
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** P(T ≤ t) through the regularized incomplete beta: P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2). */
export function studentTCdf(t: number, df: number): number {
  const tail = incompleteBeta(df / (df + t * t), df / 2, 0.5) / 2;
  return t >= 0 ? 1 - tail : tail;
}

function normalQuantile(p: number): number {
  // Bisection on the error function is plenty for the rare infinite-df case.
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function normalCdf(x: number): number {
  // Φ(x) = I_{x²/(x²+1)}… is awkward; use the t distribution's limit through a large df instead.
  return studentTCdf(x, 1e7);
}

/** Regularized incomplete beta I_x(a, b), by its continued fraction (modified Lentz evaluation). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  // The fraction converges fast only below the mean; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a).
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 500; m++) {
    // Even step: m(b − m)x / ((a + 2m − 1)(a + 2m)); odd step: −(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)).
    for (const num of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + num * d;
      if (Math.abs(d) < tiny) d = tiny;
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** ln Γ(x) for x > 0: Stirling's series after shifting x above 10 (Γ(x) = Γ(x + k) / (x(x+1)…)). */
function logGamma(x: number): number {
  let shift = 0;
  while (x < 10) {
    shift += Math.log(x);
    x += 1;
  }
  const inv = 1 / x;
  const inv2 = inv * inv;
  const series = inv * (1 / 12 - inv2 * (1 / 360 - inv2 * (1 / 1260 - inv2 * (1 / 1680 - inv2 / 1188))));
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + series - shift;
}
