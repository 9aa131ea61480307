import type { Span } from '../../grammar/index.ts';
import { boundsMeet, type ConditionFacts, type TypeFact } from './conditional-spans.ts';
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
  /** What the condition around this scope says a name is (`a.type == "port"`), by name. */
  private facts: ConditionFacts | null = null;
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

  /** A local's type, without counting it as a use (lookup does). */
  peek(name: string): Ty | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const local = s.names.get(name);
      if (local) return local.type;
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

  /**
   * A child scope inside a condition on `names` (nothing new when there are none); `facts`, what
   * the condition says of what some of them are (`typeFacts`), when the scope runs only if it holds.
   */
  testing(names: readonly string[], facts?: ConditionFacts): Scope {
    if (names.length === 0) return this;
    const inner = this.child();
    for (const n of names) inner.tested.add(n);
    if (facts && (facts.facts.size > 0 || facts.opaque.size > 0 || facts.noneOnly.size > 0 || facts.bounds.size > 0 || facts.stateOnly.size > 0)) inner.facts = facts;
    return inner;
  }

  /**
   * Record that the rest of this scope runs only when a condition on `names` allowed it;
   * `noneOnly`: those of them the condition only compared with none (`if n == none then return end`).
   */
  test(names: readonly string[], noneOnly: ReadonlySet<string> = new Set()): void {
    for (const n of names) {
      if (!noneOnly.has(n)) this.noneTested.delete(n);
      else if (!this.tested.has(n)) this.noneTested.add(n);
      this.tested.add(n);
    }
  }
  /** Names this scope's own `test` compared with none only: that keeps out none, not a value of another kind. */
  private readonly noneTested = new Set<string>();

  isTested(names: readonly string[]): boolean {
    for (let s: Scope | null = this; s; s = s.parent) if (names.some((n) => s!.tested.has(n))) return true;
    return false;
  }

  /**
   * `isTested`, not counting what cannot keep the odd rows out: with `none`, conditions that only
   * compare a name with `none` (`ConditionFacts.noneOnly`); with `key`, numeric tests of the
   * lookup's key whose interval meets one of those rows' bands (`total >= 11` lets row 26 through).
   */
  isTestedBeyond(names: readonly string[], odd: { none: boolean; key?: { name: string; bands: ReadonlyArray<readonly [number, number]> } }): boolean {
    const counts = (s: Scope, n: string): boolean => {
      if (!s.tested.has(n)) return false;
      if (odd.none && (s.facts?.noneOnly.has(n) || s.noneTested.has(n))) return false;
      const b = odd.key?.name === n ? s.facts?.bounds.get(n) : undefined;
      return !(b && odd.key!.bands.some(([from, to]) => boundsMeet(b, from, to)));
    };
    for (let s: Scope | null = this; s; s = s.parent) if (names.some((n) => counts(s!, n))) return true;
    return false;
  }

  /**
   * Whether a condition around here may keep `members` (the piece types or areas of a group that
   * lack a prop) from reaching a read of `name`: any test of `name` may, unless a test says what
   * `name` is (`a.type == "downtown_core"`) and some of `members` are just that, since a designer
   * who tests the type takes the members of that type for alike. `is` says whether a member
   * passes a fact.
   */
  keepsOut(name: string, members: readonly string[], is: (member: string, fact: TypeFact) => boolean): boolean {
    if (!this.isTested([name])) return false;
    // Tests only of where the piece is or whose it is keep no type out (`ConditionFacts.stateOnly`).
    let typed = false;
    for (let s: Scope | null = this; s && !typed; s = s.parent) typed = s.tested.has(name) && !s.facts?.stateOnly.has(name);
    if (!typed) return false;
    const facts: TypeFact[] = [];
    for (let s: Scope | null = this; s; s = s.parent) {
      if (s.facts?.opaque.has(name)) return true;
      facts.push(...(s.facts?.facts.get(name) ?? []));
    }
    if (facts.length === 0) return true;
    return members.every((m) => facts.some((f) => !is(m, f)));
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
