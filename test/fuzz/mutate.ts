/**
 * Structured mutations of the shipped rulesets: keys deleted, duplicated, retyped or renamed,
 * references broken, and scripts edited token by token. A mutation is a few small numbers (which
 * ruleset, file, node, replacement), so fast-check generates and shrinks it and a seed and path
 * reproduce it; `applyMutation` turns it into the mutated file's text, deterministically.
 */
import { isMap, isPair, isScalar, Pair, parseDocument, Scalar, type Document } from 'yaml';
import { constants, keywords, operators, wordOperators } from '../../grammar/index.ts';
import { corpus, nodesOf, type CorpusFile, type CorpusRuleset } from './corpus.ts';

export const DATA_MUTATIONS = ['delete-key', 'duplicate-key', 'retype-value', 'rename-key', 'break-reference'] as const;
export const SCRIPT_MUTATIONS = ['swap-operator', 'rename-identifier', 'drop-token'] as const;
export type MutationKind = (typeof DATA_MUTATIONS)[number] | (typeof SCRIPT_MUTATIONS)[number];

export interface Mutation {
  ruleset: number;
  file: number;
  kind: MutationKind;
  /** Which node (pair, scalar or script) of the file, modulo how many there are. */
  at: number;
  /** Which token, replacement or spelling, modulo the choices. */
  pick: number;
}

export interface Mutant {
  ruleset: CorpusRuleset;
  /** The mutated file and its new text; the ruleset's other files are unchanged. */
  path: string;
  text: string;
  /** What changed and where, for a person reading a crash report. */
  change: string;
}

const RETYPED: unknown[] = [0, 7, -1, 2.5, 'x', 'none', true, false, null, [], {}, [1, 'a'], { a: 1 }];
const ALL_OPERATORS = [...operators, ...wordOperators];
const NOT_NAMES = new Set<string>([...keywords, ...wordOperators, ...constants]);
const TOKEN = /--[^\n]*|"(?:[^"\\\n]|\\.)*"|\d+d\d+|\d+(?:\.\d+)?|[A-Za-z_]\w*|==|!=|<=|>=|\+=|-=|\.\.|\S/g;

/** A near miss of `word`: a letter dropped, added or swapped, as a designer's typo would be. */
export function misspell(word: string, pick: number): string {
  const i = word.length > 1 ? pick % word.length : 0;
  switch (pick % 4) {
    case 0:
      return word.length > 1 ? word.slice(0, i) + word.slice(i + 1) : `${word}x`;
    case 1:
      return `${word.slice(0, i)}x${word.slice(i)}`;
    case 2:
      return word.length > 1 && i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : `${word}_`;
    default:
      return `${word}2`;
  }
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/**
 * Apply one mutation to a fresh parse of the file it names; when that file has nothing this kind of
 * mutation could change (no scripts, no references), the next file that has. `undefined` when none has.
 */
export function applyMutation(m: Mutation): Mutant | undefined {
  const rulesets = corpus();
  const ruleset = rulesets[m.ruleset % rulesets.length]!;
  const n = ruleset.files.length;
  for (let k = 0; k < n; k++) {
    const file = ruleset.files[(m.file + k) % n]!;
    const doc = parseDocument(file.text);
    const change = edit(doc, file, ruleset, m);
    if (change !== undefined) return { ruleset, path: file.path, text: doc.toString({ lineWidth: 0 }), change: `${m.kind} in ${file.path} ${change}` };
  }
  return undefined;
}

function edit(doc: Document, file: CorpusFile, ruleset: CorpusRuleset, m: Mutation): string | undefined {
  const { pairs, scalars } = nodesOf(doc);
  if (m.kind === 'break-reference') return breakReference(scalars, file.text, ruleset, m);
  if ((SCRIPT_MUTATIONS as readonly string[]).includes(m.kind)) {
    // From the chosen script on, the first that has a token of the kind this edit changes.
    for (let k = 0; k < file.scripts.length; k++) {
      const node = scalars[file.scripts[(m.at + k) % file.scripts.length]!];
      const change = isScalar(node) && typeof node.value === 'string' ? editScript(node as Scalar<string>, file.text, ruleset, m) : undefined;
      if (change !== undefined) return change;
    }
    return undefined;
  }
  if (!pairs.length) return undefined;
  const { map, index } = pairs[m.at % pairs.length]!;
  if (!isMap(map)) return undefined;
  const pair = map.items[index]!;
  if (!isPair(pair)) return undefined;
  const key = keyText(pair);
  const where = `line ${lineOf(file.text, (pair.key as Scalar).range?.[0] ?? 0)}`;
  switch (m.kind) {
    case 'delete-key':
      map.items.splice(index, 1);
      return `${where}: ${key} deleted`;
    case 'duplicate-key': {
      // A third of the time the very same key (a YAML duplicate), else a copy under a new id.
      const copy = m.pick % 3 === 0 ? key : `${key}_2`;
      map.items.splice(index + 1, 0, new Pair(doc.createNode(copy), doc.createNode(pair.value === null ? null : (pair.value as { toJSON?: () => unknown }).toJSON?.() ?? pair.value)));
      return `${where}: ${key} copied as ${copy}`;
    }
    case 'retype-value': {
      const value = RETYPED[m.pick % RETYPED.length];
      pair.value = doc.createNode(value);
      return `${where}: ${key} = ${JSON.stringify(value)}`;
    }
    case 'rename-key': {
      const renamed = misspell(key, m.pick);
      pair.key = doc.createNode(renamed);
      return `${where}: ${key} renamed ${renamed}`;
    }
    default:
      return undefined;
  }
}

function breakReference(scalars: ReturnType<typeof nodesOf>['scalars'], text: string, ruleset: CorpusRuleset, m: Mutation): string | undefined {
  const ids = new Set(ruleset.ids);
  const refs = scalars.filter((n): n is Scalar<string> => isScalar(n) && typeof n.value === 'string' && ids.has(n.value));
  if (!refs.length) return undefined;
  const node = refs[m.at % refs.length]!;
  const old = node.value;
  // Half the time another id that exists (a reference of the wrong kind), half a misspelling.
  const next = m.pick % 2 === 0 ? ruleset.ids[(m.pick >> 1) % ruleset.ids.length]! : misspell(old, m.pick >> 1);
  node.value = next;
  return `line ${lineOf(text, node.range?.[0] ?? 0)}: ${old} → ${next}`;
}

interface Token {
  text: string;
  start: number;
}

function tokensOf(script: string): Token[] {
  return [...script.matchAll(TOKEN)].filter((t) => !t[0].startsWith('--')).map((t) => ({ text: t[0], start: t.index ?? 0 }));
}

function editScript(node: Scalar<string>, text: string, ruleset: CorpusRuleset, m: Mutation): string | undefined {
  const script = node.value;
  const tokens = tokensOf(script);
  const candidates = tokens.filter((t) =>
    m.kind === 'swap-operator' ? ALL_OPERATORS.includes(t.text) : m.kind === 'rename-identifier' ? /^[A-Za-z_]/.test(t.text) && !NOT_NAMES.has(t.text) : true,
  );
  if (!candidates.length) return undefined;
  const token = candidates[m.at % candidates.length]!;
  let replacement: string;
  if (m.kind === 'swap-operator') {
    const others = ALL_OPERATORS.filter((op) => op !== token.text);
    replacement = others[m.pick % others.length]!;
  } else if (m.kind === 'rename-identifier') {
    // A third of the time a typo, else another name the ruleset's scripts use (often of another kind).
    replacement = m.pick % 3 === 0 ? misspell(token.text, m.pick) : ruleset.identifiers[m.pick % ruleset.identifiers.length]!;
  } else {
    replacement = '';
  }
  // Word operators need spaces around them; symbols keep the script's own spacing.
  const spaced = /^[a-z]/.test(replacement) && m.kind === 'swap-operator' ? ` ${replacement} ` : replacement;
  node.value = script.slice(0, token.start) + spaced + script.slice(token.start + token.text.length);
  const line = lineOf(text, node.range?.[0] ?? 0) + lineOf(script, token.start) - (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' ? 0 : 1);
  return `line ${line}: \`${token.text}\` → \`${replacement}\``;
}
