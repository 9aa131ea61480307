/** What the validator worker uses beyond loading and checking, from the interpreter's public index. */
export { rollWeights, parseBand, bandContains, rollShape, rulesetSymbols, builtinSymbols, keyChanges, usedByOf, reachesOf, type RulesUses } from '../../interpreter/index.ts';
