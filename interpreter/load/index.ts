/** Public entry point of the loader: YAML files to a located, merged, frozen RulesetModel. */
export { loadRuleset, type LoadOptions } from './load-ruleset.ts';
export { FileCache } from './load-file.ts';
export type { DataPath, LoadResult, Origin, RulesetModel, SourceFile } from './model.ts';
export { defaultRoot, folderOf, isInside, canonical } from './root.ts';
export { createMemoryHost, normalizePath, resolveEntry, resolvePosix, ENTRY_FILE_NAME, type FileHost } from './file-host.ts';
export { DEFAULT_LIMITS, type LoadLimits } from './read-source.ts';
export { LOADER_CODES, type LoaderCode } from './codes.ts';
export { computeLineStarts, positionAt, rangeAt } from './positions.ts';
export { blameVariant } from './variant-blame.ts';
export { hintNotIncluded } from './not-included.ts';
