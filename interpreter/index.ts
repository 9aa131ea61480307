/**
 * The interpreter's public API, for the editor and other hosts (Node-free: the CLI lives apart in
 * interpreter/cli). Load and check rulesets, compile and play games, compute exact odds and diffs.
 */
export type { Diagnostic, Position, Range, Severity } from './diagnostics.ts';
export { isError, sortDiagnostics } from './diagnostics.ts';
export * from './load/index.ts';
export { checkRuleset, ParseCache, type CheckOptions, type Reference } from './check/index.ts';
export { rollShape } from './check/tables.ts';
export * from './compile/index.ts';
export * from './runtime/index.ts';
export * from './agents/index.ts';
export { exactOdds, type Distribution, type Outcome } from './analysis/odds.ts';
export { diffRulesets, type ElementChange, type ValueChange, type ScriptChange, type CardChange, type TableGrid, type DiffLine } from './analysis/diff.ts';
export { oddsChanges, type OddsChange } from './analysis/odds-diff.ts';
export { oddsBreakdown, type OddsWithBreakdown, type BreakdownLine, type CellStep } from './analysis/odds-breakdown.ts';
export { breakdownLines, rowWeights, valueLabels, valueText } from './analysis/odds-text.ts';
export { keyChanges } from './analysis/key-diff.ts';
export { usedByOf, reachesOf, type UsedBy, type RulesUses } from './analysis/used-by.ts';
export { compareSimulations, compareRecordSets, type NamedRecords, type Comparison, type RateChange, type MeanChange, type FirstSeat } from './analysis/compare.ts';
export { newcombe, welch, sample, studentTQuantile, type Difference, type Sample } from './analysis/intervals.ts';
export { renderReport, type ReportInput } from './analysis/report.ts';
export { summarise, wilson, type GameRecord, type SimulationSummary } from './analysis/summary.ts';
export { resultLabel, sideNames } from './analysis/labels.ts';
export { scoreMargin, seatSides } from './analysis/margin.ts';
export { rollWeights, type RollShape, type Weights } from './dice/distribution.ts';
export { parseBand, bandContains, formatBand, type Band } from './tables/bands.ts';
export { BUILTIN_FUNCTIONS, BUILTIN_NAMES, ENTITY_MEMBERS } from './check/signatures.ts';
export { replayFile, REPLAY_FORMAT, type ReplayFile } from './analysis/replay-file.ts';
export { gameDigest } from './analysis/digest.ts';
export { rulesetSymbols, builtinSymbols } from './language/symbols.ts';
