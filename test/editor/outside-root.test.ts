/**
 * The editor holds every game in one in-memory workspace; a shared or imported variant of one game
 * must not pull in another's files (or anything else) by path, and a replay naming paths outside
 * is not trusted.
 */
import { describe, expect, test } from 'vitest';
import { parseReplay } from '../../editor/play/replay-data.ts';
import { validate } from '../../editor/validator/validate.ts';
import { shippedGame } from './helpers.ts';

const GAME = 'rulesets/dragut';
const VARIANT = `${GAME}/variants/shared.yaml`;

function check(variant: string, extra: Record<string, string> = {}) {
  const files = { ...shippedGame('dragut'), ...extra, [VARIANT]: variant };
  return validate({ seq: 1, files, entries: [`${GAME}/ruleset.yaml`, VARIANT], active: VARIANT }).diagnostics;
}

describe('the editor keeps a variant inside its game folder', () => {
  test("a variant extending the game's own ruleset should load", () => {
    const found = check('rulesmith: 1\nname: Mine\nextends: ../ruleset.yaml\n');
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
  });

  test("a variant including another game's file or an absolute path should be refused on its line", () => {
    const secret = { 'rulesets/other/tokens.yaml': 'tables:\n  leaked_token_table:\n    roll: 1d6\n    rows: { 1-6: TOKEN-7f3a9c }\n' };
    const found = check('rulesmith: 1\nname: Mine\nextends: ../ruleset.yaml\ninclude: [../../other/tokens.yaml, /rulesets/other/tokens.yaml]\n', secret);
    const outside = found.filter((d) => d.code === 'include-outside-root');
    expect(outside.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column}`)).toEqual([`${VARIANT}:4:11`, `${VARIANT}:4:36`]);
    expect(JSON.stringify(found)).not.toMatch(/TOKEN-7f3a9c|leaked_token_table/);
  });

  test('a variant extending a ruleset outside the game folder should be refused', () => {
    const found = check('rulesmith: 1\nname: Mine\nextends: ../../blue-max/ruleset.yaml\n', shippedGame('blue-max'));
    expect(found.filter((d) => d.code === 'include-outside-root').map((d) => d.range.start.line)).toEqual([3]);
  });
});

describe('replays loaded in the editor', () => {
  const base = { format: 'rulesmith-replay', version: 1, ruleset: 'rulesets/dragut', hash: 'h', setup: { seed: 1 }, decisions: [], result: null };

  test('a replay carrying files at absolute or ../ paths should be refused', () => {
    for (const path of ['/etc/passwd', '../../x.yaml', 'rulesets/../../x.yaml']) {
      const r = parseReplay(JSON.stringify({ ...base, files: { 'rulesets/dragut/ruleset.yaml': 'x', [path]: 'y' } }));
      expect(r, path).toMatchObject({ error: expect.stringContaining('include-outside-root') });
    }
  });

  test('a replay whose carried files stay inside should load', () => {
    const r = parseReplay(JSON.stringify({ ...base, files: { 'rulesets/dragut/ruleset.yaml': 'x', 'rulesets/dragut/./a/../b.yaml': 'y' } }));
    expect('error' in r).toBe(false);
  });
});
