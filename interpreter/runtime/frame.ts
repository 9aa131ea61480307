/**
 * How compiled code is called: compile/ emits closures of these shapes and the runtime calls them.
 * Declared here, beside the Runtime they receive, so compile/ depends on runtime/ and not back.
 */
import type { DecisionRequest } from './decisions.ts';
import type { Runtime } from './runtime.ts';
import type { Value } from './values.ts';

/** One activation of a script or procedure: the runtime and the local slots. */
export interface Frame {
  rt: Runtime;
  slots: Value[];
}

/** A compiled expression: a closure over the frame (never suspends). */
export type Eval = (f: Frame) => Value;

/** A compiled statement or suspending expression: yields decision requests, receives answers. */
export type Exec<T = void> = (f: Frame) => Generator<DecisionRequest, T, unknown>;
