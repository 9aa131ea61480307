import type { Expr, Span } from '../../grammar/index.ts';
import { codeList, type Report } from './context.ts';
import { didYouMean, didYouMeanShort } from './suggest.ts';
import { rootName } from './conditional-spans.ts';
import type { Scope } from './scope.ts';
import type { SymbolKind, SymbolTable } from './symbols.ts';
import type { Ty } from './types.ts';

/**
 * `x == "text"` where `x` can only be some other texts (a choice option's values, a table's
 * cells, texts written out and joined): always false (`!=` always true), the way a misspelt option
 * value or result code silently turns a rule off. Only what stays as it was read is judged: a
 * local the script sets again (`x = …`), a member some script sets (`r.kind = …`) or a value
 * changed in place keeps its kind but may hold other texts.
 */
export function neverEqualReports(op: '==' | '!=', left: Expr, right: Expr, l: Ty, r: Ty, changed: (e: Expr) => boolean, symbols: SymbolTable): Array<{ span: Span; report: Report }> {
  const out: Array<{ span: Span; report: Report }> = [];
  for (const [value, literal, t] of [[left, right, l], [right, left, r]] as const) {
    const what = value.kind === 'name' ? `\`${value.name}\`` : value.kind === 'member' ? `\`${value.property}\`` : 'the other side';
    const unknown = unknownIdReport(op, literal, t, symbols);
    if (unknown && !changed(value)) {
      out.push({ span: literal.span, report: unknown });
      continue;
    }
    const kinds = otherKind(literal, t, what);
    if (kinds && !changed(value)) {
      out.push({ span: literal.span, report: { severity: 'warning', code: 'never-equal', message: `This \`${op}\` is always ${op === '==' ? 'false' : 'true'}: ${kinds.value} is never equal to ${kinds.literal}.`, hint: kinds.hint, ...(kinds.fix ? { fix: kinds.fix } : {}) } });
      // Two values written out (`3 == "3"`): once.
      if (value.kind === 'number' || value.kind === 'string' || value.kind === 'bool') break;
      continue;
    }
    const text = plainText(literal);
    if (text === undefined || t.k !== 'text' || !t.values || t.values.length === 0 || t.values.includes(text) || changed(value)) continue;
    // One or two letters (result codes such as `D`) are all close to each other: a guess only when one alone is nearest.
    const dym = text.length >= 3 ? didYouMean(text, [...t.values]) : didYouMeanShort(text, t.values);
    out.push({
      span: literal.span,
      report: {
        severity: 'warning',
        code: 'never-equal',
        message: `This \`${op}\` is always ${op === '==' ? 'false' : 'true'}: ${what} is ${t.values.length === 1 ? `always \`${t.values[0]}\`` : `one of ${codeList([...t.values], 6)}`}, never \`${text}\`.${dym.text}`,
        hint: 'suggestion' in dym && dym.suggestion ? `Replace it with "${dym.suggestion}".` : 'Compare with one of the values it can have, or add this one where they are declared (the option\'s `values`, the table\'s cells).',
        ...('suggestion' in dym && dym.suggestion ? { fix: `"${dym.suggestion}"` } : {}),
      },
    });
  }
  return out;
}

/**
 * A literal of one kind compared with a value of another that can never equal it: `strength ==
 * "3"` (a number and a text; quotes make YAML's and the rules' numbers text), `name == 3`,
 * `fire == 1` (true or false is not a number). A text whose values are known (a table's cells, an
 * option's values) is told with them: the number's text is the fix when it is one of them.
 */
function otherKind(literal: Expr, t: Ty, what: string): { value: string; literal: string; hint: string; fix?: string } | undefined {
  const numberLike = t.k === 'number' || t.k === 'roll';
  if (literal.kind === 'string' && numberLike && !t.missing) {
    const text = plainText(literal);
    const n = text === undefined ? NaN : Number(text);
    return { value: 'a number', literal: 'a text', hint: text !== undefined && text.trim() !== '' && Number.isFinite(n) ? `Compare with the number: remove the quotes (\`${n}\`).` : 'Compare it with a number.' };
  }
  if (literal.kind === 'number' && t.k === 'text') {
    const quoted = `"${literal.value}"`;
    if (t.values?.includes(String(literal.value))) return { value: 'a text', literal: 'a number', hint: `Compare with the text: \`${quoted}\`.`, fix: quoted };
    const known = t.values && t.values.length > 0 ? `${what} is ${t.values.length === 1 ? `always \`${t.values[0]}\`` : `one of ${codeList([...t.values], 8)}`}: compare with ${t.values.length === 1 ? 'that text' : 'one of those texts'}, in quotes.` : undefined;
    return { value: 'a text', literal: 'a number', hint: known ?? `Compare with the text (\`${quoted}\`), or with a number value.` };
  }
  if (literal.kind === 'bool' && (numberLike || t.k === 'text') && !t.missing) return { value: numberLike ? 'a number' : 'a text', literal: '`true` or `false`', hint: 'Compare with a value of its own kind, or test a condition.' };
  return undefined;
}

/**
 * `x in [1..6]`: a list written out whose one item is a range holds the range, not its numbers,
 * so a number is never in it (`x in 1..6` is what reads the numbers). The quick fix drops the
 * brackets when the range's bounds are numbers written out.
 */
export function rangeInListReport(list: Expr, item: Ty): Report | undefined {
  if (list.kind !== 'list' || list.items.length !== 1 || list.items[0]!.kind !== 'range' || !(item.k === 'number' || item.k === 'roll')) return undefined;
  const range = list.items[0]!;
  const bound = (e: Expr | null) => (e === null ? '' : e.kind === 'number' ? String(e.value) : undefined);
  const from = bound(range.from);
  const to = bound(range.to);
  const text = from !== undefined && to !== undefined ? `${from}..${to}` : undefined;
  return {
    severity: 'warning',
    code: 'never-equal',
    message: 'This `in` is always false: the brackets make a list whose one item is the range itself, and a number is never a range.',
    hint: text ? `Test the range's numbers: \`in ${text}\`.` : 'Drop the brackets to test the range\'s numbers.',
    ...(text ? { fix: text } : {}),
  };
}

/** Entity kinds a text written out may name by id, and the sections those ids are declared in. */
const NAMED_KINDS: ReadonlyMap<string, SymbolKind> = new Map([['side', 'side'], ['area', 'area'], ['piece-type', 'piece-type'], ['zone', 'zone'], ['deck', 'deck']]);

/**
 * `u.side == "Red"`: an entity equals a text only when the text is its id, so a side's, area's or
 * piece type's name (or a misspelt id) is never equal. The quick fix writes the id meant.
 */
function unknownIdReport(op: '==' | '!=', literal: Expr, t: Ty, symbols: SymbolTable): Report | undefined {
  const text = plainText(literal);
  const kind = t.k === 'entity' && !t.id && !t.ids ? NAMED_KINDS.get(t.e) : undefined;
  if (text === undefined || kind === undefined) return undefined;
  const ids = [...symbols.globals.values()].filter((sym) => sym.kind === kind).map((sym) => sym.name);
  if (ids.length === 0 || ids.includes(text)) return undefined;
  const named = ids.find((id) => nameOf(symbols, kind, id)?.toLowerCase() === text.toLowerCase());
  const dym = named ? { text: ` \`${text}\` is the name of \`${named}\`: compare with its id.`, suggestion: named } : didYouMean(text, ids);
  const what = t.k === 'entity' ? t.e.replace('-', ' ') : 'entity';
  return {
    severity: 'warning',
    code: 'never-equal',
    message: `This \`${op}\` is always ${op === '==' ? 'false' : 'true'}: ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} equals a text only as its id (${codeList(ids, 6)}), never \`${text}\`.${dym.text}`,
    hint: 'suggestion' in dym && dym.suggestion ? `Replace it with "${dym.suggestion}".` : `Compare with the ${what}'s id, or with the ${what} itself by name, without quotes.`,
    ...('suggestion' in dym && dym.suggestion ? { fix: `"${dym.suggestion}"` } : {}),
  };
}

/** The `name:` an entity of a section declares. */
function nameOf(symbols: SymbolTable, kind: SymbolKind, id: string): string | undefined {
  const d = symbols.data as Record<string, unknown> & { map?: { areas?: Record<string, unknown> } };
  const section = kind === 'area' ? d.map?.areas : (d[kind === 'side' ? 'sides' : kind === 'piece-type' ? 'pieces' : kind === 'zone' ? 'zones' : 'decks'] as Record<string, unknown> | undefined);
  const el = section && typeof section === 'object' ? (section as Record<string, unknown>)[id] : undefined;
  const name = el && typeof el === 'object' ? (el as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** The text of a string written out without interpolations. */
export function plainText(e: Expr): string | undefined {
  return e.kind === 'string' && e.parts.every((p) => typeof p === 'string') ? e.parts.join('') : undefined;
}

/** Whether `e` may hold other texts than its type says: a local set again, a member some script sets, an element. */
export function mayChange(e: Expr, scope: Scope, reassigned: ReadonlySet<string>, assignedMembers: ReadonlySet<string>): boolean {
  const root = rootName(e);
  return (root !== undefined && reassigned.has(root) && scope.lookup(root) !== undefined) || (e.kind === 'member' && assignedMembers.has(e.property)) || e.kind === 'index';
}
