import type { RulesetFile } from '../../grammar/index.ts';
import { entries, isRecord } from '../check/context.ts';
import type { GlobalKind } from '../runtime/program.ts';

const SECTIONS: Array<[keyof RulesetFile, GlobalKind]> = [
  ['sides', 'side'], ['options', 'option'], ['dice', 'die'], ['pieces', 'piece-type'], ['tracks', 'track'],
  ['variables', 'variable'], ['zones', 'zone'], ['decks', 'deck'], ['tables', 'table'], ['procedures', 'procedure'],
  ['actions', 'action'],
];

/** Which kind of element each global name is. Per-entity tracks/variables/zones are members, not globals. */
export function globalNames(d: RulesetFile): Map<string, GlobalKind> {
  const out = new Map<string, GlobalKind>();
  for (const [section, kind] of SECTIONS) {
    for (const [id, el] of entries(d[section])) {
      const per = isRecord(el) ? el.per : undefined;
      if ((kind === 'track' || kind === 'variable' || kind === 'zone') && per && per !== 'global') continue;
      if (!out.has(id)) out.set(id, kind);
    }
  }
  for (const [id] of entries(d.map?.areas)) if (!out.has(id)) out.set(id, 'area');
  const walk = (phases: unknown) => {
    if (!Array.isArray(phases)) return;
    for (const p of phases) {
      if (!isRecord(p)) continue;
      if (typeof p.id === 'string' && !out.has(p.id)) out.set(p.id, 'phase');
      walk(p.steps);
    }
  };
  walk(d.flow?.phases);
  return out;
}
