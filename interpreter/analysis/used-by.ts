/**
 * Which rules a change reaches: for each changed element that scripts use by name (a table, a
 * procedure, a variable, `red.score` for a per-side track…), the elements whose scripts read or set
 * it, from the checker's references (`CheckOptions.references`). `diff` prints them under the
 * change, so a designer who edits the CRT sees that combat reads it, and one who edits a table no
 * rule reads sees that too.
 */
import type { RulesetFile } from '../../grammar/index.ts';
import type { Reference } from '../check/index.ts';
import type { ElementChange } from './diff.ts';

/** An element whose scripts use a changed name: where its first use is written, and how many there are. */
export interface UsedBy {
  /** `procedure resolve_combat`, `phase movement`, `odds question attack_at_3`, `setup step 2`, `card rally of deck orders`. */
  element: string;
  file: string;
  line: number;
  column: number;
  uses: number;
}

/**
 * Sections whose elements only scripts use (no data names them), so that "used by no script" means
 * the change reaches no rule. Not dice (a table's `roll: 1d[x]` uses one), piece types or sides.
 */
const USED_BY_SCRIPTS = new Set(['tables', 'procedures', 'variables', 'tracks', 'options', 'decks', 'zones']);

/** The singular a section's elements are called by in a sentence. */
const NOUN: Record<string, string> = {
  procedures: 'procedure', actions: 'action', tables: 'table', decks: 'deck', tracks: 'track', variables: 'variable',
  zones: 'zone', pieces: 'piece', areas: 'area', invariants: 'invariant', odds: 'odds question', options: 'option',
  setup: 'setup step', phases: 'phase',
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The element a script at `path` belongs to, as a designer names it: `procedure x`, `action y`,
 * `phase z` and `setup step z` (by id, else their place, 1-based), `card c of deck d`, and
 * elsewhere the path: `flow.rounds.count`, `victory`.
 */
export function elementOf(path: ReadonlyArray<string | number>, rules: RulesetFile): string {
  const data = rules as Record<string, unknown>;
  const [section, second] = path;
  if (section === 'flow' && second === 'phases') return `phase ${itemName(data.flow, ['phases', path[2]])}`;
  if (section === 'setup' && typeof second === 'number') return `setup step ${itemName(data, ['setup', second])}`;
  if (section === 'decks' && path[2] === 'cards') return `card ${itemName(isObject(data.decks) ? data.decks[String(second)] : undefined, ['cards', path[3]])} of deck ${String(second)}`;
  // Elsewhere (`flow.rounds.count`, `heuristics.sides.red.score`, `victory`), the path itself.
  if (second === undefined || !(String(section) in NOUN)) return path.filter((step, i) => !(i === path.length - 1 && step === 'do')).join('.');
  return `${NOUN[String(section)]} ${String(second)}`;
}

/** A list item's `id`, or its place in the list counted from 1. */
function itemName(container: unknown, [list, index]: [string, unknown]): string {
  const items = isObject(container) ? container[list] : undefined;
  const item = Array.isArray(items) && typeof index === 'number' ? items[index] : undefined;
  if (isObject(item) && typeof item.id === 'string') return item.id;
  return typeof index === 'number' ? String(index + 1) : String(index);
}

/** The elements whose scripts use `name` (read or set it), in the order of their first use (file order). */
export function usersOf(name: string, refs: readonly Reference[], data: RulesetFile): UsedBy[] {
  const out = new Map<string, UsedBy>();
  for (const r of refs) {
    if (r.name !== name) continue;
    const element = elementOf(r.in, data);
    const seen = out.get(element);
    if (seen) seen.uses++;
    else out.set(element, { element, file: r.file, line: r.range.start.line, column: r.range.start.column, uses: 1 });
  }
  return [...out.values()];
}

/**
 * What in play a change reaches through the procedures that use it, called by other procedures in
 * turn: the phases, actions, setup steps, cards… (not procedures) at the end of those chains, in
 * the order found, each once. Empty when no procedure uses it (then `usersOf` says it all).
 */
export function reachOf(name: string, refs: readonly Reference[], data: RulesetFile): string[] {
  const byName = new Map<string, Reference[]>();
  for (const r of refs) {
    const list = byName.get(r.name);
    if (list) list.push(r);
    else byName.set(r.name, [r]);
  }
  const out = new Set<string>();
  const seen = new Set([name]);
  const queue = [name];
  let throughProcedure = false;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const r of byName.get(next) ?? []) {
      if (r.in[0] !== 'procedures') { if (next !== name) out.add(elementOf(r.in, data)); continue; }
      throughProcedure = true;
      const procedure = String(r.in[1]);
      if (!seen.has(procedure)) { seen.add(procedure); queue.push(procedure); }
    }
  }
  return throughProcedure ? [...out] : [];
}

/**
 * Set `usedBy` on every change of an element scripts use by name: who reads it in the variant
 * (`after`), or in the base for an element the variant removes. An element of another kind
 * (a piece type, a side) gets it only when some script uses it.
 */
export function addUsedBy(changes: ElementChange[], before: RulesUses, after: RulesUses): void {
  for (const c of changes) {
    const side = c.change === 'removed' ? before : after;
    const users = usedByOf(c.section, c.id, side);
    if (!users) continue;
    c.usedBy = users;
    const reaches = reachesOf(c.id, users, side);
    if (reaches.length) c.reaches = reaches;
  }
}

/** `reachOf`, less what `users` (the direct users) already name. */
export function reachesOf(id: string, users: readonly UsedBy[], rules: RulesUses): string[] {
  const direct = new Set(users.map((u) => u.element));
  return reachOf(id, rules.refs, rules.data).filter((e) => !direct.has(e));
}

/** One side of a comparison: its rules and where their scripts use their names. */
export interface RulesUses {
  refs: readonly Reference[];
  data: RulesetFile;
}

/**
 * Who uses the element `section.id` in `rules` (the variant's, or the base's for a removed one):
 * undefined for a whole section, and for an element data may also name that no script uses.
 */
export function usedByOf(section: string, id: string, rules: RulesUses): UsedBy[] | undefined {
  if (!id || section === id) return undefined;
  const users = usersOf(id, rules.refs, rules.data);
  return users.length || USED_BY_SCRIPTS.has(section) ? users : undefined;
}
