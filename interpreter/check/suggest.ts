import { editDistance } from '../../grammar/index.ts';

/**
 * Did-you-mean: the closest candidate by edit distance, if it is close enough to be a likely typo.
 * Threshold scales with length so `cf`→`mf` is offered but `cash`→`turn` is not.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  // Distances past the limit are never offered, so they need not be exact (editDistance's cap).
  const cap = limit + 1;
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = editDistance(lower, candidate.toLowerCase(), cap);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** " Did you mean `x`?" or "" — for appending to messages. */
export function didYouMean(word: string, candidates: Iterable<string>): { text: string; suggestion?: string } {
  const suggestion = closest(word, candidates);
  return suggestion ? { text: ` Did you mean \`${suggestion}\`?`, suggestion } : { text: '' };
}

/**
 * Did-you-mean for a code of one or two letters (`DX` among `AL`, `DL`, `BL`, `NE`): every such
 * code is a step or two from every other, so one is offered only when it alone is nearest, a
 * letter (or a letter's case) away.
 */
export function didYouMeanShort(word: string, candidates: readonly string[]): { text: string; suggestion?: string } {
  const lower = word.toLowerCase();
  const distances = candidates.map((c) => (c === word ? Infinity : editDistance(lower, c.toLowerCase(), 2)));
  const best = Math.min(...distances);
  const nearest = candidates.filter((_, i) => distances[i] === best);
  return best <= 1 && nearest.length === 1 ? { text: ` Did you mean \`${nearest[0]}\`?`, suggestion: nearest[0]! } : { text: '' };
}
