/**
 * A hex grid's data (`map.grid.props`, `map.grid.hexes`): every hex has every key of `props`, so a
 * hex in `hexes` may only change those keys, with a value of the same kind, and must be a hex of
 * the grid by its label. What scripts read of a hex (`h.terrain`) is typed from `props`. The same
 * for hexsides (`edge_props`, `edges`), whose two hexes must also be neighbours.
 */
import { gridCube, gridHexLabel } from '../load/hex-label.ts';
import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';
import { ENTITY_MEMBERS } from './signatures.ts';
import { dataType } from './table-types.ts';
import { describe } from './types.ts';

/** The largest grid whose labels the check lists (a 500 × 500 map). */
const MAX_LISTED = 250_000;

export function checkHexProps(ctx: CheckContext): void {
  const grid = isRecord(ctx.model.data.map) ? ctx.model.data.map.grid : undefined;
  if (!isRecord(grid)) return;
  const props = isRecord(grid.props) ? grid.props : {};
  const builtIn = new Set(ENTITY_MEMBERS.hex!.map(([n]) => n));
  for (const key of Object.keys(props)) {
    if (builtIn.has(key)) {
      ctx.atKey(['map', 'grid', 'props', key], { code: 'duplicate-name', message: `\`${key}\` is already what every hex answers (\`hex.${key}\`); a prop of that name could never be read.`, hint: `Rename it (hexes answer ${[...builtIn].map((n) => `\`${n}\``).join(', ')}).` });
    }
  }
  const hexes = entries(grid.hexes);
  const edges = entries(grid.edges);
  if (hexes.length === 0 && edges.length === 0) return;
  const columns = typeof grid.columns === 'number' ? grid.columns : 0;
  const rows = typeof grid.rows === 'number' ? grid.rows : 0;
  const pattern = typeof grid.label === 'string' ? grid.label : undefined;
  // Labels are made by the grid's pattern, which cannot be read backwards: list them, on grids up
  // to MAX_LISTED hexes (a hostile size must not make the check slow; a label no hex has is
  // only never read).
  const listed = columns * rows <= MAX_LISTED;
  const labels = new Map<string, { col: number; row: number }>();
  if (listed) for (let c = 1; c <= columns; c++) for (let r = 1; r <= rows; r++) labels.set(gridHexLabel(pattern, c, r), { col: c, row: r });
  checkEdges(ctx, grid, edges, listed ? labels : undefined);
  for (const [label, own] of hexes) {
    if (listed && !labels.has(label)) {
      const dym = didYouMean(label, labels.keys());
      ctx.atKey(['map', 'grid', 'hexes', label], {
        code: 'unknown-hex',
        message: `No hex of the ${columns} × ${rows} grid is labelled \`${label}\`.${dym.text}`,
        hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Use a label as \`map.grid.label\` prints it (${gridHexLabel(pattern, 1, 1)} to ${gridHexLabel(pattern, columns, rows)}).`,
      });
    }
    ownValues(ctx, ['map', 'grid', 'hexes', label], own, props, { one: `Hex \`${label}\``, all: 'hex', section: 'props', plural: 'hexes' });
  }
}

/**
 * `map.grid.edges`: each key two labels of neighbouring hexes joined by `/`, each value only keys
 * of `edge_props`, of the same kinds (as `hexes` to `props`).
 */
function checkEdges(ctx: CheckContext, grid: Record<string, unknown>, edges: Array<[string, unknown]>, labels: Map<string, { col: number; row: number }> | undefined): void {
  const props = isRecord(grid.edge_props) ? grid.edge_props : {};
  for (const [key, own] of edges) {
    const parts = key.split('/').map((p) => p.trim());
    const path = ['map', 'grid', 'edges', key];
    if (parts.length !== 2) {
      ctx.atKey(path, { code: 'unknown-hex', message: `A hexside is named by its two hexes' labels joined by \`/\` (\`0501/0601\`), not \`${key}\`.`, hint: 'Write the labels of the two hexes it lies between, as `map.grid.label` prints them.' });
      continue;
    }
    const [a, b] = parts.map((p) => labels?.get(p));
    const unknown = labels ? parts.find((p) => !labels.has(p)) : undefined;
    if (unknown !== undefined) {
      const dym = didYouMean(unknown, labels!.keys());
      ctx.atKey(path, { code: 'unknown-hex', message: `No hex of the grid is labelled \`${unknown}\` (in the hexside \`${key}\`).${dym.text}`, hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Use labels as `map.grid.label` prints them.' });
      continue;
    }
    if (a && b) {
      const [x, y] = [gridCube(grid as { orientation?: string; offset?: string }, a), gridCube(grid as { orientation?: string; offset?: string }, b)];
      if (Math.max(Math.abs(x[0] - y[0]), Math.abs(x[1] - y[1]), Math.abs(x[2] - y[2])) !== 1) {
        ctx.atKey(path, { code: 'edge-not-adjacent', message: `Hexes \`${parts[0]}\` and \`${parts[1]}\` are not neighbours, so they share no side: \`edge(…)\` never reads this.`, hint: 'Name two hexes that touch (a hexside lies between neighbours).' });
      }
    }
    ownValues(ctx, path, own, props, { one: `Hexside \`${key}\``, all: 'hexside', section: 'edge_props', plural: 'hexsides' });
  }
}

/** A listed hex's (hexside's) own values: only keys of `props`, each of the kind `props` gives it. */
function ownValues(ctx: CheckContext, path: Array<string>, own: unknown, props: Record<string, unknown>, words: { one: string; all: string; section: string; plural: string }): void {
  if (!isRecord(own)) return;
  for (const [key, value] of Object.entries(own)) {
    if (!(key in props)) {
      const dym = didYouMean(key, Object.keys(props));
      ctx.atKey([...path, key], {
        code: 'unknown-property',
        message: `\`${key}\` is not one of the ${words.plural}' props (\`map.grid.${words.section}\`${Object.keys(props).length ? `: ${Object.keys(props).join(', ')}` : ' has none'}).${dym.text}`,
        hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Add \`${key}:\` to \`map.grid.${words.section}\` with the value every other ${words.all} has.`,
      });
      continue;
    }
    const want = dataType(props[key]);
    const got = dataType(value);
    if (props[key] !== null && value !== null && want.k !== got.k && want.k !== 'any' && got.k !== 'any') {
      ctx.atValue([...path, key], { code: 'type-mismatch', message: `${words.one}'s \`${key}\` is ${describe(got)}, but \`map.grid.${words.section}\` makes it ${describe(want)} for every other ${words.all}.`, hint: `Give ${describe(want)}, as \`map.grid.${words.section}.${key}\` is.` });
    }
  }
}
