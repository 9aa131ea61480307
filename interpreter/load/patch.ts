/**
 * `remove:` and `set:` paths: dot-separated steps through mappings (by key) and lists (by index, or
 * by an element's `id`), e.g. `tables.crt.rows.6` or `flow.phases.supply`. Keys that contain dots,
 * such as the band `2..3`, are matched whole: the longest key that exists wins.
 */
import { didYouMean } from '../../grammar/index.ts';
import { diagnosticAt } from './locate.ts';
import type { MergeReporter } from './merge-include.ts';
import { buildList, childOf, hasKey, isRecord, listItems, RecordBuilder, type Located } from './origin-tree.ts';

type Step = string | number;

interface Resolved {
  /** Steps that exist, from the root. */
  steps: Step[];
  /** The written segments left over after the last step that exists. */
  rest: string[];
  /** The value at `steps`. */
  node: Located;
}

function resolve(root: Located, segments: readonly string[]): Resolved {
  const steps: Step[] = [];
  let node = root;
  let i = 0;
  while (i < segments.length) {
    const next = stepInto(node, segments, i);
    if (!next) break;
    steps.push(next.step);
    node = next.node;
    i = next.end;
  }
  return { steps, rest: segments.slice(i), node };
}

function stepInto(node: Located, segments: readonly string[], i: number): { step: Step; node: Located; end: number } | undefined {
  if (isRecord(node.value)) {
    for (let end = segments.length; end > i; end--) {
      const key = segments.slice(i, end).join('.');
      const child = hasKey(node.value, key) ? childOf(node, key) : undefined;
      if (child) return { step: key, node: child, end };
    }
    return undefined;
  }
  if (!Array.isArray(node.value)) return undefined;
  const segment = segments[i] ?? '';
  const items = listItems(node);
  let index = /^\d+$/.test(segment) ? Number(segment) : -1;
  if (index < 0 || index >= items.length) index = items.findIndex((item) => isRecord(item.value) && item.value.id === segment);
  const item = items[index];
  return item ? { step: index, node: item, end: i + 1 } : undefined;
}

/** A copy of `node` with the value at `steps` replaced by `change(current)`, or deleted on `undefined`. */
function updateAt(node: Located, steps: readonly Step[], change: (current: Located | undefined) => Located | undefined): Located {
  const [head, ...rest] = steps;
  if (head === undefined) return change(node) ?? node;
  if (Array.isArray(node.value)) {
    const items = listItems(node);
    const index = Number(head);
    const current = items[index];
    const next = rest.length === 0 ? change(current) : current && updateAt(current, rest, change);
    if (next) items[index] = next;
    else items.splice(index, 1);
    return buildList(items, node.at.origin);
  }
  const out = new RecordBuilder(node);
  const key = String(head);
  const current = out.get(key);
  const next = rest.length === 0 ? change(current) : current && updateAt(current, rest, change);
  if (next) out.set(key, next);
  else out.delete(key);
  return out.build(node.at.origin);
}

/** Apply one `remove:` entry. */
export function applyRemove(root: Located, entry: Located, rep: MergeReporter): Located {
  if (typeof entry.value !== 'string') return root;
  const resolved = resolve(root, entry.value.split('.'));
  if (resolved.rest.length > 0 && quotedKey(root, entry, entry.value, resolved, rep, 'value')) return root;
  if (resolved.rest.length > 0 || resolved.steps.length === 0) {
    notFound(rep, entry, entry.value, resolved, 'value');
    return root;
  }
  return updateAt(root, resolved.steps, () => undefined);
}

/** Apply one `set:` entry; only the last step (a key of an existing mapping) may be new. */
export function applySet(root: Located, path: string, value: Located, rep: MergeReporter): Located {
  const resolved = resolve(root, path.split('.'));
  if (resolved.rest.length === 0 && resolved.steps.length > 0) {
    changesKind(rep, resolved.node, value, path);
    return updateAt(root, resolved.steps, () => value);
  }
  if (quotedKey(root, value, path, resolved, rep, 'key')) return root;
  const newKey = resolved.rest.join('.');
  const addable = isRecord(resolved.node.value) && (resolved.rest.length === 1 || newKey.includes('..')) && isWholeKey(newKey);
  if (addable) {
    addsKey(rep, value, path, newKey, Object.keys(resolved.node.value as Record<string, unknown>));
    return updateAt(root, [...resolved.steps, newKey], () => value);
  }
  notFound(rep, value, path, resolved, 'key');
  return root;
}

/**
 * A `set:` that puts text where the base has a number (`rows.3: twelve` for `12`): every rule that
 * reads it as a number stops the game with type-mismatch, at the rule, far from this line (a
 * designer's walk saw 20 games of 20 stop so, with validate clean). A warning, since a text there
 * may be meant (a table whose rows mix numbers and words).
 */
function changesKind(rep: MergeReporter, before: Located, after: Located, written: string): void {
  if (typeof before.value !== 'number' || typeof after.value !== 'string') return;
  rep.diagnostics.push(
    diagnosticAt(rep.files, after.at.origin, rep.fallbackFile, 'value', {
      code: 'set-changes-kind',
      severity: 'warning',
      message: `\`${written}\` is a number in the base (${before.value}); this sets it to the text "${after.value}".`,
      hint: `Write a number (\`${written}: ${before.value}\` is the base's): a rule reading it as a number would stop the game with type-mismatch.`,
    }),
  );
}

/**
 * A `set:` that adds a key close to one the base has beside it (\`props.attak\` beside \`attack\`) is
 * most often a slip that leaves the house rule doing nothing: said, as a warning (a new key a
 * variant's own scripts read is fine). Row labels (`7`, `13-15`, `12+`) are not slips of one
 * another: a new row `7` beside `1`–`6` is meant, and the checker says whether a roll reaches it.
 */
function addsKey(rep: MergeReporter, at: Located, written: string, key: string, siblings: string[]): void {
  const close = didYouMean(key, siblings);
  if (close === undefined || (NUMERIC_LABEL.test(key) && NUMERIC_LABEL.test(close))) return;
  const fix = `${written.slice(0, written.length - key.length)}${close}`;
  rep.diagnostics.push(
    diagnosticAt(rep.files, at.at.origin, rep.fallbackFile, 'key', {
      code: 'patch-adds-key',
      severity: 'warning',
      message: `\`${written}\` adds \`${key}\`, which the base does not have; it has \`${close}\`.`,
      hint: `Did you mean \`${fix}\`? A new key is only read where the rules read it.`,
      fix,
    }),
  );
}

/** A number or a band of numbers as a key: `7`, `-1`, `13-15`, `2..3`, `12+`. */
const NUMERIC_LABEL = /^[-+]?\d+(?:\s*(?:[-–]|\.\.)\s*[-+]?\d+|\+)?$/;

/** A step written in quotes (`rows."1-4"`, `'night'`), in a path whose quotes are YAML's only when around it whole. */
const QUOTED_STEP = /(^|\.)(["'])([^"']*)\2(?=\.|$)/g;

/**
 * `tables.crt.rows."1-4"`: the quotes of a step are part of the key, so the path names a key the
 * base does not have (`"1-4"`, quotes and all) and, set, would add it beside `1-4`, changing
 * nothing. An error, since no base writes quotes in its keys: the fix writes the path unquoted
 * (a path is quoted whole in YAML, `"tables.crt.rows.1-4": …`, when it must be).
 */
function quotedKey(root: Located, at: Located, written: string, resolved: Resolved, rep: MergeReporter, anchor: 'key' | 'value'): boolean {
  const rest = resolved.rest.join('.');
  const quoted = [...rest.matchAll(QUOTED_STEP)][0];
  if (!quoted) return false;
  const fix = written.replace(QUOTED_STEP, '$1$3');
  const key = quoted[3]!;
  const unquoted = resolve(root, fix.split('.'));
  const there = unquoted.rest.length === 0 && unquoted.steps.length > 0;
  const what = resolved.steps.at(-1) === 'rows' ? 'row' : 'key';
  const q = `${quoted[2]}${key}${quoted[2]}`;
  // Only the last step of a `set:` may be new; a quoted step before it, or removed, is not found.
  const adds = anchor === 'key' && quoted.index + quoted[0].length === rest.length;
  const said = !adds
    ? `the base has no \`${q}\`${there ? ` (it has \`${key}\`)` : ''}`
    : `\`${q}\` would be a new ${what}${there ? ` beside the base's \`${key}\`, which stays as it is` : ', quotes and all'}`;
  rep.diagnostics.push(
    diagnosticAt(rep.files, at.at.origin, rep.fallbackFile, anchor, {
      code: 'patch-quoted-key',
      message: `\`${written}\`: the quotes are part of the key, so ${said}.`,
      hint: `Write the path without them: \`${fix}\` (to quote it for YAML, quote the whole path: \`"${fix}"\`).`,
      fix,
    }),
  );
  return true;
}

function isWholeKey(key: string): boolean {
  return key !== '' && !key.startsWith('.') && !key.endsWith('.');
}

function notFound(rep: MergeReporter, at: Located, written: string, resolved: Resolved, anchor: 'key' | 'value'): void {
  const missing = resolved.rest[0] ?? '';
  const existing = resolved.steps.map(String);
  const shown = [...existing, missing].join('.');
  const candidates = isRecord(resolved.node.value) ? Object.keys(resolved.node.value) : listIds(resolved.node);
  const suggestion = didYouMean(missing, candidates);
  const fix = suggestion === undefined ? undefined : [...existing, suggestion, ...resolved.rest.slice(1)].join('.');
  // A key the base leaves out (a hex with the grid's default props) is added whole, not field by field.
  const whole = isRecord(resolved.node.value) && resolved.rest.length === 2 && isWholeKey(missing)
    ? `To add \`${missing}\`, set it whole: \`${shown}: { ${resolved.rest[1]}: … }\`.` : undefined;
  const hint = fix ? `Did you mean \`${fix}\`?${whole ? ` ${whole}` : ''}` : whole ?? whatIsThere(existing, candidates);
  rep.diagnostics.push(
    diagnosticAt(rep.files, at.at.origin, rep.fallbackFile, anchor, {
      code: 'patch-path-not-found',
      message: `\`${written}\`: the base ruleset has no \`${shown}\`.`,
      hint,
      ...(fix ? { fix } : {}),
    }),
  );
}

/** With no near name to suggest: what the base has where the path stops (at most a dozen names). */
function whatIsThere(existing: string[], candidates: string[]): string {
  const general = 'Paths are dot-separated keys or ids from the top of the base ruleset, e.g. `tables.crt.rows.6`.';
  if (candidates.length === 0) return general;
  const SHOWN = 12;
  const names = candidates.slice(0, SHOWN).map((c) => `\`${c}\``).join(', ');
  const more = candidates.length > SHOWN ? ` and ${candidates.length - SHOWN} more` : '';
  return `${existing.length ? `\`${existing.join('.')}\` has` : 'The base ruleset has'} ${names}${more}. ${general}`;
}

function listIds(node: Located): string[] {
  return listItems(node).flatMap((item) => (isRecord(item.value) && typeof item.value.id === 'string' ? [item.value.id] : []));
}
