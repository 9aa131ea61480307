import type { Aggregate, Query, SortExpr } from '../../grammar/index.ts';
import type { SourceAt } from '../runtime/errors.ts';
import { toNumber, truthy, type Value } from '../runtime/values.ts';
import { compileExpr, compileReadSource, num, type CompileEnv } from './expressions.ts';
import type { SlotScope } from './scope.ts';
import type { Eval } from '../runtime/frame.ts';

/** `count/any/all/first/select u in xs where c`, `sum/min/max e for u in xs`, `sort u in xs by e`. */
export function compileQuery(e: Query | Aggregate | SortExpr, scope: SlotScope, env: CompileEnv, at: SourceAt): Eval {
  const { get: source, shared } = compileReadSource(e.source, scope, env);
  const inner = scope.child();
  const slot = inner.define(e.binder);
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
      case 'first': return (f) => items(f)[0] ?? null;
      case 'any': return (f) => items(f).length > 0;
      case 'all': {
        // `all u in xs where c`: every element satisfies c (vacuously true when empty).
        const source2 = source;
        return (f) => {
          const all = f.rt.iterable(source2(f), at);
          return all.every((x) => {
            f.slots[slot] = x;
            return where ? truthy(where(f)) : true;
          });
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
