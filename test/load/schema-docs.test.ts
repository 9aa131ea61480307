/**
 * The ruleset schema for the world (issue 14, item 3): a versioned `$id`, `markdownDescription`
 * beside every `description` (made by bin/schema-docs.ts, never stale), and `default` and
 * `examples` that the schema itself accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { HEURISTIC_DEPTH } from '../../interpreter/agents/mcts.ts';
import { SCHEMA_PATH, markdownOf, schemaText } from '../../bin/schema-docs.ts';

const ROOT = join(import.meta.dirname, '../..');
const TEXT = readFileSync(SCHEMA_PATH, 'utf8');
const SCHEMA = JSON.parse(TEXT) as Record<string, unknown> & { $id: string };

type Node = Record<string, unknown>;
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** Every schema node with its JSON pointer (the names in `properties` maps are not nodes). */
function nodes(value: unknown, pointer = '', isMap = false, out: Array<[string, Node]> = []): Array<[string, Node]> {
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, `${pointer}/${i}`, false, out));
  else if (value !== null && typeof value === 'object') {
    if (!isMap) out.push([pointer, value as Node]);
    for (const [key, child] of Object.entries(value)) {
      if (!isMap && ['default', 'examples', 'const', 'enum'].includes(key)) continue;
      nodes(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, !isMap && SCHEMA_MAPS.has(key), out);
    }
  }
  return out;
}

describe('grammar/ruleset.schema.json for editors and other tools', () => {
  test('should have a versioned $id naming the format version', () => {
    expect(SCHEMA.$id).toBe('https://rulesmith.dev/schema/v1/ruleset.schema.json');
    const version = (SCHEMA.properties as Record<string, Node>).rulesmith!.const;
    expect(SCHEMA.$id).toContain(`/v${String(version)}/`);
  });

  test('markdownDescription should be what bin/schema-docs.ts makes (run `npm run schema:docs` after editing descriptions)', () => {
    expect(schemaText(SCHEMA as never) === TEXT).toBe(true);
  });

  test('every description should have its Markdown twin, with the default and examples', () => {
    const documented = nodes(SCHEMA).filter(([, n]) => typeof n.description === 'string');
    expect(documented.length).toBeGreaterThan(300);
    for (const [pointer, n] of documented) expect(n.markdownDescription, pointer).toBe(markdownOf(n as never));
    const cells = nodes(SCHEMA).find(([p]) => p === '/$defs/table/properties/cells')![1];
    expect(cells.markdownDescription).toMatch(/\n\nDefault: `value`\.$/);
  });

  test('every default and example should be valid for its own node', () => {
    const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, keywords: ['markdownDescription'] });
    ajv.addSchema(SCHEMA);
    const annotated = nodes(SCHEMA).filter(([, n]) => 'default' in n || 'examples' in n);
    expect(annotated.length).toBeGreaterThan(10);
    for (const [pointer, n] of annotated) {
      const validate = ajv.getSchema(`${SCHEMA.$id}#${pointer}`)!;
      for (const value of ['default' in n ? [n.default] : [], (n.examples as unknown[] | undefined) ?? []].flat()) {
        expect(validate(value), `${pointer}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  test('defaults the runtime applies should match the schema', () => {
    const heuristics = ((SCHEMA.$defs as Record<string, Node>).heuristics!.properties as Record<string, Node>);
    expect(heuristics.depth!.default).toBe(HEURISTIC_DEPTH);
  });

  test('README should show consumers the modeline into node_modules and name the $id', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('# yaml-language-server: $schema=../../node_modules/rulesmith/grammar/ruleset.schema.json');
    expect(readme).toContain(SCHEMA.$id);
  });
});
