/**
 * The language service's data: names a script can use and places in files. Positions are 1-based
 * lines and columns, end exclusive, like every Diagnostic; hosts (Monaco, the LSP server) convert.
 */
import type { Range } from '../diagnostics.ts';

/** A place in a file. */
export interface Location {
  file: string;
  range: Range;
}

/** Where a script uses one of the ruleset's names (the checker's `CheckOptions.references`). */
export interface NameUse extends Location {
  name: string;
}

export type SymbolKind =
  | 'table'
  | 'track'
  | 'deck'
  | 'procedure'
  | 'zone'
  | 'piece'
  | 'option'
  | 'die'
  | 'variable'
  | 'side'
  | 'action'
  | 'area'
  | 'function'
  | 'builtin'
  | 'keyword'
  /** What a dot reads on an entity (`u.strength`): a prop, a per-owner value, a built-in member. */
  | 'member';

/** A name a script can use, with where it is defined (ruleset ids) and what it is. */
export interface SymbolInfo {
  name: string;
  kind: SymbolKind;
  /** The element's `name:`, or a built-in's signature. */
  title?: string;
  /** How a call is written, for hover: a procedure's `camp(s)`. */
  signature?: string;
  /** What the element holds, in one line for hover: `number per side · initial 0`, `cost 2 · chooses unit, target`. */
  facts?: string;
  doc?: string;
  location?: Location;
}
