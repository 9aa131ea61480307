/** Types of schema-validator.generated.js (bin/generate-schema-validator.ts): ajv's standalone validator. */
import type { ErrorObject } from 'ajv/dist/2020.js';

/** Whether `data` is a valid ruleset file; after `false`, `validate.errors` says why. */
export declare const validate: {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
};
export default validate;

/** grammar/ruleset.schema.json without titles, descriptions and examples: what the loader walks. */
export declare const schemaStructure: Readonly<Record<string, unknown>>;
