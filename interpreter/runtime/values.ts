/**
 * Runtime values of the rules language: numbers, text, booleans, `null` for `none`, arrays for
 * lists, prototype-free objects for records, and the classes below. Entities are references
 * (kind + id) into the game state, so values never hold stale copies of state.
 */
export type EntityKind = 'piece' | 'card' | 'area' | 'player' | 'side' | 'zone' | 'deck' | 'hex' | 'table' | 'die' | 'piece-type';

export class EntityRef {
  /**
   * A piece's place in the program's piece order (`Defs.pieceIds`), so the runtime finds its state
   * with an array load; -1 for other entities and for refs made outside the program's RefTable.
   */
  constructor(readonly kind: EntityKind, readonly id: string, readonly slot = -1) {}
  toString(): string {
    return this.id;
  }
}

/**
 * A roll keeps its dice: `.total`, `.dice` (each die's value), `.faces` (custom dice faces).
 *
 * `unordered`: exact odds drew its dice as one multiset of like dice (sorted, weighted by how many
 * orders give it), which is exact only while nothing reads which die came first: its `dice` and
 * `faces` then throw `DiceOrderRead`, and the enumeration starts again die by die (analysis/odds.ts).
 * A game's rolls are never unordered.
 */
export class Roll {
  private readonly rolled: number[];
  private readonly shown: unknown[];
  constructor(readonly total: number, dice: number[], faces: unknown[], readonly notation: string, readonly unordered = false) {
    this.rolled = dice;
    this.shown = faces;
  }
  get dice(): number[] {
    if (this.unordered) throw new DiceOrderRead();
    return this.rolled;
  }
  get faces(): unknown[] {
    if (this.unordered) throw new DiceOrderRead();
    return this.shown;
  }
  /** `dice` or `faces` read where their order cannot change anything (compile/expressions.ts, `orderFreeDice`). */
  inAnyOrder(prop: 'dice' | 'faces'): unknown[] {
    return prop === 'dice' ? this.rolled : this.shown;
  }
  toString(): string {
    return this.dice.length > 1 ? `${this.total} (${this.dice.join('+')})` : String(this.total);
  }
}

/** Thrown when a script reads the order of an unordered roll's dice (see Roll). */
export class DiceOrderRead extends Error {
  constructor() {
    super('the order of an unordered roll was read');
  }
}

export class RangeValue {
  constructor(readonly from: number, readonly to: number) {}
  has(n: number): boolean {
    return n >= this.from && n <= this.to;
  }
  toString(): string {
    return this.to === Infinity ? `${this.from}+` : `${this.from}..${this.to}`;
  }
}

/** A piece named in text, by its id or its label (`Captain (captain_1)`), as written. */
export interface PiecePart {
  piece: string;
  as: 'id' | 'label';
  text: string;
  /**
   * Who could identify the piece before the move the line tells (`movedPieceSpan`; an audience as
   * `pieceAudience` gives it): they may read it too.
   */
  seen?: string | null;
}

/** A card named in text (its face's name), as written. */
export interface CardPart {
  card: string;
  text: string;
  /** Where the card lay before the move the line tells (`movedCardSpan`): a seat that saw its face there may read it too. */
  from?: string;
}

/** Text computed from hidden pieces' secrets (`reads`), and what a seat that may not see them reads instead. */
export interface ValuePart {
  text: string;
  reads: string[];
  shown: string;
}

/** A stretch of text that tells about a piece or card some seat may not identify. */
export type SecretPart = PiecePart | CardPart | ValuePart;

/** Text as written, with the secret stretches as parts. */
export type MarkedText = Array<string | SecretPart>;

/** The pieces a part tells about. */
export const partPieces = (p: SecretPart): readonly string[] => ('piece' in p ? [p.piece] : 'reads' in p ? p.reads : []);

/**
 * Text that tells about hidden pieces (an interpolation that named one, or read its secrets): it
 * reads as its plain text everywhere in the rules (compare, join, log), and carries its marked
 * stretches with it, through variables, procedures and saved games, so every line or question it
 * ends up in is redacted for each seat by the views.
 */
export class MarkedString {
  readonly text: string;
  constructor(readonly parts: ReadonlyArray<string | SecretPart>) {
    this.text = parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
  }
  toString(): string {
    return this.text;
  }
}

/** The marked stretches of any text value (a plain string is one unmarked stretch). */
export const partsOf = (v: string | MarkedString): MarkedText => (typeof v === 'string' ? [v] : [...v.parts]);

export type Value = number | string | boolean | null | Value[] | Rec | EntityRef | Roll | RangeValue | MarkedString;
export type Rec = { [key: string]: Value };

export function record(entries: Iterable<[string, Value]>): Rec {
  const r = Object.create(null) as Rec;
  for (const [k, v] of entries) r[k] = v;
  return r;
}

export const isRecordValue = (v: unknown): v is Rec =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof EntityRef) && !(v instanceof Roll) && !(v instanceof RangeValue) && !(v instanceof MarkedString);

/** Numbers and rolls are numeric; a roll counts as its total. */
export function toNumber(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof Roll) return v.total;
  return undefined;
}

/** A roll as its total (what a number is wanted for: a track, a list index, a range test); any other value as it is. */
export const rollTotal = (v: Value): Value => (v instanceof Roll ? v.total : v);

/**
 * Numbers as a designer reads them: equal when they agree to 12 significant digits. Binary
 * floating point makes `0.1 + 0.2` 0.30000000000000004 and `1.1 * 3` 3.3000000000000003, so
 * `money == 0.3` and `price >= 3.3` were false where the rules' arithmetic says true. Whole
 * numbers are exact (two different ones are at least 1 apart), and values keep their full
 * precision: only comparing (`==`, `<` …, table bands) and printing (`toText`) look at 12 digits.
 */
export function nearlyEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** A number as the rules read and print it: float noise beyond 12 significant digits dropped (see nearlyEqual). */
export function tidyNumber(n: number): number {
  return Number.isInteger(n) || !Number.isFinite(n) ? n : Number(n.toPrecision(12));
}

export function valueEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  // The common cases first, decided by `typeof` before any `instanceof` chain: comparisons of
  // pieces, sides and numbers are most of what rules do, and most of them are unequal.
  switch (typeof a) {
    case 'number': return typeof b === 'number' ? nearlyEqual(a, b) : b instanceof Roll && nearlyEqual(b.total, a);
    case 'boolean': return false;
    case 'string': return typeof b === 'object' && (b instanceof EntityRef ? b.id === a : b instanceof MarkedString && b.text === a);
  }
  if (a instanceof EntityRef) return b instanceof EntityRef ? a.kind === b.kind && a.id === b.id : typeof b === 'string' && a.id === b;
  return equalsSlow(a, b);
}

function equalsSlow(a: Value, b: Value): boolean {
  if (a instanceof MarkedString || b instanceof MarkedString) {
    const text = (v: Value) => (v instanceof MarkedString ? v.text : typeof v === 'string' ? v : undefined);
    return text(a) !== undefined && text(a) === text(b);
  }
  if (a instanceof Roll || b instanceof Roll) {
    const x = toNumber(a);
    const y = toNumber(b);
    return x !== undefined && x === y;
  }
  if (a instanceof EntityRef && b instanceof EntityRef) return a.kind === b.kind && a.id === b.id;
  // An entity equals its id, so `piece.type == anarchists` and `card.id == "storm"` read naturally.
  if (a instanceof EntityRef && typeof b === 'string') return a.id === b;
  if (b instanceof EntityRef && typeof a === 'string') return b.id === a;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valueEquals(x, b[i]!));
  if (isRecordValue(a) && isRecordValue(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && valueEquals(a[k]!, b[k]!));
  }
  return false;
}

/** `false`, `none`, 0 and "" are false; everything else is true. */
export function truthy(v: Value): boolean {
  if (v === null || v === false || v === 0 || v === '') return false;
  return true;
}

/** Text for logs and interpolation. */
export function toText(v: Value): string {
  if (v === null) return 'none';
  if (Array.isArray(v)) return v.map(toText).join(', ');
  if (isRecordValue(v)) return `{${Object.keys(v).map((k) => `${k}: ${toText(v[k]!)}`).join(', ')}}`;
  return typeof v === 'number' ? String(tidyNumber(v)) : String(v);
}

/**
 * Plain JSON for logs, replays and results (entities become their ids). A roll keeps its dice
 * (what a log's data shows), or with `totals` is its total (a result's fields are read as numbers).
 */
export function toJson(v: Value, totals = false): unknown {
  if (v instanceof EntityRef) return v.id;
  if (v instanceof MarkedString) return v.text;
  if (v instanceof Roll) return totals ? v.total : { total: v.total, dice: v.dice };
  if (v instanceof RangeValue) return v.toString();
  if (Array.isArray(v)) return v.map((x) => toJson(x, totals));
  if (isRecordValue(v)) return Object.fromEntries(Object.keys(v).map((k) => [k, toJson(v[k]!, totals)]));
  return v;
}

/**
 * One shared ref object per entity, so identity comparisons and Maps work. Refs are immutable, so
 * one table serves every game of a program, and values copied between forks stay comparable.
 */
export class RefTable {
  /** One Map per kind, made up front, so a lookup is one property load and one Map get. */
  private readonly byKind: Record<EntityKind, Map<string, EntityRef>> = {
    piece: new Map(), card: new Map(), area: new Map(), player: new Map(), side: new Map(), zone: new Map(),
    deck: new Map(), hex: new Map(), table: new Map(), die: new Map(), 'piece-type': new Map(),
  };

  /** Intern the program's pieces first, numbered in their creation order (defs.ts). */
  definePieces(ids: readonly string[]): void {
    ids.forEach((id, slot) => this.byKind.piece.set(id, new EntityRef('piece', id, slot)));
  }

  ref(kind: EntityKind, id: string): EntityRef {
    const byId = this.byKind[kind];
    let r = byId.get(id);
    if (!r) byId.set(id, (r = new EntityRef(kind, id)));
    return r;
  }
}
