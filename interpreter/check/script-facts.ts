import type { Expr, Script } from '../../grammar/index.ts';

/**
 * What several checks want to know of a whole parsed script, found in one walk (each check walking
 * the tree again cost more than the checks themselves): the keys of its record literals, the
 * members and names its assignments write, whether it holds a `choose`, and what it calls.
 */
export interface ScriptFacts {
  /** Keys of record literals (`{ winner: red }`). */
  recordKeys: Set<string>;
  /** Member names set with `=` (`r.count = 0`, `ship.owner = p`). */
  assignedMembers: Set<string>;
  /** Names given a value: `x = …`, a member's name `u.spent = …`, an indexed value's root `x[k] = …`. */
  set: Set<string>;
  /** Roots of values changed in place by index (`x` of `x[k] = …`, `x.a[k] += …`). */
  setInPlace: Set<string>;
  /** Names only changed with `+=` or `-=` here (a name or a member's name). */
  updated: Set<string>;
  chooses: boolean;
  /** Names called (`f(…)`: procedures and built-ins alike). */
  callees: Set<string>;
}

const memo = new WeakMap<object, ScriptFacts>();

export function scriptFacts(ast: Script | Expr): ScriptFacts {
  let facts = memo.get(ast);
  if (facts) return facts;
  facts = { recordKeys: new Set(), assignedMembers: new Set(), set: new Set(), setInPlace: new Set(), updated: new Set(), chooses: false, callees: new Set() };
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (item && typeof item === 'object') stack.push(item);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const n = node as { kind?: string; fields?: Array<{ key: string }>; op?: string; target?: Expr; callee?: string };
    switch (n.kind) {
      case 'record': for (const f of n.fields ?? []) facts.recordKeys.add(f.key); break;
      case 'choose': facts.chooses = true; break;
      case 'call': if (typeof n.callee === 'string') facts.callees.add(n.callee); break;
      case 'assign': if (n.target) assigned(n.target, n.op === '=', facts); break;
    }
    for (const key in node) {
      if (key === 'span') continue;
      const v = (node as Record<string, unknown>)[key];
      if (v && typeof v === 'object') stack.push(v);
    }
  }
  memo.set(ast, facts);
  return facts;
}

function assigned(target: Expr, plain: boolean, facts: ScriptFacts): void {
  // `x[k] = …` and `x[k] += …` both need x to hold a list or record already: they set it.
  const into = plain || target.kind === 'index' ? facts.set : facts.updated;
  let t: Expr = target;
  if (t.kind === 'member') {
    into.add(t.property);
    if (plain) facts.assignedMembers.add(t.property);
  }
  let inPlace = false;
  while (t.kind === 'member' || t.kind === 'index') {
    inPlace ||= t.kind === 'index';
    t = t.object;
  }
  if (t.kind === 'name') into.add(t.name);
  if (t.kind === 'name' && inPlace) facts.setInPlace.add(t.name);
}
