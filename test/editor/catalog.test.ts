import { describe, expect, test } from 'vitest';
import { baseFilesOf, gameOf, listGames, topLevelScalar, variantsOf } from '../../editor/workspace/catalog.ts';
import { newVariantText, slugify, uniqueVariantPath } from '../../editor/workspace/variant-template.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';

const paths = [
  'rulesets/b/ruleset.yaml',
  'rulesets/b/tables.yaml',
  'rulesets/b/variants/night.yaml',
  'rulesets/a/ruleset.yaml',
  'rulesets/a/sub/deep.yaml',
  'rulesets/README.md',
];

describe('catalog', () => {
  test('games should be the folders with a ruleset.yaml, named by their `name:`', () => {
    const names: Record<string, string> = { 'rulesets/a/ruleset.yaml': 'name: "Zed"\n', 'rulesets/b/ruleset.yaml': 'name: Alpha # comment\n' };
    expect(listGames(paths, (p) => names[p])).toEqual([
      { id: 'b', name: 'Alpha', entry: 'rulesets/b/ruleset.yaml' },
      { id: 'a', name: 'Zed', entry: 'rulesets/a/ruleset.yaml' },
    ]);
  });

  test('a game should have its entry first, files beside it, and variants apart', () => {
    expect(baseFilesOf('b', paths)).toEqual(['rulesets/b/ruleset.yaml', 'rulesets/b/tables.yaml']);
    expect(variantsOf('b', paths)).toEqual(['rulesets/b/variants/night.yaml']);
    expect(gameOf('rulesets/a/sub/deep.yaml')).toBe('a');
    expect(gameOf('docs/x.yaml')).toBeUndefined();
  });

  test('top-level scalars should be read plain, double- or single-quoted', () => {
    expect(topLevelScalar('id: x\nname: "A \\"B\\""\n', 'name')).toBe('A "B"');
    expect(topLevelScalar("name: 'It''s'\n", 'name')).toBe("It's");
    expect(topLevelScalar('  name: nested\n', 'name')).toBeUndefined();
  });
});

describe('new variants', () => {
  test('names should become file names, never clashing with existing ones', () => {
    expect(slugify('Night Battle!')).toBe('night-battle');
    expect(slugify('1999 rules')).toBe('variant-1999-rules');
    expect(slugify('Ça va')).toBe('ca-va');
    const taken = new Set(['rulesets/g/variants/night.yaml']);
    expect(uniqueVariantPath('g', 'night', taken)).toBe('rulesets/g/variants/night-2.yaml');
  });

  test('a new variant should extend its base and load cleanly', () => {
    const base = 'rulesmith: 1\nid: my_game\nname: My Game\nplayers: { min: 1, max: 2 }\n';
    const path = 'rulesets/my-game/variants/short-game.yaml';
    const text = newVariantText('my-game', base, 'Short game', path);
    expect(text).toContain('extends: ../ruleset.yaml');
    expect(text).toContain('id: my_game_short_game');
    expect(text).toContain('name: "My Game – Short game"');
    const result = loadRuleset(path, createMemoryHost({ 'rulesets/my-game/ruleset.yaml': base, [path]: text }));
    expect(result.diagnostics).toEqual([]);
    expect(result.model?.lineage).toEqual(['rulesets/my-game/ruleset.yaml', path]);
  });
});
