/**
 * What the runtime plays: the compiled form of a ruleset. compile/ builds it and the runtime only
 * reads it, so the contract lives here and compile/ depends on runtime/, never the reverse
 * (docs/architecture.md).
 */
import type { RulesetFile } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';
import type { Code, Eval, Plain } from './frame.ts';
import type { Defs } from './defs.ts';
import type { RefTable } from './values.ts';

export type GlobalKind =
  | 'track' | 'variable' | 'option' | 'table' | 'deck' | 'zone' | 'area' | 'side' | 'die' | 'piece-type'
  | 'procedure' | 'action' | 'phase';

/**
 * A compiled script or expression site. Exactly one of `code`, `plain`, `eval` is set: `code` for
 * a script that can reach a decision (ops, run by the runtime's frame stack), `plain` for a script
 * that cannot (one closure), `eval` for an expression site (conditions, costs, cells).
 */
/** The local a `place` site's `pay` takes its amount in: not an identifier, so no name in the place can mean it. */
export const PAY_LOCAL = '#amount';

export interface CompiledScript {
  path: DataPath;
  code: Code | null;
  plain: Plain | null;
  eval: Eval | null;
  slots: number;
  /** Slots of the site's pre-bound locals (procedure params, `card`, `area`…), by name. */
  locals: Map<string, number>;
  /** `locals` as two lists (names, slots), in its order, for binding without an iterator. */
  localNames?: readonly string[];
  localSlots?: readonly number[];
  /**
   * Only reads the game (compile/purity.ts): no writes, dice, draws, choices or acting built-ins,
   * so run again on the same state it gives the same value and charges the same steps.
   */
  pure?: boolean;
  /**
   * For an expression site giving a list that only reads the game (a `select`, or a call of a
   * procedure returning one): whether it has an item, stopping at the first (the action menu's
   * legality check asks only that; compile/expressions.ts, `existence`).
   */
  exists?: CompiledScript;
  /** Whether the expression reads one of the site's pre-bound locals (an action's `cost` its params). */
  readsLocals?: boolean;
  /**
   * For a `place` site (`actions.pool`): the statement `place -= amount`, `amount` given as the
   * local `PAY_LOCAL` (compile/program.ts); the site itself reads the place.
   */
  pay?: CompiledScript;
}

/**
 * A ruleset compiled once into closures; frozen and shared by every game played with it.
 * Scripts are found through the same site list the checker uses, so both see the same texts.
 */
export interface Program {
  model: RulesetModel;
  data: RulesetFile;
  /** Stable hash of the merged ruleset data: replays name the rules they were played with. */
  hash: string;
  globals: ReadonlyMap<string, GlobalKind>;
  /** Compiled scripts and expressions by their data path joined with '.'. */
  scripts: ReadonlyMap<string, CompiledScript>;
  /** The scripts of `procedures.<id>.do`, by procedure id. */
  procedures: ReadonlyMap<string, CompiledScript>;
  /**
   * Procedures that are one `return select …` only reading the game, each as a script returning
   * `any` of the same query: what `size(p(x)) > 0` and the action menu's legality check run.
   */
  exists: ReadonlyMap<string, CompiledScript>;
  /** Every suspendable code by key (scripts' paths, and FLOW_KEY for the game's flow): saved frames name their code by it. */
  codes: ReadonlyMap<string, Code>;
  /** Entities interned once per program, shared by every game: refs compare by identity across forks. */
  refs: RefTable;
  /** The ruleset's data as typed structures, built once (defs.ts). */
  defs: Defs;
}

/** Key of the game flow's code in `Program.codes` (not a data path, so it never clashes with one). */
export const FLOW_KEY = '<flow>';

export const pathKey = (path: DataPath): string => path.join('.');

/** The nearest `source:` at or above a data path: the rulebook section a script encodes. */
export function sourceOf(data: RulesetFile, path: DataPath): string | undefined {
  let found: string | undefined;
  let node: unknown = data;
  for (const key of path) {
    if (isRecord(node) && typeof node.source === 'string') found = node.source;
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  }
  if (isRecord(node) && typeof node.source === 'string') found = node.source;
  return found;
}
