/** Keeping a recomputed value's identity while its content is unchanged (DOM-free: unit-tested). */
/** Structural equality of JSON-like values (the nav's item lists). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Values recomputed on every render (nav lists built from the workspace) that keep their identity
 * while their content is unchanged, so Lit sees no new property and the child skips its update.
 * Without this, each keystroke re-rendered the whole ruleset nav.
 */
export class StableValues {
  private readonly last = new Map<string, unknown>();

  keep<T>(key: string, value: T): T {
    const previous = this.last.get(key);
    if (this.last.has(key) && sameValue(previous, value)) return previous as T;
    this.last.set(key, value);
    return value;
  }
}
