/** A hex's label by the grid's `label` pattern (`{col:02}{row:02}` unless declared): what the board prints, and what `map.grid.hexes` is keyed by. */
export function gridHexLabel(pattern: string | undefined, col: number, row: number): string {
  return (pattern ?? '{col:02}{row:02}').replace(/\{(col|row)(?::(\d+))?\}/g, (_, which: string, width?: string) => String(which === 'col' ? col : row).padStart(Number(width ?? 0), '0'));
}

/**
 * A hex's cube coordinates from the grid's data alone (flat: columns offset; pointy: rows offset),
 * for the runtime's distances and the checker's neighbours (`map.grid.edges`). Here, beside the
 * labels, since both read it and neither may import the other (docs/architecture.md).
 */
export function gridCube(g: { orientation?: string; offset?: string } | undefined, h: { col: number; row: number }): [number, number, number] {
  const flat = g?.orientation !== 'pointy';
  const oddShift = g?.offset !== 'even';
  if (flat) {
    const parity = oddShift ? h.col & 1 : (h.col + 1) & 1;
    const x = h.col;
    const z = h.row - (h.col - parity) / 2;
    return [x, -x - z, z];
  }
  const parity = oddShift ? h.row & 1 : (h.row + 1) & 1;
  const x = h.col - (h.row - parity) / 2;
  const z = h.row;
  return [x, -x - z, z];
}
