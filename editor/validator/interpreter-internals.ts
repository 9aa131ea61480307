/** What the validator worker uses beyond loading and checking, from the interpreter's public index. */
export { rollWeights, parseBand, bandContains, rollShape, rulesetSymbols, builtinSymbols, keyChanges } from '../../interpreter/index.ts';
