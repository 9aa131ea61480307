/** Public API of the runtime: play many games of one compiled Program (compile/index.ts makes it). */
export type { Program } from './program.ts';
export { Game, SAVED_GAME_FORMAT, SAVED_GAME_VERSION, upgradeSavedGame, type ForkOptions, type GameStatus, type SavedGame } from './game.ts';
export type { GameSetup, SetupProblem } from './init.ts';
export { allowedValues, optionProblem, optionValueOk, parseOptionText, type OptionValue } from './options.ts';
export type { DecisionRequest, Answer, Refusal } from './decisions.ts';
export { previewsOf, type ChoicePreview } from './previews.ts';
export type { LogEntry, LogLevel } from './log.ts';
export type { GameState } from './state.ts';
export type { GameView } from './views.ts';
export { pieceAlias } from './aliases.ts';
export { DEFAULT_RUNTIME_OPTIONS, type RuntimeOptions } from './runtime.ts';
export { determinize, type Determinized, type Resampled } from './determinize.ts';
export { callDetached, runDetached } from './detached.ts';
export { ownerNameIn, resultText } from './result-text.ts';
export { cardFace, flowName, flowNames, lineText, placeName, readable, repeatedLines } from './log-reading.ts';
export { pieceLabelIn } from './piece-label.ts';
export { hiddenLabel } from './secrets.ts';
export { checkInvariants, hasInvariants, type InvariantViolation } from './invariants.ts';
