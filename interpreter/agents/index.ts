export type { Agent, SearchContext } from './agent.ts';
export { AgentExhausted } from './agent.ts';
export { FirstAgent, RandomAgent } from './random.ts';
export { ReplayAgent, ScriptedAgent } from './scripted.ts';
export { playWith, searchContext, type PlayedGame } from './run.ts';
export { MctsAgent, MCTS_DEFAULTS, rewardsOf, winnersOf, type MctsOptions, type MctsSearch } from './mcts.ts';
export { agentFromSpec, LEVELS, splitAgentSpecs, timeBudgeted } from './levels.ts';
export { answerPriors, hasHeuristic, heuristicRewards, heuristicScores } from './heuristics.ts';
export { GreedyAgent } from './greedy.ts';
