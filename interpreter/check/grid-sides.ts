import type { CheckContext } from './context.ts';
import { isRecord } from './context.ts';

/** The sides a hex has, by orientation: flat tops have a north side, pointy tops an east side. */
const SIDES: Record<string, readonly string[]> = { flat: ['north', 'north-east'], pointy: ['north-east', 'east'] };

/**
 * `invalid-facing-origin`: a grid's `facing_origin` that is no side of its hexes (`east` on flat
 * tops, `north` on pointy tops). Facings count from a side, so the runtime would count from
 * another one than written (north-east for pointy, north for flat), and every facing, arc and
 * `hex_neighbour` direction would be turned from what the board shows.
 */
export function checkGridSides(ctx: CheckContext): void {
  const grid = isRecord(ctx.model.data.map) ? ctx.model.data.map.grid : undefined;
  if (!isRecord(grid) || typeof grid.facing_origin !== 'string') return;
  const orientation = grid.orientation === 'pointy' ? 'pointy' : 'flat';
  const sides = SIDES[orientation]!;
  if (sides.includes(grid.facing_origin)) return;
  ctx.atValue(['map', 'grid', 'facing_origin'], {
    code: 'invalid-facing-origin',
    message: `A ${orientation}-topped hex has no ${grid.facing_origin} side, so facings cannot count from it.`,
    hint: `Count facings from a side the hexes have: ${sides.map((s) => `\`${s}\``).join(' or ')} (or make the grid \`orientation: ${orientation === 'flat' ? 'pointy' : 'flat'}\`).`,
  });
}
