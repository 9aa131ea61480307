import { describe, expect, test } from 'vitest';
import { monarchLanguage, rulesetSchema, type MonarchLanguage } from '../../grammar/index.ts';
import { rulesmithYaml } from '../../editor/language/rulesmith-monarch.ts';
import { cursorContext, scriptKeys, scriptMapKeys } from '../../interpreter/language/index.ts';

const KEYS = new Set(scriptKeys(rulesetSchema));
const MAPS = new Set(scriptMapKeys(rulesetSchema));

describe('script keys from the schema', () => {
  test('script and expression properties should be found, data properties not', () => {
    for (const key of ['do', 'when', 'until', 'effect', 'cost', 'points']) expect(KEYS.has(key), key).toBe(true);
    for (const key of ['name', 'rows', 'roll', 'props']) expect(KEYS.has(key), key).toBe(false);
  });
});

describe('cursor context', () => {
  const lines = ['procedures:', '  raid:', '    do: |', '      let x = 1', '', '    name: Raid', 'when: roll > 3', 'side: '];
  test('lines of a `do: |` block should be script, keys and other values not', () => {
    expect(cursorContext(lines, 4, 12, KEYS)).toBe('script');
    expect(cursorContext(lines, 5, 7, KEYS)).toBe('script');
    expect(cursorContext(lines, 5, 3, KEYS)).toBe('key');
    expect(cursorContext(lines, 6, 6, KEYS)).toBe('key');
    expect(cursorContext(lines, 6, 12, KEYS)).toBe('value');
    expect(cursorContext(lines, 7, 12, KEYS)).toBe('script');
    expect(cursorContext(lines, 8, 7, KEYS)).toBe('value');
  });
});

describe('maps whose values are scripts', () => {
  test("an action's params and a heuristic's per-side scores are found from the schema", () => {
    expect([...MAPS]).toEqual(['params', 'sides']);
  });

  test('an inline value under such a map is a script; its mapping form and other keys not', () => {
    const lines = ['actions:', '  march:', '    params:', '      unit: select u in pieces', '      target: { options: neighbours(unit.area) }', '      dest:', '        options: neighbours(unit.area)', '        prompt: Where', 'procedures:', '  camp:', '    params:', '      - s'];
    expect(cursorContext(lines, 4, 20, KEYS, MAPS)).toBe('script');
    expect(cursorContext(lines, 4, 20, KEYS)).toBe('value');
    expect(cursorContext(lines, 4, 8, KEYS, MAPS)).toBe('key');
    expect(cursorContext(lines, 5, 22, KEYS, MAPS)).toBe('value');
    expect(cursorContext(lines, 7, 22, KEYS, MAPS)).toBe('script');
    expect(cursorContext(lines, 8, 18, KEYS, MAPS)).toBe('value');
  });
});

describe('the ruleset Monarch language', () => {
  // A stand-in for Monaco's YAML tokenizer: the parts the builder rewrites.
  const yaml: MonarchLanguage = {
    tokenPostfix: '.yaml',
    keywords: ['true', 'false'],
    brackets: [{ open: '{', close: '}', token: 'delimiter.bracket' }],
    tokenizer: {
      root: [[/\w+/, 'string']],
      multiString: [[/^( +).+$/, 'string', '@multiStringContinued.$1']],
      multiStringContinued: [[/^( *).+$/, { cases: { '$1==$S2': 'string', '@default': { token: '@rematch', next: '@popall' } } }]],
    },
  };
  const lang = rulesmithYaml(yaml, monarchLanguage, [...KEYS]);

  test('the rules language should come in under its own prefix, its references renamed', () => {
    expect(lang['rs_keywords']).toEqual(monarchLanguage['keywords']);
    expect(lang['keywords']).toEqual(['true', 'false']);
    const text = JSON.stringify(lang.tokenizer['rs_root'], (_k, v: unknown) => (v instanceof RegExp ? v.source : v));
    expect(text).toContain('@rs_keywords');
    expect(text).toContain('@rs_string');
    expect(text).not.toMatch(/"@keywords"|"@string"/);
    expect(text).toContain('keyword.rs');
    expect(lang.tokenizer['rs_interpolation']?.some((r) => JSON.stringify(r).includes('rs_root'))).toBe(true);
  });

  test('a map of scripts should push a state whose keys\' values are scripts, and nested mappings plain YAML', () => {
    const withMaps = rulesmithYaml(yaml, monarchLanguage, [...KEYS], [...MAPS]);
    const root = withMaps.tokenizer['root']!;
    const push = root.find((r) => JSON.stringify(r).includes('@rs_map.$1'));
    expect(push && Array.isArray(push) && push[0] instanceof RegExp && push[0].source).toContain('params|sides');
    const map = JSON.stringify(withMaps.tokenizer['rs_map']);
    for (const next of ['@pop', '@rs_block.$1', '@rs_line', '@rs_nested.$1']) expect(map).toContain(next);
    expect(JSON.stringify(withMaps.tokenizer['rs_nested'])).toContain('@root');
    // Without maps, none of it.
    expect(lang.tokenizer['root']!.some((r) => JSON.stringify(r).includes('@rs_map'))).toBe(false);
  });

  test('script keys, free-data keys and block scalars should get their states', () => {
    const root = lang.tokenizer['root']!;
    const sources = root.map((r) => (Array.isArray(r) && r[0] instanceof RegExp ? r[0].source : ''));
    expect(sources[0]).toContain('|do|');
    expect(JSON.stringify(root[0])).toContain('@rs_block.$1');
    expect(JSON.stringify(root[1])).toContain('@rs_line');
    expect(sources[2]).toContain('rows|props');
    expect(lang.tokenizer['rs_yaml']).toEqual(yaml.tokenizer['root']);
    expect(JSON.stringify(lang.tokenizer['multiString'])).toContain('"switchTo":"@multiStringContinued.$1"');
    expect(JSON.stringify(lang.tokenizer['multiStringContinued'])).not.toContain('@popall');
    // The input is not changed.
    expect(JSON.stringify(yaml.tokenizer['multiStringContinued'])).toContain('@popall');
  });
});
