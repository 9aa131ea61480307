/**
 * How compiled code is run: compile/ emits closures and ops of these shapes and the runtime runs
 * them. Declared here, beside the Runtime they receive, so compile/ depends on runtime/ and not back.
 */
import type { Runtime } from './runtime.ts';
import type { Value } from './values.ts';

/**
 * One activation of a script, a procedure or the game's flow. The whole of "where the rules are"
 * is data: which code, the next op (`pc`), the local slots, and where the return value goes, so a
 * stack of frames can be copied (fork), saved as JSON and resumed.
 */
export interface Frame {
  rt: Runtime;
  slots: Value[];
  /** The ops this frame runs (null for a frame that only runs plain closures). */
  code: Code | null;
  /** Index of the next op. */
  pc: number;
  /** Slot of the calling frame that receives this frame's value; NO_SLOT to drop it. */
  ret: number;
  /** The value of a `return` met in a plain closure (see Completion). */
  retval: Value;
  /** By slot, the hidden pieces and unseen cards a local's value was made from, while lines are written (taint.ts). */
  taint?: Array<readonly string[] | undefined>;
}

/** Where a frame's value goes when the caller does not want it. */
export const NO_SLOT = -1;
/** Where a synchronous run (`Runtime.runNow`) collects its frame's value. */
export const TO_CALLER = -2;

/** A compiled expression: a closure over the frame (never suspends). */
export type Eval = (f: Frame) => Value;

/**
 * How a plain statement ended. Plain statements are those that cannot reach a decision: they run
 * as closures to the end, and report `stop` and `return` by value instead of throwing.
 */
export type Completion = 0 | 1 | 2;
export const NORMAL = 0;
export const STOP = 1;
export const RETURN = 2;

/** A statement that cannot suspend; returns its Completion. */
export type Plain = (f: Frame) => Completion;

/**
 * One op of a suspendable script. It runs with `f.pc` already past it; it may set `f.pc` (jump),
 * push a frame (call), pop this one (return) or ask a question (`rt.suspend`).
 */
export type Op = (f: Frame) => void;

/** Compiled code that can suspend: ops addressed by `pc`, found again by `key` after a reload. */
export interface Code {
  key: string;
  ops: Op[];
  slots: number;
  /**
   * Slots gathering the answers of a simultaneous secret choice (`secretly choose … for each`):
   * lists of `[key, value, asked]`, `asked` a record of who chose among what. Until every seat
   * has answered they are the only place those answers are, so determinize redraws them.
   */
  secretAnswers?: number[];
  /**
   * The `preview` clauses of this code's choices, by the choice's start offset (`DecisionRequest.at`):
   * the question's frame, with the option in `optionSlot`, is all one needs (runtime/previews.ts).
   */
  previews?: ReadonlyMap<number, CompiledPreview>;
}

/** A compiled `choose … preview e`: `e` over the asking frame's slots, the option in `optionSlot`. */
export interface CompiledPreview {
  eval: Eval;
  optionSlot: number;
}
