/**
 * Compile-time scopes: every local (let, loop binder, parameter) gets a slot in a flat frame
 * array, so running code reads `slots[i]` instead of searching maps by name.
 */
export class SlotScope {
  private readonly names = new Map<string, number>();
  constructor(private readonly parent: SlotScope | null, private readonly counter: { n: number }) {}

  static root(): SlotScope {
    return new SlotScope(null, { n: 0 });
  }

  define(name: string): number {
    const slot = this.counter.n++;
    this.names.set(name, slot);
    return slot;
  }

  lookup(name: string): number | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }

  child(): SlotScope {
    return new SlotScope(this, this.counter);
  }

  /** Slots needed by the function body this scope belongs to. */
  get size(): number {
    return this.counter.n;
  }
}
