import { describe, expect, test } from 'vitest';
import { rulesetItems } from '../../editor/components/app-shell/app-model.ts';
import { MemoryFileStore } from '../../editor/workspace/file-store.ts';
import { Workspace } from '../../editor/workspace/workspace.ts';

const ENTRY = 'rulesets/g/ruleset.yaml';
const files = new Map([
  [ENTRY, 'rulesmith: 1\nid: g\nname: Game\n'],
  ['rulesets/g/variants/cubes.yaml', 'rulesmith: 1\nextends: ../ruleset.yaml\nname: "Game – scarce cubes"\n'],
  ['rulesets/g/variants/dutch.yaml', 'rulesmith: 1\nextends: ../ruleset.yaml\nname: "Game – Dutch readings"\n'],
  ['rulesets/g/variants/plain.yaml', 'rulesmith: 1\nextends: ../ruleset.yaml\n'],
]);

describe('the nav\'s ruleset labels', () => {
  test('a variant should be labelled by its name without the game\'s, starting with a capital, or by its file', async () => {
    const ws = new Workspace(new Map([[ENTRY, files.get(ENTRY)!]]), async () => files, new MemoryFileStore());
    await ws.restore();
    await ws.openGame('g');
    expect(rulesetItems(ws, 'g').map((i) => i.label)).toEqual(['Base ruleset', 'Scarce cubes', 'Dutch readings', 'plain.yaml']);
  });
});
