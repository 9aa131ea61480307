/**
 * The checker's small type lattice. `any` means "not known statically" and never produces an
 * error: the checker only reports what it can prove, so a designer is never told a valid
 * script is wrong.
 */
export type EntityKind = 'piece' | 'card' | 'area' | 'player' | 'side' | 'zone' | 'deck' | 'table' | 'die' | 'piece-type' | 'hex';

/**
 * A value read from a table field that some rows lack: `none` in those rows. Reported where it is
 * used as a number, unless a condition around the use tests one of `names` (the record, the key
 * it was looked up by), which may be what keeps those rows out.
 */
export interface Missing {
  table: string;
  field: string;
  rows: string[];
  names: string[];
  /** The name the row was looked up by, when the key is that name alone (`table[total]`): a numeric test of it keeps out the rows outside its interval only. */
  key?: string;
  /** A piece prop that is a number in most piece types and something else (`reads`) in `types` (areas, with `of`). */
  prop?: { types: string[]; reads: string; of?: 'area' };
  /**
   * Rows (`rows`) whose value, or whose `field` when there is one, is of another kind (`reads`)
   * than in the table's other rows: a number or a record in most, a list or text in these.
   */
  kind?: { reads: string };
  /** A procedure (`table`) that returns a number but for a few `return`s, the first `at` (file:line:column), of another kind. */
  returned?: { at: string; reads: string };
}

export type Ty = (
  | { k: 'any' }
  | { k: 'number' }
  /** `values`: the texts it can only be, when known (a choice option's values, a table's cells, a text written out). */
  | { k: 'text'; values?: readonly string[] }
  | { k: 'bool' }
  /** `from`: the procedure without a `return` of a value whose call this is; `lacks`: a card's own prop it has not (card-ids.ts). */
  | { k: 'none'; from?: string; lacks?: { card: string; prop: string } }
  | { k: 'range' }
  | { k: 'roll' }
  /** `empty`: the literal `[]`, whose items are not known yet; what is appended or joined to it gives them. */
  | { k: 'list'; of: Ty; empty?: true }
  /**
   * A record; `fields` known when it comes from a table row or a record literal. A table row's
   * fields that some of the rows it may be lack are `lacking`; `keys` are the names its key was
   * computed from (`key`: the one name it was, `Missing.key`); `row` names the one row it is, when that is known (`table["key"]`, a row's `effect`);
   * `fixed`: a table's row, data no script changes, so `r["name"]` reads as `r.name`.
   */
  | { k: 'record'; fields?: Map<string, Ty>; lacking?: Map<string, { table: string; rows: string[] }>; keys?: string[]; key?: string; row?: string; fixed?: true }
  /**
   * `id`: the one entity it is (a name written out; a card's deck); `ids`: one of a few named ones
   * (`[dragoon, hussar]`); `own`: the one card it is, in that card's own `effect:`, with its props.
   */
  | { k: 'entity'; e: EntityKind; id?: string; ids?: readonly string[]; own?: { card: string; props: ReadonlySet<string> } }
) & { missing?: Missing };

export const ANY: Ty = { k: 'any' };
export const NUMBER: Ty = { k: 'number' };
export const TEXT: Ty = { k: 'text' };
export const BOOL: Ty = { k: 'bool' };
export const NONE: Ty = { k: 'none' };
export const RANGE: Ty = { k: 'range' };
export const ROLL: Ty = { k: 'roll' };
export const listOf = (of: Ty): Ty => ({ k: 'list', of });
/** The type of `[]`: a list whose items are not known until something is appended or joined to it. */
export const EMPTY_LIST: Ty = { k: 'list', of: ANY, empty: true };
export const entity = (e: EntityKind, id?: string): Ty => (id ? { k: 'entity', e, id } : { k: 'entity', e });

export function describe(t: Ty): string {
  switch (t.k) {
    case 'list':
      return t.of.k === 'any' ? 'a list' : `a list of ${describe(t.of).replace(/^an? /, '')}s`;
    case 'entity':
      return `${/^[aeiou]/.test(t.e) ? 'an' : 'a'} ${t.e}`;
    case 'any':
      return 'a value';
    case 'none':
      return t.from ? `\`none\` (\`${t.from}\` returns no value)` : '`none`';
    case 'roll':
      return 'a roll';
    case 'record':
      return t.row ?? 'a record';
    case 'range':
      return 'a range';
    case 'bool':
      return 'a true/false value';
    default:
      return `a ${t.k}`;
  }
}

/**
 * Can a value of type `t` be one of the entity kinds `kinds` (or, with `text`, text naming one)?
 * An unknown value can, and so can a `none` that may stand for a value not yet set; the `none` a
 * procedure without a return gives cannot.
 */
export function mayBeEntity(t: Ty, kinds: readonly EntityKind[], text = false): boolean {
  return t.k === 'any' || (text && t.k === 'text') || (t.k === 'none' && !t.from) || (t.k === 'entity' && kinds.includes(t.e));
}

/** Can a value of type `t` be used as a number (rolls and unknowns can)? */
export const isNumeric = (t: Ty): boolean => t.k === 'number' || t.k === 'roll' || t.k === 'any';
export const isBoolish = (t: Ty): boolean => t.k === 'bool' || t.k === 'any';
export const isCollection = (t: Ty): boolean => t.k === 'list' || t.k === 'range' || t.k === 'any' || (t.k === 'entity' && (t.e === 'deck' || t.e === 'zone' || t.e === 'area'));

/** Element type when iterating a collection. */
export function elementOf(t: Ty): Ty {
  if (t.k === 'list') return t.of;
  if (t.k === 'range') return NUMBER;
  if (t.k === 'entity' && t.e === 'deck') return cardOf(t);
  if (t.k === 'entity' && t.e === 'area') return entity('piece');
  // Zones hold pieces or cards (hands), so their elements are not known statically.
  return ANY;
}

/**
 * A card drawn or listed from `t`: of its deck, or one of its decks, when that is known (a card's
 * `id` names its deck), so that its `id` and `name` are that deck's; a list of cards gives its item.
 */
export function cardOf(t: Ty): Ty {
  if (t.k === 'entity' && t.e === 'deck' && t.id !== undefined) return entity('card', t.id);
  if (t.k === 'entity' && t.e === 'deck' && t.ids) return { k: 'entity', e: 'card', ids: t.ids };
  if (t.k === 'list' && t.of.k === 'entity' && t.of.e === 'card') return t.of;
  return entity('card');
}

/** How many texts a joined text keeps track of (`values`). */
const MAX_VALUES = 64;

/** Text of known values, when few: `textOf(["a"])` is the text written `"a"`. */
export const textOf = (values: readonly string[]): Ty => (values.length <= MAX_VALUES ? { k: 'text', values } : TEXT);

/**
 * The kind without the values: what a call site passes (a procedure written for "in" and "out"
 * but called today only with "in" is not wrong) or what data gives (a piece prop other pieces of a
 * variant may give other values).
 */
export function withoutValues(t: Ty): Ty {
  if (t.k === 'text' && t.values) return t.missing ? { ...TEXT, missing: t.missing } : TEXT;
  if (t.k === 'list') return listOf(withoutValues(t.of));
  if (t.k === 'record' && t.fields) return { ...t, fields: new Map([...t.fields].map(([k, f]) => [k, withoutValues(f)])) };
  return t;
}

function joinTexts(a: Extract<Ty, { k: 'text' }>, b: Extract<Ty, { k: 'text' }>): Ty {
  const missing = a.missing ?? b.missing;
  if (!a.values || !b.values) return missing ? { ...TEXT, missing } : TEXT;
  const joined = textOf([...new Set([...a.values, ...b.values])]);
  return missing ? { ...joined, missing } : joined;
}

/** How many named entities a joined type keeps track of (`ids`). */
const MAX_NAMED = 32;

/** Join of two branch types (if/else, list items): equal kinds stay, otherwise unknown. */
export function join(a: Ty, b: Ty): Ty {
  if (a.k === 'none') return b;
  if (b.k === 'none') return a;
  if (a.k === 'text' && b.k === 'text') return joinTexts(a, b);
  // A number that may not be one (a prop or field of another kind somewhere) stays so when joined.
  if (a.k === b.k && a.k !== 'entity' && a.k !== 'list' && a.k !== 'record') return a.missing || !b.missing ? a : b;
  if (a.k === 'entity' && b.k === 'entity' && a.e === b.e) {
    // Two cards of one deck are that deck's cards, not the one card (`own`) either may be.
    if (a.id !== undefined && a.id === b.id) return a.own === b.own ? a : { k: 'entity', e: a.e, id: a.id };
    // Entities named in a list written out: which ones they may be, while they are few.
    const named = (t: typeof a) => t.ids ?? (t.id !== undefined ? [t.id] : null);
    const x = named(a);
    const y = named(b);
    if (!x || !y) return entity(a.e);
    const ids = [...new Set([...x, ...y])];
    return ids.length <= MAX_NAMED ? { k: 'entity', e: a.e, ids } : entity(a.e);
  }
  if (a.k === 'list' && b.k === 'list') return a.empty ? b : b.empty ? a : listOf(join(a.of, b.of));
  if ((a.k === 'number' && b.k === 'roll') || (a.k === 'roll' && b.k === 'number')) return NUMBER;
  return ANY;
}
