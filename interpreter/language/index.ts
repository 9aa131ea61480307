/**
 * The language service: where the cursor is, which keys hold scripts, and completion, hover,
 * go-to-definition and find-references from a ruleset's names. Imports nothing at run time beyond its own files, so the
 * editor's main thread uses it without loading the loader or checker; the names themselves are
 * built where a ruleset is loaded (`rulesetSymbols`, `builtinSymbols` from `interpreter/index.ts`).
 */
export type { Location, NameUse, SymbolInfo, SymbolKind } from './types.ts';
export { cursorContext, type CursorContext } from './script-context.ts';
export { scriptKeys, scriptMapKeys } from './script-keys.ts';
export { COMPLETION_TRIGGERS, completionsAt, definitionAt, hoverAt, linesOf, referencesAt, symbolAt, wordAt, type CompletionEntry, type Completions, type HoverInfo, type LanguageContext, type WordSpan } from './service.ts';
