/**
 * A script run on a game's current state outside its flow, for tests and tools ("what does this
 * procedure do here?"): an iterator of the questions it asks. It runs on a stack of its own, so
 * the game's stack and pending question are left as they were.
 */
import { answerValue, type Answer, type DecisionRequest } from './decisions.ts';
import type { SourceAt } from './errors.ts';
import { NO_SLOT, TO_CALLER, type Frame } from './frame.ts';
import type { CompiledScript } from './program.ts';
import type { Runtime } from './runtime.ts';
import { record, type Rec, type Value } from './values.ts';

/** Pass each answer (as `Game.answer` takes it) to `next`; `done` gives the script's value. */
export function runDetached(rt: Runtime, script: CompiledScript, locals: Rec | Record<string, Value> | null = null): Iterator<DecisionRequest, Value, unknown> {
  const stack: Frame[] = [];
  let asked: DecisionRequest | null = null;
  let slot = NO_SLOT;
  return {
    next: (answer?: unknown) => {
      const outer = { stack: rt.stack, pending: rt.pending, slot: rt.pendingSlot };
      rt.stack = stack;
      rt.pending = asked;
      rt.pendingSlot = slot;
      try {
        if (asked) rt.resume(answerValue(asked, answer as Answer));
        else if (stack.length === 0) {
          rt.enter(script, locals as Rec | null, TO_CALLER);
          rt.drive();
        }
        asked = rt.pending;
        slot = rt.pendingSlot;
        return asked ? { done: false, value: asked } : { done: true, value: rt.lastReturn };
      } finally {
        rt.stack = outer.stack;
        rt.pending = outer.pending;
        rt.pendingSlot = outer.slot;
      }
    },
  };
}

/** A procedure run outside the flow, with its params bound in order (see `runDetached`). */
export function callDetached(rt: Runtime, id: string, args: Value[], at: SourceAt): Iterator<DecisionRequest, Value, unknown> {
  const script = rt.procedure(id, at);
  return runDetached(rt, script, record([...script.locals.keys()].map((name, i) => [name, args[i] ?? null])));
}
