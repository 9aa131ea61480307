/** What the validator worker uses beyond loading and checking, from the interpreter's public index. */
export { rollWeights, parseBand, bandContains, rollShape, rulesetSymbols, builtinSymbols } from '../../interpreter/index.ts';
