/**
 * Names a script can use in the active ruleset, for completion, hover and go-to-definition: the ids
 * the ruleset defines (with the range of their key) and the built-in names, functions and keywords.
 */
import { constants, keywords, wordOperators } from '../../grammar/index.ts';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES } from '../check/signatures.ts';
import type { RulesetModel } from '../load/index.ts';
import { SECTIONS } from './sections.ts';
import type { SymbolInfo } from './types.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Ids defined by the ruleset, in section order. */
export function rulesetSymbols(model: RulesetModel): SymbolInfo[] {
  const out: SymbolInfo[] = [];
  for (const [path, kind] of SECTIONS) {
    let section: unknown = model.data;
    for (const key of path) section = isRecord(section) ? section[key] : undefined;
    if (!isRecord(section)) continue;
    for (const [id, element] of Object.entries(section)) {
      const el = isRecord(element) ? element : {};
      const location = model.rangeOf([...path, id], { key: true });
      const title = text(el['name']);
      const doc = text(el['description']) ?? text(el['note']);
      const signature = kind === 'procedure' ? `${id}(${(Array.isArray(el['params']) ? el['params'] : []).map(String).join(', ')})` : undefined;
      const about = facts(kind, el);
      out.push({ name: id, kind, ...(title ? { title } : {}), ...(signature ? { signature } : {}), ...(about ? { facts: about } : {}), ...(doc ? { doc } : {}), ...(location ? { location } : {}) });
    }
  }
  return out;
}

/** A value as written in YAML, short: `0`, `red`, `[a, b]`. */
const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));

/**
 * What an element holds, as hover says it under its name: a variable's type, owner and initial
 * value, a track's bounds, an action's cost and choices, a table's roll. Undefined for the rest.
 */
function facts(kind: string, el: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  const per = el['per'] !== undefined ? ` per ${shown(el['per'])}` : '';
  if (kind === 'variable') {
    parts.push(`${el['type'] !== undefined ? shown(el['type']) : 'value'}${per}`);
    if (el['initial'] !== undefined) parts.push(`initial ${shown(el['initial'])}`);
    if (el['reset'] !== undefined) parts.push(`reset ${shown(el['reset'])}`);
  } else if (kind === 'track') {
    const bounds = el['min'] !== undefined || el['max'] !== undefined ? ` ${el['min'] !== undefined ? shown(el['min']) : '…'}–${el['max'] !== undefined ? shown(el['max']) : '…'}` : '';
    parts.push(`track${bounds}${per}`);
    if (el['initial'] !== undefined) parts.push(`initial ${shown(el['initial'])}`);
  } else if (kind === 'action') {
    parts.push(`cost ${el['cost'] !== undefined ? shown(el['cost']) : 1}`);
    if (isRecord(el['params']) && Object.keys(el['params']).length) parts.push(`chooses ${Object.keys(el['params']).join(', ')}`);
    if (el['when'] !== undefined) parts.push(`when ${shown(el['when'])}`);
  } else if (kind === 'table' && el['roll'] !== undefined) {
    parts.push(`rolled with ${shown(el['roll'])}`);
  }
  return parts.length ? parts.join(' · ') : undefined;
}

const CONSTANT_DOCS: Record<string, string> = {
  true: 'The boolean value true.',
  false: 'The boolean value false.',
  none: 'No value: what a missing prop, an empty lookup or an unset variable reads.',
};

/** Built-in functions, names and keywords; the same for every ruleset. */
export function builtinSymbols(): SymbolInfo[] {
  const out: SymbolInfo[] = [];
  for (const f of BUILTIN_FUNCTIONS.values()) {
    const arity = f.max === Infinity ? `${f.min}+ arguments` : f.min === f.max ? `${f.min} argument${f.min === 1 ? '' : 's'}` : `${f.min}–${f.max} arguments`;
    out.push({ name: f.name, kind: 'function', title: `${f.name}(…) — ${arity}`, doc: f.doc });
  }
  for (const [name, info] of BUILTIN_NAMES) out.push({ name, kind: 'builtin', doc: info.doc });
  for (const word of keywords) out.push({ name: word, kind: 'keyword' });
  // Values and word operators are written as often as any keyword: offered too, so typing `true`
  // and Enter cannot accept some other name the list happened to show first.
  for (const word of constants) out.push({ name: word, kind: 'keyword', doc: CONSTANT_DOCS[word] });
  for (const word of wordOperators) out.push({ name: word, kind: 'keyword' });
  return out;
}
