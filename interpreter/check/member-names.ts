import type { Expr, RulesetFile, Script } from '../../grammar/index.ts';
import { entries, isRecord } from './context.ts';
import { scriptFacts } from './script-facts.ts';
import type { ScriptSite } from './sites.ts';
import type { SymbolTable } from './symbols.ts';
import { ANY, NUMBER, join, listOf, type Ty } from './types.ts';

/** Members of values that are not entities: rolls, and a list's size. */
const VALUE_MEMBERS: ReadonlyArray<[string, Ty]> = [['total', NUMBER], ['dice', listOf(NUMBER)], ['faces', listOf(ANY)], ['size', NUMBER]];

/** What member names may mean on a value of unknown kind (members of unknown values, expressions.ts). */
export interface PossibleMembers {
  /** Every member name some value of the ruleset can have. */
  names: Set<string>;
  /**
   * What reading each name gives, whatever the value: the join of its types over every entity
   * kind and value that has it; any value for a name some record may hold as a field.
   */
  types: Map<string, Ty>;
  /** The names some record may hold as a field: from data, record literals, and assignments of names no entity has. */
  fields: Set<string>;
}

/** Every key of a data value, at any depth (table rows, variables' initial records, card props…). */
function collectKeys(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 64) return;
  if (Array.isArray(value)) for (const v of value) collectKeys(v, into, depth + 1);
  else if (isRecord(value)) {
    for (const k of Object.keys(value)) {
      into.add(k);
      collectKeys(value[k], into, depth + 1);
    }
  }
}

/**
 * Every member name some value of this ruleset can have. A member read on a value whose kind the
 * checker does not know (a procedure parameter, an element of a zone) can only succeed with one of
 * these: entity members (props, fields, per-entity tracks, variables and zones, built-in members),
 * a roll's or a list's members, or a record field — and a record gets its fields only from data
 * (tables, decks, dice, variables), from record literals and assignments in scripts, or keyed by
 * an element id or a player id. A name outside this set fails on every value (on a record it is
 * always `none`), which is what `unknown-property` on an unknown value reports.
 */
export function possibleMemberNames(data: RulesetFile, sites: readonly ScriptSite[], symbols: SymbolTable, asts: ReadonlyArray<Script | Expr | null> = []): PossibleMembers {
  // A name only entities and values have reads as the join of what they give (a per-piece track
  // is a number on whatever carries it); a record field can hold anything.
  const types = new Map<string, Ty>();
  const typed = (name: string, t: Ty) => types.set(name, types.has(name) ? join(types.get(name)!, t) : t);
  for (const [name, t] of VALUE_MEMBERS) typed(name, t);
  for (const members of symbols.members.values()) for (const [name, t] of members) typed(name, t);
  const names = new Set<string>();
  // A table's rows give values: their fields are record fields; the rows' labels and the table's own keys are not.
  for (const [, table] of entries(data.tables)) {
    const rows = isRecord(table) ? table.rows : undefined;
    for (const row of Array.isArray(rows) ? rows : isRecord(rows) ? Object.values(rows) : []) collectKeys(row, names);
  }
  collectKeys(data.decks, names);
  collectKeys(data.dice, names);
  for (const [, v] of entries(data.variables)) collectKeys(isRecord(v) ? v.initial : undefined, names);
  for (const [, deck] of entries(data.decks)) for (const card of Array.isArray(deck.cards) ? deck.cards : []) if (isRecord(card) && typeof card.id === 'string') names.add(card.id);
  // Records keyed by data: element ids a script may use as keys.
  for (const sym of symbols.globals.values()) if (sym.kind === 'area' || sym.kind === 'side' || sym.kind === 'piece-type' || sym.kind === 'action' || sym.kind === 'phase') names.add(sym.name);
  const set = new Set<string>();
  sites.forEach((site, i) => {
    // Record literal keys (`{ winner: red }`) and fields set by assignment (`r.count = 0`); `+=`
    // and `-=` read the field first, so they set no field that was not there. From the parsed
    // script, so text in quotes (`log "Hey Beavis: …"`) names no field; from the text where it did not parse.
    const ast = asts[i];
    if (ast) {
      const facts = scriptFacts(ast);
      for (const k of facts.recordKeys) names.add(k);
      for (const m of facts.assignedMembers) set.add(m);
      return;
    }
    // Most scripts have no `:` at all, and this pattern retries at every letter of every name.
    if (site.text.includes(':')) for (const m of site.text.matchAll(/([A-Za-z_]\w*)\s*:/g)) names.add(m[1]!);
    for (const m of site.text.matchAll(/\.([A-Za-z_]\w*)\s*=(?!=)/g)) set.add(m[1]!);
  });
  // A name set by assignment that entities have (`a.spinning = true`, a per-piece variable) is
  // taken for the entity's, not for a record's field, when telling which values have it.
  const fields = new Set(names);
  for (const name of set) {
    names.add(name);
    if (!types.has(name)) fields.add(name);
  }
  // `names` holds record fields so far: what they read is not known.
  for (const name of names) types.set(name, ANY);
  for (const name of types.keys()) names.add(name);
  return { names, types, fields };
}

/** Member names scripts set with `=` (`r.count = 0`, `ship.owner = p`); `+=` and `-=` keep a number a number. */
export function assignedMembers(sites: readonly ScriptSite[]): Set<string> {
  const names = new Set<string>();
  for (const site of sites) for (const m of site.text.matchAll(/\.([A-Za-z_]\w*)\s*=(?!=)/g)) names.add(m[1]!);
  return names;
}

/** Player ids (`p1`, `p2`…) key the records of simultaneous secret choices. */
export const isPlayerId = (name: string): boolean => /^p[1-9][0-9]*$/.test(name);
