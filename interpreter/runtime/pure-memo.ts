/**
 * Values of pure procedures (compile/purity.ts: they only read the game) kept by their arguments
 * while the state cannot change: a search agent turns it on while it evaluates option priors
 * (agents/heuristics.ts), where every option of a question asks the same things of the same
 * state (a prior may list the enemy's possible moves again for every option it scores). A value
 * served again is a copy, and the steps and last statement of the call are charged again, so
 * nothing a script or the budgets can see differs from calling it.
 */
import type { SourceAt } from './errors.ts';
import type { CompiledScript } from './program.ts';
import type { Runtime } from './runtime.ts';
import { EntityRef, isRecordValue, type Rec, type Value } from './values.ts';

export interface PureCall {
  value: Value;
  steps: number;
  /** The last statement the call ran; NO_STATEMENT when it ran none (it then leaves `Runtime.at` as it was). */
  at: SourceAt | typeof NO_STATEMENT | undefined;
}
const NO_STATEMENT = Symbol('no statement');

/**
 * Kept calls by procedure, then argument by argument: a Map per argument, keyed by the value
 * itself (entities are interned, so by identity). One text made of all the arguments, as before,
 * gave `("x\u0001sy", "z")` and `("x", "y\u0001sz")` the same key, and was built at every call
 * (priors that list a unit's possible moves make a few hundred thousand calls a decision;
 * measured within the noise of a decision either way, docs/runtime.md).
 */
export type PureMemo = Map<string, KeptCalls>;
interface KeptCalls {
  call?: PureCall;
  next?: Map<unknown, KeptCalls>;
}

/** `rt.callScriptNow` for a pure procedure, served from `memo` when it was called with the same arguments. */
export function callPure(rt: Runtime, memo: PureMemo, script: CompiledScript, id: string, args: Value[], at: SourceAt): Value {
  const kept = keptFor(memo, id, args);
  // A pure procedure cannot call itself (purity is found from none), so its calls nest at most
  // as deep as there are procedures: with that much room the depth budget cannot be reached.
  if (kept === null || rt.depthInUse() + rt.program.procedures.size >= rt.opts.depthBudget) return rt.callScriptNow(script, id, args, at);
  const hit = kept.call;
  // Past the step budget, calling it again stops the game where it would have.
  if (hit !== undefined && rt.steps + hit.steps <= rt.opts.stepBudget) {
    rt.steps += hit.steps;
    if (hit.at !== NO_STATEMENT) rt.at = hit.at;
    return copy(hit.value);
  }
  const before = rt.steps;
  const atBefore = rt.at;
  const value = rt.callScriptNow(script, id, args, at);
  // A statement of this procedure is never the caller's (pure procedures do not recurse).
  kept.call = { value: copy(value), steps: rt.steps - before, at: rt.at === atBefore ? NO_STATEMENT : rt.at };
  return value;
}

/**
 * Where the call of `id` with `args` is kept (made on first asking), or null when an argument is
 * not a plain value (lists and records are not kept, nor -0, which a Map takes for 0).
 */
function keptFor(memo: PureMemo, id: string, args: Value[]): KeptCalls | null {
  for (const a of args) if (!(a === null || typeof a === 'string' || typeof a === 'boolean' || a instanceof EntityRef || (typeof a === 'number' && !Object.is(a, -0)))) return null;
  let node: KeptCalls | undefined = memo.get(id);
  if (node === undefined) memo.set(id, (node = {}));
  for (const a of args) {
    const next: Map<unknown, KeptCalls> = (node.next ??= new Map());
    let child: KeptCalls | undefined = next.get(a);
    if (child === undefined) next.set(a, (child = {}));
    node = child;
  }
  return node;
}

/** Lists and records are values a script may change in place: each caller gets its own. */
function copy(v: Value): Value {
  if (Array.isArray(v)) return v.map(copy);
  if (isRecordValue(v)) {
    const out = Object.create(null) as Rec;
    for (const k of Object.keys(v)) out[k] = copy(v[k]!);
    return out;
  }
  return v;
}
