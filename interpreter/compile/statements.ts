/**
 * Statements, compiled two ways. A statement that cannot reach a decision compiles to a plain
 * closure (fast; `stop` and `return` are completion values, not exceptions). A statement that can
 * (a `choose`, a call of a procedure that chooses, `resolve(card)` of an effect that chooses, or
 * a compound statement holding one) compiles to ops with an explicit program counter, so the
 * place the rules wait at is data in the frame, not a host continuation.
 */
import { assertNever, type Expr, type Stmt } from '../../grammar/index.ts';
import { GameOver, RuleError, type SourceAt } from '../runtime/errors.ts';
import { MarkedString, partsOf, record, toText, truthy, type Value } from '../runtime/values.ts';
import { compileAssign } from './assign-chain.ts';
import { compileChoose } from './choose.ts';
import { compileExpr, compileReadSource, countOf, num, type CompileEnv } from './expressions.ts';
import { sharedRowValue } from './shared-rows.ts';
import type { SlotScope } from './scope.ts';
import { setLocal } from '../runtime/taint.ts';
import { watched } from '../runtime/secrets.ts';
import { NORMAL, RETURN, STOP, type Completion, type CompiledPreview, type Eval, type Frame, type Op, type Plain } from '../runtime/frame.ts';

// ------------------------------------------------------------------ what can suspend

/** How a statement's value may suspend: a choice, a suspending procedure, a card effect; or not. */
type Suspending = 'choose' | 'call' | 'resolve' | null;

export function valueSuspends(e: Expr, env: CompileEnv): Suspending {
  if (e.kind === 'choose') return 'choose';
  if (e.kind !== 'call') return null;
  if (e.callee === 'resolve' && !env.globals.has('resolve')) return env.suspending.resolve ? 'resolve' : null;
  return env.globals.get(e.callee) === 'procedure' && env.suspending.procedures.has(e.callee) ? 'call' : null;
}

/** Whether a statement can reach a decision (directly or through calls). */
export function stmtSuspends(s: Stmt, env: CompileEnv): boolean {
  switch (s.kind) {
    case 'let': case 'assign': return valueSuspends(s.value, env) !== null;
    case 'expr': return valueSuspends(s.expr, env) !== null;
    case 'return': return s.value !== null && valueSuspends(s.value, env) !== null;
    case 'if': return s.branches.some((b) => b.body.some((x) => stmtSuspends(x, env))) || (s.else ?? []).some((x) => stmtSuspends(x, env));
    case 'for-each': case 'repeat': case 'while': return s.body.some((x) => stmtSuspends(x, env));
    default: return false;
  }
}

// ------------------------------------------------------------------ plain closures

/** A block of statements that cannot suspend; each statement counts one step. */
export function compilePlainBlock(body: Stmt[], scope: SlotScope, env: CompileEnv): Plain {
  const execs = body.map((s, i) => compilePlain(s, scope, env, s.kind === 'let' ? body.slice(i + 1) : undefined));
  if (execs.length === 1) return execs[0]!;
  return (f) => {
    for (let i = 0; i < execs.length; i++) {
      const c = execs[i]!(f);
      if (c !== NORMAL) return c;
    }
    return NORMAL;
  };
}

/**
 * `resolve(table[key], …)` or `resolve(roll on table, …)`: the table whose row effect it resolves,
 * and its row key(s) (null for `resolve(card)`). `roll on` rolls the table's own `roll:` for the key.
 */
function rowEffect(e: Expr, env: CompileEnv): { table: string; keys: (scope: SlotScope) => Eval[]; args: Expr[]; rolled: boolean } | null {
  if (e.kind !== 'call' || e.callee !== 'resolve' || env.globals.has('resolve')) return null;
  const first = e.args[0];
  const args = e.args.slice(1);
  if (first?.kind === 'roll-on' && first.column === null && env.globals.get(first.table) === 'table') {
    const [table, at]: [string, SourceAt] = [first.table, { path: env.path, span: first.span }];
    return { table, keys: () => [(f) => f.rt.rollTableDice(table, at)], args, rolled: true };
  }
  if (first?.kind !== 'index' || first.object.kind !== 'name' || env.globals.get(first.object.name) !== 'table') return null;
  return { table: first.object.name, keys: (scope) => first.keys.map((k) => compileExpr(k, scope, env)), args, rolled: false };
}

/** A row effect's keys, with the secrets they read when its line is written (tables.ts, logRow). */
function rowKeys(f: Frame, keys: Eval[]): [Value[], string[]] {
  if (!f.rt.logging) return [keys.map((k) => k(f)), []];
  const [ks, read] = watched(f.rt, () => keys.map((k) => k(f)));
  return [ks, [...read]];
}

/** A value that does not suspend (suspending ones go through the emitter). */
function plainValue(e: Expr, scope: SlotScope, env: CompileEnv): Eval {
  const row = rowEffect(e, env);
  if (row) {
    const keys = row.keys(scope);
    const args = row.args.map((a) => compileExpr(a, scope, env));
    const at: SourceAt = { path: env.path, span: e.span };
    return (f) => { const [ks, read] = rowKeys(f, keys); return f.rt.resolveRowNow(row.table, ks, args.map((a) => a(f)), at, read, row.rolled); };
  }
  if (e.kind === 'call' && e.callee === 'resolve' && !env.globals.has('resolve')) {
    const card = compileExpr(e.args[0]!, scope, env);
    const at: SourceAt = { path: env.path, span: e.span };
    return (f) => f.rt.resolveNow(card(f), at);
  }
  return compileExpr(e, scope, env);
}

/** `rest`: the statements after `s` in its block, where a `let` local is visible (shared-rows.ts). */
function compilePlain(s: Stmt, scope: SlotScope, env: CompileEnv, rest: readonly Stmt[] = []): Plain {
  const at: SourceAt = { path: env.path, span: s.span };
  const ex = (e: Expr): Eval => compileExpr(e, scope, env);
  switch (s.kind) {
    case 'let': {
      const copied = plainValue(s.value, scope, env);
      const value = sharedRowValue(s, rest, scope, env, copied) ?? copied;
      const slot = scope.define(s.name);
      return (f) => { f.rt.step(at); setLocal(f, slot, value); return NORMAL; };
    }
    case 'assign': {
      const set = compileAssign(s, scope, env, at, plainValue(s.value, scope, env));
      return (f) => { f.rt.step(at); set(f); return NORMAL; };
    }
    case 'if': {
      const branches = s.branches.map((b) => ({ c: ex(b.condition), body: compilePlainBlock(b.body, scope.child(), env) }));
      const otherwise = s.else ? compilePlainBlock(s.else, scope.child(), env) : null;
      return (f) => {
        f.rt.step(at);
        for (let i = 0; i < branches.length; i++) if (truthy(branches[i]!.c(f))) return branches[i]!.body(f);
        return otherwise ? otherwise(f) : NORMAL;
      };
    }
    case 'for-each': {
      // Only read (the loop takes a snapshot), so `neighbours(a)` need not be copied twice.
      const source = compileReadSource(s.source, scope, env).get;
      const inner = scope.child();
      const slot = inner.define(s.binder);
      const where = s.where ? compileExpr(s.where, inner, env) : null;
      const body = compilePlainBlock(s.body, inner, env);
      return (f) => {
        f.rt.step(at);
        // Iterate a snapshot: the body may move the very pieces it loops over.
        const items = f.rt.iterable(source(f), at).slice();
        for (let i = 0; i < items.length; i++) {
          f.slots[slot] = items[i]!;
          if (where && !truthy(where(f))) continue;
          const c = body(f);
          if (c === STOP) break;
          if (c === RETURN) return c;
        }
        return NORMAL;
      };
    }
    case 'repeat': {
      const count = ex(s.count);
      const body = compilePlainBlock(s.body, scope.child(), env);
      return (f) => {
        f.rt.step(at);
        const n = countOf(count(f), 'How many times `repeat` runs', at);
        for (let i = 0; i < n; i++) {
          const c = body(f);
          if (c === STOP) break;
          if (c === RETURN) return c;
        }
        return NORMAL;
      };
    }
    case 'while': {
      const cond = ex(s.condition);
      const limit = s.limit ? ex(s.limit) : null;
      const body = compilePlainBlock(s.body, scope.child(), env);
      return (f) => {
        f.rt.step(at);
        const max = limit ? num(limit(f), at) : Infinity;
        let i = 0;
        while (truthy(cond(f))) {
          if (i++ >= max) throw loopLimit(max, at);
          const c = body(f);
          if (c === STOP) break;
          if (c === RETURN) return c;
        }
        return NORMAL;
      };
    }
    case 'expr': {
      const value = plainValue(s.expr, scope, env);
      return (f) => { f.rt.step(at); value(f); return NORMAL; };
    }
    case 'log': {
      const message = ex(s.message);
      return (f) => {
        f.rt.step(at);
        const m = message(f);
        f.rt.log('log', m instanceof MarkedString ? partsOf(m) : String(m), at);
        return NORMAL;
      };
    }
    case 'return': {
      const value = s.value ? plainValue(s.value, scope, env) : null;
      return (f) => { f.rt.step(at); f.retval = value ? value(f) : null; return RETURN; };
    }
    case 'stop': return (f) => { f.rt.step(at); return STOP; };
    case 'end-game': {
      const result = ex(s.result);
      return (f) => { f.rt.step(at); throw new GameOver(result(f)); };
    }
    case 'shuffle': case 'discard': case 'put': case 'remove': case 'move': case 'place': case 'flip': case 'reveal': {
      const op = compileOperation(s, ex, at);
      return (f) => { f.rt.step(at); op(f); return NORMAL; };
    }
    default: return assertNever(s);
  }
}

function loopLimit(max: number, at: SourceAt): RuleError {
  return new RuleError('loop-limit', `This loop reached its \`max\` of ${max} iterations.`, at, 'Raise the `max`, or check that the condition can become false.');
}

function compileOperation(s: Extract<Stmt, { kind: 'shuffle' | 'discard' | 'put' | 'remove' | 'move' | 'place' | 'flip' | 'reveal' }>, ex: (e: Expr) => Eval, at: SourceAt): (f: Frame) => void {
  const opt = (e: Expr | null) => (e ? ex(e) : null);
  switch (s.kind) {
    case 'shuffle': { const d = ex(s.deck); const w = s.withDiscards; return (f) => f.rt.shuffle(d(f), w, at); }
    case 'discard': { const c = ex(s.card), to = opt(s.to); return (f) => f.rt.discard(c(f), to ? to(f) : null, at); }
    case 'put': { const c = ex(s.card), d = ex(s.deck), pos = s.position; return (f) => f.rt.putCard(c(f), d(f), pos, at); }
    case 'remove': { const t = ex(s.target), to = opt(s.to); return (f) => f.rt.remove(t(f), to ? to(f) : null, at); }
    case 'move': { const p = ex(s.piece), to = ex(s.to), fc = opt(s.facing); return (f) => f.rt.move(p(f), to(f), fc ? num(fc(f), at) : null, at); }
    case 'place': {
      const n = opt(s.count), p = ex(s.piece), where = ex(s.in), fc = opt(s.facing);
      return (f) => f.rt.place(n ? countOf(n(f), 'How many pieces to place', at) : null, p(f), where(f), fc ? num(fc(f), at) : null, at);
    }
    case 'flip': { const p = ex(s.piece); return (f) => f.rt.flip(p(f), at); }
    case 'reveal': { const t = ex(s.target), to = opt(s.to); return (f) => f.rt.reveal(t(f), to ? to(f) : null, at); }
  }
}

/** An assignment of `value` (evaluated when the returned closure runs) to the statement's target. */
// ------------------------------------------------------------------ ops for suspendable code

/** A jump target, patched once the code after it is emitted. */
interface Label {
  pc: number;
}

/**
 * Emits the ops of one suspendable script. Loops keep their state (the snapshot list, the index,
 * the count) in hidden slots of the frame, so a frame copied or reloaded mid-loop goes on exactly.
 */
export class Emitter {
  readonly ops: Op[] = [];
  /** See `Code.secretAnswers`. */
  readonly secretAnswers: number[] = [];
  /** See `Code.previews`. */
  readonly previews = new Map<number, CompiledPreview>();
  /** Exit labels of the enclosing loops, innermost last (`stop` jumps to the last). */
  private readonly exits: Label[] = [];

  constructor(private readonly env: CompileEnv) {}

  label(): Label {
    return { pc: -1 };
  }

  mark(l: Label): void {
    l.pc = this.ops.length;
  }

  emit(op: Op): void {
    this.ops.push(op);
  }

  block(body: Stmt[], scope: SlotScope): void {
    body.forEach((s, i) => {
      if (stmtSuspends(s, this.env)) this.stmt(s, scope);
      else this.plain(compilePlain(s, scope, this.env, s.kind === 'let' ? body.slice(i + 1) : undefined));
    });
  }

  /** A plain statement as one op; its `stop` leaves the enclosing emitted loop, its `return` the frame. */
  private plain(run: Plain): void {
    const exit = this.exits[this.exits.length - 1];
    this.emit((f) => {
      const c = run(f);
      if (c === NORMAL) return;
      if (c === RETURN) f.rt.returnFrom(f, f.retval);
      else if (exit) f.pc = exit.pc;
    });
  }

  private stmt(s: Stmt, scope: SlotScope): void {
    const env = this.env;
    const at: SourceAt = { path: env.path, span: s.span };
    switch (s.kind) {
      case 'let': {
        // The slot is defined after the value is compiled: `let x = choose from x` reads the outer x.
        const tmp = scope.define(`\u0000let`);
        this.value(s.value, scope, tmp, at);
        const slot = scope.define(s.name);
        this.emit((f) => { f.slots[slot] = f.slots[tmp] ?? null; if (f.taint !== undefined) f.taint[slot] = f.taint[tmp]; });
        return;
      }
      case 'assign': {
        const tmp = scope.define('\u0000value');
        this.value(s.value, scope, tmp, at);
        const set = compileAssign(s, scope, env, at, (f) => f.slots[tmp] ?? null);
        this.emit(set);
        return;
      }
      case 'expr': {
        this.value(s.expr, scope, scope.define('\u0000expr'), at);
        return;
      }
      case 'return': {
        const tmp = scope.define('\u0000return');
        this.value(s.value!, scope, tmp, at);
        this.emit((f) => f.rt.returnFrom(f, f.slots[tmp] ?? null));
        return;
      }
      case 'if': {
        const end = this.label();
        const conds = s.branches.map((b) => compileExpr(b.condition, scope, env));
        this.emit((f) => f.rt.step(at));
        s.branches.forEach((b, i) => {
          const next = this.label();
          const c = conds[i]!;
          this.emit((f) => { if (!truthy(c(f))) f.pc = next.pc; });
          this.block(b.body, scope.child());
          this.emit((f) => { f.pc = end.pc; });
          this.mark(next);
        });
        if (s.else) this.block(s.else, scope.child());
        this.mark(end);
        return;
      }
      case 'for-each': {
        const source = compileReadSource(s.source, scope, env).get;
        const inner = scope.child();
        const list = inner.define('\u0000items');
        const index = inner.define('\u0000index');
        const binder = inner.define(s.binder);
        const where = s.where ? compileExpr(s.where, inner, env) : null;
        this.loop((f) => {
          f.rt.step(at);
          f.slots[list] = f.rt.iterable(source(f), at).slice();
          f.slots[index] = 0;
        }, (f) => {
          const items = f.slots[list] as Value[];
          for (;;) {
            const i = f.slots[index] as number;
            if (i >= items.length) return false;
            f.slots[index] = i + 1;
            f.slots[binder] = items[i]!;
            if (!where || truthy(where(f))) return true;
          }
        }, s.body, inner);
        return;
      }
      case 'repeat': {
        const count = compileExpr(s.count, scope, env);
        const inner = scope.child();
        const n = inner.define('\u0000count');
        const index = inner.define('\u0000index');
        this.loop((f) => { f.rt.step(at); f.slots[n] = countOf(count(f), 'How many times `repeat` runs', at); f.slots[index] = 0; }, (f) => {
          const i = f.slots[index] as number;
          if (i >= (f.slots[n] as number)) return false;
          f.slots[index] = i + 1;
          return true;
        }, s.body, inner);
        return;
      }
      case 'while': {
        const cond = compileExpr(s.condition, scope, env);
        const limit = s.limit ? compileExpr(s.limit, scope, env) : null;
        const inner = scope.child();
        const max = inner.define('\u0000max');
        const index = inner.define('\u0000index');
        this.loop((f) => { f.rt.step(at); f.slots[max] = limit ? num(limit(f), at) : null; f.slots[index] = 0; }, (f) => {
          if (!truthy(cond(f))) return false;
          const i = f.slots[index] as number;
          const m = f.slots[max];
          if (typeof m === 'number' && i >= m) throw loopLimit(m, at);
          f.slots[index] = i + 1;
          return true;
        }, s.body, inner);
        return;
      }
      default:
        // Only the statements above can hold a decision (stmtSuspends).
        throw new Error(`statement ${s.kind} cannot suspend`);
    }
  }

  /**
   * A loop: `init` once, then `next` before each pass (false leaves the loop; it binds the item or
   * counts the pass in the frame's hidden slots), the body, and back to `next`.
   */
  private loop(init: Op, next: (f: Frame) => boolean, body: Stmt[], scope: SlotScope): void {
    this.emit(init);
    const top = this.label();
    const end = this.label();
    this.mark(top);
    this.emit((f) => { if (!next(f)) f.pc = end.pc; });
    this.exits.push(end);
    this.block(body, scope);
    this.exits.pop();
    this.emit((f) => { f.pc = top.pc; });
    this.mark(end);
  }

  /** Ops that leave the value of a suspending expression in `dest`. */
  private value(e: Expr, scope: SlotScope, dest: number, at: SourceAt): void {
    const env = this.env;
    const kind = valueSuspends(e, env);
    if (kind === 'call' && e.kind === 'call') {
      const args = e.args.map((a) => compileExpr(a, scope, env));
      const callee = e.callee;
      const cat: SourceAt = { path: env.path, span: e.span };
      this.emit((f) => { f.rt.step(at); f.rt.callFrom(callee, args.map((a) => a(f)), dest, cat); });
      return;
    }
    const row = kind === 'resolve' ? rowEffect(e, env) : null;
    if (row) {
      const keys = row.keys(scope);
      const args = row.args.map((a) => compileExpr(a, scope, env));
      const cat: SourceAt = { path: env.path, span: e.span };
      this.emit((f) => { f.rt.step(at); const [ks, read] = rowKeys(f, keys); f.rt.resolveRow(f, row.table, ks, args.map((a) => a(f)), dest, cat, read, row.rolled); });
      return;
    }
    if (kind === 'resolve' && e.kind === 'call') {
      const card = compileExpr(e.args[0]!, scope, env);
      const cat: SourceAt = { path: env.path, span: e.span };
      this.emit((f) => { f.rt.step(at); f.rt.resolveCard(f, card(f), dest, cat); });
      return;
    }
    if (e.kind !== 'choose') throw new Error('not a suspending value');
    const choose = compileChoose(e, scope, env);
    if (choose.preview) this.previews.set(e.span.start, choose.preview);
    const ask = (f: Frame, into: number) => {
      const asked = choose.ask(f);
      if ('value' in asked) f.slots[into] = asked.value;
      else f.rt.suspend(asked, into);
    };
    if (!choose.each) {
      this.emit((f) => { f.rt.step(at); ask(f, dest); });
      return;
    }
    // `choose … for each x in list`: one question per item, answers gathered into a record.
    const each = choose.each;
    const list = scope.define('\u0000items');
    const index = scope.define('\u0000index');
    const answers = scope.define('\u0000answers');
    const answer = scope.define('\u0000answer');
    const asked = scope.define('\u0000asked');
    const group = scope.define('\u0000group');
    if (e.secret) this.secretAnswers.push(answers);
    this.emit((f) => {
      f.rt.step(at);
      f.slots[list] = f.rt.iterable(each.source(f), choose.at).slice();
      f.slots[index] = 0;
      f.slots[answers] = [];
      // The group's id: how many decisions the game had answered when it began (unique in a game).
      f.slots[group] = f.rt.state.decisions.length;
    });
    const top = this.label();
    const end = this.label();
    this.mark(top);
    this.emit((f) => {
      const items = f.slots[list] as Value[];
      const i = f.slots[index] as number;
      if (i >= items.length) { f.pc = end.pc; return; }
      f.slots[each.slot] = items[i]!;
      const q = choose.ask(f);
      if ('value' in q) {
        f.slots[answer] = q.value;
        f.slots[asked] = null;
        return;
      }
      // Who chose among what, kept beside the answer (determinize draws another one from it).
      f.slots[asked] = record([['player', q.player], ['kind', q.kind], ['options', q.options], ['min', q.min], ['max', q.max]]);
      q.group = { id: f.slots[group] as number, index: i, size: items.length, item: items[i]! };
      f.rt.suspend(q, answer);
    });
    this.emit((f) => {
      const i = f.slots[index] as number;
      (f.slots[answers] as Value[]).push([toText((f.slots[list] as Value[])[i]!), f.slots[answer] ?? null, f.slots[asked] ?? null]);
      f.slots[index] = i + 1;
      f.pc = top.pc;
    });
    this.mark(end);
    this.emit((f) => { f.slots[dest] = record((f.slots[answers] as Value[][]).map(([k, v]) => [k as string, v ?? null])); });
  }
}
