/**
 * Names a script can use in the active ruleset, for completion, hover and go-to-definition: the ids
 * the ruleset defines (with the range of their key) and the built-in names, functions and keywords.
 */
import { constants, keywords, wordOperators } from '../../grammar/index.ts';
import { BUILTIN_FUNCTIONS, BUILTIN_NAMES, ENTITY_MEMBERS } from '../check/signatures.ts';
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
  return [...out, ...memberSymbols(model)];
}

/**
 * What a dot reads in this ruleset (`u.strength`, `s.money`): the pieces' and areas' props, and the
 * variables and tracks kept per piece, side, player or area, each with whose it is.
 */
function memberSymbols(model: RulesetModel): SymbolInfo[] {
  const owners = new Map<string, { on: string[]; location?: SymbolInfo['location']; title?: string }>();
  const add = (name: string, on: string, path: string[], title?: string) => {
    const m = owners.get(name) ?? { on: [] };
    if (!m.on.includes(on)) m.on.push(on);
    m.location ??= model.rangeOf(path, { key: true });
    if (title) m.title ??= title;
    owners.set(name, m);
  };
  const section = (path: string[]): Record<string, unknown> => {
    let v: unknown = model.data;
    for (const key of path) v = isRecord(v) ? v[key] : undefined;
    return isRecord(v) ? v : {};
  };
  for (const [type, el] of Object.entries(section(['pieces']))) {
    for (const prop of Object.keys(isRecord(el) && isRecord(el['props']) ? el['props'] : {})) add(prop, text(isRecord(el) ? el['name'] : undefined) ?? type, ['pieces', type, 'props', prop]);
  }
  for (const [area, el] of Object.entries(section(['map', 'areas']))) {
    for (const prop of Object.keys(isRecord(el) && isRecord(el['props']) ? el['props'] : {})) add(prop, 'areas', ['map', 'areas', area, 'props', prop]);
  }
  for (const kind of ['variables', 'tracks']) {
    for (const [id, el] of Object.entries(section([kind]))) {
      const per = isRecord(el) && typeof el['per'] === 'string' ? el['per'] : undefined;
      if (per) add(id, `each ${per}`, [kind, id], text(isRecord(el) ? el['name'] : undefined));
    }
  }
  return [...owners].map(([name, m]) => {
    const on = m.on.length > 3 ? `${m.on.slice(0, 3).join(', ')} and ${m.on.length - 3} more` : m.on.join(', ');
    return { name, kind: 'member' as const, facts: `of ${on}`, ...(m.title ? { title: m.title } : {}), ...(m.location ? { location: m.location } : {}) };
  });
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
  // Built-in members, each with the kinds of entity that have it (`area`: of piece).
  const members = new Map<string, string[]>();
  for (const [entity, list] of Object.entries(ENTITY_MEMBERS)) for (const [name] of list) members.set(name, [...(members.get(name) ?? []), entity]);
  for (const [name, of] of members) out.push({ name, kind: 'member', facts: `built-in, of ${of.join(', ')}` });
  return out;
}
