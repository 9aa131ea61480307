import type { Expr } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { codeList, entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';
import type { SymbolTable } from './symbols.ts';
import type { Ty } from './types.ts';

/**
 * What a bare name is compared with (`a.type == city`): its kind, and the expression, to name it;
 * or, with `binder`, that it is what `in` goes through (`select a in aircraft`).
 */
export type Compared = { type: Ty; expr: Expr } | { binder: string };

/**
 * `unknown-name` for a text written without quotes: `a.type == city` when `city` is one of the
 * texts `a.type` can be, or, whatever it is compared with, an id the ruleset declares and scripts
 * read as text (a choice option's value, an area or link type, a piece kind). Quoting it is the
 * fix. Compared with a text of known values it is close to (`setup == twon`), the value is offered,
 * unless `nameGuess` (a defined name close to it) is offered already.
 */
export function bareTextReport(symbols: SymbolTable, name: string, compared: Compared | undefined, nameGuess: string | undefined): Report | undefined {
  if (compared && 'binder' in compared) return iteratedTextReport(symbols, name, compared.binder) ?? bareTextReport(symbols, name, undefined, nameGuess);
  const t = compared?.type;
  const values = t?.k === 'text' && t.values && t.values.length > 0 ? t.values : undefined;
  const quoted = `"${name}"`;
  const base = { code: 'unknown-name', hint: `Write it in quotes: \`${quoted}\`.`, fix: quoted };
  const whatIs = values && compared && 'expr' in compared ? `${label(compared.expr)} is a text (${values.length === 1 ? `always \`${values[0]}\`` : `one of ${codeList([...values], 6)}`})` : '';
  if (values?.includes(name)) return { ...base, message: `Unknown name \`${name}\`: without quotes it is read as a name, and ${whatIs}.` };
  const declared = t === undefined || t.k === 'any' || (t.k === 'text' && !values) ? declaredTexts(symbols).get(name)?.what : undefined;
  if (declared) return { ...base, message: `Unknown name \`${name}\`: without quotes it is read as a name, and \`${name}\` is ${declared}, which scripts read as text.` };
  if (!values || nameGuess !== undefined) return undefined;
  const dym = didYouMean(name, values);
  if (!dym.suggestion) return undefined;
  const near = `"${dym.suggestion}"`;
  return { code: 'unknown-name', message: `Unknown name \`${name}\`. ${capital(whatIs)}: did you mean \`${near}\`?`, hint: `Replace it with \`${near}\`.`, fix: near };
}

/**
 * `select a in aircraft`, `for each c in city`: a piece kind or an area type where `in` wants
 * something to go through. Quoted it would be a text, which `in` does not go through either: the
 * pieces or areas of that kind are what is meant. Another text the ruleset declares is told it is
 * a text; a name it does not declare is left to the reports of any name.
 */
function iteratedTextReport(symbols: SymbolTable, name: string, binder: string): Report | undefined {
  const declared = declaredTexts(symbols).get(name);
  if (!declared) return undefined;
  const message = `Unknown name \`${name}\`: \`${name}\` is ${declared.what}, a text in scripts, and \`in\` goes through a list, deck, zone or area, not a text.`;
  if (!declared.of) return { code: 'unknown-name', message, hint: 'Go through the list, deck, zone or area that holds what you mean.' };
  const [all, member] = declared.of;
  return {
    code: 'unknown-name',
    message,
    hint: `Go through all ${all} and keep that ${member === 'kind' ? 'kind' : 'type'}: \`select ${binder} in ${all} where ${binder}.${member} == "${name}"\` (a \`where\` of your own takes \`${binder}.${member} == "${name}" and …\`).`,
  };
}

/** Ids the ruleset declares that scripts read as text, with what each is and, for a piece kind or area type, the collection and member that tell it. */
function declaredTexts(symbols: SymbolTable): Map<string, { what: string; of?: readonly [string, string] }> {
  const d = symbols.data;
  const out = new Map<string, { what: string; of?: readonly [string, string] }>();
  const add = (text: unknown, what: string, of?: readonly [string, string]) => { if (typeof text === 'string' && !out.has(text)) out.set(text, of ? { what, of } : { what }); };
  for (const [id, o] of entries(d.options)) if (isRecord(o) && o.type === 'choice' && Array.isArray(o.values)) for (const v of o.values) add(v, `a value of option \`${id}\``);
  for (const [id] of entries(d.map?.area_types)) add(id, 'an area type (`map.area_types`)', ['areas', 'type']);
  for (const [id] of entries(d.map?.link_types)) add(id, 'a link type (`map.link_types`)');
  for (const [id, p] of entries(d.pieces)) if (isRecord(p)) add(p.kind, `a piece kind (the \`kind\` of \`${id}\`)`, ['pieces', 'kind']);
  return out;
}

/** `setup`, `a.type`: how a diagnostic names the value a bare name is compared with. */
function label(e: Expr): string {
  if (e.kind === 'name') return `\`${e.name}\``;
  if (e.kind === 'member') return e.object.kind === 'name' ? `\`${e.object.name}.${e.property}\`` : `\`${e.property}\``;
  return 'the other side';
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
