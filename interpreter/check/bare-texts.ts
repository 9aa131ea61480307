import type { Expr } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { codeList, entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';
import type { SymbolTable } from './symbols.ts';
import type { Ty } from './types.ts';

/** What a bare name is compared with (`a.type == city`): its kind, and the expression, to name it. */
export interface Compared {
  type: Ty;
  expr: Expr;
}

/**
 * `unknown-name` for a text written without quotes: `a.type == city` when `city` is one of the
 * texts `a.type` can be, or, whatever it is compared with, an id the ruleset declares and scripts
 * read as text (a choice option's value, an area or link type, a piece kind). Quoting it is the
 * fix. Compared with a text of known values it is close to (`setup == twon`), the value is offered,
 * unless `nameGuess` (a defined name close to it) is offered already.
 */
export function bareTextReport(symbols: SymbolTable, name: string, compared: Compared | undefined, nameGuess: string | undefined): Report | undefined {
  const t = compared?.type;
  const values = t?.k === 'text' && t.values && t.values.length > 0 ? t.values : undefined;
  const quoted = `"${name}"`;
  const base = { code: 'unknown-name', hint: `Write it in quotes: \`${quoted}\`.`, fix: quoted };
  const whatIs = values ? `${label(compared!.expr)} is a text (${values.length === 1 ? `always \`${values[0]}\`` : `one of ${codeList([...values], 6)}`})` : '';
  if (values?.includes(name)) return { ...base, message: `Unknown name \`${name}\`: without quotes it is read as a name, and ${whatIs}.` };
  const declared = t === undefined || t.k === 'any' || (t.k === 'text' && !values) ? declaredTexts(symbols).get(name) : undefined;
  if (declared) return { ...base, message: `Unknown name \`${name}\`: without quotes it is read as a name, and \`${name}\` is ${declared}, which scripts read as text.` };
  if (!values || nameGuess !== undefined) return undefined;
  const dym = didYouMean(name, values);
  if (!dym.suggestion) return undefined;
  const near = `"${dym.suggestion}"`;
  return { code: 'unknown-name', message: `Unknown name \`${name}\`. ${capital(whatIs)}: did you mean \`${near}\`?`, hint: `Replace it with \`${near}\`.`, fix: near };
}

/** Ids the ruleset declares that scripts read as text, with what each is. */
function declaredTexts(symbols: SymbolTable): Map<string, string> {
  const d = symbols.data;
  const out = new Map<string, string>();
  const add = (text: unknown, what: string) => { if (typeof text === 'string' && !out.has(text)) out.set(text, what); };
  for (const [id, o] of entries(d.options)) if (isRecord(o) && o.type === 'choice' && Array.isArray(o.values)) for (const v of o.values) add(v, `a value of option \`${id}\``);
  for (const [id] of entries(d.map?.area_types)) add(id, 'an area type (`map.area_types`)');
  for (const [id] of entries(d.map?.link_types)) add(id, 'a link type (`map.link_types`)');
  for (const [id, p] of entries(d.pieces)) if (isRecord(p)) add(p.kind, `a piece kind (the \`kind\` of \`${id}\`)`);
  return out;
}

/** `setup`, `a.type`: how a diagnostic names the value a bare name is compared with. */
function label(e: Expr): string {
  if (e.kind === 'name') return `\`${e.name}\``;
  if (e.kind === 'member') return e.object.kind === 'name' ? `\`${e.object.name}.${e.property}\`` : `\`${e.property}\``;
  return 'the other side';
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
