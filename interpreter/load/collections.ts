/**
 * Which paths hold elements keyed by id (`tables`, `map.areas`), read from the schema so merging
 * stays in step with it: an object schema with id-pattern `propertyNames` is a collection.
 */
import { ID_PATTERN, type JsonSchema } from '../../grammar/index.ts';
// The schema's structure, not grammar/schema.ts: its descriptions are 10 KB of the editor's first load.
import { schemaStructure as rulesetSchema } from './schema-validator.generated.js';
import type { DataPath } from './model.ts';

const defs = (rulesetSchema.$defs ?? {}) as Record<string, JsonSchema>;

function resolveRef(schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  return defs[ref.slice('#/$defs/'.length)];
}

function isCollectionSchema(schema: JsonSchema | undefined): boolean {
  const names = schema?.propertyNames as JsonSchema | undefined;
  return names?.pattern === ID_PATTERN;
}

function findCollections(): Set<string> {
  const found = new Set<string>();
  const top = (rulesetSchema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, raw] of Object.entries(top)) {
    const schema = resolveRef(raw);
    if (isCollectionSchema(schema)) {
      found.add(key);
      continue;
    }
    // One level down: sections such as `map` group several collections.
    const inner = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [child, childRaw] of Object.entries(inner)) {
      if (isCollectionSchema(resolveRef(childRaw))) found.add(`${key}.${child}`);
    }
  }
  return found;
}

const COLLECTIONS = findCollections();

/** Whether the mapping at `path` holds elements keyed by id. */
export function isCollection(path: DataPath): boolean {
  return path.every((p) => typeof p === 'string') && COLLECTIONS.has(path.join('.'));
}

/** Top-level keys that describe a file itself rather than add to the ruleset. */
export const FILE_KEYS: ReadonlySet<string> = new Set(['rulesmith', 'id', 'name', 'description', 'source', 'assumption', 'note', 'include']);

/** Top-level keys that only a variant's own file may use. */
export const VARIANT_KEYS: ReadonlySet<string> = new Set(['extends', 'remove', 'set']);
