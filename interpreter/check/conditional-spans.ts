import type { Expr, Span, Stmt } from '../../grammar/index.ts';
import { parseBand } from '../tables/bands.ts';
import type { Missing } from './types.ts';

/**
 * The parts of a script body that may not run on every run of it: the bodies of `if`, loops,
 * later branches, `where` conditions and query values, the branches of `if … then … else`, the
 * right side of `and`/`or`, and everything after a statement that may `return`. What is left runs
 * whenever the body runs, so a fault there is not hidden behind a test the checker cannot read
 * (`if x.kind == "ship" then … x.speed …`).
 */
export function conditionalSpans(body: readonly Stmt[]): Span[] {
  const out: Span[] = [];
  statements(body, out);
  return out;
}

/**
 * The `if … else …` chains that run on every run of a body (outside its conditional spans) and
 * cover every case (they end with `else`): one of their branches always runs. Each branch is
 * given as the span of its body and the spans inside it that may not run (`conditionalSpans`).
 */
export function completeIfs(body: readonly Stmt[]): Array<Array<{ span: Span; conditional: Span[] }>> {
  const conditional = conditionalSpans(body);
  const out: Array<Array<{ span: Span; conditional: Span[] }>> = [];
  for (const s of body) {
    if (s.kind !== 'if' || !s.else || s.else.length === 0 || within(s.span, conditional)) continue;
    const bodies = [...s.branches.map((b) => b.body), s.else];
    if (bodies.some((b) => b.length === 0)) continue;
    out.push(bodies.map((b) => ({ span: { start: b[0]!.span.start, end: b[b.length - 1]!.span.end }, conditional: conditionalSpans(b) })));
  }
  return out;
}

export const within = (span: Span, spans: readonly Span[]): boolean => spans.some((s) => span.start >= s.start && span.end <= s.end);

function statements(body: readonly Stmt[], out: Span[]): void {
  for (let i = 0; i < body.length; i++) {
    const s = body[i]!;
    statement(s, out);
    if (s.kind !== 'return' && mayReturn(s)) {
      const last = body[body.length - 1]!;
      if (i + 1 < body.length) out.push({ start: body[i + 1]!.span.start, end: last.span.end });
      return;
    }
  }
}

const whole = (body: readonly Stmt[] | null | undefined, out: Span[]): void => {
  if (body && body.length > 0) out.push({ start: body[0]!.span.start, end: body[body.length - 1]!.span.end });
};

function statement(s: Stmt, out: Span[]): void {
  switch (s.kind) {
    case 'if':
      s.branches.forEach((b, i) => {
        if (i === 0) expression(b.condition, out);
        else out.push(b.condition.span);
        whole(b.body, out);
      });
      whole(s.else, out);
      return;
    case 'for-each':
      expression(s.source, out);
      if (s.where) out.push(s.where.span);
      whole(s.body, out);
      return;
    case 'repeat':
      expression(s.count, out);
      whole(s.body, out);
      return;
    case 'while':
      expression(s.condition, out);
      if (s.limit) expression(s.limit, out);
      whole(s.body, out);
      return;
    default:
      children(s, out);
  }
}

function expression(e: Expr, out: Span[]): void {
  switch (e.kind) {
    case 'if-expr':
      expression(e.condition, out);
      out.push(e.then.span, e.else.span);
      return;
    case 'binary':
      expression(e.left, out);
      if (e.op === 'and' || e.op === 'or') out.push(e.right.span);
      else expression(e.right, out);
      return;
    case 'query':
    case 'aggregate':
    case 'sort':
      expression(e.source, out);
      for (const part of e.kind === 'sort' ? [e.by] : e.kind === 'query' ? [e.where] : [e.value, e.where]) if (part) out.push(part.span);
      return;
    default:
      children(e, out);
  }
}

/** Visit the expressions (and nested statements) a node holds, whatever its kind. */
function children(node: object, out: Span[]): void {
  for (const value of Object.values(node)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!item || typeof item !== 'object') continue;
      if ('kind' in item && 'span' in item) {
        if (isStatement(item)) statement(item as Stmt, out);
        else expression(item as Expr, out);
      } else children(item, out);
    }
  }
}

const STATEMENT_KINDS = new Set(['let', 'assign', 'if', 'for-each', 'repeat', 'while', 'expr', 'log', 'return', 'stop', 'shuffle', 'discard', 'put', 'remove', 'move', 'place', 'flip', 'reveal', 'end-game']);
const isStatement = (node: object): boolean => STATEMENT_KINDS.has((node as { kind: string }).kind);

/** Whether a statement holds a `return` anywhere inside it. */
function mayReturn(s: Stmt): boolean {
  if (s.kind === 'return') return true;
  if (s.kind === 'if') return s.branches.some((b) => b.body.some(mayReturn)) || (s.else ?? []).some(mayReturn);
  if (s.kind === 'for-each' || s.kind === 'repeat' || s.kind === 'while') return s.body.some(mayReturn);
  return false;
}

/**
 * Every name an expression mentions (the roots of member chains included). Asked again for the
 * same condition in every checking pass, and for each `and`/`or` of a chain, so it is kept per node
 * (the tree never changes once parsed).
 */
export function namesIn(e: Expr | null | undefined): readonly string[] {
  if (!e) return NO_NAMES;
  let names = namesMemo.get(e);
  if (!names) {
    const out: string[] = [];
    collectNames(e, out);
    namesMemo.set(e, (names = out));
  }
  return names;
}

const NO_NAMES: readonly string[] = [];
const namesMemo = new WeakMap<object, readonly string[]>();

/** Depth first, in the order the node's fields were written (as `Object.values` lists them). */
function collectNames(node: object, out: string[]): void {
  eachNode(node, (n) => {
    if (n.kind === 'name') out.push((n as { name: string }).name);
  });
}

/** Every node of a syntax tree, depth first in the order its fields were written. */
function eachNode(node: object, visit: (node: { kind?: string }) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) if (item && typeof item === 'object') eachNode(item, visit);
    return;
  }
  visit(node as { kind?: string });
  for (const key in node) {
    const v = (node as Record<string, unknown>)[key];
    if (v && typeof v === 'object') eachNode(v, visit);
  }
}

/** The name a member chain starts from (`row` in `row.cost.total`), if it is one. */
export function rootName(e: Expr): string | undefined {
  let x = e;
  while (x.kind === 'member' || x.kind === 'index') x = x.object;
  return x.kind === 'name' ? x.name : undefined;
}

/** Whether a statement may leave its block early (`return` or `stop` anywhere in it). */
export function mayExit(s: Stmt): boolean {
  if (s.kind === 'return' || s.kind === 'stop') return true;
  if (s.kind === 'if') return s.branches.some((b) => b.body.some(mayExit)) || (s.else ?? []).some(mayExit);
  if (s.kind === 'for-each' || s.kind === 'repeat' || s.kind === 'while') return s.body.some(mayExit);
  return false;
}

/** `x.type == "port"` or `x.kind == "unit"` (a piece type's name on the right also counts): what a test says `x` is. */
export interface TypeFact {
  member: 'type' | 'kind';
  value: string;
}

/**
 * What a condition says of what its names are, from its `and`-joined parts of the form
 * `x.type == v` or `x.kind == v` (either way round), `v` a plain text or a name: the members of a
 * group that such a test lets through are still read. A part that passes `x` to a call
 * (`protesters_in(a)`) tests the game's state, not what `x` is; any other part naming `x` (`x !=
 * cove`, `x.harbour > 0`) may keep some members out, so `x` then has no facts and is `opaque`.
 * Kept per node, like `namesIn`.
 */
export function typeFacts(e: Expr | null | undefined, stateMembers: StateMembers = NO_STATE): ConditionFacts {
  if (!e) return NO_FACTS;
  const memo = stateMemo.get(e);
  if (memo?.members === stateMembers) return memo.facts;
  const general = typeFactsOf(e);
  const stateOnly = new Set(namesIn(e).filter((name) => !namedOtherThanStateTest(e, name, stateMembers)));
  const facts = { ...general, stateOnly };
  stateMemo.set(e, { members: stateMembers, facts });
  return facts;
}

/** `typeFacts` by node, for the last set of state members asked with (one per ruleset checked). */
const stateMemo = new WeakMap<object, { members: StateMembers; facts: ConditionFacts }>();

function typeFactsOf(e: Expr): Omit<ConditionFacts, 'stateOnly'> {
  let facts = factsMemo.get(e);
  if (!facts) {
    const found = new Map<string, TypeFact[]>();
    const others: Expr[] = [];
    for (const part of andParts(e)) {
      const fact = part.kind === 'binary' && part.op === '==' ? typeFact(part.left, part.right) ?? typeFact(part.right, part.left) : undefined;
      if (fact) found.set(fact.name, [...(found.get(fact.name) ?? []), { member: fact.member, value: fact.value }]);
      else others.push(part);
    }
    const opaque = new Set<string>();
    for (const name of found.keys()) if (others.some((p) => namedOtherThanAsArgument(p, name))) opaque.add(name);
    for (const name of opaque) found.delete(name);
    factsMemo.set(e, (facts = { facts: found, opaque, noneOnly: noneOnlyNames(e), bounds: boundedNames(e) }));
  }
  return facts;
}

/** `typeFacts` of one condition: the facts by name, and the names it tests in other ways. */
export interface ConditionFacts {
  facts: ReadonlyMap<string, readonly TypeFact[]>;
  opaque: ReadonlySet<string>;
  /**
   * Names the condition only compares with `none` (`row != none`): such a test keeps out a row
   * left empty, not a row of another kind (`false` among records).
   */
  noneOnly: ReadonlySet<string>;
  /**
   * Names the condition only compares with numbers, in parts joined by `and` (`total >= 11`):
   * the interval such a test lets through, so a table row outside it is kept out and one inside
   * is not.
   */
  bounds: ReadonlyMap<string, Bounds>;
  /**
   * Names the condition tests only where a piece is or whose it is (`u.side == side`, `u.owner ==
   * p`, `u.area == a`, `u.hidden`), or passes whole to calls: whatever its type, a piece may pass
   * such a test (on its own side's turn), so it keeps no piece type out (a designer's walk had
   * `where u.side == side and u.attack > 0` with one type's `attack` text, and no warning).
   */
  stateOnly: ReadonlySet<string>;
}

/** An interval of numbers, each end open or closed (`lo` may be -Infinity, `hi` Infinity). */
export interface Bounds {
  lo: number;
  loOpen: boolean;
  hi: number;
  hiOpen: boolean;
}

const NO_FACTS: ConditionFacts = { facts: new Map(), opaque: new Set(), noneOnly: new Set(), bounds: new Map(), stateOnly: new Set() };

/** Whether some number from `from` to `to` (a table row's band) lies within `b`. */
export function boundsMeet(b: Bounds, from: number, to: number): boolean {
  return (b.loOpen ? to > b.lo : to >= b.lo) && (b.hiOpen ? from < b.hi : from <= b.hi) && from <= to;
}

/** A table lookup's key when it is one name (`table[total]`), as `Missing.key` takes it. */
export function lookupKey(keys: readonly Expr[]): { key?: string } {
  return keys.length === 1 && keys[0]!.kind === 'name' ? { key: keys[0]!.name } : {};
}

/** The lookup's key and its odd rows' bands, when the key is one name and every such row is labelled by numbers (`26`, `31-32`, `6+`). */
export function keyRows(m: Missing): { name: string; bands: Array<readonly [number, number]> } | undefined {
  if (m.key === undefined) return undefined;
  const bands = m.rows.map(parseBand);
  return bands.every((b) => b.kind === 'range') ? { name: m.key, bands: bands.map((b) => [b.from, b.to] as const) } : undefined;
}

const FLIPPED: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };

/** The names whose every use in `e` is an `and`-joined part `name op number` (op one of `<`, `<=`, `>`, `>=`, `==`), with the interval those parts leave. */
function boundedNames(e: Expr): ReadonlyMap<string, Bounds> {
  const found = new Map<string, { b: Bounds; uses: number }>();
  for (const part of andParts(e)) {
    if (part.kind !== 'binary' || !FLIPPED[part.op]) continue;
    const [name, n, op] = part.left.kind === 'name' && part.right.kind === 'number' ? [part.left.name, part.right.value, part.op]
      : part.right.kind === 'name' && part.left.kind === 'number' ? [part.right.name, part.left.value, FLIPPED[part.op]!] : [];
    if (name === undefined || n === undefined) continue;
    const at = found.get(name) ?? { b: { lo: -Infinity, loOpen: false, hi: Infinity, hiOpen: false }, uses: 0 };
    at.uses++;
    const { b } = at;
    if ((op === '>' || op === '>=' || op === '==') && (n > b.lo || (n === b.lo && op === '>'))) { b.lo = n; b.loOpen = op === '>'; }
    if ((op === '<' || op === '<=' || op === '==') && (n < b.hi || (n === b.hi && op === '<'))) { b.hi = n; b.hiOpen = op === '<'; }
    found.set(name, at);
  }
  if (found.size === 0) return NO_BOUNDS;
  const uses = new Map<string, number>();
  for (const n of namesIn(e)) uses.set(n, (uses.get(n) ?? 0) + 1);
  return new Map([...found].filter(([n, at]) => uses.get(n) === at.uses).map(([n, at]) => [n, at.b]));
}

const NO_BOUNDS: ReadonlyMap<string, Bounds> = new Map();

/** The names whose every use in `e` is one side of `==` or `!=` with `none` on the other. */
function noneOnlyNames(e: Expr): ReadonlySet<string> {
  const compared = new Map<string, number>();
  eachNode(e, (node) => {
    const x = node as Expr;
    if (x.kind !== 'binary' || (x.op !== '==' && x.op !== '!=')) return;
    const name = x.left.kind === 'name' && x.right.kind === 'none' ? x.left.name : x.right.kind === 'name' && x.left.kind === 'none' ? x.right.name : undefined;
    if (name !== undefined) compared.set(name, (compared.get(name) ?? 0) + 1);
  });
  if (compared.size === 0) return NO_NAMES_SET;
  const uses = new Map<string, number>();
  for (const n of namesIn(e)) uses.set(n, (uses.get(n) ?? 0) + 1);
  return new Set([...compared].filter(([n, c]) => uses.get(n) === c).map(([n]) => n));
}

const NO_NAMES_SET: ReadonlySet<string> = new Set();
const factsMemo = new WeakMap<object, Omit<ConditionFacts, 'stateOnly'>>();

function andParts(e: Expr): Expr[] {
  return e.kind === 'binary' && e.op === 'and' ? [...andParts(e.left), ...andParts(e.right)] : [e];
}

function typeFact(member: Expr, value: Expr): (TypeFact & { name: string }) | undefined {
  if (member.kind !== 'member' || member.object.kind !== 'name' || (member.property !== 'type' && member.property !== 'kind')) return undefined;
  const v = value.kind === 'name' ? value.name : value.kind === 'string' && value.parts.length === 1 && typeof value.parts[0] === 'string' ? value.parts[0] : undefined;
  return v === undefined ? undefined : { name: member.object.name, member: member.property, value: v };
}

/** Members that say where a piece is or whose it is, not what it is (a ruleset adds its per-piece tracks and variables). */
export const STATE_MEMBERS: ReadonlySet<string> = new Set(['side', 'owner', 'area', 'zone', 'location', 'hex', 'hidden', 'in_play', 'flipped', 'facing']);

/** A ruleset's state members and side ids (`x.side == red` names a side, and may keep types out). */
export interface StateMembers {
  members: ReadonlySet<string>;
  sides: ReadonlySet<string>;
}
const NO_STATE: StateMembers = { members: STATE_MEMBERS, sides: new Set() };

/** `x.m` with `m` a state member, `x` named `name`. */
const isStateRead = (e: Expr, name: string, state: StateMembers): boolean => e.kind === 'member' && e.object.kind === 'name' && e.object.name === name && state.members.has(e.property);

/**
 * Whether `node` names `name` other than in a state test (`x.side == y`, `x.owner != p`,
 * `x.area in l`, `x.hidden`, the other side not naming `x` nor a literal side: `x.side == red`
 * may keep the other side's types out) or as a whole argument of a call.
 */
function namedOtherThanStateTest(node: object, name: string, members: StateMembers): boolean {
  return namedOtherThanAsArgument(node, name, (n) => {
    if (isStateRead(n, name, members)) return false;
    // `u.area.type == "port"` tests what the place is: a read through it counts as naming `u`.
    if (n.kind === 'member' && n.object.kind === 'member' && rootName(n) === name) return true;
    if (n.kind !== 'binary' || (n.op !== '==' && n.op !== '!=' && n.op !== 'in')) return undefined;
    const [mine, other] = isStateRead(n.left, name, members) ? [n.left, n.right] : isStateRead(n.right, name, members) && n.op !== 'in' ? [n.right, n.left] : [undefined, undefined];
    if (!mine || !other || namesIn(other).includes(name)) return undefined;
    return mine.kind === 'member' && mine.property === 'side' && other.kind === 'name' && members.sides.has(other.name);
  });
}

/**
 * Whether `node` names `name` anywhere but as a whole argument of a call. `judge` may settle a
 * node before it is gone into (true: it names it; false: not there; undefined: look inside).
 */
function namedOtherThanAsArgument(node: object, name: string, judge?: (n: Expr) => boolean | undefined): boolean {
  if (Array.isArray(node)) return node.some((item) => item && typeof item === 'object' && namedOtherThanAsArgument(item, name, judge));
  const n = node as Expr;
  const verdict = judge?.(n);
  if (verdict !== undefined) return verdict;
  if (n.kind === 'name') return n.name === name;
  for (const key in node) {
    const v = (node as Record<string, unknown>)[key];
    if (!v || typeof v !== 'object') continue;
    if (n.kind === 'call' && key === 'args') {
      if ((v as Expr[]).some((a) => !(a.kind === 'name' && a.name === name) && namedOtherThanAsArgument(a, name, judge))) return true;
    } else if (namedOtherThanAsArgument(v, name, judge)) return true;
  }
  return false;
}

/**
 * Of the names the conditions of an `if` test, those every one of them that names it only
 * compares with none: what an early exit (`if n == none then return 0 end`) keeps out after it.
 */
export function exitNoneOnly(conditions: readonly Expr[], stateMembers: StateMembers = NO_STATE): ReadonlySet<string> {
  const out = new Set<string>();
  const not = new Set<string>();
  for (const c of conditions) {
    const none = typeFacts(c, stateMembers).noneOnly;
    for (const n of namesIn(c)) (none.has(n) ? out : not).add(n);
  }
  for (const n of not) out.delete(n);
  return out;
}
