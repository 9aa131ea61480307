/**
 * `let m = table[keys]` whose local the rest of its block only reads plain fields of: the looked-up
 * cell is then shared, converted once per program, instead of copied at every lookup
 * (runtime/tables.ts, `sharedCell`). A copy is what lets `let row = crt[3]` then `row.result = "D"`
 * change the local alone (docs/language.md, *Variables and assignment*); a local that is never
 * assigned, never passed, never stored and never read whole cannot tell a shared cell from a copy.
 * A ruleset that reads a few fields of every row of a table at every question (the legal moves of
 * each choice, in a bot's look-ahead: a million rows a game) spent more on copying rows than on
 * anything else (docs/runtime.md).
 */
import type { Expr, Index, LetStmt, Stmt } from '../../grammar/index.ts';
import { rootName } from '../check/conditional-spans.ts';
import type { SourceAt } from '../runtime/errors.ts';
import type { Eval } from '../runtime/frame.ts';
import { sharedCell, sharedFields } from '../runtime/tables.ts';
import { EntityRef, type Value } from '../runtime/values.ts';
import { compileExpr, num, type CompileEnv } from './expressions.ts';
import type { SlotScope } from './scope.ts';

/**
 * The fields `name` is read by in `rest` (the statements after its `let`, to the end of the block)
 * when every mention of it is `name.field`; null when any is not: the name alone (passed, stored,
 * compared, returned), an assignment to it or through it, or a new local, binder or parameter of
 * the same name (left out rather than worked out, as the checker warns of shadowing anyway).
 */
export function fieldsOnlyRead(name: string, rest: readonly Stmt[]): string[] | null {
  const fields = new Set<string>();
  let ok = true;
  const walk = (node: unknown): void => {
    if (!ok || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const n = node as { kind?: string } & Record<string, unknown>;
    if (n.kind === 'member') {
      const m = node as Extract<Expr, { kind: 'member' }>;
      if (m.object.kind === 'name' && m.object.name === name) {
        fields.add(m.property);
        return;
      }
    }
    if ((n.kind === 'name' || n.kind === 'let') && n.name === name) ok = false;
    else if (n.binder === name) ok = false;
    else if (n.kind === 'assign' && rootName((node as Extract<Stmt, { kind: 'assign' }>).target) === name) ok = false;
    for (const key in n) walk(n[key]);
  };
  walk(rest);
  return ok ? [...fields].sort() : null;
}

/**
 * The value of such a `let`, compiled to share the cell when the rules allow it, or null when the
 * `let` is not of that form (its value is not a lookup in a table named directly, or its local is
 * used otherwise). `plain` is the value compiled as usual: it runs when a log or trace is made
 * (lookups tell them) and decides nothing else.
 */
export function sharedRowValue(s: LetStmt, rest: readonly Stmt[], scope: SlotScope, env: CompileEnv, plain: Eval): Eval | null {
  const e = s.value;
  if (e.kind !== 'index' || e.object.kind !== 'name' || env.globals.get(e.object.name) !== 'table' || scope.lookup(e.object.name) !== undefined) return null;
  const names = fieldsOnlyRead(s.name, rest);
  if (names === null) return null;
  const fields = sharedFields(names);
  const ix: Index = e;
  const table = compileExpr(ix.object, scope, env);
  const keys = ix.keys.map((k) => compileExpr(k, scope, env));
  const shift = ix.shift ? compileExpr(ix.shift, scope, env) : null;
  const at: SourceAt = { path: env.path, span: ix.span };
  return (f) => {
    if (f.rt.logging) return plain(f);
    const o = table(f);
    const ks: Value[] = keys.map((k) => k(f));
    const sh = shift ? num(shift(f), at) : 0;
    if (o instanceof EntityRef && o.kind === 'table') {
      const v = sharedCell(f.rt, o.id, ks, sh, at, fields);
      if (v !== undefined) return v;
    }
    return f.rt.index(o, ks, sh, at);
  };
}
