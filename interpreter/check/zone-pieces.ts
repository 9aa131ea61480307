import type { RulesetFile } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { isRecord } from './context.ts';
import type { Ty } from './types.ts';

const isPieces = (t: Ty): boolean => (t.k === 'entity' && (t.e === 'piece' || t.e === 'piece-type')) || (t.k === 'list' && isPieces(t.of));

/**
 * `pieces-in-secret-zone`: pieces moved, placed or removed into a zone declared `visibility: owner`
 * or `hidden`. A zone's visibility keeps cards from the other seats (a hand); a piece is seen
 * wherever it lies unless it is itself hidden (`hidden: true` on its type, `p.hidden = true`),
 * so the zone's word would not keep which pieces are there from anyone.
 */
export function secretZoneReport(data: RulesetFile, what: Ty, where: Ty): Report | undefined {
  if (!isPieces(what) || where.k !== 'entity' || where.e !== 'zone' || where.id === undefined) return undefined;
  const zone = isRecord(data.zones) ? data.zones[where.id] : undefined;
  const visibility = isRecord(zone) ? zone.visibility : undefined;
  if (visibility !== 'owner' && visibility !== 'hidden') return undefined;
  return {
    severity: 'warning',
    code: 'pieces-in-secret-zone',
    message: `Zone \`${where.id}\` is \`visibility: ${visibility}\`, which keeps cards from the other seats, not pieces: every seat sees which pieces lie there.`,
    hint: 'To keep a piece from the other sides, make it hidden (`hidden: true` on its type, or `p.hidden = true`); or keep a count of them instead of the pieces.',
  };
}
