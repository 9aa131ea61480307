/**
 * Hexsides: `edge(a, b)` reads what lies between two neighbouring hexes (a river, a bridge, a
 * wall), `map.grid.edge_props` with the side's own values from `map.grid.edges`, keyed by the two
 * hexes' labels joined by `/` in either order. Two hexes that are not neighbours share no side:
 * `none`. A hex wargame printed rivers on hexsides; a designer had to make whole river hexes.
 */
import { gridHexLabel } from '../load/hex-label.ts';
import { hexDistance, type Hex } from './map.ts';
import { programMemo } from './program-memo.ts';
import { fromStored } from './persist.ts';
import type { Runtime } from './runtime.ts';
import { record, type Value } from './values.ts';

/** Each program's edges' own values, by both orders of their labels (`0501/0601`, `0601/0501`). */
const edgesMemo = programMemo(() => ({ made: false, own: new Map<string, Readonly<Record<string, unknown>>>() }));

function ownEdges(rt: Runtime): Map<string, Readonly<Record<string, unknown>>> {
  const memo = edgesMemo(rt.program);
  if (!memo.made) {
    for (const [key, own] of Object.entries(rt.program.data.map?.grid?.edges ?? {})) {
      const [a, b] = key.split('/').map((s) => s.trim());
      if (a === undefined || b === undefined) continue;
      memo.own.set(`${a}/${b}`, own);
      memo.own.set(`${b}/${a}`, own);
    }
    memo.made = true;
  }
  return memo.own;
}

export function edgeBetween(rt: Runtime, a: Hex, b: Hex): Value {
  if (hexDistance(rt, a, b) !== 1) return null;
  const grid = rt.program.data.map?.grid;
  const label = (h: Hex) => gridHexLabel(grid?.label, h.col, h.row);
  const own = ownEdges(rt).get(`${label(a)}/${label(b)}`);
  const props: Record<string, unknown> = { ...(grid?.edge_props ?? {}), ...(own ?? {}) };
  return record(Object.entries(props).map(([k, v]) => [k, fromStored(rt, v)]));
}
