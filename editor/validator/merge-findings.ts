/**
 * One list of findings from a pass's entries (the worker's answer, and the main thread's merge of
 * a partial answer into the last full one): kept apart from validate.ts so the main thread does
 * not load the interpreter to merge two lists.
 */
import type { Diagnostic } from './protocol.ts';

/**
 * The entries' findings in `entries` order, each reported once: a variant loads its base again,
 * so the base's problems come back from every variant. Entries without findings yet are skipped.
 */
export function mergeFindings(entries: readonly string[], byEntry: Readonly<Record<string, readonly Diagnostic[]>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const d of byEntry[entry] ?? []) {
      const key = findingKey(d);
      if (!seen.has(key)) out.push(d);
      seen.add(key);
    }
  }
  return out;
}

/**
 * Two findings with the same key are the same problem: file, place, code and message, a list of
 * codes in any order (as interpreter/diagnostics.ts's findingKey, which the CLI uses; the main
 * thread does not load the interpreter): a variant re-cutting a table lists its cells in another order.
 */
export function findingKey(d: Diagnostic): string {
  const message = d.message.replace(/`[^`]*`(?:, (?:and |or )?`[^`]*`)+/g, (list) => list.split(/, (?:and |or )?/).sort().join(', '));
  return `${d.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${message}`;
}

/**
 * Each entry's findings after a partial answer for `entry`: its own replaced, and, in the other
 * entries' lists (from the last full pass), the problems it no longer has left out too. A variant
 * loads its base again and repeats the base's problems, so a problem fixed in a shared file would
 * otherwise stay shown until the variants are checked; a problem only a variant has stays.
 */
export function withPartial(byEntry: Readonly<Record<string, readonly Diagnostic[]>>, entry: string, found: readonly Diagnostic[]): Record<string, readonly Diagnostic[]> {
  const now = new Set(found.map(findingKey));
  const fixed = new Set((byEntry[entry] ?? []).map(findingKey).filter((k) => !now.has(k)));
  const out: Record<string, readonly Diagnostic[]> = {};
  for (const [e, ds] of Object.entries(byEntry)) out[e] = fixed.size ? ds.filter((d) => !fixed.has(findingKey(d))) : ds;
  out[entry] = found;
  return out;
}
