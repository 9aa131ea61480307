import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { Game } from '../runtime/game.ts';
import type { RngState } from '../runtime/rng.ts';
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
  choose(request: DecisionRequest, view: () => GameView, search?: SearchContext): Answer;
}

/**
 * What a search agent may plan on: games its seat cannot tell from the real one. `sample` returns
 * a fresh determinization (runtime/determinize.ts) with the same pending question; the real game
 * is never handed to an agent, so a bot cannot read another seat's secrets.
 */
export interface SearchContext {
  seat: string;
  sample(rng: RngState): Game;
}

export class AgentExhausted extends Error {}
