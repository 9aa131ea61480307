/**
 * The JSON Schema of a ruleset file (entry, included fragment or variant), for ajv and for editors.
 * Editors read `grammar/ruleset.schema.json` directly through the yaml-language-server header:
 * `# yaml-language-server: $schema=../../grammar/ruleset.schema.json`.
 */
import schema from './ruleset.schema.json' with { type: 'json' };

/** Ids are snake_case: a lower-case letter, then lower-case letters, digits and `_`. */
export const ID_PATTERN = '^[a-z][a-z0-9_]*$';

const ID_REGEX = new RegExp(ID_PATTERN);

/** Whether `text` is a valid element id. */
export function isId(text: string): boolean {
  return ID_REGEX.test(text);
}

/** A JSON Schema node, read-only: the schema object is shared by every consumer. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The ruleset schema (draft 2020-12). Treat as read-only. */
export const rulesetSchema: JsonSchema = schema;
