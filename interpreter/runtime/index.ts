/** Public API of the runtime: compile once, play many games. */
export { compileRuleset, compileStandalone, CompileError, type Program } from '../compile/program.ts';
export { Game, type GameStatus } from './game.ts';
export type { GameSetup, SetupProblem } from './init.ts';
export type { DecisionRequest, Answer, Refusal } from './decisions.ts';
export type { LogEntry, LogLevel } from './log.ts';
export type { GameState } from './state.ts';
export type { GameView } from './views.ts';
export { pieceAlias } from './aliases.ts';
export { DEFAULT_RUNTIME_OPTIONS, type RuntimeOptions } from './runtime.ts';
