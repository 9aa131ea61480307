import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { GameView } from '../runtime/views.ts';

/**
 * Whoever answers a seat's decisions: a bot, a scripted list, a replay, a person. It sees only
 * its own view. Small on purpose: a heuristic or MCTS agent implements the same one method.
 * The answer indexes `request.options` (the rules' order); `view().pending` is the same question
 * as the seat sees it, other sides' hidden pieces by alias and in shown order (see
 * `Game.answerFromView` for answers given by that order).
 */
export interface Agent {
  readonly name: string;
  choose(request: DecisionRequest, view: () => GameView): Answer;
}

export class AgentExhausted extends Error {}
