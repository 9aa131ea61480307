/**
 * A key indented one step too far under a folded or literal block scalar (`description: >-`)
 * becomes part of the text, and the ruleset silently loses it: `roll: 2d6` turns into words of
 * the description. This finds lines inside block scalars that read `key: …` where `key` is a key
 * the schema allows in the mapping that holds the scalar and that mapping lacks, and warns there.
 */
import { isMap, isScalar, isSeq, Scalar, type Document, type Node } from 'yaml';
import { rulesetSchema } from '../../grammar/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic } from './codes.ts';
import type { SourceFile } from './model.ts';
import { rangeAt } from './positions.ts';

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
  walk(doc.contents, [rulesetSchema as Schema], file, diagnostics, 0);
}

function walk(node: unknown, schemas: Schema[], file: SourceFile, diagnostics: Diagnostic[], depth: number): void {
  if (depth > MAX_WALK_DEPTH || schemas.length === 0 || !(isSeq(node) || isMap(node))) return;
  // Expanded once per node: every child's schemas come from the same branches.
  const branches = branchesOf(schemas);
  if (isSeq(node)) node.items.forEach((item, i) => walk(item, childSchemas(branches, i), file, diagnostics, depth + 1));
  if (!isMap(node)) return;
  // The keys that may be missing are only needed when the mapping holds a block scalar.
  let allowed: string[] | undefined;
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (key === undefined) continue;
    const value = pair.value as Node | null;
    if (isScalar(value) && (value.type === Scalar.BLOCK_FOLDED || value.type === Scalar.BLOCK_LITERAL) && value.range) {
      allowed ??= missingKeys(node.items, branches);
      if (allowed.length) reportLines(value.range[0], value.range[1], key, allowed, file, diagnostics);
    }
    walk(value, childSchemas(branches, key), file, diagnostics, depth + 1);
  }
}

/** Keys the schema allows in a mapping that it does not have. */
function missingKeys(pairs: ReadonlyArray<{ key: unknown }>, branches: Schema[]): string[] {
  const present = new Set(pairs.map((p) => (isScalar(p.key) ? String(p.key.value) : '')));
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
