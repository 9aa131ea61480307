import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import { nextInt, seedRng, type RngState } from '../runtime/rng.ts';
import type { Agent } from './agent.ts';

/** Uniform over the legal answers, from its own seeded generator (separate from the game's dice). */
export class RandomAgent implements Agent {
  readonly name = 'random';
  private readonly rng: RngState;
  constructor(seed: string | number) {
    this.rng = seedRng(`agent:${seed}`);
  }

  choose(req: DecisionRequest): Answer {
    if (req.kind === 'one') return nextInt(this.rng, req.options.length);
    if (req.kind === 'number') return req.min + nextInt(this.rng, req.max - req.min + 1);
    const count = req.min + nextInt(this.rng, req.max - req.min + 1);
    const indices = req.options.map((_, i) => i);
    for (let i = indices.length - 1; i > 0; i--) {
      const j = nextInt(this.rng, i + 1);
      [indices[i], indices[j]] = [indices[j]!, indices[i]!];
    }
    return indices.slice(0, count).sort((a, b) => a - b);
  }
}

/** Always the first option (or the smallest number, or the fewest options). */
export class FirstAgent implements Agent {
  readonly name = 'first';
  choose(req: DecisionRequest): Answer {
    if (req.kind === 'one') return 0;
    if (req.kind === 'number') return req.min;
    return req.options.slice(0, req.min).map((_, i) => i);
  }
}
