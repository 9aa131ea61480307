/**
 * Several like dice as one chance of exact odds: each multiset of their results once, sorted, and
 * weighted by how many orders of the dice give it. 8d6 is then 1,287 outcomes instead of 1,679,616,
 * and 20d6 53,130, so a pool's total is exact where enumerating die by die was not. Exact only
 * while nothing reads which die came first (values.ts, Roll.unordered; odds.ts starts over die by
 * die when something does).
 */

export interface DicePool {
  /** Each multiset of results, sorted ascending, in lexicographic order. */
  outcomes: readonly (readonly number[])[];
  /** How many of the sidesᶜᵒᵘⁿᵗ equally likely orders give each outcome. */
  weights: readonly bigint[];
  /** sidesᶜᵒᵘⁿᵗ: the weights' sum. */
  total: bigint;
}

/** Pools made, by count and sides; an odds question meets few kinds of roll, a session a few more. */
const made = new Map<string, DicePool>();
const MADE_AT_MOST = 64;

/** The pool of `count` dice of `sides` sides, or undefined when it has more than `most` outcomes. */
export function dicePool(count: number, sides: number, most: number): DicePool | undefined {
  // Asked again for every path of an enumeration: a pool made before is answered first.
  const key = `${count}d${sides}`;
  let pool = made.get(key);
  if (pool) return pool.outcomes.length <= most ? pool : undefined;
  if (!Number.isInteger(count) || !Number.isInteger(sides) || count < 1 || sides < 1 || multisets(count, sides, most) > most) return undefined;
  const fact = factorials(count);
  const outcomes: number[][] = [];
  const weights: bigint[] = [];
  const cur = new Array<number>(count).fill(1);
  for (;;) {
    outcomes.push(cur.slice());
    // count! over the product of each repeated result's count!
    let w = fact[count]!;
    for (let i = 0, run = 1; i < count; i++, run++) {
      if (i === count - 1 || cur[i + 1] !== cur[i]) { w /= fact[run]!; run = 0; }
    }
    weights.push(w);
    // Next multiset: raise the last die that can go up, and every die after it to the same result.
    let i = count - 1;
    while (i >= 0 && cur[i] === sides) i--;
    if (i < 0) break;
    const v = cur[i]! + 1;
    for (let j = i; j < count; j++) cur[j] = v;
  }
  pool = { outcomes, weights, total: BigInt(sides) ** BigInt(count) };
  if (made.size >= MADE_AT_MOST) made.clear();
  made.set(key, pool);
  return pool;
}

/** C(count + sides − 1, count), the number of multisets, or `most + 1` as soon as it passes `most`. */
function multisets(count: number, sides: number, most: number): number {
  // C(n, k) with k the smaller side, built up as exact integers: each step's product divides.
  const n = count + sides - 1;
  const k = Math.min(count, sides - 1);
  let c = 1;
  for (let i = 1; i <= k; i++) {
    c = (c * (n - k + i)) / i;
    if (c > most) return most + 1;
  }
  return c;
}

function factorials(n: number): bigint[] {
  const f: bigint[] = [1n];
  for (let i = 1; i <= n; i++) f.push(f[i - 1]! * BigInt(i));
  return f;
}
