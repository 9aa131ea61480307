import type { Expr, Span } from '../../grammar/index.ts';
import { codeList, type Report } from './context.ts';
import { didYouMean } from './suggest.ts';
import { rootName } from './conditional-spans.ts';
import type { Scope } from './scope.ts';
import type { Ty } from './types.ts';

/**
 * `x == "text"` where `x` can only be some other texts (a choice option's values, a table's
 * cells, texts written out and joined): always false (`!=` always true), the way a misspelt option
 * value or result code silently turns a rule off. Only what stays as it was read is judged: a
 * local the script sets again (`x = …`), a member some script sets (`r.kind = …`) or a value
 * changed in place keeps its kind but may hold other texts.
 */
export function neverEqualReports(op: '==' | '!=', left: Expr, right: Expr, l: Ty, r: Ty, changed: (e: Expr) => boolean): Array<{ span: Span; report: Report }> {
  const out: Array<{ span: Span; report: Report }> = [];
  for (const [value, literal, t] of [[left, right, l], [right, left, r]] as const) {
    const text = plainText(literal);
    if (text === undefined || t.k !== 'text' || !t.values || t.values.length === 0 || t.values.includes(text) || changed(value)) continue;
    // One or two letters (result codes such as `D`) are all close to each other: no guess then.
    const dym = text.length >= 3 ? didYouMean(text, [...t.values]) : { text: '' };
    const what = value.kind === 'name' ? `\`${value.name}\`` : value.kind === 'member' ? `\`${value.property}\`` : 'the other side';
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

/** The text of a string written out without interpolations. */
export function plainText(e: Expr): string | undefined {
  return e.kind === 'string' && e.parts.every((p) => typeof p === 'string') ? e.parts.join('') : undefined;
}

/** Whether `e` may hold other texts than its type says: a local set again, a member some script sets, an element. */
export function mayChange(e: Expr, scope: Scope, reassigned: ReadonlySet<string>, assignedMembers: ReadonlySet<string>): boolean {
  const root = rootName(e);
  return (root !== undefined && reassigned.has(root) && scope.lookup(root) !== undefined) || (e.kind === 'member' && assignedMembers.has(e.property)) || e.kind === 'index';
}
