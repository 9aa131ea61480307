/**
 * Secrets carried by locals, for log lines only. A view hides what a line says about a hidden
 * piece or an unseen card when the line's text reads it (`watched`, secrets.ts): `{u.attack}`
 * reads `?`, a table looked up by it reads "looked up". A value first kept in a local (`let att =
 * u.attack`, then `roll on crt column odds[att]`) read nothing secret where the line was made,
 * so the line told it. While lines are written, a local set from an expression that read secrets
 * keeps their ids beside its slot (`Frame.taint`), and reading the local inside a `watched` window
 * notes them again. Only locals: a value stored in a variable or a piece's member, or passed to a
 * procedure, is not followed (docs/runtime.md, Hidden information).
 */
import type { Eval, Frame } from './frame.ts';
import type { Runtime } from './runtime.ts';
import { watched } from './secrets.ts';
import { cardVisible, pieceConcealed } from './visibility.ts';
import type { Value } from './values.ts';

/** Whether locals are followed now: only while log lines are written, and only where something is secret. */
export function tainting(rt: Runtime): boolean {
  return rt.logging && (rt.hiding || rt.program.defs.hasCards);
}

/** `slot = value(f)`, remembering the secrets the value read while lines are written. */
export function setLocal(f: Frame, slot: number, value: Eval): void {
  if (!tainting(f.rt)) {
    f.slots[slot] = value(f);
    if (f.taint !== undefined) f.taint[slot] = undefined;
    return;
  }
  const [v, read] = watched(f.rt, () => value(f));
  f.slots[slot] = v;
  keepTaint(f, slot, read);
}

/** Keep (or clear) the secrets the value now in `slot` was made from. */
export function keepTaint(f: Frame, slot: number, read: readonly string[]): void {
  if (read.length > 0) (f.taint ??= [])[slot] = [...new Set(read)];
  else if (f.taint !== undefined) f.taint[slot] = undefined;
}

/** Reading a local: inside a `watched` window, the secrets its value was made from are read again. */
export function readLocal(f: Frame, slot: number): Value {
  if (f.taint !== undefined && f.rt.watching > 0) {
    const ids = f.taint[slot];
    if (ids !== undefined) for (const id of ids) if (stillHidden(f.rt, id)) f.rt.read.push(id);
  }
  return f.slots[slot] ?? null;
}

/** A piece or card a local was made from that some seat still may not see (a piece since revealed is not). */
function stillHidden(rt: Runtime, id: string): boolean {
  return rt.state.pieces[id] ? pieceConcealed(rt, id) : !cardVisible(rt, id, undefined);
}
