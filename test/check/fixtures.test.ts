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
