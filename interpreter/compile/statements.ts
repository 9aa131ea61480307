import { assertNever, type ChooseExpr, type Expr, type Stmt } from '../../grammar/index.ts';
import { GameOver, ReturnSignal, RuleError, StopLoop, type SourceAt } from '../runtime/errors.ts';
import { truthy, type Value } from '../runtime/values.ts';
import { compileChoose } from './choose.ts';
import { compileExpr, num, type CompileEnv } from './expressions.ts';
import type { SlotScope } from './scope.ts';
import type { Eval, Exec } from '../runtime/frame.ts';

/** Compile a block; each statement counts one step against the runtime's budget. */
export function compileBlock(body: Stmt[], scope: SlotScope, env: CompileEnv): Exec {
  const execs = body.map((s) => compileStmt(s, scope, env));
  return function* (f) {
    for (const x of execs) yield* x(f);
  };
}

/**
 * A value that may suspend: `choose …`, or a call to a procedure (which may choose). Everything
 * else compiles to a plain closure wrapped to look like a generator.
 */
export function compileValue(e: Expr, scope: SlotScope, env: CompileEnv): Exec<Value> {
  if (e.kind === 'choose') return compileChoose(e as ChooseExpr, scope, env);
  if (e.kind === 'call' && e.callee === 'resolve' && !env.globals.has('resolve')) {
    const card = compileExpr(e.args[0]!, scope, env);
    const at: SourceAt = { path: env.path, span: e.span };
    return (f) => f.rt.resolveCard(card(f), at);
  }
  if (e.kind === 'call' && env.globals.get(e.callee) === 'procedure') {
    const args = e.args.map((a) => compileExpr(a, scope, env));
    const callee = e.callee;
    const at: SourceAt = { path: env.path, span: e.span };
    return (f) => f.rt.callProcedure(callee, args.map((a) => a(f)), at);
  }
  const ev = compileExpr(e, scope, env);
  return function* (f) {
    return ev(f);
  };
}

function compileStmt(s: Stmt, scope: SlotScope, env: CompileEnv): Exec {
  const at: SourceAt = { path: env.path, span: s.span };
  const ex = (e: Expr): Eval => compileExpr(e, scope, env);
  const step = (f: Parameters<Exec>[0]) => f.rt.step(at);
  switch (s.kind) {
    case 'let': {
      const value = compileValue(s.value, scope, env);
      const slot = scope.define(s.name);
      return function* (f) { step(f); f.slots[slot] = yield* value(f); };
    }
    case 'assign': return compileAssign(s, scope, env, at);
    case 'if': {
      const branches = s.branches.map((b) => ({ c: ex(b.condition), body: compileBlock(b.body, scope.child(), env) }));
      const otherwise = s.else ? compileBlock(s.else, scope.child(), env) : null;
      return function* (f) {
        step(f);
        for (const b of branches) if (truthy(b.c(f))) return yield* b.body(f);
        if (otherwise) yield* otherwise(f);
      };
    }
    case 'for-each': {
      const source = ex(s.source);
      const inner = scope.child();
      const slot = inner.define(s.binder);
      const where = s.where ? compileExpr(s.where, inner, env) : null;
      const body = compileBlock(s.body, inner, env);
      return function* (f) {
        step(f);
        // Iterate a snapshot: the body may move the very pieces it loops over.
        for (const x of [...f.rt.iterable(source(f), at)]) {
          f.slots[slot] = x;
          if (where && !truthy(where(f))) continue;
          if (yield* loopBody(body, f)) break;
        }
      };
    }
    case 'repeat': {
      const count = ex(s.count);
      const body = compileBlock(s.body, scope.child(), env);
      return function* (f) {
        step(f);
        const n = num(count(f), at);
        for (let i = 0; i < n; i++) if (yield* loopBody(body, f)) break;
      };
    }
    case 'while': {
      const cond = ex(s.condition);
      const limit = s.limit ? ex(s.limit) : null;
      const body = compileBlock(s.body, scope.child(), env);
      return function* (f) {
        step(f);
        const max = limit ? num(limit(f), at) : Infinity;
        let i = 0;
        while (truthy(cond(f))) {
          if (i++ >= max) throw new RuleError('loop-limit', `This loop reached its \`max\` of ${max} iterations.`, at, 'Raise the `max`, or check that the condition can become false.');
          if (yield* loopBody(body, f)) break;
        }
      };
    }
    case 'expr': {
      const value = compileValue(s.expr, scope, env);
      return function* (f) { step(f); yield* value(f); };
    }
    case 'log': {
      const message = ex(s.message);
      return function* (f) { step(f); f.rt.log('log', String(message(f)), at); };
    }
    case 'return': {
      const value = s.value ? compileValue(s.value, scope, env) : null;
      return function* (f) { step(f); throw new ReturnSignal(value ? yield* value(f) : null); };
    }
    case 'stop': return function* (f) { step(f); throw new StopLoop(); };
    case 'end-game': {
      const result = ex(s.result);
      return function* (f) { step(f); throw new GameOver(result(f)); };
    }
    case 'shuffle': case 'discard': case 'put': case 'remove': case 'move': case 'place': case 'flip': case 'reveal':
      return compileOperation(s, ex, at);
    default: return assertNever(s);
  }
}

/** Runs a loop body; true when it executed `stop`. */
function* loopBody(body: Exec, f: Parameters<Exec>[0]): Generator<never, boolean, unknown> {
  try {
    yield* body(f) as Generator<never, void, unknown>;
    return false;
  } catch (e) {
    if (e instanceof StopLoop) return true;
    throw e;
  }
}

function compileOperation(s: Extract<Stmt, { kind: 'shuffle' | 'discard' | 'put' | 'remove' | 'move' | 'place' | 'flip' | 'reveal' }>, ex: (e: Expr) => Eval, at: SourceAt): Exec {
  const opt = (e: Expr | null) => (e ? ex(e) : null);
  switch (s.kind) {
    case 'shuffle': { const d = ex(s.deck); const w = s.withDiscards; return function* (f) { f.rt.step(at); f.rt.shuffle(d(f), w, at); }; }
    case 'discard': { const c = ex(s.card), to = opt(s.to); return function* (f) { f.rt.step(at); f.rt.discard(c(f), to ? to(f) : null, at); }; }
    case 'put': { const c = ex(s.card), d = ex(s.deck), pos = s.position; return function* (f) { f.rt.step(at); f.rt.putCard(c(f), d(f), pos, at); }; }
    case 'remove': { const t = ex(s.target), to = opt(s.to); return function* (f) { f.rt.step(at); f.rt.remove(t(f), to ? to(f) : null, at); }; }
    case 'move': { const p = ex(s.piece), to = ex(s.to), fc = opt(s.facing); return function* (f) { f.rt.step(at); f.rt.move(p(f), to(f), fc ? num(fc(f), at) : null, at); }; }
    case 'place': {
      const n = opt(s.count), p = ex(s.piece), where = ex(s.in), fc = opt(s.facing);
      return function* (f) { f.rt.step(at); f.rt.place(n ? num(n(f), at) : null, p(f), where(f), fc ? num(fc(f), at) : null, at); };
    }
    case 'flip': { const p = ex(s.piece); return function* (f) { f.rt.step(at); f.rt.flip(p(f), at); }; }
    case 'reveal': { const t = ex(s.target), to = opt(s.to); return function* (f) { f.rt.step(at); f.rt.reveal(t(f), to ? to(f) : null, at); }; }
  }
}

function compileAssign(s: Extract<Stmt, { kind: 'assign' }>, scope: SlotScope, env: CompileEnv, at: SourceAt): Exec {
  const value = compileValue(s.value, scope, env);
  const op = s.op;
  const t = s.target;
  const combine = (old: Value, v: Value): Value => (op === '=' ? v : op === '+=' ? num(old, at) + num(v, at) : num(old, at) - num(v, at));
  if (t.kind === 'name') {
    const slot = scope.lookup(t.name);
    if (slot !== undefined) return function* (f) { f.rt.step(at); const v = yield* value(f); f.slots[slot] = combine(f.slots[slot] ?? null, v); };
    const kind = env.globals.get(t.name);
    const name = t.name;
    if (kind === 'track') return function* (f) { f.rt.step(at); const v = yield* value(f); f.rt.setTrack(name, null, combine(f.rt.getTrack(name, null), v), at); };
    if (kind === 'variable') return function* (f) { f.rt.step(at); const v = yield* value(f); f.rt.setVar(name, null, combine(f.rt.getVar(name, null), v), at); };
    return function* () { throw new RuleError('not-assignable', `\`${name}\` cannot be assigned.`, at, 'Assign to a track, a variable or a `let` name.'); };
  }
  if (t.kind === 'member') {
    const object = compileExpr(t.object, scope, env);
    const prop = t.property;
    return function* (f) {
      f.rt.step(at);
      const o = object(f);
      const v = yield* value(f);
      f.rt.setMember(o, prop, op === '=' ? v : combine(f.rt.member(o, prop, at), v), at);
    };
  }
  const object = compileExpr(t.object, scope, env);
  const keys = t.keys.map((k) => compileExpr(k, scope, env));
  return function* (f) {
    f.rt.step(at);
    const o = object(f);
    const ks = keys.map((k) => k(f));
    const v = yield* value(f);
    f.rt.setIndex(o, ks, op === '=' ? v : combine(f.rt.index(o, ks, 0, at), v), at);
  };
}
