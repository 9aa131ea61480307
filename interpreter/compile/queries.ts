import type { Aggregate, Expr, Query, SortExpr } from '../../grammar/index.ts';
import type { SourceAt } from '../runtime/errors.ts';
import { toNumber, truthy, valueEquals, type Value } from '../runtime/values.ts';
import { memberGetter, type MemberGetter } from '../runtime/members.ts';
import { compileExpr, compileReadSource, num, orderFreeDice, type CompileEnv } from './expressions.ts';
import type { SlotScope } from './scope.ts';
import type { Eval } from '../runtime/frame.ts';

/**
 * A roll's dice as the source of a query whose answer cannot depend on their order (`count`,
 * `any`, `all` and the aggregates, with a condition and value that only read): expressions.ts,
 * `orderFreeDice`. Shared: the list is the roll's own.
 */
function orderFreeSource(e: Query | Aggregate | SortExpr, scope: SlotScope, env: CompileEnv): { get: Eval; shared: true } | null {
  const counts = e.kind === 'aggregate' || (e.kind === 'query' && (e.op === 'count' || e.op === 'any' || e.op === 'all'));
  const reads = (x: Expr | null) => x === null || env.exists?.pure(x) === true;
  if (!counts || !reads(e.where) || (e.kind === 'aggregate' && !reads(e.value))) return null;
  const get = orderFreeDice(e.source, scope, env);
  return get && { get, shared: true };
}

/** `count/any/all/first/select u in xs where c`, `sum/min/max e for u in xs`, `sort u in xs by e`. */
export function compileQuery(e: Query | Aggregate | SortExpr, scope: SlotScope, env: CompileEnv, at: SourceAt): Eval {
  const { get: source, shared } = orderFreeSource(e, scope, env) ?? compileReadSource(e.source, scope, env);
  const inner = scope.child();
  const slot = inner.define(e.binder);
  if (e.kind === 'query' && e.op !== 'all' && e.where) {
    const test = memberTest(e.where, e.binder, inner, env);
    if (test) return filtered(e.op, source, slot, test, at);
  }
  const where = e.kind !== 'sort' && e.where ? compileExpr(e.where, inner, env) : null;
  const items = (f: Parameters<Eval>[0]): Value[] => {
    const all = f.rt.iterable(source(f), at);
    if (!where) return shared ? all.slice() : all;
    const out: Value[] = [];
    for (let i = 0; i < all.length; i++) {
      const x = all[i]!;
      f.slots[slot] = x;
      if (truthy(where(f))) out.push(x);
    }
    return out;
  };
  if (e.kind === 'query') {
    switch (e.op) {
      case 'count': {
        if (!where) return (f) => items(f).length;
        return (f) => {
          const all = f.rt.iterable(source(f), at);
          let n = 0;
          for (let i = 0; i < all.length; i++) {
            f.slots[slot] = all[i]!;
            if (truthy(where(f))) n++;
          }
          return n;
        };
      }
      case 'select': return (f) => items(f);
      // `first`, `any` and `all` stop at the item that decides, as `and` and `or` stop at the side
      // that does: the items after it are not gone through (their conditions are not evaluated).
      case 'first':
      case 'any': {
        const found = e.op === 'first';
        if (!where) return (f) => { const all = f.rt.iterable(source(f), at); return found ? all[0] ?? null : all.length > 0; };
        return (f) => {
          const all = f.rt.iterable(source(f), at);
          for (let i = 0; i < all.length; i++) {
            const x = all[i]!;
            f.slots[slot] = x;
            if (truthy(where(f))) return found ? x : true;
          }
          return found ? null : false;
        };
      }
      case 'all': {
        // `all u in xs where c`: every element satisfies c (vacuously true when empty).
        return (f) => {
          const all = f.rt.iterable(source(f), at);
          if (!where) return true;
          for (let i = 0; i < all.length; i++) {
            f.slots[slot] = all[i]!;
            if (!truthy(where(f))) return false;
          }
          return true;
        };
      }
    }
  }
  if (e.kind === 'aggregate') {
    const value = compileExpr(e.value, inner, env);
    const values = (f: Parameters<Eval>[0]) => items(f).map((x) => {
      f.slots[slot] = x;
      return num(value(f), at);
    });
    if (e.op === 'sum') return (f) => values(f).reduce((a, b) => a + b, 0);
    if (e.op === 'min') return (f) => { const v = values(f); return v.length ? Math.min(...v) : null; };
    return (f) => { const v = values(f); return v.length ? Math.max(...v) : null; };
  }
  const by = compileExpr(e.by, inner, env);
  const sign = e.descending ? -1 : 1;
  return (f) => {
    const keyed = items(f).map((x, i) => {
      f.slots[slot] = x;
      return { x, k: by(f), i };
    });
    // Stable: equal keys keep their order, so sorts are deterministic.
    keyed.sort((a, b) => sign * compareKeys(a.k, b.k) || a.i - b.i);
    return keyed.map((k) => k.x);
  };
}

function compareKeys(a: Value, b: Value): number {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== undefined && y !== undefined) return x - y;
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/**
 * `u.prop == x and rest`, the commonest condition (`u.side == side`, `u.kind == "leader"`), with `x`
 * a value that cannot change while the query runs: a literal, a local, an entity's name, the
 * active `side` or `player`. Per item, `u.prop` is read directly and `rest` runs only for items that
 * pass, instead of the condition's closures; `x` is taken once, where the closures first took it
 * (after the first item's `u.prop`), so errors come in the same order. Null for other shapes.
 */
interface MemberTest {
  get: MemberGetter;
  at: SourceAt;
  value: Eval;
  /** The other conjuncts, in order; the closures' `and` stops at the first false one, as these do. */
  rest: Eval[];
}

function memberTest(where: Expr, binder: string, scope: SlotScope, env: CompileEnv): MemberTest | null {
  const [first, ...rest] = conjuncts(where);
  if (first!.kind !== 'binary' || first!.op !== '==' || first!.left.kind !== 'member' || first!.left.object.kind !== 'name' || first!.left.object.name !== binder) return null;
  if (!invariant(first!.right, binder, scope, env)) return null;
  return {
    get: memberGetter(first!.left.property),
    at: { path: env.path, span: first!.left.propertySpan },
    value: compileExpr(first!.right, scope, env),
    rest: rest.map((x) => compileExpr(x, scope, env)),
  };
}

/** `a and b and c`, however nested on the left, as [a, b, c]. */
function conjuncts(e: Expr): Expr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...conjuncts(e.left), e.right] : [e];
}

/** An expression whose value cannot change during one query and whose evaluation cannot fail or act. */
function invariant(x: Expr, binder: string, scope: SlotScope, env: CompileEnv): boolean {
  if (x.kind === 'number' || x.kind === 'bool' || x.kind === 'none') return true;
  if (x.kind === 'string') return x.parts.every((p) => typeof p === 'string');
  if (x.kind !== 'name' || x.name === binder) return false;
  // No expression assigns a local, and the query's own binders have slots of their own.
  if (scope.lookup(x.name) !== undefined) return true;
  const kind = env.globals.get(x.name);
  // The active side and player change only between flow steps, never inside an expression.
  if (kind === undefined) return x.name === 'side' || x.name === 'player';
  return kind === 'side' || kind === 'area' || kind === 'zone' || kind === 'deck' || kind === 'table' || kind === 'die' || kind === 'piece-type' || kind === 'phase' || kind === 'action';
}

function filtered(op: 'select' | 'count' | 'any' | 'first', source: Eval, slot: number, t: MemberTest, at: SourceAt): Eval {
  const { get, at: getAt, value, rest } = t;
  return (f) => {
    const all = f.rt.iterable(source(f), at);
    const out: Value[] | null = op === 'select' ? [] : null;
    let n = 0;
    let x: Value | typeof UNSET = UNSET;
    for (let i = 0; i < all.length; i++) {
      const item = all[i]!;
      f.slots[slot] = item;
      const v = get(f.rt, item, getAt);
      if (x === UNSET) x = value(f);
      if (!valueEquals(v, x) || !passes(rest, f)) continue;
      if (op === 'any') return true;
      if (op === 'first') return item;
      if (out) out.push(item);
      else n++;
    }
    return op === 'any' ? false : op === 'first' ? null : out ?? n;
  };
}

const UNSET = Symbol('unset');

function passes(rest: Eval[], f: Parameters<Eval>[0]): boolean {
  for (let i = 0; i < rest.length; i++) if (!truthy(rest[i]!(f))) return false;
  return true;
}
