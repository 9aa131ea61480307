/** What the validator worker uses beyond loading and checking, from the interpreter's public index. */
export { rollWeights, parseBand, bandContains, rollShape, BUILTIN_FUNCTIONS, BUILTIN_NAMES } from '../../interpreter/index.ts';
