/**
 * "Did you mean …?" for a misspelt key or value: the closest candidate by edit distance, if it is
 * close enough to be a likely typo.
 */

/** The candidate closest to `word`, when within a third of its length (at least 1, at most 3). */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const target = word.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance = lower === target ? 0 : editDistance(target, lower, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Optimal-string-alignment distance (a swap of neighbours counts 1), cut off at `cap`: the exact
 * distance when it is below `cap`, else `cap`. Shared with the checker's did-you-mean.
 */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (previous2[j - 2] ?? 0) + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin >= cap) return cap;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? cap;
}
