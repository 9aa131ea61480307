/**
 * A variant's section entry with a base id replaces the base's entry whole (merge-variant.ts).
 * Written as a partial patch — `decks: { supply: { cards: [ one card ] } }` to change one card —
 * it silently drops everything it leaves out (a designer's walk lost 28 of 30 cards, the deck's
 * name, total and fields, with validate clean). Said here, as a warning, whenever the entry drops
 * a key the base's has, or a list of elements by id loses elements; an entry that writes every key
 * replaces on purpose and is left alone.
 */
import { childOf, isRecord, listItems, type Located } from './origin-tree.ts';
import { elementId, isIdList, type MergeReporter } from './merge-include.ts';
import { diagnosticAt } from './locate.ts';

/** Keys whose loss changes no rule: the rulebook reference and the designer's words. */
const WORDS = new Set(['source', 'note', 'assumption', 'description']);

export function reportWholeReplace(base: Located, over: Located, path: readonly string[], rep: MergeReporter): void {
  if (!isRecord(base.value) || !isRecord(over.value)) return;
  const dropped = Object.keys(base.value).filter((k) => !WORDS.has(k) && !(k in (over.value as Record<string, unknown>)));
  const lost: string[] = [];
  let goneCount = 0;
  let firstKept: string | undefined;
  for (const key of Object.keys(over.value)) {
    const was = childOf(base, key), now = childOf(over, key);
    if (!was || !now || !Array.isArray(was.value) || !Array.isArray(now.value)) continue;
    const before = listItems(was), after = listItems(now);
    if (!isIdList(before) || !isIdList(after)) continue;
    const kept = new Set(after.map(elementId));
    const gone = before.map(elementId).filter((id) => !kept.has(id));
    goneCount += gone.length;
    if (gone.length > 0) lost.push(`${gone.length} of its ${before.length} \`${key}\` (${gone.slice(0, 3).join(', ')}${gone.length > 3 ? ', …' : ''})`);
    const same = after.map(elementId).find((id) => !gone.includes(id) && before.some((b) => elementId(b) === id));
    if (same !== undefined) firstKept ??= `${key}.${same}`;
  }
  if (dropped.length === 0 && lost.length === 0) return;
  const where = path.join('.');
  const parts = [
    ...(dropped.length > 0 ? [`its ${dropped.map((k) => `\`${k}\``).join(', ')}`] : []),
    ...lost,
  ];
  const example = firstKept !== undefined ? `${where}.${firstKept}.<key>` : `${where}.<key>`;
  rep.diagnostics.push(
    diagnosticAt(rep.files, over.at.origin, rep.fallbackFile, 'key', {
      code: 'variant-replaces-whole',
      severity: 'warning',
      message: `\`${where}\` here replaces the base's whole \`${path[path.length - 1]}\`, so ${parts.join(' and ')} ${dropped.length + goneCount === 1 ? 'is' : 'are'} gone.`,
      hint: `To change part of it, use \`set:\` (\`set: { ${example}: … }\`) and leave the rest to the base; to replace it on purpose, write out every key the base has.`,
    }),
  );
}
