/**
 * Which YAML keys hold rules-language text, read from the ruleset JSON Schema (grammar/): every
 * property whose schema is, or may be, a `script` or an `expression`. The highlighter and the
 * completion provider use this list, so a new script key in the schema needs no editor change.
 */
import type { JsonSchema } from '../../grammar/index.ts';

const SCRIPT_REFS = new Set(['#/$defs/script', '#/$defs/expression']);

export function scriptKeys(schema: JsonSchema): string[] {
  return propertyKeys(schema, refersToScript);
}

/**
 * Keys of maps whose values, written inline, are rules-language text though their names are the
 * designer's: every property whose `additionalProperties` is a script (`heuristics.sides`), or may
 * be text beside an object form holding a script (an action's `params`: `target: neighbours(u)` or
 * `{ options, prompt }`). Hosts read a `key: value` line under one of these as a script.
 */
export function scriptMapKeys(schema: JsonSchema): string[] {
  return propertyKeys(schema, (sub) => holdsScripts((sub as Record<string, unknown> | null)?.['additionalProperties']));
}

/** The names of every property, anywhere in the schema, whose schema passes `test`; sorted. */
function propertyKeys(schema: JsonSchema, test: (sub: unknown) => boolean): string[] {
  const keys = new Set<string>();
  const visited = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || visited.has(node)) return;
    visited.add(node);
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const record = node as Record<string, unknown>;
    const props = record['properties'];
    if (typeof props === 'object' && props !== null) {
      for (const [key, sub] of Object.entries(props)) if (test(sub)) keys.add(key);
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(schema);
  return [...keys].sort();
}

/** A map's value schema that is a script, or text beside an object form with a script property. */
function holdsScripts(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (refersToScript(node)) return true;
  const { type, properties } = node as { type?: unknown; properties?: unknown };
  const text = type === 'string' || (Array.isArray(type) && type.includes('string'));
  return text && typeof properties === 'object' && properties !== null && Object.values(properties).some(refersToScript);
}

/** The schema is a script/expression reference, or offers one among `oneOf`/`anyOf` branches. */
function refersToScript(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const record = node as Record<string, unknown>;
  if (typeof record['$ref'] === 'string' && SCRIPT_REFS.has(record['$ref'])) return true;
  for (const key of ['oneOf', 'anyOf']) {
    const branches = record[key];
    if (Array.isArray(branches) && branches.some(refersToScript)) return true;
  }
  return false;
}
