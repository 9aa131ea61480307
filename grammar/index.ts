/**
 * Public entry point of the rules-language grammar: the AST and ruleset-file contracts, the
 * parser, the ruleset JSON Schema and the highlighter's token data. Other folders import this
 * file, never the modules behind it.
 */
export type * from './ast.ts';
export type * from './ruleset-types.ts';
// Both files name a `Script`; an explicit export wins over the star exports. The AST node is the
// one code works with; the ruleset file's string alias stays reachable as `ScriptText`.
export type { Script } from './ast.ts';
export type { Script as ScriptText } from './ruleset-types.ts';

export { assertNever } from './assert-never.ts';
export { didYouMean, editDistance } from './did-you-mean.ts';
export { parseScript, parseExpression, parseTemplate, MAX_SCRIPT_LENGTH } from './parse.ts';
export type { ParseDiagnostic } from './parse.ts';
export { MAX_NESTING } from './parser-base.ts';
export { ID_PATTERN, isId, rulesetSchema } from './schema.ts';
export type { JsonSchema } from './schema.ts';
export {
  classifyTokens,
  constants,
  contextualKeywords,
  keywords,
  monarchLanguage,
  operators,
  patterns,
  wordOperators,
} from './highlight.ts';
export type { ClassifiedToken, MonarchLanguage, TokenClass } from './highlight.ts';
