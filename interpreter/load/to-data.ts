/**
 * A yaml Document to plain ruleset data plus its origin tree, in one walk.
 *
 * - Mappings become prototype-free objects, so `__proto__` or `constructor` are ordinary keys
 *   (the schema then reports them as unknown keys) and can never reach `Object.prototype`.
 * - Mapping keys keep the text as written (`1.0`, `0x10`, `16+`): they are labels, not numbers.
 * - Mappings and lists are frozen as they are built (children first), so the data is deeply frozen.
 * - An alias shares the converted anchor. Its copies count against `maxAliasNodes`, and its depth
 *   against `maxDepth`, so a "billion laughs" file or chained aliases stay cheap.
 */
import { isAlias, isMap, isScalar, isSeq, Scalar, type Alias, type Document, type Node, type Pair } from 'yaml';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic, type Problem } from './codes.ts';
import type { Origin, SourceFile } from './model.ts';
import { nestingTooDeep } from './parse-yaml.ts';
import { newRecord, hasKey, type Located, type OriginNode } from './origin-tree.ts';
import { positionAt, rangeAt } from './positions.ts';
import type { LoadLimits } from './read-source.ts';
import { mayHoldKeyLine } from './swallowed-keys.ts';
import { keyString, trimEnd } from './scalar-text.ts';
import { valueOffsetFor } from './value-offset.ts';

interface Converted extends Located {
  /** Levels of mappings/lists in the value (a scalar is 0). */
  height: number;
  /** Values in it, counting every alias copy. */
  size: number;
}

interface KeySpan {
  keyStart: number;
  keyEnd: number;
}

const NULL_VALUE: Converted = { value: null, at: {}, height: 0, size: 1 };

/** Converts one document; reports into `diagnostics`. */
class Converter {
  private readonly anchors = new Map<Node, Converted>();
  private readonly inProgress = new Set<Node>();
  private aliasNodes = 0;
  private readonly reported = new Set<string>();
  /**
   * Whether checkSwallowedKeys could find anything: a block scalar has a line that reads like a
   * key, or a part of the document was left out here (which that check still walks).
   */
  mayHideKeys = false;

  constructor(
    private readonly doc: Document.Parsed,
    private readonly file: SourceFile,
    private readonly limits: LoadLimits,
    private readonly diagnostics: Diagnostic[],
  ) {}

  convert(node: unknown, depth: number, key?: KeySpan): Converted {
    if (isAlias(node)) return this.alias(node, depth, key);
    if (!isMap(node) && !isSeq(node)) return isScalar(node) ? this.scalar(node, key) : NULL_VALUE;
    if (depth > this.limits.maxDepth) {
      this.mayHideKeys = true;
      this.reportOnce('depth', node.range?.[0] ?? 0, nestingTooDeep(this.limits));
      return NULL_VALUE;
    }
    this.inProgress.add(node);
    const result = isMap(node) ? this.mapping(node.items, depth) : this.sequence(node.items, depth);
    this.inProgress.delete(node);
    result.at = { origin: this.origin(node.range, key), children: result.at.children ?? new Map() };
    if (node.anchor) this.anchors.set(node, result);
    return result;
  }

  private mapping(pairs: ReadonlyArray<Pair<unknown, unknown>>, depth: number): Converted {
    const value = newRecord();
    const children = new Map<string, OriginNode>();
    let height = 0;
    let size = 1;
    for (const pair of pairs) {
      const keyNode = pair.key;
      if (keyNode !== null && !isScalar(keyNode)) {
        this.mayHideKeys = true;
        this.report(rangeOf(keyNode) ?? 0, {
          code: 'yaml-complex-key',
          message: 'A key must be a plain name or number, not a list, mapping or alias.',
          hint: 'Write the key as text, e.g. `2-3:` or `"a, b":`.',
        });
        continue;
      }
      const keyText = keyNode ? keyString(keyNode) : '';
      const keyStart = keyStartOf(pair);
      const keyEnd = keyNode?.range?.[1] ?? keyStart;
      if (hasKey(value, keyText)) {
        this.mayHideKeys = true;
        this.duplicateKey(keyText, keyStart, keyEnd, firstKeyStart(pairs, keyText));
        continue;
      }
      const child = pair.value === null ? this.emptyValue(keyEnd, { keyStart, keyEnd }) : this.convert(pair.value, depth + 1, { keyStart, keyEnd });
      value[keyText] = child.value;
      children.set(keyText, child.at);
      height = Math.max(height, child.height);
      size += child.size;
    }
    // Frozen as built: the loader freezes all data, and this saves a second walk over it.
    Object.freeze(value);
    return { value, at: { children }, height: height + 1, size };
  }

  private sequence(items: readonly unknown[], depth: number): Converted {
    const value: unknown[] = [];
    const children = new Map<string, OriginNode>();
    let height = 0;
    let size = 1;
    for (let i = 0; i < items.length; i++) {
      const child = this.convert(items[i], depth + 1);
      value.push(child.value);
      children.set(String(i), child.at);
      height = Math.max(height, child.height);
      size += child.size;
    }
    Object.freeze(value);
    return { value, at: { children }, height: height + 1, size };
  }

  private scalar(node: Scalar, key?: KeySpan): Converted {
    const origin = this.origin(node.range, key);
    const raw: unknown = node.value;
    let value: unknown = raw;
    if (typeof raw === 'bigint') value = Number(raw);
    else if (raw !== null && typeof raw === 'object') value = node.source ?? String(raw);
    if (typeof value === 'string') origin.valueOffset = valueOffsetFor(node, value, this.file.text);
    if (!this.mayHideKeys && (node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL) && node.range) {
      this.mayHideKeys = mayHoldKeyLine(this.file.text, node.range[0], node.range[1]);
    }
    return { value, at: { origin }, height: 0, size: 1 };
  }

  private alias(node: Alias, depth: number, key?: KeySpan): Converted {
    const target = node.resolve(this.doc);
    const at = node.range?.[0] ?? 0;
    if (target !== undefined && this.inProgress.has(target as Node)) {
      this.report(at, { code: 'yaml-syntax', message: `The alias *${node.source} is inside the value it refers to.`, hint: 'An alias cannot repeat the mapping or list that contains it.' });
      return NULL_VALUE;
    }
    if (target === undefined) {
      this.report(at, { code: 'yaml-syntax', message: `The alias *${node.source} refers to no anchor.`, hint: 'Write `&' + node.source + '` on the value to repeat, before this alias.' });
      return NULL_VALUE;
    }
    const converted = this.anchors.get(target as Node) ?? this.convert(target, depth);
    this.aliasNodes += converted.size;
    if (this.aliasNodes > this.limits.maxAliasNodes) {
      this.reportOnce('alias', at, {
        code: 'yaml-alias-limit',
        message: `Aliases copy too many values (more than ${this.limits.maxAliasNodes} in this file).`,
        hint: 'Write the repeated part out, or give it an id and refer to it by id.',
      });
      return NULL_VALUE;
    }
    if (depth - 1 + converted.height > this.limits.maxDepth) {
      this.reportOnce('depth', at, nestingTooDeep(this.limits));
      return NULL_VALUE;
    }
    const origin = this.origin(node.range, key);
    return { value: converted.value, at: { origin, children: converted.at.children ?? new Map() }, height: converted.height, size: converted.size };
  }

  /** `key:` with nothing after it: a null value located at the end of the key. */
  private emptyValue(at: number, key: KeySpan): Converted {
    return { value: null, at: { origin: { file: this.file.path, start: at, end: at, ...key } }, height: 0, size: 1 };
  }

  private duplicateKey(key: string, start: number, end: number, firstAt: number): void {
    const first = positionAt(this.file.lineStarts, firstAt);
    this.diagnostics.push(
      diagnostic(this.file.path, rangeAt(this.file, start, end), {
        code: 'yaml-duplicate-key',
        message: `The key \`${key}\` appears twice in this mapping (first at line ${first.line}); the second is ignored.`,
        hint: 'Remove one of them, or rename it.',
      }),
    );
  }

  private origin(range: Node['range'], key?: KeySpan): Origin {
    const start = range?.[0] ?? 0;
    const end = trimEnd(this.file.text, start, range?.[1] ?? start);
    // Written out rather than spread: this runs once for every value in the file.
    return key ? { file: this.file.path, start, end, keyStart: key.keyStart, keyEnd: key.keyEnd } : { file: this.file.path, start, end };
  }

  private report(at: number, problem: Problem): void {
    this.diagnostics.push(diagnostic(this.file.path, rangeAt(this.file, at, at + 1), problem));
  }

  private reportOnce(kind: string, at: number, problem: Problem): void {
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    this.report(at, problem);
  }
}

/**
 * Convert a parsed document. The result's root origin covers the top-level node. `mayHideKeys`
 * false: checkSwallowedKeys would find nothing in this document, so its walk can be skipped.
 */
export function toData(doc: Document.Parsed, file: SourceFile, limits: LoadLimits, diagnostics: Diagnostic[]): { located: Located; mayHideKeys: boolean } {
  const converter = new Converter(doc, file, limits, diagnostics);
  const converted = converter.convert(doc.contents, 1);
  return { located: { value: converted.value, at: converted.at }, mayHideKeys: converter.mayHideKeys };
}

/** Where a pair's key starts (for a pair without a key, where its value starts). */
function keyStartOf(pair: Pair<unknown, unknown>): number {
  return (pair.key as Node | null)?.range?.[0] ?? rangeOf(pair.value) ?? 0;
}

/**
 * Where the first key `keyText` of a mapping starts, looked up only when a duplicate is found
 * (rare), rather than recorded for every key of every mapping.
 */
function firstKeyStart(pairs: ReadonlyArray<Pair<unknown, unknown>>, keyText: string): number {
  for (const pair of pairs) {
    const key = pair.key;
    if (key !== null && !isScalar(key)) continue;
    if ((key ? keyString(key) : '') === keyText) return keyStartOf(pair);
  }
  return 0;
}

function rangeOf(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}
