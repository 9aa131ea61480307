import type { Value } from '../runtime/values.ts';
import type { Runtime } from '../runtime/runtime.ts';
import type { DecisionRequest } from '../runtime/decisions.ts';

/** One activation of a script or procedure: the runtime and the local slots. */
export interface Frame {
  rt: Runtime;
  slots: Value[];
}

/** A compiled expression: a closure over the frame (never suspends). */
export type Eval = (f: Frame) => Value;

/** A compiled statement or suspending expression: yields decision requests, receives answers. */
export type Exec<T = void> = (f: Frame) => Generator<DecisionRequest, T, unknown>;
