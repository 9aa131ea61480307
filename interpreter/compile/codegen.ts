/**
 * A prototype (off unless `setCodegen(true)`): an expression compiled to one JavaScript function
 * instead of a tree of closures, so each expression has code of its own that V8 can inline,
 * rather than closures shared by every `and`, `==` or query of every ruleset.
 *
 * No user text is ever evaluated, by construction: the generated source is made only of this
 * file's templates, slot numbers (integers from the compiler's own scopes) and `K[n]` (integer
 * indexes into a list of constants). Every literal, name, position, member getter, built-in and
 * closure the expression needs is a value in that list, never text in the source.
 *
 * Semantics are the closures' (expressions.ts, queries.ts), operand for operand in the same order:
 * forms not written here (text, lists, records, ranges, indexing, dice, tables, draws, `/`, `mod`,
 * aggregates, sorts) are the closure compiler's closures, called from the generated code.
 * Where `new Function` is refused (a strict Content-Security-Policy), every expression stays a closure.
 */
import type { Expr, Query } from '../../grammar/index.ts';
import type { SourceAt } from '../runtime/errors.ts';
import type { Eval } from '../runtime/frame.ts';
import { truthy, valueEquals, type Value } from '../runtime/values.ts';
import { memberGetter } from '../runtime/members.ts';
import { builtinImpl, builtinReadOnly } from '../runtime/builtins.ts';
import type { CompiledScript } from '../runtime/program.ts';
import type { Runtime } from '../runtime/runtime.ts';
import type { SlotScope } from './scope.ts';
import { compileClosure, compileReadSource, num, plus, type CompileEnv } from './expressions.ts';

let enabled = false;
/** Turn the prototype on or off for programs compiled from now on (for measuring it). */
export function setCodegen(on: boolean): void {
  enabled = on;
}

/** Whether `new Function` may be used here; asked once. */
let allowed: boolean | null = null;
function evalAllowed(): boolean {
  if (allowed === null) {
    try {
      allowed = new Function('return 1')() === 1;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}

interface Ctx {
  env: CompileEnv;
  consts: unknown[];
  helpers: string[];
}

/** The constant `v` as `K[n]`. */
function k(c: Ctx, v: unknown): string {
  c.consts.push(v);
  return `K[${c.consts.length - 1}]`;
}

/** Worth a function of its own: an expression with an operator, a call or a query in it. */
function worth(e: Expr): boolean {
  return e.kind === 'binary' || e.kind === 'query' || e.kind === 'call' || e.kind === 'unary' || e.kind === 'if-expr';
}

/**
 * `e` as one generated function, made when asked (null: no `new Function` here), or null when the
 * prototype is off or `e` is not worth it. The source is made now, while the compiler's scopes
 * still hand out slots (a query's binder gets its own).
 */
export function prepareExpr(e: Expr, scope: SlotScope, env: CompileEnv): (() => Eval | null) | null {
  if (!enabled || !worth(e)) return null;
  const c: Ctx = { env, consts: [], helpers: [] };
  const body = gen(e, scope, c);
  const src = `${c.helpers.join('\n')}\nreturn function (f) { const s = f.slots, rt = f.rt; return ${body}; };`;
  return () => {
    if (!evalAllowed()) return null;
    const make = new Function('K', 'T', 'VE', 'N', 'ADD', src) as (...a: unknown[]) => Eval;
    return make(c.consts, truthy, valueEquals, num, plus);
  };
}

function gen(e: Expr, scope: SlotScope, c: Ctx): string {
  const at = (span = e.span): string => k(c, { path: c.env.path, span } satisfies SourceAt);
  const sub = (x: Expr): string => gen(x, scope, c);
  switch (e.kind) {
    case 'number': case 'bool': return k(c, e.value);
    case 'none': return 'null';
    case 'name': {
      const slot = scope.lookup(e.name);
      return slot !== undefined ? `(s[${slot}] ?? null)` : fallback(e, scope, c);
    }
    case 'member': return `${k(c, memberGetter(e.property))}(rt, ${sub(e.object)}, ${at(e.propertySpan)})`;
    case 'unary': return e.op === 'not' ? `!T(${sub(e.operand)})` : `-N(${sub(e.operand)}, ${at()})`;
    case 'if-expr': return `(T(${sub(e.condition)}) ? ${sub(e.then)} : ${sub(e.else)})`;
    case 'call': {
      const args = `[${e.args.map(sub).join(', ')}]`;
      if (c.env.globals.get(e.callee) === 'procedure') return `rt.callScriptNow(${k(c, procedureOf(e.callee))}(rt), ${k(c, e.callee)}, ${args}, ${at()})`;
      const impl = builtinImpl(e.callee);
      return impl ? `${k(c, impl)}(rt, ${args}, ${at()})` : fallback(e, scope, c);
    }
    case 'binary': {
      const r = e.right;
      if (e.op === 'in' && r.kind === 'call' && c.env.globals.get(r.callee) !== 'procedure') {
        const view = builtinReadOnly(r.callee);
        // The right side first, as the closure does: `contains(r, l)`.
        if (view) return `rt.contains(${k(c, view)}(rt, [${r.args.map(sub).join(', ')}], ${at(r.span)}), ${sub(e.left)}, ${at()})`;
      }
      switch (e.op) {
        case 'and': return `(T(${sub(e.left)}) && T(${sub(e.right)}))`;
        case 'or': return `(T(${sub(e.left)}) || T(${sub(e.right)}))`;
        case '==': return `VE(${sub(e.left)}, ${sub(e.right)})`;
        case '!=': return `!VE(${sub(e.left)}, ${sub(e.right)})`;
        case '<': case '<=': case '>': case '>=': case '-': case '*': {
          const a = at();
          return `(N(${sub(e.left)}, ${a}) ${e.op} N(${sub(e.right)}, ${a}))`;
        }
        case 'in': return `rt.contains(${sub(e.right)}, ${sub(e.left)}, ${at()})`;
        case '+': return `ADD(${sub(e.left)}, ${sub(e.right)}, ${at()})`;
        default: return fallback(e, scope, c);
      }
    }
    case 'query': return e.where ? query(e, scope, c) : fallback(e, scope, c);
    default: return fallback(e, scope, c);
  }
}

/** A form not generated: its closure, called with the frame. */
function fallback(e: Expr, scope: SlotScope, c: Ctx): string {
  return `${k(c, compileClosure(e, scope, c.env))}(f)`;
}

/** A procedure's script, found once per program as the closure does. */
function procedureOf(callee: string): (rt: Runtime) => CompiledScript | undefined {
  let program: unknown = null;
  let script: CompiledScript | undefined;
  return (rt) => {
    if (rt.program !== program) { program = rt.program; script = rt.program.procedures.get(callee); }
    return script;
  };
}

/** `select/first/any/count/all u in xs where c` as a helper function with its loop. */
function query(e: Query, scope: SlotScope, c: Ctx): string {
  const { get: source } = compileReadSource(e.source, scope, c.env);
  const inner = scope.child();
  const slot = inner.define(e.binder);
  const where = gen(e.where!, inner, c);
  const name = `q${c.helpers.length}`;
  const head = `function ${name}(f, s, rt) { const all = rt.iterable(${k(c, source)}(f), ${k(c, { path: c.env.path, span: e.span } satisfies SourceAt)});`;
  const loop = (onMatch: string): string => `for (let i = 0; i < all.length; i++) { const x = all[i]; s[${slot}] = x; if (T(${where})) ${onMatch} }`;
  let fn: string;
  switch (e.op) {
    case 'count': fn = `${head} let n = 0; ${loop('n++;')} return n; }`; break;
    // Like the closures, `all` stops at the first miss and the others go through every item.
    case 'all': fn = `${head} for (let i = 0; i < all.length; i++) { s[${slot}] = all[i]; if (!T(${where})) return false; } return true; }`; break;
    default: {
      const ret = e.op === 'select' ? 'out' : e.op === 'first' ? '(out[0] ?? null)' : 'out.length > 0';
      fn = `${head} const out = []; ${loop('out.push(x);')} return ${ret}; }`;
    }
  }
  c.helpers.push(fn);
  return `${name}(f, s, rt)`;
}

export type { Value };
