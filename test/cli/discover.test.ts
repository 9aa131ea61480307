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
});
