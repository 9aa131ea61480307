/**
 * One step ahead: every answer is tried on a few games the seat cannot tell from the real one
 * (determinizations, so chance and hidden information are sampled), the rules run to the next
 * question, and the position is scored by the ruleset's heuristic (by the result when the game
 * ended). The answer with the best mean wins; ties go to the first. Without a heuristic every
 * unfinished position scores 0.5, so it only tells winning and losing moves apart.
 */
import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import { seedRng, type RngState } from '../runtime/rng.ts';
import type { Agent, SearchContext } from './agent.ts';
import { candidateAnswers } from './answers.ts';
import { heuristicRewards } from './heuristics.ts';
import { rewardsOf } from './mcts.ts';
import { RandomAgent } from './random.ts';

export class GreedyAgent implements Agent {
  readonly name = 'greedy';
  private readonly rng: RngState;
  private readonly fallback: RandomAgent;

  /** `samples`: determinizations per answer; `maxAnswers`: answers tried for a `several` or wide `number` question. */
  constructor(seed: string | number, private readonly samples = 4, private readonly maxAnswers = 16) {
    this.rng = seedRng(`greedy:${seed}`);
    this.fallback = new RandomAgent(`greedy-fallback:${seed}`);
  }

  choose(req: DecisionRequest, _view: unknown, search?: SearchContext): Answer {
    if (!search) return this.fallback.choose(req);
    const answers = this.candidates(req);
    if (answers.length === 1) return answers[0]!;
    let best = answers[0]!;
    let bestScore = -Infinity;
    for (const a of answers) {
      let total = 0;
      for (let k = 0; k < this.samples; k++) {
        const game = search.sample(this.rng);
        if (!game.answer(a).ok) { total = -Infinity; break; }
        const rewards = game.status === 'waiting' ? (heuristicRewards(game) ?? rewardsOf(game)) : rewardsOf(game);
        total += rewards.get(search.seat) ?? 0;
      }
      if (total > bestScore) {
        bestScore = total;
        best = a;
      }
    }
    return best;
  }

  private candidates(req: DecisionRequest): Answer[] {
    return candidateAnswers(req, this.maxAnswers, this.rng, this.fallback);
  }
}
