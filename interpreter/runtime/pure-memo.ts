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
export type PureMemo = Map<string, PureCall>;

/** `rt.callScriptNow` for a pure procedure, served from `memo` when it was called with the same arguments. */
export function callPure(rt: Runtime, memo: PureMemo, script: CompiledScript, id: string, args: Value[], at: SourceAt): Value {
  const key = keyOf(id, args);
  // A pure procedure cannot call itself (purity is found from none), so its calls nest at most
  // as deep as there are procedures: with that much room the depth budget cannot be reached.
  if (key === null || rt.depthInUse() + rt.program.procedures.size >= rt.opts.depthBudget) return rt.callScriptNow(script, id, args, at);
  const hit = memo.get(key);
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
  memo.set(key, { value: copy(value), steps: rt.steps - before, at: rt.at === atBefore ? NO_STATEMENT : rt.at });
  return value;
}

/** The arguments as a key, or null when one is not a plain value (lists and records are not kept). */
function keyOf(id: string, args: Value[]): string | null {
  let key = id;
  for (const a of args) {
    if (typeof a === 'number') {
      if (Object.is(a, -0)) return null;
      key += `\u0001n${a}`;
    } else if (typeof a === 'string') key += `\u0001s${a}`;
    else if (typeof a === 'boolean') key += a ? '\u0001t' : '\u0001f';
    else if (a === null) key += '\u0001z';
    else if (a instanceof EntityRef) key += `\u0001e${a.kind}\u0002${a.id}`;
    else return null;
  }
  return key;
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
