/**
 * The sections whose keys are ids, apart from the symbol builder so the language service can read
 * them without loading the checker (it runs on the editor's main thread).
 */
import type { SymbolKind } from './types.ts';

/** Sections whose keys are ids scripts can name, and the kind of element each holds. */
export const SECTIONS: ReadonlyArray<[path: string[], kind: SymbolKind]> = [
  [['tables'], 'table'],
  [['tracks'], 'track'],
  [['decks'], 'deck'],
  [['procedures'], 'procedure'],
  [['zones'], 'zone'],
  [['pieces'], 'piece'],
  [['options'], 'option'],
  [['dice'], 'die'],
  [['variables'], 'variable'],
  [['sides'], 'side'],
  [['actions'], 'action'],
  [['map', 'areas'], 'area'],
];

/** The kind of element a dotted path names after its section (`tables.` → table, `map.areas.` → area). */
export function sectionKind(path: string): SymbolKind | undefined {
  return SECTIONS.find(([p]) => p.join('.') === path)?.[1];
}

