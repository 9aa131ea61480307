import type { Expr, Span, Stmt } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { ACTING_BUILTINS } from './read-only.ts';
import { BUILTIN_FUNCTIONS } from './signatures.ts';
import type { Scope } from './scope.ts';
import type { SymbolTable } from './symbols.ts';
import type { Ty } from './types.ts';

/**
 * `lost-change`: a record or list copied out of the game, changed, and never read again.
 *
 * Reading a variable or a table gives a copy (the state is data), so the items a loop walks and the
 * value a `let` takes from a variable are copies too: `for each r in offers do r.price = 0 end`
 * changes copies that the loop then drops, and `offers` stays as it was. An assignment whose
 * target starts at the variable changes it (`offers[i].price = 0`); one that starts at a copy
 * changes only the copy. Said when every use of the local after it is bound is such a change, so
 * nothing can ever see them: a copy also read (`let m = maneuvers[c]` then `m.speed -= 1`, then
 * `m.speed` read) is a scratch copy, and a value written back (`offers[1] = r`) is read whole.
 */

/** Where a copy was read from: the variable or table at the root of `source`, and `source` as a message names it. */
export interface CopySource {
  kind: 'variable' | 'table';
  name: string;
  text: string;
}

/** Whether a name at the root of a source is a variable or a table (not a local of that name): what copiedFrom asks. */
export const globalKindIn = (scope: Scope, symbols: SymbolTable) => (name: string): 'variable' | 'table' | null => {
  if (scope.peek(name)) return null;
  const kind = symbols.lookup(name)?.kind;
  return kind === 'variable' || kind === 'table' ? kind : null;
};

/** What `source` is a copy of, when it is read straight from a variable or a table (the root of a member or index chain); null for anything else. */
export function copiedFrom(source: Expr, isGlobal: (name: string) => 'variable' | 'table' | null): CopySource | null {
  let e = source;
  while (e.kind === 'member' || e.kind === 'index') e = e.object;
  if (e.kind !== 'name') return null;
  const kind = isGlobal(e.name);
  return kind === null ? null : { kind, name: e.name, text: targetText(source) };
}

/** Whether a value of this type holds what an assignment can change in place (a record or a list). */
export const changeableCopy = (t: Ty): boolean => t.k === 'record' || t.k === 'list';

/**
 * Whether `source` is an item of a list variable declared with records or lists for items
 * (`rs` in `for each r in rs`, `rs[1]` in `let r = rs[1]`), when the checker types its items as
 * any value: a list variable's item type is known only when it starts empty (index.ts).
 */
export function itemsAreValues(source: Expr, variables: unknown, each = source.kind === 'name'): boolean {
  const root = each ? source : source.kind === 'index' ? source.object : null;
  if (root?.kind !== 'name' || !variables || typeof variables !== 'object') return false;
  const initial = (variables as Record<string, { initial?: unknown } | undefined>)[root.name]?.initial;
  return Array.isArray(initial) && initial.length > 0 && initial.every((item) => item !== null && typeof item === 'object');
}

/**
 * The targets in `body` that change `name` in place (`name.x = …`, `name[i] += …`), when they are
 * its only uses; null when `name` is read anywhere else (or reassigned, or never changed).
 */
export function onlyChanges(name: string, body: readonly Stmt[]): Array<{ span: Span; tail: string }> | null {
  const changes: Array<{ span: Span; tail: string }> = [];
  const roots = new Set<object>();
  let uses = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as { kind?: string; name?: string; target?: Expr; span?: Span };
    if (n.kind === 'assign' && n.target && n.target.kind !== 'name') {
      let root: Expr = n.target;
      while (root.kind === 'member' || root.kind === 'index') root = root.object;
      if (root.kind === 'name' && root.name === name) {
        roots.add(root);
        changes.push({ span: n.target.span, tail: targetText(n.target).slice(name.length) });
      }
    }
    if (n.kind === 'name' && n.name === name && !roots.has(node)) uses++;
    for (const key in node) {
      if (key === 'span') continue;
      const v = (node as Record<string, unknown>)[key];
      if (v && typeof v === 'object') visit(v);
    }
  };
  visit(body);
  return uses === 0 && changes.length > 0 ? changes : null;
}

/** `r.n`, `xs[…].n`: an assignment target as a message names it. */
function targetText(e: Expr): string {
  if (e.kind === 'member') return `${targetText(e.object)}.${e.property}`;
  if (e.kind === 'index') return `${targetText(e.object)}[…]`;
  return e.kind === 'name' ? e.name : '…';
}

/** `tail`: the target after the local (`.n`, `[…].price`). */
export function lostChangeReport(local: string, from: CopySource, each: boolean, tail: string): Report {
  const copyOf = each ? `an item of ${from.kind} \`${from.name}\`` : from.text === from.name ? `${from.kind} \`${from.name}\`` : `\`${from.text}\` (${from.kind} \`${from.name}\`)`;
  const kept = from.kind === 'table' ? `table \`${from.name}\` cannot change (copy it into a variable to keep changes)` : `\`${from.name}\` stays as it was`;
  return {
    severity: 'warning',
    code: 'lost-change',
    message: `\`${local}\` is a copy of ${copyOf}: \`${local}${tail} = …\` changes only that copy, and nothing reads it afterwards; ${kept}.`,
    hint: each
      ? `Change the items where they are kept: \`for each i in 1..size(${from.text}) do ${from.text}[i]${tail} = … end\`, or build the new list and assign it.`
      : `Change \`${from.text}${tail}\` itself, or write the copy back after changing it: \`${from.text} = ${local}\`.`,
  };
}

/**
 * At a call of a procedure that only changes a parameter (never reads it whole, never returns it):
 * each argument that passes it a copy read from a variable or table, whose change is then lost.
 */
export function lostArgumentReports(callee: string, procedure: { body: readonly Stmt[]; params: readonly string[] }, args: readonly Expr[], types: readonly Ty[], isGlobal: (name: string) => 'variable' | 'table' | null, variables: unknown): Array<{ span: Span; report: Report }> {
  const out: Array<{ span: Span; report: Report }> = [];
  args.forEach((arg, i) => {
    const param = procedure.params[i];
    const t = types[i];
    if (param === undefined || !t || !(changeableCopy(t) || (t.k === 'any' && itemsAreValues(arg, variables, false)))) return;
    const from = copiedFrom(arg, isGlobal);
    const changes = from ? onlyChanges(param, procedure.body) : null;
    if (!from || !changes) return;
    const kept = from.kind === 'table' ? `table \`${from.name}\` cannot change` : `\`${from.name}\` stays as it was`;
    out.push({
      span: arg.span,
      report: {
        severity: 'warning',
        code: 'lost-change',
        message: `\`${callee}\` changes its \`${param}\` (\`${param}${changes[0]!.tail} = …\`) and nothing reads it afterwards, but \`${from.text}\` passes it a copy: ${kept}.`,
        hint: `Have \`${callee}\` return the changed value and assign it (\`${from.text} = ${callee}(…)\`), or change \`${from.text}\` where it is kept.`,
      },
    });
  });
  return out;
}

/** Built-ins whose value is their first argument changed: dropped, the designer meant to keep it. */
const CHANGED_COPY = new Set(['append', 'without', 'reverse', 'unique', 'shuffled']);

/**
 * `unused-value`: a built-in called as a statement, its value dropped (`append(xs, u)`): built-ins
 * give a new value and change nothing, so the statement does nothing (`shuffled` draws from the
 * dice, still to no end). `resolve` acts and is not said; a procedure of that name is the designer's.
 */
export function droppedValueReport(e: Expr, declared: (name: string) => boolean): { span: Span; report: Report } | undefined {
  if (e.kind !== 'call' || declared(e.callee) || !BUILTIN_FUNCTIONS.has(e.callee) || (ACTING_BUILTINS.has(e.callee) && e.callee !== 'shuffled')) return undefined;
  const first = e.args[0];
  const target = first && (first.kind === 'name' || first.kind === 'member' || first.kind === 'index') ? targetText(first) : null;
  const keep = CHANGED_COPY.has(e.callee) && target !== null && !target.includes('…');
  return { span: e.calleeSpan, report: {
    severity: 'warning',
    code: 'unused-value',
    message: `\`${e.callee}(…)\` gives a new value and changes nothing; here its value is dropped, so this line does nothing.`,
    // Reported on the function's name, so the quick fix puts the assignment before it.
    ...(keep ? { fix: `${target} = ${e.callee}` } : {}),
    hint: keep ? `Keep it: \`${target} = ${e.callee}(${target}${e.args.length > 1 ? ', …' : ''})\`${e.callee === 'shuffled' ? ' (a deck is shuffled in place with `shuffle`)' : ''}.` : 'Assign its value (`let x = …` or `x = …`), or remove the line.',
  } };
}
