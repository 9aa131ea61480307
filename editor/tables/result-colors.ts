/**
 * A colour per coded result of a table, so a grid reads at a glance (where the Arrests start, how
 * far the Dispersals reach). Colours follow the order of the table's legend (`results:`), which the
 * designer writes mildest first in practice, and repeat after the palette's eight.
 */
import type { TableView } from '../validator/protocol.ts';

export const RESULT_PALETTE_SIZE = 8;

/** The palette slot of a cell's text, or undefined when the text is not a result of the legend. */
export function resultSlot(table: Pick<TableView, 'results'>, text: string): number | undefined {
  if (!table.results) return undefined;
  const index = Object.keys(table.results).indexOf(text);
  return index < 0 ? undefined : index % RESULT_PALETTE_SIZE;
}
