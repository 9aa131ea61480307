import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { rulesetSchema } from '../../grammar/index.ts';
import { validate } from '../../interpreter/load/schema-validator.generated.js';
import { GENERATED_VALIDATOR, schemaValidatorModule, withoutAnnotations } from '../../bin/generate-schema-validator.ts';

describe('the generated schema validator (interpreter/load/schema-validator.generated.js)', () => {
  test('the committed file should be what the schema generates now (else run `npm run generate`)', () => {
    const committed = readFileSync(GENERATED_VALIDATOR, 'utf8');
    // Compared as booleans first: a 300 kB diff in the failure message helps nobody.
    const fresh = committed === schemaValidatorModule();
    expect(fresh, 'interpreter/load/schema-validator.generated.js is stale: run `npm run generate`').toBe(true);
  });

  test('generation should be deterministic and follow every change of the schema', () => {
    expect(schemaValidatorModule()).toBe(schemaValidatorModule());
    const changed = { ...rulesetSchema, properties: { ...(rulesetSchema.properties as object), extra: { title: 'Extra', description: 'A key added by the test.', type: 'string' } } };
    expect(schemaValidatorModule(changed)).not.toBe(schemaValidatorModule());
  });

  test('the generated code should call nothing it cannot have in an ES module or under a no-eval policy', () => {
    const text = readFileSync(GENERATED_VALIDATOR, 'utf8');
    expect(text).not.toMatch(/\brequire\(/);
    expect(text).not.toMatch(/\bnew Function\b|\beval\(/);
  });

  test('should judge data as ajv compiling the schema at run time does, errors included', () => {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictTuples: false, allowUnionTypes: true, keywords: ['markdownDescription'] });
    const reference = ajv.compile(rulesetSchema);
    const samples: unknown[] = [
      { rulesmith: 1, id: 'x', name: 'X' },
      { rulesmith: 2, id: 'Bad Id', nmae: 'typo', players: { min: 'two' } },
      { rulesmith: 1, id: 'x', tables: { crt: { roll: '', rows: { '1': 'a' } } }, sides: { '': { name: 1 } } },
      // `minLength` counts code points: one emoji is one character, an empty string none.
      { rulesmith: 1, id: 'x', name: '\u{1F600}', description: '' },
      [],
      null,
    ];
    for (const data of samples) {
      const ok = validate(data);
      expect(ok).toBe(reference(data));
      // The generated module leaves out `markdownDescription`, `title` and `examples` (annotations no
      // error reads; bin/generate-schema-validator.ts): compared without them, and with everything else.
      const strip = (errors: typeof validate.errors) => (errors ?? []).map(({ instancePath, schemaPath, keyword, params, parentSchema, data: d }) => ({ instancePath, schemaPath, keyword, params, parentSchema: withoutAnnotations(parentSchema), d }));
      expect(strip(validate.errors)).toEqual(strip(reference.errors));
    }
  });
});
