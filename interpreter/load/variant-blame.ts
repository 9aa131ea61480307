/**
 * Problems a variant brings into its base's files. Checked as a whole, a variant that sets a card's
 * count or adds a table row can make the base's deck total or another row wrong; the checker
 * reports that where the base wrote it (`cards.yaml:7:12 deck-count-mismatch`), and a designer
 * editing the variant reads a problem in a file they did not touch, with a hint to edit the base.
 * A problem found in a base file when checking the variant, but not when checking the base alone,
 * is put on the variant's change whose element holds it (`set:` path, `remove:` entry, or an element
 * the variant replaces), saying where in the base it shows; one no change holds keeps its place and
 * says it comes with the variant. A name the base uses that the variant's `remove:` takes away is
 * said at each use (naming the `remove:` entry) and once at that entry (removed-still-used).
 */
import { parseDocument, isMap, isScalar, isSeq, type Node } from 'yaml';
import { findingKey as key, type Diagnostic, type Range } from '../diagnostics.ts';
import { isCollection, VARIANT_KEYS } from './collections.ts';
import type { DataPath, RulesetModel } from './model.ts';
import { rangeAt } from './positions.ts';

/** One change the variant file writes: the data path it touches and where the variant writes it. */
interface Change {
  path: string[];
  what: string;
  range: Range;
  /** A `remove:` entry. */
  removes?: boolean;
}

/** `found` (the variant's diagnostics) with those the base alone (`baseFound`, files `baseFiles`) has not re-pointed at the variant. */
export function blameVariant(model: RulesetModel, found: readonly Diagnostic[], baseFound: readonly Diagnostic[], baseFiles: ReadonlySet<string>): Diagnostic[] {
  if (model.lineage.length < 2) return [...found];
  const inBase = new Set(baseFound.map(key));
  const caused = found.filter((d) => d.file !== model.entry && baseFiles.has(d.file) && !inBase.has(key(d)));
  if (caused.length === 0) return [...found];
  const changes = changesOf(model);
  // A name the base uses and the variant's `remove:` took away: said at each use, and once at the entry.
  const uses = new Map<Change, Diagnostic[]>();
  const blamed = new Map(
    caused.map((d) => {
      const removal = removalOf(model, d, changes);
      if (removal) uses.set(removal, [...(uses.get(removal) ?? []), d]);
      return [d, removal ? removedAt(model, d, removal) : blame(model, d, changes)];
    }),
  );
  return [...found.map((d) => blamed.get(d) ?? d), ...[...uses].map(([change, list]) => stillUsed(model, change, list))];
}

/** The `remove:` entry whose element's id is the name `d` marks (`remove: [tables.crt]` and a script's `roll on crt`). */
function removalOf(model: RulesetModel, d: Diagnostic, changes: readonly Change[]): Change | undefined {
  const file = model.files.get(d.file);
  if (!file || d.range.start.line !== d.range.end.line) return undefined;
  const start = file.lineStarts[d.range.start.line - 1];
  if (start === undefined) return undefined;
  const name = file.text.slice(start + d.range.start.column - 1, start + d.range.end.column - 1);
  return changes.find((c) => c.removes && c.path.length > 1 && c.path[c.path.length - 1] === name);
}

const placeOf = (file: string, range: Range): string => `${file}:${range.start.line}:${range.start.column}`;

/** A use of what the variant removed: where the variant removes it, and what to change. */
function removedAt(model: RulesetModel, d: Diagnostic, change: Change): Diagnostic {
  const { fix: _fix, ...rest } = d;
  const path = change.path.join('.');
  return {
    ...rest,
    message: `${d.message} The variant's \`remove: ${path}\` (${placeOf(model.entry, change.range)}) removed it, and the base still uses it here.`,
    hint: `Keep it (take \`${path}\` out of the variant's \`remove:\`), or change this line of the base in the variant so it no longer uses it.`,
  };
}

const MAX_USES = 4;

/** One diagnostic at the `remove:` entry, so a review of the variant's file shows it too. */
function stillUsed(model: RulesetModel, change: Change, uses: readonly Diagnostic[]): Diagnostic {
  const path = change.path.join('.');
  const places = uses.slice(0, MAX_USES).map((d) => placeOf(d.file, d.range)).join(', ');
  const more = uses.length > MAX_USES ? ` and ${uses.length - MAX_USES} more` : '';
  return {
    severity: uses.some((d) => d.severity === 'error') ? 'error' : uses[0]!.severity,
    code: 'removed-still-used',
    message: `\`remove: ${path}\` takes away \`${change.path[change.path.length - 1]}\`, which the base still uses at ${places}${more}.`,
    hint: 'Keep it (take it out of `remove:`), or change those lines of the base in the variant (`set:` the script, or replace the element holding it) so they no longer use it.',
    file: model.entry,
    range: change.range,
  };
}

function blame(model: RulesetModel, d: Diagnostic, changes: readonly Change[]): Diagnostic {
  const where = `${d.file}:${d.range.start.line}:${d.range.start.column}`;
  let best: { change: Change; size: number } | undefined;
  for (const change of changes) {
    const size = holdingSize(model, change.path, d);
    if (size !== undefined && (best === undefined || size < best.size)) best = { change, size };
  }
  if (!best) {
    const note = `The base alone does not have this problem: it comes with the variant ${model.entry}.`;
    return { ...d, hint: d.hint ? `${d.hint} ${note}` : note };
  }
  const { fix: _fix, ...rest } = d;
  return {
    ...rest,
    file: model.entry,
    range: best.change.range,
    message: `${d.message} (in the base at ${where}, as this variant's ${best.change.what} leaves it)`,
  };
}

/** The size (in lines) of the element of the longest prefix of `path` that lies in `d`'s file and holds `d`'s start. */
function holdingSize(model: RulesetModel, path: readonly string[], d: Diagnostic): number | undefined {
  for (let n = path.length; n > 0; n--) {
    const at = model.rangeOf(path.slice(0, n) as DataPath);
    if (at && at.file === d.file && contains(at.range, d.range)) return at.range.end.line - at.range.start.line;
  }
  return undefined;
}

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.column <= b.column);
const contains = (outer: Range, inner: Range): boolean => before(outer.start, inner.start) && before(inner.start, outer.end);

/** The changes the variant's own file writes, read from its text (the merged data no longer tells them apart). */
function changesOf(model: RulesetModel): Change[] {
  const file = model.files.get(model.entry);
  if (!file) return [];
  const doc = parseDocument(file.text, { uniqueKeys: false });
  if (!isMap(doc.contents)) return [];
  const out: Change[] = [];
  const rangeOfNode = (n: Node | null | undefined): Range | undefined => (n?.range ? rangeAt(file, n.range[0], n.range[1]) : undefined);
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key)) continue;
    const name = String(pair.key.value);
    const keyRange = rangeOfNode(pair.key as Node);
    if (!keyRange) continue;
    if (name === 'set' && isMap(pair.value)) {
      for (const p of pair.value.items) {
        const r = isScalar(p.key) ? rangeOfNode(p.key as Node) : undefined;
        if (r) out.push({ path: String((p.key as { value: unknown }).value).split('.'), what: `\`set: ${String((p.key as { value: unknown }).value)}\``, range: r });
      }
    } else if (name === 'remove' && isSeq(pair.value)) {
      for (const item of pair.value.items) {
        const r = isScalar(item) ? rangeOfNode(item as Node) : undefined;
        if (r) out.push({ path: String((item as { value: unknown }).value).split('.'), what: `\`remove: ${String((item as { value: unknown }).value)}\``, range: r, removes: true });
      }
    } else if (!VARIANT_KEYS.has(name) && name !== 'include') {
      // A section the variant writes: each element it adds or replaces (a table, a deck), or the section.
      const elements = isCollection([name]) && isMap(pair.value) ? pair.value.items : [];
      for (const e of elements) {
        const r = isScalar(e.key) ? rangeOfNode(e.key as Node) : undefined;
        if (r) out.push({ path: [name, String((e.key as { value: unknown }).value)], what: `\`${name}.${String((e.key as { value: unknown }).value)}\``, range: r });
      }
      if (elements.length === 0) out.push({ path: [name], what: `\`${name}\``, range: keyRange });
    }
  }
  return out;
}
