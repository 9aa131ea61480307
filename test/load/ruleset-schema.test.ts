import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { documentedCodes } from '../helpers/doc-sections.ts';
import { ID_PATTERN, isId, rulesetSchema } from '../../grammar/schema.ts';
import { LOADER_CODES } from '../../interpreter/load/index.ts';

type Schema = Record<string, unknown>;

/** Every subschema with the JSON-pointer-ish path that leads to it. */
function walk(schema: unknown, path: string, visit: (s: Schema, path: string) => void): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  visit(s, path);
  for (const [key, value] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) walk(value, `${path}/properties/${key}`, visit);
  for (const [key, value] of Object.entries((s.$defs ?? {}) as Record<string, unknown>)) walk(value, `${path}/$defs/${key}`, visit);
  walk(s.items, `${path}/items`, visit);
  walk(s.additionalProperties, `${path}/additionalProperties`, visit);
  (Array.isArray(s.prefixItems) ? s.prefixItems : []).forEach((item, i) => walk(item, `${path}/prefixItems/${i}`, visit));
}

/** Objects that carry free properties next to their declared ones (`value` plus `colour: red`). */
const OPEN_OBJECTS = ['#/$defs/die/properties/faces/items', '#/$defs/track/properties/boxes/items'];

describe('grammar/ruleset.schema.json', () => {
  test('the schema should compile under ajv strict mode (draft 2020-12)', () => {
    // markdownDescription is the one keyword beyond the draft: editors' Markdown twin of description.
    const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, keywords: ['markdownDescription'] });
    expect(() => ajv.compile(rulesetSchema)).not.toThrow();
    expect(rulesetSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  test('every property and element schema should have a title and a description', () => {
    const missing: string[] = [];
    walk(rulesetSchema, '#', (s, path) => {
      const isPropertyLike = /\/(properties\/[^/]+|items|additionalProperties|prefixItems\/\d+)$/.test(path);
      if (!isPropertyLike || (s.additionalProperties === undefined && Object.keys(s).length === 0)) return;
      if (typeof s.title !== 'string' || s.title === '' || typeof s.description !== 'string' || s.description === '') missing.push(path);
    });
    expect(missing).toEqual([]);
  });

  test('every fixed-shape object should refuse unknown keys', () => {
    const open: string[] = [];
    walk(rulesetSchema, '#', (s, path) => {
      if (s.properties && s.additionalProperties !== false && !OPEN_OBJECTS.includes(path)) open.push(path);
    });
    expect(open).toEqual([]);
  });

  test('every collection keyed by id should check its keys against the id pattern', () => {
    const properties = rulesetSchema.properties as Record<string, Schema>;
    for (const section of ['sides', 'options', 'dice', 'pieces', 'tracks', 'variables', 'zones', 'decks', 'tables', 'procedures', 'actions']) {
      expect((properties[section]?.propertyNames as Schema | undefined)?.pattern, section).toBe(ID_PATTERN);
    }
  });

  test('isId should accept snake_case and refuse everything else', () => {
    expect(['crt', 'night_2', 'a'].every(isId)).toBe(true);
    expect(['Crt', '2d6', '_x', 'a-b', '', 'a b'].some(isId)).toBe(false);
  });
});

describe('docs/diagnostics.md (Loader)', () => {
  test('every loader code should be documented under its own heading', () => {
    expect(documentedCodes('Loader')).toEqual([...LOADER_CODES]);
  });
});
