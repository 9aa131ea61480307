import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { matchExpectations, readExpectations } from '../helpers/expectations.ts';
import { createMemoryHost as memoryHost } from '../../interpreter/load/index.ts';

const dir = join(import.meta.dirname, '../fixtures/check');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

describe('checker fixtures', () => {
  test('the fixture folder should hold cases', () => {
    expect(fixtures.length).toBeGreaterThan(5);
  });

  for (const name of fixtures) {
    test(`${name} should report exactly its inline expectations`, () => {
      const text = readFileSync(join(dir, name), 'utf8');
      const path = `fixtures/${name}`;
      const loaded = loadRuleset(path, memoryHost({ [path]: text }));
      const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
      for (const d of diagnostics) expect(d.file).toBe(path);
      const { missing, unexpected } = matchExpectations(readExpectations(text), diagnostics);
      expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] });
    });
  }
});

describe('invalid-default of a boolean option written yes/no', () => {
  test('should say YAML 1.2 reads the word as text, with the boolean as the fix', () => {
    const path = 'fixtures/yes.yaml';
    const loaded = loadRuleset(path, memoryHost({ [path]: 'rulesmith: 1\nid: y\nname: Y\noptions:\n  fast: { type: boolean, default: no }\n' }));
    const d = checkRuleset(loaded.model!).find((x) => x.code === 'invalid-default');
    expect(d?.hint).toBe('`no` is text in the YAML rulesets are read with (YAML 1.2); write `false`.');
    expect(d?.fix?.text).toBe('false');
  });
});
