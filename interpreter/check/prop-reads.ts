import type { Expr, Query, RulesetFile, Span } from '../../grammar/index.ts';
import type { Scope } from './scope.ts';
import { codeList, isRecord, type Report } from './context.ts';
import type { LackingProp } from './lacking-props.ts';
import { ENTITY_MEMBERS } from './signatures.ts';
import { didYouMean } from './suggest.ts';
import type { ScriptSite } from './sites.ts';
import type { SymbolTable } from './symbols.ts';
import type { EntityKind, Ty } from './types.ts';

/** Members values that are not entities have (a roll's, a list's). */
const VALUE_MEMBER_NAMES: ReadonlySet<string> = new Set(['total', 'dice', 'faces', 'size']);

/**
 * A prop a few piece types of a kind (or areas of a type) lack, read on a piece (an area) of no
 * known type, or on a value of unknown kind when only pieces (only areas) have a member of that
 * name: the first group that lacks it.
 */
export function lackingPropOf(symbols: SymbolTable, site: ScriptSite, object: Ty, property: string): LackingProp | undefined {
  const { piece, area } = symbols.lackingProps;
  if (object.k === 'entity') return object.e === 'piece' || object.e === 'piece-type' ? piece.get(property)?.[0] : object.e === 'area' ? area.get(property)?.[0] : undefined;
  if (object.k !== 'any' || site.path[0] === 'heuristics') return undefined;
  const of = piece.has(property) ? 'piece' : area.has(property) ? 'area' : undefined;
  const possible = symbols.possibleMembers;
  if (!of || !possible || possible.fields.has(property)) return undefined;
  for (const [kind, members] of symbols.members) {
    const same = kind === of || (of === 'piece' && kind === 'piece-type');
    if (!same && members.has(property)) return undefined;
  }
  return (of === 'piece' ? piece : area).get(property)?.[0];
}

/**
 * A per-piece (per-area) track's `initial` is worked out for every piece (area), with the piece
 * as `piece` (the area as `area`): a prop it reads on `name` that some piece type (area) lacks
 * stops the game as it starts.
 */
export function everyEntityReport(symbols: SymbolTable, site: ScriptSite, name: string, property: string): Report | undefined {
  const [section, id, key] = site.path;
  if (section !== 'tracks' || key !== 'initial' || (name !== 'piece' && name !== 'area') || site.locals[0]?.[0] !== name) return undefined;
  const lacking = symbols.lackingProps.without(name, property);
  if (lacking.length === 0 || !symbols.members.get(name)?.has(property)) return undefined;
  const few = codeList(lacking, 4);
  return {
    code: 'missing-prop',
    message: `Track \`${String(id)}\` starts from this for every ${name}, but ${name === 'piece' ? `piece type${lacking.length === 1 ? '' : 's'} ` : ''}${few} ${lacking.length === 1 ? 'has' : 'have'} no \`${property}\`: the game stops as it starts.`,
    hint: `Give ${lacking.length === 1 ? 'it' : 'them'} a \`${property}\`, or start the track from a value every ${name} has.`,
  };
}

/** The one kind of entity with a member of this name, when no other kind, value or record has one. */
export function onlyKindWith(symbols: SymbolTable, site: ScriptSite, property: string): EntityKind | undefined {
  const possible = symbols.possibleMembers;
  if (!possible || possible.fields.has(property) || site.path[0] === 'heuristics' || VALUE_MEMBER_NAMES.has(property)) return undefined;
  let only: EntityKind | undefined;
  for (const [kind, members] of symbols.members) {
    if (!members.has(property)) continue;
    if (only) return undefined;
    only = kind;
  }
  return only;
}

/**
 * `t.prop` on a piece type named in the rules (`contraband_cube.count`): a prop other piece types
 * declare and this one lacks stops the game wherever it is read (a prop no piece type declares is
 * the general `member` check's).
 */
export function namedTypeReport(symbols: SymbolTable, id: string, property: string): Report | undefined {
  const def = isRecord(symbols.data.pieces) ? symbols.data.pieces[id] : undefined;
  const fixed = ENTITY_MEMBERS['piece-type']!.map(([n]) => n);
  if (!isRecord(def) || fixed.includes(property) || !symbols.members.get('piece-type')?.has(property)) return undefined;
  const props = isRecord(def.props) ? Object.keys(def.props) : [];
  // What the runtime reads on a piece type: its fixed members, its own keys and its props.
  if ((property in def && property !== 'props') || props.includes(property)) return undefined;
  const dym = didYouMean(property, [...fixed, ...props]);
  return {
    code: 'unknown-property',
    message: `Piece type \`${id}\` has no \`${property}\`; other piece types declare it.${dym.text}`,
    hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Give \`${id}\` a \`${property}\` in its \`props:\`, or read it on a piece type that has one.`,
    ...(dym.suggestion ? { fix: dym.suggestion } : {}),
  };
}

/**
 * `select a in areas where a.prop …` (or `count`) reads `a.prop` on every area of the map, so an
 * area without that prop stops the game whenever the query runs. Only reads made for every item
 * count: the left side of `and`/`or` and an `if`'s condition, not what they may skip. Props a few
 * areas of a type lack are said where they are read (`lackingPropOf`), so they are left out here.
 */
export function everyAreaReports(symbols: SymbolTable, e: Query, inScope: (name: string) => boolean): Array<{ span: Span; report: Report }> {
  if ((e.op !== 'select' && e.op !== 'count') || !e.where || e.source.kind !== 'name' || e.source.name !== 'areas' || inScope('areas') || symbols.lookup('areas')) return [];
  const out: Array<{ span: Span; report: Report }> = [];
  for (const { property, span } of readsOnEvery(e.where, e.binder)) {
    if (symbols.lackingProps.area.has(property) || !symbols.members.get('area')?.has(property)) continue;
    const lacking = symbols.lackingProps.without('area', property);
    if (lacking.length === 0) continue;
    const them = lacking.length === 1 ? 'it' : 'them';
    out.push({ span, report: {
      code: 'missing-prop',
      message: `\`${property}\` is read here on every area, but ${codeList(lacking, 4)} ${lacking.length === 1 ? 'has' : 'have'} no \`${property}\` (nor ${lacking.length === 1 ? 'does its area type' : 'do their area types'}): the game stops when this runs.`,
      hint: `Give ${them} a \`${property}\` (in the area's or its type's \`props:\`), or test what the area is first (\`a.type == "…" and a.${property}\`).`,
    } });
  }
  return out;
}

/** Member reads of `binder` that `e` makes whatever the values are (see everyAreaReports). */
function readsOnEvery(e: Expr, binder: string): Array<{ property: string; span: Span }> {
  switch (e.kind) {
    case 'member':
      return e.object.kind === 'name' && e.object.name === binder ? [{ property: e.property, span: e.propertySpan }] : readsOnEvery(e.object, binder);
    case 'binary':
      return e.op === 'and' || e.op === 'or' ? readsOnEvery(e.left, binder) : [...readsOnEvery(e.left, binder), ...readsOnEvery(e.right, binder)];
    case 'unary':
      return readsOnEvery(e.operand, binder);
    case 'if-expr':
      return readsOnEvery(e.condition, binder);
    case 'index':
      return [e.object, ...e.keys].flatMap((x) => readsOnEvery(x, binder));
    case 'call':
      return e.args.flatMap((x) => readsOnEvery(x, binder));
    default:
      return [];
  }
}

/**
 * `t.prop` on one of the piece types `ids` (named in a list): a prop some piece type declares
 * but some of these do not stops the game on them (a piece type's prop it lacks is no value),
 * unless a condition around the read tests `t` (`root`).
 */
export function namedTypesLacking(data: RulesetFile, symbols: SymbolTable, ids: readonly string[], property: string, root: string, scope: Scope): Report | undefined {
  const pieces = (data.pieces ?? {}) as Record<string, unknown>;
  const has = (id: string) => { const p = pieces[id]; return isRecord(p) && ((isRecord(p.props) && property in p.props) || property in p); };
  if (ENTITY_MEMBERS['piece-type']!.some(([n]) => n === property) || !ids.every((id) => isRecord(pieces[id]))) return undefined;
  if (!Object.values(pieces).some((p) => isRecord(p) && isRecord(p.props) && property in p.props)) return undefined;
  const lacking = ids.filter((id) => !has(id));
  if (lacking.length === 0 || scope.keepsOut(root, lacking, (m, f) => symbols.isOf('piece', m, f))) return undefined;
  return {
    code: 'missing-prop',
    message: `\`${property}\` is read on each of the piece types ${codeList(ids.map(String), 6)}, but ${codeList(lacking, 4)} ${lacking.length === 1 ? 'has' : 'have'} no \`${property}\`: read there, it stops the game.`,
    hint: `Give ${lacking.length === 1 ? 'it' : 'them'} a \`${property}\` (\`${property}: 0\` if it has none), or leave ${lacking.length === 1 ? 'it' : 'them'} out of the list.`,
  };
}
