/** Public entry point of the compiler: a checked ruleset to the Program every game plays. */
export { compileRuleset, compileStandalone, CompileError } from './program.ts';
export type { Program } from '../runtime/program.ts';
