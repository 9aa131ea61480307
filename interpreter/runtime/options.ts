/**
 * One check of option values against their declarations (`options:` in a ruleset: type, `min` /
 * `max`, choice `values`), shared by the game's setup check, the command line's `--option k=v`
 * and the editor's setup form, so every path accepts and refuses the same values.
 */

// No imports: the editor's main thread uses this file without loading the interpreter.
function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type OptionValue = boolean | number | string;

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

/** Why `value` is refused for option `id`, or undefined when it is allowed. */
export function optionProblem(defs: Record<string, unknown> | undefined, id: string, value: unknown): { code: string; message: string } | undefined {
  const def = defs?.[id];
  if (!isRecord(def)) return { code: 'unknown-option', message: `No option \`${id}\`. Options: ${Object.keys(defs ?? {}).join(', ') || 'none'}.` };
  if (optionValueOk(def, value)) return undefined;
  return { code: 'invalid-option', message: `Option \`${id}\` must be ${allowedValues(def)}, not ${JSON.stringify(value) ?? String(value)}.` };
}

/**
 * An option value typed as text (`--option k=v`): read by the option's type, then checked. Only
 * the plain spellings are read (`true`/`false`, a decimal number, a declared choice), so a typo
 * is refused instead of quietly becoming `false` or `NaN`.
 */
export function parseOptionText(defs: Record<string, unknown> | undefined, id: string, text: string): { value: OptionValue } | { code: string; message: string } {
  const def = defs?.[id];
  let value: unknown = text;
  if (isRecord(def) && def.type === 'boolean') value = text === 'true' ? true : text === 'false' ? false : text;
  else if (isRecord(def) && def.type === 'number' && /^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text)) value = Number(text);
  const problem = optionProblem(defs, id, value);
  return problem ?? { value: value as OptionValue };
}
