export type { Agent } from './agent.ts';
export { AgentExhausted } from './agent.ts';
export { FirstAgent, RandomAgent } from './random.ts';
export { ReplayAgent, ScriptedAgent } from './scripted.ts';
export { playWith, type PlayedGame } from './run.ts';
