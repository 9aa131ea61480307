/**
 * Assignments into a value held by the game: `r.n = 2` and `xs[1] = 9` for a record or list
 * variable, `u.orders[1] = …` for a piece's list prop, `r.xs[2] += 1` for a list in a record.
 *
 * The state stores values as data (persist.ts), so reading a variable, a track or an entity's
 * member gives a fresh value: the assignment changes that copy, which must then be written back
 * to where it was read from, link by link, up to the first entity (whose member is then set) or
 * the variable named at the root. Before this, such assignments changed the copy and were lost
 * without a word. A chain rooted in a local is left alone: a local's record or list is changed in
 * place, as its other holders expect (a procedure's record parameter is the caller's value).
 *
 * Each link's keys are evaluated once, left to right, before the value, as plain assignments do:
 * writing back must not roll again or call a procedure twice.
 */
import type { Stmt, Expr } from '../../grammar/index.ts';
import { RuleError, type SourceAt } from '../runtime/errors.ts';
import type { Eval, Frame } from '../runtime/frame.ts';
import { memberGetter, tableCellSet } from '../runtime/members.ts';
import { watched } from '../runtime/secrets.ts';
import { keepTaint, tainting } from '../runtime/taint.ts';
import { EntityRef, isRecordValue, type Value } from '../runtime/values.ts';
import { compileExpr, num, readText, type CompileEnv } from './expressions.ts';
import { toText } from '../runtime/values.ts';
import type { SlotScope } from './scope.ts';

type Link =
  | { kind: 'member'; prop: string; at: SourceAt; get: ReturnType<typeof memberGetter> }
  | { kind: 'index'; keys: Eval[]; shift: Eval | null; at: SourceAt };

/** A value read from its container whose changes live in that container (not an entity, which is a reference). */
const isHeldValue = (v: Value): boolean => Array.isArray(v) || isRecordValue(v);

/**
 * The object of an assignment target, compiled so its links can be written back; null when no
 * link can be a copy (the object is a local name: its value is changed in place already, or is an
 * entity whose member the assignment sets in the state).
 */
export function compileHeldObject(object: Expr, scope: SlotScope, env: CompileEnv): ((f: Frame) => HeldObject) | null {
  const links: Link[] = [];
  let e = object;
  while (e.kind === 'member' || e.kind === 'index') {
    const at: SourceAt = { path: env.path, span: e.kind === 'member' ? e.propertySpan : e.span };
    if (e.kind === 'member') links.unshift({ kind: 'member', prop: e.property, at, get: memberGetter(e.property) });
    else links.unshift({ kind: 'index', keys: e.keys.map((k) => compileExpr(k, scope, env)), shift: e.shift ? compileExpr(e.shift, scope, env) : null, at });
    e = e.object;
  }
  const root = e;
  const rootName = root.kind === 'name' ? root.name : null;
  const local = rootName !== null && scope.lookup(rootName) !== undefined;
  if (local && links.length === 0) return null;
  // A global variable read as a whole is a copy: write it back. Anything else at the root (a
  // local, an entity's name, a call) is not, and the links below it say what is.
  const rootVariable = rootName !== null && !local && env.globals.get(rootName) === 'variable' ? rootName : null;
  if (links.length === 0 && rootVariable === null) return null;
  const rootEval = compileExpr(root, scope, env);
  const rootAt: SourceAt = { path: env.path, span: root.span };
  return (f) => {
    const values: Value[] = [rootEval(f)];
    const keys: Value[][] = [];
    for (const link of links) {
      const o = values[values.length - 1]!;
      if (link.kind === 'member') {
        values.push(link.get(f.rt, o, link.at));
        keys.push([]);
        continue;
      }
      const shift = (): number => (link.shift ? num(link.shift(f), link.at) : 0);
      // A logged table lookup notes whether its keys came from hidden pieces' secrets, as reading one does.
      if (o instanceof EntityRef && o.kind === 'table' && f.rt.logging) {
        const [[ks, s], read] = watched(f.rt, (): [Value[], number] => [link.keys.map((k) => k(f)), shift()]);
        values.push(f.rt.index(o, ks, s, link.at, read));
        keys.push(ks);
        continue;
      }
      const ks = link.keys.map((k) => k(f));
      values.push(f.rt.index(o, ks, shift(), link.at));
      keys.push(ks);
    }
    return new HeldObject(f, values, keys, links, rootVariable, rootAt);
  };
}

/** The object an assignment changes, with the containers it was read through (see compileHeldObject). */
export class HeldObject {
  constructor(
    private readonly f: Frame,
    private readonly values: Value[],
    private readonly keys: Value[][],
    private readonly links: Link[],
    private readonly rootVariable: string | null,
    private readonly rootAt: SourceAt,
  ) {}

  get value(): Value {
    return this.values[this.values.length - 1]!;
  }

  /** After the object was changed: each changed value put back into its container, up to an entity or the root variable. */
  writeBack(): void {
    const rt = this.f.rt;
    for (let i = this.links.length - 1; i >= 0; i--) {
      const changed = this.values[i + 1]!;
      if (!isHeldValue(changed)) return;
      const container = this.values[i]!;
      const link = this.links[i]!;
      if (container instanceof EntityRef && container.kind === 'table') {
        throw tableCellSet(container.id, link.at);
      }
      if (link.kind === 'member') rt.setMember(container, link.prop, changed, link.at);
      else rt.setIndex(container, this.keys[i]!, changed, link.at);
      // An entity's member is its state: set, it is where the change lives.
      if (container instanceof EntityRef) return;
    }
    if (this.rootVariable !== null && isHeldValue(this.values[0]!)) rt.setVar(this.rootVariable, null, this.values[0]!, this.rootAt);
  }
}

/** `target = value` (or `+=`, `-=`): a local, a track or variable, a member or an element. */
export function compileAssign(s: Extract<Stmt, { kind: 'assign' }>, scope: SlotScope, env: CompileEnv, at: SourceAt, value: Eval): (f: Frame) => void {
  const op = s.op;
  const t = s.target;
  const combine = (old: Value, v: Value): Value => (op === '=' ? v : op === '+=' ? num(old, at) + num(v, at) : num(old, at) - num(v, at));
  if (t.kind === 'name') {
    const slot = scope.lookup(t.name);
    if (slot !== undefined) {
      return (f) => {
        // While lines are written, the local keeps what secrets its value was made from (taint.ts).
        if (!tainting(f.rt)) { const v = value(f); f.slots[slot] = combine(f.slots[slot] ?? null, v); if (op === '=' && f.taint !== undefined) f.taint[slot] = undefined; return; }
        const [v, read] = watched(f.rt, () => value(f));
        f.slots[slot] = combine(f.slots[slot] ?? null, v);
        keepTaint(f, slot, op === '=' ? read : [...(f.taint?.[slot] ?? []), ...read]);
      };
    }
    const kind = env.globals.get(t.name);
    const name = t.name;
    if (kind === 'track') return (f) => { const v = value(f); f.rt.setTrack(name, null, combine(f.rt.getTrack(name, null), v), at); };
    if (kind === 'variable') return (f) => { const v = value(f); f.rt.setVar(name, null, combine(f.rt.getVar(name, null), v), at); };
    return () => { throw new RuleError('not-assignable', `\`${name}\` cannot be assigned.`, at, 'Assign to a track, a variable or a `let` name.'); };
  }
  // An object read as a copy (a variable's record, a piece's list prop …) is written back after.
  const held = compileHeldObject(t.object, scope, env);
  // A local's record or list changed in place: the local also holds what the value was made from.
  const root = t.object.kind === 'name' ? scope.lookup(t.object.name) : undefined;
  if (root !== undefined) {
    const plain = value;
    value = (f) => {
      if (!tainting(f.rt)) return plain(f);
      const [v, read] = watched(f.rt, () => plain(f));
      if (read.length > 0) keepTaint(f, root, [...(f.taint?.[root] ?? []), ...read]);
      return v;
    };
  }
  if (t.kind === 'member') {
    const prop = t.property;
    const set = (f: Frame, o: Value, v: Value): void => f.rt.setMember(o, prop, op === '=' ? v : combine(f.rt.member(o, prop, at), v), at);
    if (held) return (f) => { const h = held(f); set(f, h.value, value(f)); h.writeBack(); };
    const object = compileExpr(t.object, scope, env);
    return (f) => { const o = object(f); set(f, o, value(f)); };
  }
  const keys = t.keys.map((k) => compileExpr(k, scope, env));
  const targetAt: SourceAt = { path: at.path, span: t.span };
  const set = (f: Frame, o: Value, v: Value, ks: Value[]): void => {
    if (op === '=') return f.rt.setIndex(o, ks, v, at);
    const old = f.rt.index(o, ks, 0, at);
    if (old === null && ks.length === 1 && isRecordValue(o)) throw missingField(readText(t.object), o, ks[0]!, op, targetAt);
    f.rt.setIndex(o, ks, combine(old, v), at);
  };
  if (held) return (f) => { const h = held(f); const ks = keys.map((k) => k(f)); set(f, h.value, value(f), ks); h.writeBack(); };
  const object = compileExpr(t.object, scope, env);
  return (f) => { const o = object(f); const ks = keys.map((k) => k(f)); set(f, o, value(f), ks); };
}

/**
 * `record[key] += n` where the record has no such field: the read, the key and the fields it has
 * (a walk's per-player record of guilds missed one added to the map later, and the game stopped
 * with "Expected a number, got none.").
 */
function missingField(object: string | undefined, o: Record<string, Value>, key: Value, op: string, at: SourceAt): RuleError {
  const k = typeof key === 'string' ? key : toText(key);
  const shown = `${object ?? 'the record'}[${JSON.stringify(k)}]`;
  const fields = Object.keys(o);
  return new RuleError('type-mismatch', `\`${shown}\` is none: the record has no field \`${k}\`${fields.length ? ` (its fields: ${fields.join(', ')})` : ''}, so \`${op}\` has no number to change.`, at,
    'Give the record every key it is read with (in its `initial`), or set the field with `=` before changing it.');
}
