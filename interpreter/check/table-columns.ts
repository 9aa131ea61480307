import { parseBand } from '../tables/bands.ts';
import type { Report } from './context.ts';
import type { Ty } from './types.ts';

/**
 * A number asked of a cross table whose columns are all labels no number can match (odds such as
 * `1:2`, names): it selects none of them, and the lookup would stop the game (`no-table-column`).
 * Only a key known to be a number is reported.
 */
export function numberForLabelledColumns(tableId: string, columns: unknown, key: Ty): Report | undefined {
  if (key.k !== 'number' || key.missing || !Array.isArray(columns) || columns.length === 0) return undefined;
  const labels = columns.map(String);
  const named = labels.every((c) => {
    const band = parseBand(c);
    return band.kind === 'key' && !Number.isFinite(Number(band.key));
  });
  if (!named) return undefined;
  const shown = labels.slice(0, 4).map((l) => `\`${l}\``).join(', ') + (labels.length > 4 ? ', …' : '');
  return {
    code: 'type-mismatch',
    message: `\`${tableId}\`'s columns are labels (${shown}), so a number selects none of them.`,
    hint: `Give the column's label as text (\`"${labels[0]}"\`), or look it up first in a keyed table that gives the label.`,
  };
}
