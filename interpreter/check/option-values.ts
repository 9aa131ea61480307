/**
 * What values an option declaration allows (`options:` in a ruleset: type, `min` / `max`, choice
 * `values`). A leaf with no imports: the checker uses it (an option's `requires`), and so does
 * runtime/options.ts, which the editor's main thread loads alone.
 */

export type OptionValue = boolean | number | string;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What values an option allows, in words: `true or false`, `a number from 0 to 40`, `one of a, b`. */
export function allowedValues(def: unknown): string {
  if (!isRecord(def)) return 'nothing (no such option)';
  if (def.type === 'boolean') return 'true or false';
  if (def.type === 'number') {
    const min = typeof def.min === 'number' ? def.min : undefined;
    const max = typeof def.max === 'number' ? def.max : undefined;
    if (min !== undefined && max !== undefined) return `a number from ${min} to ${max}`;
    if (min !== undefined) return `a number of at least ${min}`;
    if (max !== undefined) return `a number of at most ${max}`;
    return 'a number';
  }
  return `one of ${Array.isArray(def.values) ? def.values.join(', ') : '(none declared)'}`;
}

/** Whether `value` is allowed by the declaration `def`. */
export function optionValueOk(def: unknown, value: unknown): value is OptionValue {
  if (!isRecord(def)) return false;
  if (def.type === 'boolean') return typeof value === 'boolean';
  if (def.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    return !(typeof def.min === 'number' && value < def.min) && !(typeof def.max === 'number' && value > def.max);
  }
  return Array.isArray(def.values) && def.values.includes(value);
}

