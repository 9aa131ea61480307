import type { Span } from '../../grammar/index.ts';
import type { Ty } from './types.ts';

interface Local {
  type: Ty;
  span: Span | null;
  used: boolean;
  /** `let` bindings are reported when unused; binders and params are not. */
  reportUnused: boolean;
}

/** Lexical scopes of one script: `let`, loop and query binders, procedure parameters. */
export class Scope {
  private readonly names = new Map<string, Local>();
  /** Names a condition around this scope tests (`if row.kind == …`): what they may exclude is not known. */
  private readonly tested = new Set<string>();
  constructor(readonly parent: Scope | null = null) {}

  define(name: string, type: Ty, span: Span | null, reportUnused = false): void {
    this.names.set(name, { type, span, used: false, reportUnused });
  }

  lookup(name: string): Ty | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const local = s.names.get(name);
      if (local) {
        local.used = true;
        return local.type;
      }
    }
    return undefined;
  }

  /** Narrow or widen a local's type after assignment. */
  retype(name: string, type: Ty): void {
    for (let s: Scope | null = this; s; s = s.parent) {
      const local = s.names.get(name);
      if (local) {
        local.type = type;
        return;
      }
    }
  }

  /** From here to the end of this scope, `name` is known to be of `type` (a member only that kind has was read). */
  narrow(name: string, type: Ty): void {
    const own = this.names.get(name);
    if (own) own.type = type;
    else this.names.set(name, { type, span: null, used: true, reportUnused: false });
  }

  /** A child scope inside a condition on `names` (nothing new when there are none). */
  testing(names: readonly string[]): Scope {
    if (names.length === 0) return this;
    const inner = this.child();
    for (const n of names) inner.tested.add(n);
    return inner;
  }

  /** Record that the rest of this scope runs only when a condition on `names` allowed it. */
  test(names: readonly string[]): void {
    for (const n of names) this.tested.add(n);
  }

  isTested(names: readonly string[]): boolean {
    for (let s: Scope | null = this; s; s = s.parent) if (names.some((n) => s!.tested.has(n))) return true;
    return false;
  }

  visibleNames(): string[] {
    const out: string[] = [];
    for (let s: Scope | null = this; s; s = s.parent) out.push(...s.names.keys());
    return out;
  }

  unused(): Array<{ name: string; span: Span }> {
    // Asked at the end of every block in every pass: a loop, not three copies of the scope.
    const out: Array<{ name: string; span: Span }> = [];
    for (const [name, l] of this.names) if (l.reportUnused && !l.used && l.span) out.push({ name, span: l.span });
    return out;
  }

  child(): Scope {
    return new Scope(this);
  }
}
