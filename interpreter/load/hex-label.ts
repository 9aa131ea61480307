/** A hex's label by the grid's `label` pattern (`{col:02}{row:02}` unless declared): what the board prints, and what `map.grid.hexes` is keyed by. */
export function gridHexLabel(pattern: string | undefined, col: number, row: number): string {
  return (pattern ?? '{col:02}{row:02}').replace(/\{(col|row)(?::(\d+))?\}/g, (_, which: string, width?: string) => String(which === 'col' ? col : row).padStart(Number(width ?? 0), '0'));
}
