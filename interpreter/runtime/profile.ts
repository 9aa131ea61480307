/**
 * Where the rules spend their time: a host passes a `RulesProfile` in `RuntimeOptions.profile`,
 * and the runtime tells it when each script starts and ends (procedures, expressions, action
 * lists, phases, the flow's own work). Forks share their parent's options, so a search bot's
 * playouts are counted too. Off (no `profile`), the runtime pays one property test per script
 * run and one per `drive`.
 *
 * Time is the host's clock (`performance.now()` by default): wall time, in milliseconds. Self
 * time is a script's own work, without the scripts it started; total includes them, counted once
 * for a recursive procedure (from its outermost call).
 */
import type { Runtime } from './runtime.ts';

export interface ProfileEntry {
  /** The script's key in `Program.scripts` (its data path joined with '.'), or the flow's (`FLOW_KEY`). */
  key: string;
  calls: number;
  self: number;
  total: number;
}

interface Open {
  entry: ProfileEntry;
  start: number;
  /** Time spent in scripts started from this one, so far. */
  inner: number;
}

export class RulesProfile {
  readonly entries = new Map<string, ProfileEntry>();
  private readonly open: Open[] = [];
  /** Activations in progress per entry: only the outermost adds to `total` (recursion). */
  private readonly active = new Map<ProfileEntry, number>();

  constructor(readonly now: () => number = () => performance.now()) {}

  /** A script starts (`count`: a call, not the resumption of a suspended script's code). */
  enter(key: string, count = true): void {
    const entry = this.entry(key);
    if (count) entry.calls++;
    this.active.set(entry, (this.active.get(entry) ?? 0) + 1);
    this.open.push({ entry, start: this.now(), inner: 0 });
  }

  /** A suspendable script is called: its frame's ops are entered one by one, uncounted. */
  called(key: string): void {
    this.entry(key).calls++;
  }

  private entry(key: string): ProfileEntry {
    let entry = this.entries.get(key);
    if (!entry) this.entries.set(key, (entry = { key, calls: 0, self: 0, total: 0 }));
    return entry;
  }

  /** The script entered last ends (or stops, by an error or a question). */
  leave(): void {
    const o = this.open.pop();
    if (!o) return;
    const spent = this.now() - o.start;
    o.entry.self += spent - o.inner;
    const depth = this.active.get(o.entry)! - 1;
    this.active.set(o.entry, depth);
    if (depth === 0) o.entry.total += spent;
    const parent = this.open.at(-1);
    if (parent) parent.inner += spent;
  }
}

/** `Runtime.drive` telling `profile` about each op, as work of the code its frame runs. */
export function driveProfiled(rt: Runtime, base: number, profile: RulesProfile): void {
  const stack = rt.stack;
  while (stack.length > base) {
    const f = stack[stack.length - 1]!;
    const code = f.code!;
    if (f.pc >= code.ops.length) {
      rt.returnFrom(f, null);
      continue;
    }
    profile.enter(code.key, false);
    try {
      code.ops[f.pc++]!(f);
    } finally {
      profile.leave();
    }
    if (rt.pending !== null) return;
  }
}
