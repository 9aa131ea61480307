/**
 * A key indented one step too far under a folded or literal block scalar (`description: >-`)
 * becomes part of the text, and the ruleset silently loses it: `roll: 2d6` turns into words of
 * the description. This finds lines inside block scalars that read `key: …` where `key` is a key
 * the schema allows in the mapping that holds the scalar and that mapping lacks, and warns there.
 */
import { isMap, isScalar, isSeq, Scalar, type Document } from 'yaml';
// The schema's structure, not grammar/schema.ts: its descriptions are 10 KB of the editor's first load.
import { schemaStructure as rulesetSchema } from './schema-validator.generated.js';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic } from './codes.ts';
import type { Origin, SourceFile } from './model.ts';
import { isRecord, type Located, type OriginNode } from './origin-tree.ts';
import { rangeAt } from './positions.ts';
import { keyString } from './scalar-text.ts';

type Schema = Record<string, unknown>;
type Key = string | number;

const KEY_LINE = /^(\s*)([a-z_][a-z0-9_]*):(?:\s|$)/;
/** Documents nest far less; the bound keeps a hostile file's walk short. */
const MAX_WALK_DEPTH = 64;

/**
 * Whether the block scalar at `[start, end)` has a content line that reads like a key: a cheap
 * test, true whenever `reportLines` could report there (the pattern spans lines, so it finds more).
 */
export function mayHoldKeyLine(text: string, start: number, end: number): boolean {
  const header = text.indexOf('\n', start);
  return header !== -1 && header < end && ANY_KEY_LINE.test(text.slice(header + 1, end));
}

const ANY_KEY_LINE = /^\s*[a-z_][a-z0-9_]*:(?:\s|$)/m;

export function checkSwallowedKeys(doc: Document.Parsed, file: SourceFile, diagnostics: Diagnostic[]): void {
  walk(doc.contents, DOCUMENT_VIEW, [rulesetSchema as Schema], file, diagnostics, 0);
}

/**
 * The same check over data the fast reader (fast-yaml.ts) built: `blocks` are the origins of its
 * block scalars that may hold a key line. Both walks name keys as the data does (`keyString`:
 * `1.0:` stays `1.0`), so their findings are the same to the byte.
 */
export function checkSwallowedKeysIn(located: Located, blocks: ReadonlySet<Origin>, file: SourceFile, diagnostics: Diagnostic[]): void {
  walk(located, dataView(blocks), [rulesetSchema as Schema], file, diagnostics, 0);
}

/** What the walk needs of a tree: yaml's Document, or located data. */
interface TreeView<N> {
  items(node: N): readonly N[] | undefined;
  /** A mapping's pairs in written order (keys that are not scalars left out). */
  pairs(node: N): ReadonlyArray<readonly [string, N]> | undefined;
  /** `[start, end)` of a block scalar whose lines may read like keys. */
  block(node: N): readonly [number, number] | undefined;
}

const DOCUMENT_VIEW: TreeView<unknown> = {
  items: (node) => (isSeq(node) ? node.items : undefined),
  pairs: (node) => (isMap(node) ? node.items.flatMap((p) => (isScalar(p.key) ? [[keyString(p.key), p.value] as const] : [])) : undefined),
  block: (node) => (isScalar(node) && (node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL) && node.range ? [node.range[0], node.range[1]] : undefined),
};

function dataView(blocks: ReadonlySet<Origin>): TreeView<Located> {
  const childAt = (l: Located, key: string): OriginNode => l.at.children?.get(key) ?? {};
  return {
    items: (l) => (Array.isArray(l.value) ? l.value.map((value: unknown, i) => ({ value, at: childAt(l, String(i)) })) : undefined),
    // The origin tree keeps the written order; an object puts integer-like keys first.
    pairs: (l) => (isRecord(l.value) && l.at.children ? [...l.at.children].map(([k, at]) => [k, { value: (l.value as Record<string, unknown>)[k], at }] as const) : undefined),
    block: (l) => (l.at.origin && blocks.has(l.at.origin) ? [l.at.origin.start, l.at.origin.end] : undefined),
  };
}

function walk<N>(node: N, view: TreeView<N>, schemas: Schema[], file: SourceFile, diagnostics: Diagnostic[], depth: number): void {
  if (depth > MAX_WALK_DEPTH || schemas.length === 0) return;
  const items = view.items(node);
  const pairs = items ? undefined : view.pairs(node);
  if (!items && !pairs) return;
  // Expanded once per node: every child's schemas come from the same branches.
  const branches = branchesOf(schemas);
  if (items) items.forEach((item, i) => walk(item, view, childSchemas(branches, i), file, diagnostics, depth + 1));
  if (!pairs) return;
  // The keys that may be missing are only needed when the mapping holds a block scalar.
  let allowed: string[] | undefined;
  for (const [key, value] of pairs) {
    const block = view.block(value);
    if (block) {
      allowed ??= missingKeys(pairs, branches);
      if (allowed.length) reportLines(block[0], block[1], key, allowed, file, diagnostics);
    }
    walk(value, view, childSchemas(branches, key), file, diagnostics, depth + 1);
  }
}

/** Keys the schema allows in a mapping that it does not have. */
function missingKeys(pairs: ReadonlyArray<readonly [string, unknown]>, branches: Schema[]): string[] {
  const present = new Set(pairs.map(([k]) => k));
  return keysOf(branches).filter((k) => !present.has(k));
}

/** One warning per line of the scalar that reads like a missing sibling key. */
function reportLines(start: number, end: number, owner: string, allowed: string[], file: SourceFile, diagnostics: Diagnostic[]): void {
  const text = file.text.slice(start, end);
  let offset = start + text.indexOf('\n') + 1; // the header line (`>-`) holds no text
  if (offset <= start) return;
  for (const line of file.text.slice(offset, end).split('\n')) {
    const m = KEY_LINE.exec(line);
    if (m && allowed.includes(m[2]!)) {
      const at = offset + m[1]!.length;
      diagnostics.push(diagnostic(file.path, rangeAt(file, at, at + m[2]!.length + 1), {
        code: 'swallowed-key',
        severity: 'warning',
        message: `\`${m[2]}:\` is part of the text of \`${owner}\`, not a key: it is indented under the block scalar.`,
        hint: `If \`${m[2]}\` is meant as a key, indent it like \`${owner}:\`; if it is text, reword the line so it does not read as a key.`,
      }));
    }
    offset += line.length + 1;
  }
}

const expandedOne = new WeakMap<Schema, Schema[]>();
/** `expand`, kept for a single schema (the common case): the schema never changes. */
function branchesOf(schemas: Schema[]): Schema[] {
  const only = schemas[0];
  if (schemas.length !== 1 || typeof only !== 'object' || only === null) return expand(schemas);
  let branches = expandedOne.get(only);
  if (!branches) expandedOne.set(only, (branches = expand(schemas)));
  return branches;
}

/** The schema branches a value may match: `$ref`s followed, `allOf`/`anyOf`/`oneOf` opened. */
function expand(schemas: Schema[], seen = new Set<Schema>()): Schema[] {
  const out: Schema[] = [];
  for (const s of schemas) {
    if (!s || typeof s !== 'object' || seen.has(s)) continue;
    seen.add(s);
    out.push(s);
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#/$defs/')) {
      const def = ((rulesetSchema as Schema).$defs as Record<string, Schema> | undefined)?.[s.$ref.slice(8)];
      if (def) out.push(...expand([def], seen));
    }
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) out.push(...expand(s[k] as Schema[], seen));
  }
  return out;
}

/** Keys of the `properties` of already expanded branches. */
function keysOf(branches: Schema[]): string[] {
  const keys = new Set<string>();
  for (const s of branches) for (const k of Object.keys((s.properties as object | undefined) ?? {})) keys.add(k);
  return [...keys];
}

/** Schemas of the value under `key`, from already expanded branches. */
function childSchemas(branches: Schema[], key: Key): Schema[] {
  const out: Schema[] = [];
  for (const s of branches) {
    const props = s.properties as Record<string, Schema> | undefined;
    if (typeof key === 'string' && props && Object.hasOwn(props, key)) out.push(props[key]!);
    else if (typeof key === 'string' && s.patternProperties) {
      for (const [pattern, sub] of Object.entries(s.patternProperties as Record<string, Schema>)) if (patternOf(pattern).test(key)) out.push(sub);
    }
    if (typeof key === 'string' && !(props && Object.hasOwn(props, key)) && s.additionalProperties && typeof s.additionalProperties === 'object') out.push(s.additionalProperties as Schema);
    if (typeof key === 'number' && s.items && typeof s.items === 'object') out.push(s.items as Schema);
  }
  return out;
}

const patterns = new Map<string, RegExp>();
/** The schema's few key patterns, compiled once. */
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source, 'u')));
  return re;
}
