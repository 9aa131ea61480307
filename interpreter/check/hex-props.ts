/**
 * A hex grid's data (`map.grid.props`, `map.grid.hexes`): every hex has every key of `props`, so a
 * hex in `hexes` may only change those keys, with a value of the same kind, and must be a hex of
 * the grid by its label. What scripts read of a hex (`h.terrain`) is typed from `props`.
 */
import { gridHexLabel } from '../load/hex-label.ts';
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
  if (hexes.length === 0) return;
  const columns = typeof grid.columns === 'number' ? grid.columns : 0;
  const rows = typeof grid.rows === 'number' ? grid.rows : 0;
  const pattern = typeof grid.label === 'string' ? grid.label : undefined;
  // Labels are made by the grid's pattern, which cannot be read backwards: list them, on grids up
  // to MAX_LISTED hexes (a hostile size must not make the check slow; a label no hex has is
  // only never read).
  const listed = columns * rows <= MAX_LISTED;
  const labels = new Set<string>();
  if (listed) for (let c = 1; c <= columns; c++) for (let r = 1; r <= rows; r++) labels.add(gridHexLabel(pattern, c, r));
  for (const [label, own] of hexes) {
    if (listed && !labels.has(label)) {
      const dym = didYouMean(label, labels);
      ctx.atKey(['map', 'grid', 'hexes', label], {
        code: 'unknown-hex',
        message: `No hex of the ${columns} × ${rows} grid is labelled \`${label}\`.${dym.text}`,
        hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Use a label as \`map.grid.label\` prints it (${gridHexLabel(pattern, 1, 1)} to ${gridHexLabel(pattern, columns, rows)}).`,
      });
    }
    if (!isRecord(own)) continue;
    for (const [key, value] of Object.entries(own)) {
      if (!(key in props)) {
        const dym = didYouMean(key, Object.keys(props));
        ctx.atKey(['map', 'grid', 'hexes', label, key], {
          code: 'unknown-property',
          message: `\`${key}\` is not one of the hexes' props (\`map.grid.props\`${Object.keys(props).length ? `: ${Object.keys(props).join(', ')}` : ' has none'}).${dym.text}`,
          hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : `Add \`${key}:\` to \`map.grid.props\` with the value every other hex has.`,
        });
        continue;
      }
      const want = dataType(props[key]);
      const got = dataType(value);
      if (props[key] !== null && value !== null && want.k !== got.k && want.k !== 'any' && got.k !== 'any') {
        ctx.atValue(['map', 'grid', 'hexes', label, key], { code: 'type-mismatch', message: `Hex \`${label}\`'s \`${key}\` is ${describe(got)}, but \`map.grid.props\` makes it ${describe(want)} for every other hex.`, hint: `Give ${describe(want)}, as \`map.grid.props.${key}\` is.` });
      }
    }
  }
}
