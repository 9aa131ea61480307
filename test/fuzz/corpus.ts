/**
 * The shipped rulesets as the fuzzer's seed corpus: every YAML file of each ruleset read once into
 * memory, with what the mutations pick from (the ids the rulesets define, the identifiers their
 * scripts use, and which scalars hold scripts), computed once per file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPair, isScalar, parseDocument, visit, type Document, type Node } from 'yaml';
import { parseExpression, parseScript } from '../../grammar/index.ts';

export const RULESET_NAMES = ['battle-of-seattle', 'blockade-runner', 'dragut', 'blue-max'] as const;

export interface CorpusFile {
  /** Path inside the in-memory host: `<ruleset>/<file>.yaml`. */
  path: string;
  text: string;
  /** Visit-order indexes (see `nodesOf`) of the string scalars that parse cleanly as rules text. */
  scripts: number[];
}

export interface CorpusRuleset {
  name: string;
  entry: string;
  files: CorpusFile[];
  /** Every mapping key in the ruleset: element ids, props, fields (what a broken reference swaps to). */
  ids: string[];
  /** Identifiers used in its scripts (what a renamed identifier becomes). */
  identifiers: string[];
}

/**
 * The nodes a mutation can address, in one fixed order: every pair (with its map) and every scalar
 * value. Parsing the same text again gives the same order, so an index names the same node.
 */
export interface Addressed {
  pairs: Array<{ map: Node; index: number }>;
  scalars: Node[];
}

export function nodesOf(doc: Document): Addressed {
  const pairs: Addressed['pairs'] = [];
  const scalars: Node[] = [];
  visit(doc, {
    Map(_key, node) {
      node.items.forEach((_pair, index) => pairs.push({ map: node, index }));
    },
    Scalar(key, node) {
      if (key !== 'key') scalars.push(node);
    },
  });
  return { pairs, scalars };
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

function isRulesText(text: string): boolean {
  if (!/[a-z]/i.test(text) || text.length > 20_000) return false;
  // A lone word such as a name or a label parses as an expression too; those are data, not scripts.
  if (/^[A-Za-z_][\w]*$/.test(text.trim()) || /^[A-Z][\w' .,-]*$/.test(text.trim())) return false;
  return parseScript(text).diagnostics.length === 0 || parseExpression(text).diagnostics.length === 0;
}

function readRuleset(root: string, name: string): CorpusRuleset {
  const dir = join(root, name);
  const files: CorpusFile[] = [];
  const ids = new Set<string>();
  const identifiers = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const doc = parseDocument(text);
    const { scalars } = nodesOf(doc);
    const scripts: number[] = [];
    scalars.forEach((node, i) => {
      const value = isScalar(node) ? node.value : undefined;
      if (typeof value !== 'string' || !isRulesText(value)) return;
      scripts.push(i);
      for (const word of value.match(IDENTIFIER) ?? []) identifiers.add(word);
    });
    visit(doc, {
      Pair(_key, pair) {
        if (isPair(pair) && isScalar(pair.key) && typeof pair.key.value === 'string') ids.add(pair.key.value);
      },
    });
    files.push({ path: `${name}/${file}`, text, scripts });
  }
  return { name, entry: `${name}/ruleset.yaml`, files, ids: [...ids].sort(), identifiers: [...identifiers].sort() };
}

let cached: CorpusRuleset[] | undefined;

/** The four shipped rulesets, read once per process. */
export function corpus(root = 'rulesets'): CorpusRuleset[] {
  cached ??= RULESET_NAMES.map((name) => readRuleset(root, name));
  return cached;
}

/** The ruleset's files as a memory host's record, with `replace` swapped in for one path. */
export function filesOf(ruleset: CorpusRuleset, replace?: { path: string; text: string }): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of ruleset.files) files[f.path] = f.path === replace?.path ? replace.text : f.text;
  return files;
}
