/**
 * One check of option values against their declarations (`options:` in a ruleset: type, `min` /
 * `max`, choice `values`), shared by the game's setup check, the command line's `--option k=v`
 * and the editor's setup form, so every path accepts and refuses the same values.
 */

// No imports but the leaf check/option-values.ts: the editor's main thread uses this file without
// loading the interpreter.
import { allowedValues, optionValueOk, type OptionValue } from '../check/option-values.ts';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export { allowedValues, optionValueOk, type OptionValue } from '../check/option-values.ts';

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

/**
 * The requirements of option `id` (`requires: { advanced_rules: true }`) that `values` do not meet,
 * in words (`advanced_rules = true`); empty when it matters. `values` are the effective ones (see
 * `effectiveOptions`): an option whose own requirement fails has its default.
 */
export function unmetRequirements(defs: Record<string, unknown> | undefined, id: string, values: Record<string, unknown>): string[] {
  const def = defs?.[id];
  if (!isRecord(def) || !isRecord(def.requires)) return [];
  return Object.entries(def.requires).filter(([other, want]) => values[other] !== want).map(([other, want]) => `${other} = ${String(want)}`);
}

/**
 * Option values as a game uses them: every declared option with its given value or default, and
 * an option whose requirements fail with its default. Requirements may chain (a reading of an
 * optional rule's sub-rule), so this is repeated until nothing changes: at most once per option.
 */
export function effectiveOptions(defs: Record<string, unknown> | undefined, given: Record<string, unknown>): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const [id, def] of Object.entries(defs ?? {})) out[id] = (given[id] ?? (isRecord(def) ? def.default : false)) as OptionValue;
  const ids = Object.keys(out);
  for (let pass = 0; pass <= ids.length; pass++) {
    let changed = false;
    for (const id of ids) {
      const def = defs![id];
      if (!isRecord(def) || !isRecord(def.requires) || out[id] === def.default) continue;
      if (unmetRequirements(defs, id, out).length > 0) { out[id] = def.default as OptionValue; changed = true; }
    }
    if (!changed) break;
  }
  return out;
}

/**
 * Options in declaration order, except that an option that `requires` another comes right after
 * it (after the other's own dependents declared before it): a reading of an optional rule sits
 * next to the rule's checkbox. Grouped: each option that others require, with all that depend on
 * it; every other option alone. An option whose requirement is missing or circular stays in place.
 */
export function optionGroups<O extends { id: string; requires?: Record<string, unknown> }>(options: readonly O[]): O[][] {
  const ids = new Set(options.map((o) => o.id));
  const parentOf = (o: O): string | undefined => Object.keys(o.requires ?? {}).find((id) => id !== o.id && ids.has(id));
  const children = new Map<string, O[]>();
  const roots: O[] = [];
  for (const o of options) {
    const parent = parentOf(o);
    if (parent === undefined) roots.push(o);
    else children.set(parent, [...(children.get(parent) ?? []), o]);
  }
  const seen = new Set<string>();
  const visit = (o: O, group: O[]): O[] => {
    if (seen.has(o.id)) return group;
    seen.add(o.id);
    group.push(o);
    for (const c of children.get(o.id) ?? []) visit(c, group);
    return group;
  };
  const groups = roots.map((o) => visit(o, []));
  // Requirements in a circle have no root: keep them where they were declared.
  for (const o of options) if (!seen.has(o.id)) groups.push(visit(o, []));
  return groups;
}

/** `optionGroups`, one after another. */
export const optionsInOrder = <O extends { id: string; requires?: Record<string, unknown> }>(options: readonly O[]): O[] => optionGroups(options).flat();
