import type { RulesetFile } from '../../grammar/index.ts';
import { entries, isRecord } from './context.ts';

/**
 * A prop that most members of a group of piece types (or areas) declare and a few do not: on a
 * piece of one of those few types (in one of those areas), reading it stops the game.
 */
export interface LackingProp {
  of: 'piece' | 'area';
  /** What the group shares, for the message: `of kind \`unit\``, `that declare \`cf\`, \`ma\``. */
  group: string;
  declared: number;
  total: number;
  /** Ids of the piece types or areas of the group that lack it. */
  lacking: string[];
}

/** Props a group shares but a few members lack: by prop, for pieces and for areas. */
export interface LackingProps {
  piece: Map<string, LackingProp[]>;
  area: Map<string, LackingProp[]>;
  /** Which piece types (areas) lack a prop, of all: what a per-piece (per-area) track's `initial` reads on every one. */
  without: (of: 'piece' | 'area', name: string) => string[];
}

type Member = [id: string, props: Set<string>];

/**
 * Props that a few members of a group lack while the rest declare them, the way a key deleted or
 * misspelt in one piece type or area looks. A group is the piece types of one `kind` (the areas
 * of one `type`), or the members that declare every prop one member shares with others, but for
 * one when it has three or more (its peers: a police unit without `mf` among units with `cf`, `ma`
 * and `force` or `faction` that all have one), when it is the only one of them without the prop. At most a quarter of a group may lack the prop and at least 3
 * declare it, so a prop only some have by design is not taken for one missing (`capturable` in 9
 * units of 13). Props scripts set with `=` are left out
 * (a piece gets them in play), and so are the names `skip` answers for (per-entity tracks and
 * variables and built-in members, which are read first).
 */
export function lackingProps(data: RulesetFile, assigned: ReadonlySet<string>, skip: (of: 'piece' | 'area', name: string) => boolean): LackingProps {
  const pieces = new Map<string, Member[]>();
  for (const [id, p] of entries(data.pieces)) {
    if (!isRecord(p)) continue;
    // Types without a `kind` share nothing that says they are alike (a relic among units): only their peers group them.
    const group = typeof p.kind === 'string' ? `of kind \`${p.kind}\`` : '';
    pieces.set(group, [...(pieces.get(group) ?? []), [id, new Set(Object.keys(isRecord(p.props) ? p.props : {}))]]);
  }
  const areas = new Map<string, Member[]>();
  const areaTypes = isRecord(data.map?.area_types) ? data.map.area_types : {};
  for (const [id, a] of entries(data.map?.areas)) {
    if (!isRecord(a)) continue;
    const type = typeof a.type === 'string' ? a.type : '';
    const typeDef = areaTypes[type];
    // An area reads its type's props where it has none of its own.
    const props = new Set([...Object.keys(isRecord(a.props) ? a.props : {}), ...Object.keys(isRecord(typeDef) && isRecord(typeDef.props) ? typeDef.props : {})]);
    const group = type ? `of type \`${type}\`` : '';
    areas.set(group, [...(areas.get(group) ?? []), [id, props]]);
  }
  const all = { piece: [...pieces.values()].flat(), area: [...areas.values()].flat() };
  const without = (of: 'piece' | 'area', name: string): string[] => (skip(of, name) ? [] : all[of].filter(([, props]) => !props.has(name)).map(([id]) => id));
  return { piece: collect('piece', pieces, assigned, skip), area: collect('area', areas, assigned, skip), without };
}

function collect(of: 'piece' | 'area', groups: Map<string, Member[]>, assigned: ReadonlySet<string>, skip: (of: 'piece' | 'area', name: string) => boolean): Map<string, LackingProp[]> {
  const out = new Map<string, LackingProp[]>();
  const seen = new Set<string>();
  // `only`: report just that member (the one whose peers the group is).
  const add = (group: string, members: readonly Member[], only?: string) => {
    if (members.length < 4) return;
    const names = new Set(members.flatMap(([, props]) => [...props]));
    for (const name of names) {
      if (assigned.has(name) || skip(of, name)) continue;
      const declared = members.filter(([, props]) => props.has(name)).length;
      // Among a member's peers, it must be the only one without the prop.
      if (declared < 3 || (members.length - declared) * 4 > members.length || (only !== undefined && declared !== members.length - 1)) continue;
      const lacking = members.filter(([id, props]) => !props.has(name) && (only === undefined || id === only) && !seen.has(`${name} ${id}`)).map(([id]) => id);
      if (lacking.length === 0) continue;
      for (const id of lacking) seen.add(`${name} ${id}`);
      out.set(name, [...(out.get(name) ?? []), { of, group, declared, total: members.length, lacking }]);
    }
  };
  for (const [group, members] of groups) if (group) add(group, members);
  const all = [...groups.values()].flat();
  const declaring = new Map<string, number>();
  for (const [, props] of all) for (const p of props) declaring.set(p, (declaring.get(p) ?? 0) + 1);
  for (const [id, props] of all) {
    // A prop no other member declares (a misspelt key) says nothing of whom it is like.
    const shared = [...props].filter((p) => declaring.get(p)! > 1);
    if (shared.length === 0) continue;
    // Of three or more props, a peer may lack one (a police unit's `force` where units have `faction`).
    const spare = shared.length >= 3 ? 1 : 0;
    const peers = all.filter(([, other]) => shared.filter((p) => !other.has(p)).length <= spare);
    const names = `${shared.slice(0, 4).map((p) => `\`${p}\``).join(', ')}${shared.length > 4 ? ' …' : ''}`;
    add(spare ? `that declare all or all but one of ${names}` : `that declare ${names}`, peers, id);
  }
  return out;
}

/** The message and hint for reading a prop `l` says a few lack. */
export function lackingReport(name: string, l: LackingProp): { message: string; hint: string } {
  const few = l.lacking.map((x) => `\`${x}\``).join(', ');
  const one = l.lacking.length === 1;
  if (l.of === 'area') {
    return {
      message: `\`${name}\` is a prop of ${l.declared} of the ${l.total} areas ${l.group}, but ${few} ${one ? 'lacks' : 'lack'} it: read there, it stops the game.`,
      hint: `Give ${one ? 'that area' : 'those areas'} a \`${name}\` (\`${name}: null\` if it has no value), or test the area before reading it.`,
    };
  }
  return {
    message: `\`${name}\` is a prop of ${l.declared} of the ${l.total} piece types ${l.group}, but ${few} ${one ? 'lacks' : 'lack'} it: read on a piece of ${one ? 'that type' : 'those types'}, it stops the game.`,
    hint: `Give piece type${one ? '' : 's'} ${few} a \`${name}\` (\`${name}: null\` if it has no value), or test the piece's \`type\` or \`kind\` before reading it.`,
  };
}
