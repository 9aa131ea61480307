import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';

interface LinkView {
  from: unknown;
  to: unknown;
  type: unknown;
  index: number;
  /** Path suffix of from/to/type inside the link (object form uses keys, short form indices). */
  at: (field: 'from' | 'to' | 'type') => string | number;
}

function linkView(link: unknown, index: number): LinkView | undefined {
  if (Array.isArray(link)) return { from: link[0], to: link[1], type: link[2], index, at: (f) => ({ from: 0, to: 1, type: 2 })[f] };
  if (isRecord(link)) return { from: link.from, to: link.to, type: link.type, index, at: (f) => f };
  return undefined;
}

/** Map checks: links name real areas and types; every area can be reached. */
export function checkMap(ctx: CheckContext): void {
  const map = ctx.model.data.map;
  if (!isRecord(map)) return;
  const areas = new Set(entries(map.areas).map(([id]) => id));
  const linkTypes = new Set(entries(map.link_types).map(([id]) => id));
  const areaTypes = new Set(entries(map.area_types).map(([id]) => id));
  for (const [id, area] of entries(map.areas)) {
    if (isRecord(area) && typeof area.type === 'string' && areaTypes.size > 0 && !areaTypes.has(area.type)) {
      unknownRef(ctx, ['map', 'areas', id, 'type'], area.type, areaTypes, 'area type', 'map.area_types');
    }
  }
  const adjacency = new Map<string, Set<string>>([...areas].map((a) => [a, new Set<string>()]));
  const seenLinks = new Map<string, number>();
  const links = Array.isArray(map.links) ? map.links : [];
  links.forEach((raw, i) => {
    const link = linkView(raw, i);
    if (!link) return;
    const path = ['map', 'links', i];
    let ok = true;
    for (const end of ['from', 'to'] as const) {
      const v = link[end];
      if (typeof v === 'string' && !areas.has(v)) {
        unknownRef(ctx, [...path, link.at(end)], v, areas, 'area', 'map.areas');
        ok = false;
      }
    }
    if (typeof link.type === 'string' && !linkTypes.has(link.type)) unknownRef(ctx, [...path, link.at('type')], link.type, linkTypes, 'link type', 'map.link_types');
    if (!ok || typeof link.from !== 'string' || typeof link.to !== 'string') return;
    if (link.from === link.to) {
      ctx.atValue(path, { code: 'self-link', message: `Area \`${link.from}\` is linked to itself.`, hint: 'Remove the link or fix one of its ends.' });
      return;
    }
    const key = [link.from, link.to].sort().join('|') + `|${String(link.type ?? '')}`;
    const prior = seenLinks.get(key);
    if (prior !== undefined) ctx.atValue(path, { severity: 'warning', code: 'duplicate-link', message: `This link repeats link ${prior + 1} (\`${link.from}\`–\`${link.to}\`).`, hint: 'Remove one of them.' });
    else seenLinks.set(key, i);
    adjacency.get(link.from)!.add(link.to);
    adjacency.get(link.to)!.add(link.from);
  });
  if (links.length > 0) checkReachability(ctx, adjacency);
}

/** Areas outside the largest connected group can never be reached by moving. */
function checkReachability(ctx: CheckContext, adjacency: Map<string, Set<string>>): void {
  const component = new Map<string, number>();
  const sizes: number[] = [];
  for (const start of adjacency.keys()) {
    if (component.has(start)) continue;
    const id = sizes.length;
    const stack = [start];
    component.set(start, id);
    let size = 0;
    while (stack.length) {
      const a = stack.pop()!;
      size++;
      for (const b of adjacency.get(a) ?? []) if (!component.has(b)) { component.set(b, id); stack.push(b); }
    }
    sizes.push(size);
  }
  const main = sizes.indexOf(Math.max(...sizes));
  for (const [area, c] of component) {
    if (c === main) continue;
    ctx.atKey(['map', 'areas', area], {
      severity: 'warning',
      code: 'unreachable-area',
      message: `Area \`${area}\` is not connected to the rest of the map, so no piece can move there.`,
      hint: 'Add a link to it under `map.links`, or make it a zone if it is an off-map box.',
    });
  }
}

export function unknownRef(ctx: CheckContext, path: Array<string | number>, value: string, known: Iterable<string>, what: string, where: string): void {
  const dym = didYouMean(value, known);
  ctx.atValue(path, {
    code: 'unknown-reference',
    message: `No ${what} \`${value}\` is defined.${dym.text}`,
    hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Define it under \`${where}\`, or fix the spelling.`,
    ...(dym.suggestion ? { fix: dym.suggestion } : {}),
  });
}
