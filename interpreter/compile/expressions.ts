import { assertNever, type Expr, type Span } from '../../grammar/index.ts';
import type { DataPath } from '../load/model.ts';
import { charge, limitText } from '../runtime/budget.ts';
import { RuleError, type SourceAt } from '../runtime/errors.ts';
import { interpolate, watched } from '../runtime/secrets.ts';
import { EntityRef, MarkedString, nearlyEqual, partsOf, RangeValue, record, Roll, toNumber, toText, truthy, valueEquals, type Value } from '../runtime/values.ts';
import type { CompiledScript, GlobalKind } from '../runtime/program.ts';
import type { SlotScope } from './scope.ts';
import type { Eval, Frame } from '../runtime/frame.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { compileQuery } from './queries.ts';
import { memberGetter, type MemberGetter } from '../runtime/members.ts';
import { builtinImpl, builtinNameGetter, builtinReadOnly } from '../runtime/builtins.ts';
import { piecesInPlayShared } from '../runtime/collections.ts';
import { gridHexes, mapAreas } from '../runtime/map.ts';
import { callPure } from '../runtime/pure-memo.ts';
import { lookupField } from '../runtime/tables.ts';
import { readLocal } from '../runtime/taint.ts';

/** What a compiler needs to know about the ruleset while compiling one script. */
export interface CompileEnv {
  globals: ReadonlyMap<string, GlobalKind>;
  path: DataPath;
  suspending: SuspendInfo;
  /** Which lists may be asked only whether they have an item (`existence`); none when absent. */
  exists?: ExistsInfo;
}

/**
 * What lets a test of a list's emptiness stop at its first item: which expressions only read the
 * game (compile/purity.ts), and which procedures are one `return select …` of that kind, each
 * with a variant answering `any` instead (`Program.exists`).
 */
export interface ExistsInfo {
  pure: (e: Expr) => boolean;
  procedures: ReadonlySet<string>;
}

/**
 * Whether the list `e` gives has an item, as a closure that stops at the first item found, for a
 * `select` (as `any`) or a call of a procedure that returns one; null for other lists. Only for
 * lists that only read the game: the items after the first are then not gone through, so their
 * conditions charge no steps and stop the game with no error.
 */
export function existence(e: Expr, scope: SlotScope, env: CompileEnv): Eval | null {
  const x = env.exists;
  if (!x || !x.pure(e)) return null;
  if (e.kind === 'query' && e.op === 'select') return compileExpr({ ...e, op: 'any' }, scope, env);
  if (e.kind !== 'call' || env.globals.get(e.callee) !== 'procedure' || !x.procedures.has(e.callee)) return null;
  const args = argList(e.args.map((a) => compileExpr(a, scope, env)));
  const callee = e.callee;
  const at: SourceAt = { path: env.path, span: e.span };
  let program: unknown = null;
  let script: CompiledScript | undefined;
  return (f) => {
    const rt = f.rt;
    if (rt.program !== program) { program = rt.program; script = rt.program.exists.get(callee); }
    return rt.callScriptNow(script, callee, args(f), at);
  };
}

/**
 * `size(x) > 0` and its other spellings, and `(count u in xs where c) == 0` (the list of the items
 * `c` takes): [the list, whether the test is for an item (false: for none)].
 */
function emptinessTest(e: Expr & { kind: 'binary' }): [Expr, boolean] | null {
  const size = (x: Expr): Expr | null => (x.kind === 'call' && x.callee === 'size' && x.args.length === 1 ? x.args[0]! : x.kind === 'query' && x.op === 'count' ? { ...x, op: 'select' } : null);
  const n = (x: Expr, v: number) => x.kind === 'number' && x.value === v;
  const l = size(e.left);
  const r = size(e.right);
  if (l && ((e.op === '>' && n(e.right, 0)) || (e.op === '>=' && n(e.right, 1)) || (e.op === '!=' && n(e.right, 0)))) return [l, true];
  if (l && ((e.op === '==' && n(e.right, 0)) || (e.op === '<' && n(e.right, 1)) || (e.op === '<=' && n(e.right, 0)))) return [l, false];
  if (r && ((e.op === '<' && n(e.left, 0)) || (e.op === '<=' && n(e.left, 1)) || (e.op === '!=' && n(e.left, 0)))) return [r, true];
  if (r && e.op === '==' && n(e.left, 0)) return [r, false];
  return null;
}

/** What can reach a decision, found before compiling (program.ts): such calls compile to ops. */
export interface SuspendInfo {
  procedures: ReadonlySet<string>;
  /** Some card effect can, so `resolve(card)` as a statement's value can. */
  resolve: boolean;
}

export const NO_SUSPENDING: SuspendInfo = { procedures: new Set(), resolve: false };

const ENTITY_GLOBALS: Partial<Record<GlobalKind, EntityRef['kind']>> = {
  table: 'table', deck: 'deck', zone: 'zone', area: 'area', side: 'side', die: 'die', 'piece-type': 'piece-type',
};

/** Compile an expression to a closure. Choices cannot appear here (statements.ts handles them). */
export function compileExpr(e: Expr, scope: SlotScope, env: CompileEnv): Eval {
  const at: SourceAt = { path: env.path, span: e.span };
  const sub = (x: Expr) => compileExpr(x, scope, env);
  switch (e.kind) {
    case 'number': { const v = e.value; return () => v; }
    case 'bool': { const v = e.value; return () => v; }
    case 'none': return () => null;
    case 'string': {
      const parts = e.parts.map((p) => (typeof p === 'string' ? p : sub(p)));
      if (parts.every((p) => typeof p === 'string')) { const text = parts.join(''); return () => text; }
      return (f) => limitText(interpolate(f, parts), at);
    }
    case 'list': { const items = e.items.map(sub); return (f) => items.map((i) => i(f)); }
    case 'record': {
      const fields = e.fields.map((x) => [x.key, sub(x.value)] as const);
      return (f) => record(fields.map(([k, v]) => [k, v(f)]));
    }
    case 'range': {
      const from = sub(e.from);
      const to = e.to ? sub(e.to) : null;
      return (f) => new RangeValue(num(from(f), at), to ? num(to(f), at) : Infinity);
    }
    case 'name': return compileName(e.name, at, scope, env);
    case 'member': {
      const get = memberGetter(e.property);
      const pat: SourceAt = { path: env.path, span: e.propertySpan };
      // `x.prop` of a local: read the slot here rather than through one more closure.
      const local = e.object.kind === 'name' ? scope.lookup(e.object.name) : undefined;
      if (local !== undefined) return (f) => get(f.rt, readLocal(f, local), pat);
      // `table[k].prop`: the field alone, not the whole cell converted (tables.ts, lookupField).
      if (e.object.kind === 'index') {
        const ix = e.object;
        const table = sub(ix.object);
        const keys = ix.keys.map(sub);
        const shift = ix.shift ? sub(ix.shift) : null;
        const iat: SourceAt = { path: env.path, span: ix.span };
        const prop = e.property;
        return (f) => {
          const o = table(f);
          // A logged table lookup notes whether its keys came from hidden pieces' secrets (as `index` does).
          if (o instanceof EntityRef && o.kind === 'table' && f.rt.logging) {
            const [[lks, ls], read] = watched(f.rt, (): [Value[], number] => [keys.map((k) => k(f)), shift ? num(shift(f), iat) : 0]);
            return get(f.rt, f.rt.index(o, lks, ls, iat, read), pat);
          }
          const ks = keys.map((k) => k(f));
          const s = shift ? num(shift(f), iat) : 0;
          if (o instanceof EntityRef && o.kind === 'table') {
            const v = lookupField(f.rt, o.id, ks, s, iat, prop);
            if (v !== undefined) return v;
          }
          return get(f.rt, f.rt.index(o, ks, s, iat), pat);
        };
      }
      const object = sub(e.object);
      return (f) => get(f.rt, object(f), pat);
    }
    case 'index': {
      // Not through compileIndex's closures: every index expression runs this, and the calls
      // between them cost two of the shipped rulesets' bots 6-8% of a decision.
      const object = sub(e.object);
      const keys = e.keys.map(sub);
      const shift = e.shift ? sub(e.shift) : null;
      return (f) => {
        const o = object(f);
        // A logged table lookup notes whether its keys came from hidden pieces' secrets.
        if (o instanceof EntityRef && o.kind === 'table' && f.rt.logging) {
          const [[ks, s], read] = watched(f.rt, (): [Value[], number] => [keys.map((k) => k(f)), shift ? num(shift(f), at) : 0]);
          return f.rt.index(o, ks, s, at, read);
        }
        return f.rt.index(o, keys.map((k) => k(f)), shift ? num(shift(f), at) : 0, at);
      };
    }
    case 'call': {
      const callee = e.callee;
      const impl = builtinImpl(callee);
      // `max(r.dice)`, `min(…)`, `size(…)`: the dice in any order (orderFreeDice), compiled in the argument's stead.
      const free = impl && env.globals.get(callee) !== 'procedure' && ORDER_FREE_BUILTINS.has(callee) && e.args.length === 1 ? orderFreeDice(e.args[0]!, scope, env) : null;
      if (impl && free) return (f) => impl(f.rt, [free(f)], at);
      const args = argList(e.args.map(sub));
      if (env.globals.get(callee) === 'procedure') {
        // The procedure's script, found once per program (its closures serve every game of it).
        let program: unknown = null;
        let script: CompiledScript | undefined;
        return (f) => {
          const rt = f.rt;
          if (rt.program !== program) { program = rt.program; script = rt.program.procedures.get(callee); }
          if (rt.pureMemo !== null && script?.pure === true) return callPure(rt, rt.pureMemo, script, callee, args(f), at);
          return rt.callScriptNow(script, callee, args(f), at);
        };
      }
      if (impl) return (f) => impl(f.rt, args(f), at);
      return (f) => f.rt.callBuiltin(callee, args(f), at);
    }
    case 'unary': {
      const operand = sub(e.operand);
      if (e.op === 'not') return (f) => !truthy(operand(f));
      return (f) => -num(operand(f), at);
    }
    case 'binary': {
      // `size(select …) > 0`, `size(p(x)) == 0`: whether a list has an item, stopping at the first
      // (`existence`), when the list only reads the game and `size` is the built-in.
      const empty = env.globals.has('size') ? null : emptinessTest(e);
      const exists = empty ? existence(empty[0], scope, env) : null;
      if (empty && exists) return empty[1] ? (f) => truthy(exists(f)) : (f) => !truthy(exists(f));
      // `x in neighbours(a)` only reads the list: take the built-in's shared one, not a copy.
      const r = e.right;
      // `x in areas`, `x in pieces`: the shared list of a built-in name.
      if (e.op === 'in' && r.kind === 'name') {
        const source = compileReadSource(r, scope, env);
        if (source.shared) return compileBinary('in', sub(e.left), source.get, at);
      }
      if (e.op === 'in' && r.kind === 'call' && env.globals.get(r.callee) !== 'procedure') {
        const view = builtinReadOnly(r.callee);
        if (view) {
          const args = argList(r.args.map(sub));
          const rat: SourceAt = { path: env.path, span: r.span };
          return compileBinary('in', sub(e.left), (f) => view(f.rt, args(f), rat), at);
        }
      }
      if (e.op === '==' || e.op === '!=') {
        const eq = compileEquals(e.left, e.right, scope, env);
        if (eq) return e.op === '==' ? eq : (f) => !eq(f);
      }
      return compileBinary(e.op, sub(e.left), sub(e.right), at, operandAt(e.left, env), operandAt(e.right, env));
    }
    case 'if-expr': {
      const c = sub(e.condition), t = sub(e.then), x = sub(e.else);
      return (f) => (truthy(c(f)) ? t(f) : x(f));
    }
    case 'dice': {
      const count = sub(e.count);
      const die = e.die;
      return (f) => f.rt.roll(countOf(count(f), 'How many dice to roll', at), die, at);
    }
    case 'roll-on': {
      const column = e.column ? sub(e.column) : null;
      const shift = e.shift ? sub(e.shift) : null;
      const table = e.table;
      const args = (f: Frame): [Value, number] => [column ? column(f) : null, shift ? num(shift(f), at) : 0];
      // The line of the lookup notes whether its column came from hidden pieces' secrets.
      return (f) => {
        // Unlogged and in no open window, what the column reads is noted by no one: skip the window.
        if (!f.rt.logging && f.rt.watching === 0) return f.rt.rollOn(table, column ? column(f) : null, shift ? num(shift(f), at) : 0, at);
        const [[c, s], read] = watched(f.rt, () => args(f));
        return f.rt.rollOn(table, c, s, at, read);
      };
    }
    case 'query': case 'aggregate': case 'sort':
      return compileQuery(e, scope, env, at);
    case 'draw': {
      const count = e.count ? sub(e.count) : null;
      const deck = sub(e.deck);
      const into = e.into ? sub(e.into) : null;
      return (f) => f.rt.draw(deck(f), count ? countOf(count(f), 'How many cards to draw', at) : null, into ? into(f) : null, at);
    }
    case 'choose':
      return () => {
        throw new RuleError('choice-in-expression', 'A `choose` can only be the whole value of `let`, an assignment, or a statement of its own.', at, 'Write `let x = choose …` and use `x`.');
      };
    default: return assertNever(e);
  }
}

function compileName(name: string, at: SourceAt, scope: SlotScope, env: CompileEnv): Eval {
  const slot = scope.lookup(name);
  if (slot !== undefined) return (f) => readLocal(f, slot);
  const kind = env.globals.get(name);
  if (kind === 'track') return (f) => f.rt.getTrack(name, null);
  if (kind === 'variable') return (f) => f.rt.getVar(name, null);
  if (kind === 'option') return (f) => f.rt.option(name);
  if (kind === 'phase' || kind === 'action') return () => name;
  const entity = kind ? ENTITY_GLOBALS[kind] : undefined;
  if (entity) {
    // Interned once per program's RefTable (the same table for every game of the program).
    let table: unknown = null;
    let ref: EntityRef | null = null;
    return (f) => {
      const refs = f.rt.program.refs;
      if (refs !== table) { table = refs; ref = refs.ref(entity, name); }
      return ref;
    };
  }
  const get = builtinNameGetter(name);
  return (f) => get(f.rt, at);
}

/**
 * The source list of a loop or query, which only reads it: `neighbours(a)`, `pieces_in(a)` and
 * `pieces` give a shared list, not a copy (`shared`: the caller must copy before the list can reach a script).
 */
export function compileReadSource(e: Expr, scope: SlotScope, env: CompileEnv): { get: Eval; shared: boolean } {
  // Built-in names read as shared lists: `pieces` (in play, kept until a piece moves), `hexes`
  // and `areas` (one list per program).
  const shared = e.kind === 'name' && scope.lookup(e.name) === undefined && !env.globals.has(e.name) && Object.hasOwn(SHARED_NAMES, e.name) ? SHARED_NAMES[e.name]! : null;
  if (shared) return { get: (f) => shared(f.rt) as Value[], shared: true };
  if (e.kind === 'call' && env.globals.get(e.callee) !== 'procedure') {
    const view = builtinReadOnly(e.callee);
    if (view) {
      const args = argList(e.args.map((x) => compileExpr(x, scope, env)));
      const at: SourceAt = { path: env.path, span: e.span };
      return { get: (f) => view(f.rt, args(f), at), shared: true };
    }
  }
  return { get: compileExpr(e, scope, env), shared: false };
}

const SHARED_NAMES: Record<string, (rt: Runtime) => readonly Value[]> = { pieces: piecesInPlayShared, hexes: gridHexes, areas: mapAreas };

/** Built-ins whose answer for a list does not depend on its order (read-only: they change no list). */
const ORDER_FREE_BUILTINS: ReadonlySet<string> = new Set(['max', 'min', 'size']);

/**
 * `r.dice` or `r.faces` read where their order cannot change the result: the source of a `count`,
 * `any`, `all`, `sum`, `min` or `max` whose condition and value only read the game (purity.ts: no
 * dice either), or the argument of `max`, `min` or `size`. Such a read takes the dice of an
 * unordered roll as they are (exact odds rolls like dice as a multiset: values.ts, Roll), so
 * `count d in (10d6).dice where d >= 5` is enumerated over 3,003 multisets, not 60 million orders.
 * The list is the roll's own: readers must not change it. Null when `e` is no such read.
 */
export function orderFreeDice(e: Expr, scope: SlotScope, env: CompileEnv): Eval | null {
  if (e.kind !== 'member' || (e.property !== 'dice' && e.property !== 'faces')) return null;
  const prop = e.property;
  const object = compileExpr(e.object, scope, env);
  const get = memberGetter(prop);
  const at: SourceAt = { path: env.path, span: e.span };
  return (f) => {
    const o = object(f);
    return o instanceof Roll ? (o.inAnyOrder(prop) as Value[]) : get(f.rt, o, at);
  };
}

/** The values of a call's arguments, as a fresh list (no `map` closure for the usual short lists). */
export function argList(args: Eval[]): (f: Frame) => Value[] {
  switch (args.length) {
    case 0: return () => [];
    case 1: { const [a] = args as [Eval]; return (f) => [a(f)]; }
    case 2: { const [a, b] = args as [Eval, Eval]; return (f) => [a(f), b(f)]; }
    case 3: { const [a, b, c] = args as [Eval, Eval, Eval]; return (f) => [a(f), b(f), c(f)]; }
    default: return (f) => args.map((a) => a(f));
  }
}

/** `x.prop` of a local `x`: its slot and getter, else null. */
function localMember(e: Expr, scope: SlotScope, env: CompileEnv): { slot: number; get: MemberGetter; at: SourceAt } | null {
  if (e.kind !== 'member' || e.object.kind !== 'name') return null;
  const slot = scope.lookup(e.object.name);
  return slot === undefined ? null : { slot, get: memberGetter(e.property), at: { path: env.path, span: e.propertySpan } };
}

/**
 * `u.side == x`, the commonest test of a query's `where`, with the member read of a local done
 * here rather than through one more closure (and both sides so when both are; a literal right
 * side as a constant). Operands run left to right as in the general form. Null for other shapes.
 */
function compileEquals(left: Expr, right: Expr, scope: SlotScope, env: CompileEnv): Eval | null {
  const l = localMember(left, scope, env);
  if (l === null) return null;
  const { slot, get, at } = l;
  const m = localMember(right, scope, env);
  if (m !== null) {
    const { slot: slot2, get: get2, at: at2 } = m;
    return (f) => valueEquals(get(f.rt, readLocal(f, slot), at), get2(f.rt, readLocal(f, slot2), at2));
  }
  const v = right.kind === 'number' || right.kind === 'bool' ? right.value : right.kind === 'none' ? null : right.kind === 'string' && right.parts.every((p) => typeof p === 'string') ? right.parts.join('') : undefined;
  if (v !== undefined) return (f) => valueEquals(get(f.rt, readLocal(f, slot), at), v);
  const r = compileExpr(right, scope, env);
  return (f) => valueEquals(get(f.rt, readLocal(f, slot), at), r(f));
}

/**
 * Where an operand is, and its text when it is a name or a member read (`c.cost`): a number
 * missing there names the read, not the operator, since that is what the designer must mend.
 */
function operandAt(e: Expr, env: CompileEnv): OperandAt {
  return { path: env.path, span: e.span, what: readText(e) };
}

/** `x`, `x.y.z`: the text of a plain read, else undefined. */
export function readText(e: Expr): string | undefined {
  if (e.kind === 'name') return e.name;
  if (e.kind !== 'member') return undefined;
  const object = readText(e.object);
  return object === undefined ? undefined : `${object}.${e.property}`;
}

function compileBinary(op: string, l: Eval, r: Eval, at: SourceAt, lat: OperandAt = at, rat: OperandAt = at): Eval {
  switch (op) {
    case 'and': return (f) => truthy(l(f)) && truthy(r(f));
    case 'or': return (f) => truthy(l(f)) || truthy(r(f));
    case '==': return (f) => valueEquals(l(f), r(f));
    case '!=': return (f) => !valueEquals(l(f), r(f));
    // Numbers that agree to 12 significant digits are equal (values.ts, nearlyEqual): `price >= 3.3` holds for 1.1 * 3.
    case '<': return (f) => { const a = num(l(f), lat), b = num(r(f), rat); return a < b && !nearlyEqual(a, b); };
    case '<=': return (f) => { const a = num(l(f), lat), b = num(r(f), rat); return a <= b || nearlyEqual(a, b); };
    case '>': return (f) => { const a = num(l(f), lat), b = num(r(f), rat); return a > b && !nearlyEqual(a, b); };
    case '>=': return (f) => { const a = num(l(f), lat), b = num(r(f), rat); return a >= b || nearlyEqual(a, b); };
    case 'in': return (f) => f.rt.contains(r(f), l(f), at);
    case '+': return (f) => {
      const a = l(f), b = r(f);
      if (typeof a === 'string' && typeof b === 'string') return limitText(a + b, at);
      // Joining text about hidden pieces keeps its marks.
      if ((typeof a === 'string' || a instanceof MarkedString) && (typeof b === 'string' || b instanceof MarkedString)) return limitText(new MarkedString([...partsOf(a), ...partsOf(b)]), at);
      // Lists join, each item a step (so `l = l + l` in a loop meets the budget, not the memory).
      if (Array.isArray(a) && Array.isArray(b)) { charge(f.rt, a.length + b.length, at); return [...a, ...b]; }
      return num(a, lat) + num(b, rat);
    };
    case '-': return (f) => num(l(f), lat) - num(r(f), rat);
    case '*': return (f) => num(l(f), lat) * num(r(f), rat);
    case '/': return (f) => {
      const d = num(r(f), rat);
      if (d === 0) throw new RuleError('division-by-zero', 'Division by zero.', at, 'Guard the division with an `if`.');
      return num(l(f), lat) / d;
    };
    case 'mod': return (f) => {
      const d = num(r(f), rat);
      if (d === 0) throw new RuleError('division-by-zero', 'Division by zero in `mod`.', at);
      const n = num(l(f), lat);
      return ((n % d) + d) % d;
    };
    default: throw new Error(`unknown operator ${op}`);
  }
}

/** An operand's place, with its text when it is a plain read (`c.cost`). */
type OperandAt = SourceAt & { what?: string | undefined };

export function num(v: Value, at: OperandAt): number {
  const n = toNumber(v);
  if (n === undefined) throw notANumber(v, at);
  return n;
}

/** `c.cost is none`: the read named, and the usual cause (a card, piece or row without the field). */
function notANumber(v: Value, at: OperandAt): RuleError {
  const got = v === null ? 'none' : typeof v === 'string' ? `the text "${v}"` : toText(v);
  const what = at.what;
  if (what === undefined) return new RuleError('type-mismatch', `Expected a number, got ${got}.`, at);
  const dot = what.lastIndexOf('.');
  if (v !== null || dot < 0) return new RuleError('type-mismatch', `\`${what}\` is ${got}, but a number is needed here.`, at);
  const field = what.slice(dot + 1);
  return new RuleError('type-mismatch', `\`${what}\` is none, but a number is needed here.`, at,
    `A card, piece or table row without a \`${field}\` reads as none: give each one a \`${field}\` (\`${field}: 0\` if it has none), or test \`${what} != none\` first.`);
}

/**
 * How many times, pieces, cards or dice: a whole number. A fraction stops the game rather than
 * being rounded, since statements rounded it each their own way (`repeat 2.5 times` ran 3 times,
 * `place 2.5 of` placed 2) and a rulebook says which way its halves go.
 */
export function countOf(v: Value, what: string, at: SourceAt): number {
  const n = num(v, at);
  if (!Number.isInteger(n)) throw new RuleError('not-whole-number', `${what} must be a whole number, not ${toText(n)}.`, at, 'Round it the way the rules say: `floor(x)` rounds down, `ceil(x)` up, `round(x)` to the nearest.');
  return n;
}

export type { Frame, Span };
