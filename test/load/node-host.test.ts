import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createNodeHost, nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { at, expectNoIssues, only } from './helpers.ts';

const FIXTURE = 'test/fixtures/load/kitchen-sink';

describe('node host (interpreter/cli/node-host.ts)', () => {
  test('a folder should load through its ruleset.yaml with includes, paths kept relative', () => {
    const model = expectNoIssues(loadRuleset(FIXTURE, nodeHost));
    expect(model.entry).toBe(`${FIXTURE}/ruleset.yaml`);
    expect([...model.files.keys()]).toEqual([`${FIXTURE}/ruleset.yaml`, `${FIXTURE}/tables.yaml`]);
    expect(at(model, ['tables', 'crt', 'roll'])).toBe(`${FIXTURE}/tables.yaml:6:11-6:14`);
  });

  test('a variant on disk should apply over its base folder', () => {
    const model = expectNoIssues(loadRuleset(`${FIXTURE}/variants/long.yaml`, nodeHost));
    expect(model.lineage).toEqual([`${FIXTURE}/ruleset.yaml`, `${FIXTURE}/variants/long.yaml`]);
    expect(model.data.players).toEqual({ min: 1, max: 6, default: 2, source: '[2]' });
    expect(model.data.flow?.rounds?.count).toBe(12);
    expect(model.data.tables?.bonus).toBeUndefined();
  });

  test('missing files and folders without ruleset.yaml should read as missing, not throw', () => {
    expect(only(loadRuleset(`${FIXTURE}/nothing.yaml`, nodeHost), 'file-not-found').code).toBe('file-not-found');
    expect(only(loadRuleset('test/fixtures/load', nodeHost), 'file-not-found').file).toBe('test/fixtures/load/ruleset.yaml');
  });

  test('a misspelt base on disk should be corrected from the folder listing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-load-'));
    try {
      writeFileSync(join(dir, 'house.yaml'), `rulesmith: 1\nextends: ${FIXTURE.split('/').pop()}/rulset.yaml\n`);
      cpSync(FIXTURE, join(dir, FIXTURE.split('/').pop()!), { recursive: true });
      const d = only(loadRuleset(join(dir, 'house.yaml'), nodeHost), 'extends-not-found');
      expect(d.fix?.text).toBe('kitchen-sink/ruleset.yaml');
      expect(nodeHost.list?.(join(dir, 'house.yaml'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file over the read cap should be read only in part and refused as too large', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-load-'));
    try {
      const path = join(dir, 'big.yaml');
      writeFileSync(path, `rulesmith: 1\nname: ${'x'.repeat(4096)}\n`);
      const host = createNodeHost(1024);
      expect((host.readFile(path) as Uint8Array).length).toBe(1025);
      expect(only(loadRuleset(path, host, { maxFileBytes: 1024 }), 'file-too-large').code).toBe('file-too-large');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
