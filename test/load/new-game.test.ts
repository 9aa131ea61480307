/** A template's files made a new game's (interpreter/load/new-game.ts): ids, names and modeline. */
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { adaptTemplate, gameId, gameTitle, templateIndex, templateNames, yamlText } from '../../interpreter/load/new-game.ts';

const ENTRY = '# yaml-language-server: $schema=../../../grammar/ruleset.schema.json\n# comment\nrulesmith: 1\nid: tpl\nname: Tpl game\ntables:\n  x:\n    id: tpl_inner\n    name: Tpl game table\n';
const VARIANT = '# yaml-language-server: $schema=../../../../grammar/ruleset.schema.json\nrulesmith: 1\nid: tpl_long\nname: "Tpl game – long"\nextends: ../ruleset.yaml\n';

describe('a new game from a template', () => {
  const template = templateNames(ENTRY, 'fallback');

  test('the template\'s own id and name are read from its entry file', () => {
    expect(template).toEqual({ id: 'tpl', name: 'Tpl game' });
    expect(templateNames('rulesmith: 1\n', 'folder')).toEqual({ id: 'folder', name: 'folder' });
  });

  test('top-level id and name take the new game\'s, nested ones and everything else stay', () => {
    const out = adaptTemplate(ENTRY, { template, id: 'raid', name: 'Night raid', schema: '../x.json' });
    expect(out).toBe('# yaml-language-server: $schema=../x.json\n# comment\nrulesmith: 1\nid: raid\nname: Night raid\ntables:\n  x:\n    id: tpl_inner\n    name: Tpl game table\n');
    const variant = adaptTemplate(VARIANT, { template, id: 'raid', name: 'Raid: 1805', schema: '../../x.json' });
    expect(parse(variant)).toMatchObject({ id: 'raid_long', name: 'Raid: 1805 – long' });
    expect(variant.split('\n')[0]).toBe('# yaml-language-server: $schema=../../x.json');
  });

  test('a name goes in plain when YAML reads it back the same, quoted otherwise', () => {
    for (const name of ['Night raid', 'Raid: 1805', 'yes', 'No', '#1 game', 'A "quoted" game', 'Ends with space ', 'Élan', "It's", 'a [b]', 'back\\slash']) {
      expect(parse(`name: ${yamlText(name)}`), name).toEqual({ name });
    }
    expect(yamlText('Night raid')).toBe('Night raid');
    expect(yamlText('yes')).toBe('"yes"');
  });

  test('ids and titles from folder names', () => {
    expect(gameId('my-game')).toBe('my_game');
    expect(gameId('Élan Vital!')).toBe('elan_vital');
    expect(gameId('__x__')).toBe('x');
    expect(gameId('42')).toBeUndefined();
    expect(gameId('')).toBeUndefined();
    expect(gameTitle('my-first_game')).toBe('My first game');
  });
});

describe('the templates index', () => {
  test('lists templates in its order, with their descriptions, only those that exist, then the rest by name', () => {
    const text = '# comment\n- id: starter\n  description: A two-side game.\n- id: "hexes"\n  description: \'A hex game, it\'\'s small.\'\n- id: gone\n  description: Not shipped.\n';
    expect(templateIndex(text, ['zeta', 'hexes', 'starter', 'alpha'])).toEqual([
      { id: 'starter', description: 'A two-side game.' },
      { id: 'hexes', description: "A hex game, it's small." },
      { id: 'alpha', description: '' },
      { id: 'zeta', description: '' },
    ]);
    expect(templateIndex('', ['b', 'a']).map((t) => t.id)).toEqual(['a', 'b']);
  });
});
