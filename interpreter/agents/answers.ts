/**
 * The answers a search considers for a question: every option of a `one`; every number of a
 * narrow range, else its ends and a sample; a sample of distinct subsets for a `several`.
 */
import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import { nextInt, type RngState } from '../runtime/rng.ts';
import type { RandomAgent } from './random.ts';

export function candidateAnswers(req: DecisionRequest, max: number, rng: RngState, random: RandomAgent): Answer[] {
  if (req.kind === 'one') return req.options.map((_, i) => i);
  if (req.kind === 'number') {
    const span = req.max - req.min + 1;
    if (span <= max) return Array.from({ length: span }, (_, i) => req.min + i);
    const out = new Set<number>([req.min, req.max]);
    while (out.size < max) out.add(req.min + nextInt(rng, span));
    return [...out];
  }
  const out = new Map<string, number[]>();
  for (let t = 0; t < max * 2 && out.size < max; t++) {
    const a = random.choose(req) as number[];
    out.set(a.join(','), a);
  }
  return [...out.values()];
}
