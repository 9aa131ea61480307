import type { RulesetFile, Stmt } from '../../grammar/index.ts';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES, ENTITY_MEMBERS } from './signatures.ts';
import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { ANY, BOOL, NUMBER, TEXT, describe, entity, join, listOf, textOf, type EntityKind, type Ty } from './types.ts';
import { dataType, tableValueType } from './table-types.ts';
import type { PossibleMembers } from './member-names.ts';
import { lackingProps, type LackingProps } from './lacking-props.ts';
import { cardTextType } from './card-ids.ts';
import { STATE_MEMBERS, type StateMembers, type TypeFact } from './conditional-spans.ts';
import type { ScriptFacts } from './script-facts.ts';
import type { DataPath } from '../load/model.ts';

export type SymbolKind =
  | 'table' | 'deck' | 'die' | 'piece-type' | 'track' | 'variable' | 'zone' | 'area' | 'side'
  | 'option' | 'procedure' | 'action' | 'phase';

/** One call of a procedure: the kinds of its arguments, and where it is. */
export interface CallSite {
  types: Ty[];
  path: DataPath;
  span: { start: number; end: number };
}

/** A name defined by the ruleset, with where it was defined (for diagnostics and go-to-definition). */
export interface RulesetSymbol {
  name: string;
  kind: SymbolKind;
  path: Array<string | number>;
  type: Ty;
  /** Procedures: parameter names. */
  params?: string[];
}

/** Sections whose ids become global names, in the order duplicates are reported. */
const GLOBAL_SECTIONS: Array<[keyof RulesetFile, SymbolKind]> = [
  ['sides', 'side'], ['options', 'option'], ['dice', 'die'], ['pieces', 'piece-type'],
  ['tracks', 'track'], ['variables', 'variable'], ['zones', 'zone'], ['decks', 'deck'],
  ['tables', 'table'], ['procedures', 'procedure'], ['actions', 'action'],
];

/**
 * Every name a script can use: ruleset globals, builtins, and the members of each entity kind
 * (props plus per-player/side/area/piece tracks, variables and zones).
 */
export class SymbolTable {
  readonly globals = new Map<string, RulesetSymbol>();
  readonly members = new Map<EntityKind, Map<string, Ty>>();
  /** Every name that was referenced by a script (for unused-definition warnings). */
  readonly used = new Set<string>();
  private perEntityIds: ReadonlySet<string> | undefined;
  /** Every member name some value can have, and what it reads (member-names.ts); unset, members of unknown values go unchecked. */
  possibleMembers: PossibleMembers | undefined;
  /** What each procedure returns, where every `return` agrees (index.ts infers it); others give any value. */
  readonly procedureReturns = new Map<string, Ty>();
  /** Each procedure's parameter types, where every call agrees (index.ts infers them). */
  readonly procedureParams = new Map<string, Ty[]>();
  /** Each procedure's parsed body and parameters (index.ts), for what a preview's calls do. */
  readonly procedureBodies = new Map<string, { body: Stmt[]; params: string[]; facts: ScriptFacts }>();
  private asking: Set<string> | null = null;
  /** What each deck's card effects do, by deck (index.ts): whether `resolve` of one may ask. */
  readonly effectFacts = new Map<string, ScriptFacts[]>();

  /** Whether resolving a card of `deck` can ask a player to choose: some card's effect does, or calls a procedure that does. */
  deckAsks(deck: string): boolean {
    return (this.effectFacts.get(deck) ?? []).some((f) => f.chooses || [...f.callees].some((c) => this.asks(c)));
  }

  /**
   * Whether procedure `id` can ask a player to choose: its body holds a `choose`, or calls a
   * procedure that can (found once, as a fixpoint over the bodies). Such a call must be a
   * statement's whole value; inside an expression the game stops (`choice-in-expression`).
   */
  asks(id: string): boolean {
    if (this.asking === null) {
      // From the procedures that hold a choose, back along the calls to them.
      const callers = new Map<string, string[]>();
      const asking = new Set<string>();
      for (const [name, { facts }] of this.procedureBodies) {
        if (facts.chooses) asking.add(name);
        for (const callee of facts.callees) callers.set(callee, [...(callers.get(callee) ?? []), name]);
      }
      const queue = [...asking];
      while (queue.length > 0) {
        for (const caller of callers.get(queue.pop()!) ?? []) if (!asking.has(caller)) { asking.add(caller); queue.push(caller); }
      }
      this.asking = asking;
    }
    return this.asking.has(id);
  }
  /**
   * While inferring: what each global list variable is set to (`ready = movers()`), or null once it
   * is written some way the inference does not follow (`ready[1] = x`, `draw … into ready`).
   */
  listWrites: Map<string, Ty[] | null> | undefined;
  /** While inferring: the argument types of every call of each procedure, with where it is. */
  callArgs: Map<string, CallSite[]> | undefined;
  /** Procedures called with arguments of different kinds: one call of each kind (procedure-variants.ts). */
  readonly procedureVariants = new Map<string, CallSite[]>();
  /** Props most piece types of a kind, or areas of a type, declare and a few lack (typeProps). */
  lackingProps: LackingProps = { piece: new Map(), area: new Map(), without: () => [] };

  /** Whether piece type (area) `id` is what `fact` says: of that type or kind (an area's `type`). */
  isOf(of: 'piece' | 'area', id: string, fact: TypeFact): boolean {
    if (of === 'area') {
      const a = isRecord(this.data.map?.areas) ? this.data.map.areas[id] : undefined;
      return fact.member === 'type' && isRecord(a) && a.type === fact.value;
    }
    if (fact.member === 'type') return id === fact.value;
    const p = isRecord(this.data.pieces) ? this.data.pieces[id] : undefined;
    return isRecord(p) && p.kind === fact.value;
  }
  /** The texts a card of a deck can give as `id` and `name`, by deck id. */
  readonly cardTexts = new Map<string, { id: Ty; name: Ty }>();
  /** `tableCellType` per table id. */
  private readonly cellTypes = new Map<string, Ty>();

  /** Whether `name` is a track, variable or zone kept per player, side, area or piece. */
  perEntity(name: string): boolean {
    return (this.perEntityIds ??= perEntityIds(this.data)).has(name);
  }

  constructor(readonly data: RulesetFile, private readonly ctx: CheckContext) {
    for (const [kind, list] of Object.entries(ENTITY_MEMBERS)) {
      this.members.set(kind as EntityKind, new Map(list));
    }
    this.collectGlobals();
    this.collectMembers();
  }

  lookup(name: string): RulesetSymbol | undefined {
    return this.globals.get(name);
  }

  /** All names visible everywhere, for did-you-mean. */
  allNames(): string[] {
    return [...this.globals.keys(), ...BUILTIN_NAMES.keys(), ...BUILTIN_FUNCTIONS.keys()];
  }

  private define(sym: RulesetSymbol): void {
    const prior = this.globals.get(sym.name) ?? (BUILTIN_NAMES.has(sym.name) || BUILTIN_FUNCTIONS.has(sym.name) ? 'builtin' : undefined);
    if (prior) {
      const where = prior === 'builtin' ? 'a built-in name' : `the ${prior.kind} defined at ${prior.path.join('.')}`;
      this.ctx.atKey(sym.path, {
        code: 'duplicate-name',
        message: `\`${sym.name}\` is already ${where}; scripts could not tell them apart.`,
        hint: 'Rename one of them (ids are shared across tables, decks, tracks, zones, options and the rest).',
      });
      return;
    }
    this.globals.set(sym.name, sym);
  }

  private collectGlobals(): void {
    const d = this.data;
    for (const [section, kind] of GLOBAL_SECTIONS) {
      for (const [id, el] of entries(d[section])) {
        if (isPerEntity(el)) continue; // per-player/side/area/piece state is reached as a member
        const sym: RulesetSymbol = { name: id, kind, path: [section, id], type: this.typeOf(kind, id, el) };
        if (kind === 'procedure' && isRecord(el) && Array.isArray(el.params)) sym.params = el.params.map(String);
        this.define(sym);
      }
    }
    for (const [id] of entries(d.map?.areas)) {
      this.define({ name: id, kind: 'area', path: ['map', 'areas', id], type: entity('area', id) });
    }
    walkPhases(d.flow?.phases, ['flow', 'phases'], (id, path) => this.define({ name: id, kind: 'phase', path, type: TEXT }));
  }

  private typeOf(kind: SymbolKind, id: string, el: unknown): Ty {
    switch (kind) {
      case 'track':
        return NUMBER;
      case 'variable':
        return variableType(el);
      case 'option':
        if (isRecord(el) && el.type === 'choice') return Array.isArray(el.values) && el.values.every((v) => typeof v === 'string') ? textOf(el.values as string[]) : TEXT;
        return isRecord(el) && el.type === 'number' ? NUMBER : BOOL;
      case 'table':
        return entity('table', id);
      case 'deck':
        return entity('deck', id);
      case 'die':
        return entity('die', id);
      case 'piece-type':
        return entity('piece-type', id);
      case 'zone':
        return entity('zone', id);
      case 'side':
        return entity('side', id);
      case 'action':
        return TEXT;
      default:
        return ANY;
    }
  }

  private collectMembers(): void {
    const d = this.data;
    const add = (kind: EntityKind, name: string, t: Ty) => this.members.get(kind)!.set(name, t);
    for (const [, p] of entries(d.pieces)) {
      for (const key of Object.keys(isRecord(p) && isRecord(p.props) ? p.props : {})) {
        add('piece', key, ANY);
        add('piece-type', key, ANY);
      }
    }
    for (const [, area] of entries(d.map?.areas)) for (const key of Object.keys(isRecord(area) && isRecord(area.props) ? area.props : {})) add('area', key, ANY);
    // An area's `type` is one of `map.area_types` when they are declared (map.ts checks each area's): `a.type == "cty"` is never true.
    const areaTypes = entries(d.map?.area_types).map(([id]) => id);
    if (areaTypes.length > 0) add('area', 'type', textOf(areaTypes));
    // An area reads its type's props where it has none of its own.
    for (const [, type] of entries(d.map?.area_types)) for (const key of Object.keys(isRecord(type) && isRecord(type.props) ? type.props : {})) add('area', key, ANY);
    // Every hex has every key of `map.grid.props` (hex-props.ts checks `hexes` against it).
    const hexProps = isRecord(d.map?.grid) && isRecord(d.map.grid.props) ? d.map.grid.props : {};
    for (const [key, v] of Object.entries(hexProps)) if (!this.members.get('hex')!.has(key)) add('hex', key, v === null || v === undefined ? ANY : dataType(v));
    const names: string[] = [];
    const ids: string[] = [];
    for (const [deckId, deck] of entries(d.decks)) {
      if (!isRecord(deck)) continue;
      for (const key of Object.keys(isRecord(deck.fields) ? deck.fields : {})) add('card', key, ANY);
      const deckNames: string[] = [];
      const deckIds: string[] = [];
      for (const card of Array.isArray(deck.cards) ? deck.cards : []) {
        for (const key of Object.keys(isRecord(card) && isRecord(card.props) ? card.props : {})) add('card', key, ANY);
        // A card's `id` is its id in the deck, its `name` its name or else that id (runtime/members.ts).
        if (isRecord(card) && typeof card.id === 'string') {
          deckIds.push(card.id);
          deckNames.push(typeof card.name === 'string' ? card.name : card.id);
        }
      }
      this.cardTexts.set(deckId, { id: cardTextType(deckIds), name: cardTextType(deckNames) });
      names.push(...deckNames);
      ids.push(...deckIds);
    }
    // A card of any deck: `c.name == "Secret plan"` is never true when no card is so named.
    if (ids.length) {
      add('card', 'id', cardTextType(ids));
      add('card', 'name', cardTextType(names));
    }
    const perSections: Array<[keyof RulesetFile, (el: unknown, id: string) => Ty]> = [
      ['tracks', () => NUMBER],
      ['variables', variableType],
      ['zones', (_, id) => entity('zone', id)],
    ];
    for (const [section, typeOf] of perSections) {
      for (const [id, el] of entries(d[section])) {
        const per = isRecord(el) ? el.per : undefined;
        if (per === 'player' || per === 'side' || per === 'area' || per === 'piece') add(per, id, typeOf(el, id));
      }
    }
  }

  /**
   * Type piece props by what the piece types declare, except those scripts set with `=` (they may
   * change kind in play). A prop that is a number in most types and something else in a few is a
   * number that says where it is not (reported where it is used as one).
   */
  /** What says where a piece is or whose it is: typeFacts' `stateOnly` (its fixed members and per-piece values). */
  get stateMembers(): StateMembers {
    if (this.state) return this.state;
    const perPiece = [this.data.tracks, this.data.variables, this.data.zones].flatMap((section) => entries(section).filter(([, el]) => isRecord(el) && el.per === 'piece').map(([id]) => id));
    return (this.state = { members: new Set([...STATE_MEMBERS, ...perPiece]), sides: new Set(Object.keys(isRecord(this.data.sides) ? this.data.sides : {})) });
  }
  private state: StateMembers | undefined;

  /** Member names some script sets with `=` (`r.kind = …`, `u.spent = …`), anywhere in the ruleset. */
  assignedMembers: ReadonlySet<string> = new Set();

  typeProps(assigned: ReadonlySet<string>): void {
    this.assignedMembers = assigned;
    const declared = new Map<string, Array<[string, Ty]>>();
    for (const [id, p] of entries(this.data.pieces)) {
      for (const [key, v] of Object.entries(isRecord(p) && isRecord(p.props) ? p.props : {})) {
        if (v !== null && v !== undefined) declared.set(key, [...(declared.get(key) ?? []), [id, dataType(v)]]);
      }
    }
    const perEntity = (of: 'piece' | 'area', name: string) => [this.data.tracks, this.data.variables, this.data.zones].some((section) => isRecord(section) && isRecord(section[name]) && section[name].per === of);
    this.lackingProps = lackingProps(this.data, assigned, (of, name) => perEntity(of, name) || ENTITY_MEMBERS[of]!.some(([n]) => n === name));
    for (const [key, list] of declared) {
      if (assigned.has(key)) continue;
      const t = propType(key, list);
      this.members.get('piece')!.set(key, t);
      this.members.get('piece-type')!.set(key, t);
    }
    // Areas' props likewise, each area with its type's props where it has none of its own.
    const areaProps = new Map<string, Array<[string, Ty]>>();
    const areaTypes = isRecord(this.data.map?.area_types) ? this.data.map.area_types : {};
    for (const [id, a] of entries(this.data.map?.areas)) {
      const typeDef = isRecord(a) && typeof a.type === 'string' ? areaTypes[a.type] : undefined;
      const props = { ...(isRecord(typeDef) && isRecord(typeDef.props) ? typeDef.props : {}), ...(isRecord(a) && isRecord(a.props) ? a.props : {}) };
      for (const [key, v] of Object.entries(props)) if (v !== null && v !== undefined) areaProps.set(key, [...(areaProps.get(key) ?? []), [id, dataType(v)]]);
    }
    const areaMembers = this.members.get('area')!;
    for (const [key, list] of areaProps) {
      if (assigned.has(key) || perEntity('area', key) || ENTITY_MEMBERS.area!.some(([n]) => n === key)) continue;
      const t = propType(key, list, 'area');
      if (t.k !== 'any') areaMembers.set(key, t);
    }
  }

  /** Type of a table's cells, for `table[...]` and `roll on table`. */
  tableCellType(id: string): Ty {
    // Asked at every lookup of the table; the answer depends only on the table's (frozen) data.
    let ty = this.cellTypes.get(id);
    if (ty === undefined) {
      const t = isRecord(this.data.tables) ? this.data.tables[id] : undefined;
      ty = tableValueType(t, id);
      this.cellTypes.set(id, ty);
    }
    return ty;
  }
}

/** The ids of the tracks, variables and zones kept per player, side, area or piece (read as members: `red.score`). */
export function perEntityIds(data: RulesetFile): Set<string> {
  const out = new Set<string>();
  for (const section of [data.tracks, data.variables, data.zones]) for (const [id, el] of Object.entries(isRecord(section) ? section : {})) if (isPerEntity(el)) out.add(id);
  return out;
}

function isPerEntity(el: unknown): boolean {
  return isRecord(el) && (el.per === 'player' || el.per === 'side' || el.per === 'area' || el.per === 'piece');
}

/** The type of a value a variable's declaration says it holds (per owner, for a `per:` one). */
export function variableType(el: unknown): Ty {
  const type = isRecord(el) ? el.type : undefined;
  switch (type) {
    case 'number': return NUMBER;
    case 'text': return TEXT;
    case 'boolean': return BOOL;
    case 'list': return listOf(ANY);
    case 'record': return { k: 'record' };
    case 'area': case 'side': case 'player': case 'piece': case 'card': return entity(type);
    default: return ANY;
  }
}

/** Visit phase ids recursively (phases have nested `steps`). */
export function walkPhases(phases: unknown, path: Array<string | number>, visit: (id: string, path: Array<string | number>, phase: Record<string, unknown>) => void): void {
  if (!Array.isArray(phases)) return;
  phases.forEach((p, i) => {
    if (!isRecord(p)) return;
    const here = [...path, i];
    if (typeof p.id === 'string') visit(p.id, here, p);
    walkPhases(p.steps, [...here, 'steps'], visit);
  });
}

/** One kind for a prop across the piece types that declare it; a number with exceptions; or any value. */
function propType(key: string, list: ReadonlyArray<[string, Ty]>, of: 'piece' | 'area' = 'piece'): Ty {
  // A record prop (`boxes: { cotton: 1, tobacco: 2 }` in every area): typed field by field, so a
  // field of another kind in one of many is found where it is read (fuzz 3131/103).
  if (list.length > 1 && list.every(([, x]) => x.k === 'record' && x.fields)) return recordPropType(key, list, of);
  const t = list.map(([, x]) => x).reduce((a, b) => join(a, b));
  if (t.k !== 'any') return t;
  const others = list.filter(([, x]) => x.k !== 'number');
  if (others.length === 0 || others.length * 2 >= list.length || others.some(([, x]) => x.k === 'any')) return ANY;
  const reads = describe(others[0]![1]);
  return { k: 'number', missing: { table: '', rows: [], field: key, names: [], prop: { types: others.map(([id]) => id), reads: others.every(([, x]) => describe(x) === reads) ? reads : 'not a number', ...(of === 'area' ? { of } : {}) } } };
}

function recordPropType(key: string, list: ReadonlyArray<[string, Ty]>, of: 'piece' | 'area'): Ty {
  const byField = new Map<string, Array<[string, Ty]>>();
  for (const [id, x] of list) if (x.k === 'record') for (const [name, f] of x.fields ?? []) byField.set(name, [...(byField.get(name) ?? []), [id, f]]);
  return { k: 'record', fields: new Map([...byField].map(([name, fields]) => [name, propType(`${key}.${name}`, fields, of)])) };
}
