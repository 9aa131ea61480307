import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { GameView } from '../runtime/views.ts';

/**
 * Whoever answers a seat's decisions: a bot, a scripted list, a replay, a person. It sees only
 * its own view. Small on purpose: a heuristic or MCTS agent implements the same one method.
 */
export interface Agent {
  readonly name: string;
  choose(request: DecisionRequest, view: () => GameView): Answer;
}

export class AgentExhausted extends Error {}
