/**
 * Which members a value of a type has, for the checker's member reads (`x.prop`): an entity's are
 * its kind's (props, per-owner values, built-ins), a record's its fields. Undefined: a value of
 * unknown kind, whose members only the ruleset-wide list can judge (expressions.ts).
 */
import type { SymbolTable } from './symbols.ts';
import { ANY, NUMBER, listOf, type Ty } from './types.ts';

const ROLL_MEMBERS = new Map<string, Ty>([['total', NUMBER], ['dice', listOf(NUMBER)], ['faces', listOf(ANY)]]);
const LIST_MEMBERS = new Map<string, Ty>([['size', NUMBER]]);
const NO_MEMBERS = new Map<string, Ty>();

export function knownMembers(object: Ty, symbols: SymbolTable): ReadonlyMap<string, Ty> | undefined {
  if (object.k === 'entity') return symbols.members.get(object.e);
  if (object.k === 'record') return object.fields;
  // A number may be a roll's total (a join of the two is a number); lists have a size.
  if (object.k === 'roll' || object.k === 'number') return ROLL_MEMBERS;
  if (object.k === 'list') return LIST_MEMBERS;
  // Text has no members: a piece's `type` is a piece type, not its id as text; nor have true/false and ranges.
  if (object.k === 'bool' || object.k === 'range' || object.k === 'text') return NO_MEMBERS;
  return undefined;
}
