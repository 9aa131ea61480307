// validate's search for rulesets in a folder: entries and variants found, and a busy folder (files
// vanishing, folders it may not read) does not stop it.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { discover } from '../../interpreter/cli/discover.ts';

describe('discover', () => {
  test('a folder is searched for rulesets and their variants; dangling links and unreadable folders are passed over', () => {
    const root = mkdtempSync(join(tmpdir(), 'rulesmith-discover-'));
    mkdirSync(join(root, 'games/one/variants'), { recursive: true });
    writeFileSync(join(root, 'games/one/ruleset.yaml'), 'rulesmith: 1\n');
    writeFileSync(join(root, 'games/one/variants/house.yaml'), 'rulesmith: 1\n');
    writeFileSync(join(root, 'games/one/variants/notes.txt'), '');
    // A link to a file that is gone, as a temporary file of another program leaves behind.
    symlinkSync(join(root, 'gone'), join(root, 'games/dangling'));
    // A folder that cannot be listed (root may list anything; then it is simply searched).
    mkdirSync(join(root, 'games/locked'));
    chmodSync(join(root, 'games/locked'), 0o000);
    const found = discover([root, join(root, 'nope')]);
    chmodSync(join(root, 'games/locked'), 0o755);
    expect(found.entries).toEqual([join(root, 'games/one/ruleset.yaml'), join(root, 'games/one/variants/house.yaml')]);
    expect(found.missing).toEqual([join(root, 'nope')]);
  });

  test("house rules in a folder of their own, variants in subfolders of variants/, and a named folder with none", () => {
    // A designer's walk: both were passed over, and `validate house-rules rules --strict` went green on a broken rule.
    const root = mkdtempSync(join(tmpdir(), 'rulesmith-discover-'));
    mkdirSync(join(root, 'rules/game/variants/2026'), { recursive: true });
    mkdirSync(join(root, 'rules/game/parts'), { recursive: true });
    mkdirSync(join(root, 'house-rules'));
    mkdirSync(join(root, 'empty'));
    writeFileSync(join(root, 'rules/game/ruleset.yaml'), 'rulesmith: 1\ninclude: [parts/tables.yaml]\n');
    writeFileSync(join(root, 'rules/game/parts/tables.yaml'), 'tables: {}\n');
    writeFileSync(join(root, 'rules/game/variants/2026/late.yaml'), 'extends: ../../ruleset.yaml\n');
    writeFileSync(join(root, 'house-rules/broken.yaml'), '# a house rule\nextends: ../rules/game\n');
    writeFileSync(join(root, 'house-rules/notes.yaml'), 'todo: [more guns]\n');
    writeFileSync(join(root, 'empty/readme.md'), '');
    const found = discover([join(root, 'house-rules'), join(root, 'rules'), join(root, 'empty')]);
    expect(found.entries).toEqual([join(root, 'house-rules/broken.yaml'), join(root, 'rules/game/ruleset.yaml'), join(root, 'rules/game/variants/2026/late.yaml')]);
    expect(found.empty).toEqual([join(root, 'empty')]);
    // A ruleset's own folder: its included parts are not entries of their own.
    expect(discover([join(root, 'rules/game/parts')]).entries).toEqual([]);
  });
});
