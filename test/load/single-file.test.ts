import { describe, expect, test } from 'vitest';
import { at, expectNoIssues, lines, load } from './helpers.ts';

const RULESET = lines(
  'rulesmith: 1', //                              1
  'name: Test game', //                           2
  'tables:', //                                   3
  '  hits:', //                                   4
  '    roll: 2d6', //                             5
  '    rows:', //                                 6
  '      2-3: none', //                           7
  '      16+: [a, "b", 3]', //                    8
  '      1.0: x', //                              9
  'flow:', //                                     10
  '  phases:', //                                 11
  '    - id: first', //                           12
  '      do: |', //                               13
  '        let x = 1', //                         14
  '        log "x is {x}"', //                    15
);

describe('loadRuleset (one file)', () => {
  test('a valid file should load without diagnostics into plain data', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(model.entry).toBe('g/ruleset.yaml');
    expect(model.lineage).toEqual(['g/ruleset.yaml']);
    expect(model.data.tables?.hits?.rows).toEqual({ '2-3': 'none', '16+': ['a', 'b', 3], '1.0': 'x' });
    expect(model.files.get('g/ruleset.yaml')?.text).toBe(RULESET);
  });

  test('a folder should stand for its ruleset.yaml', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }, 'g'));
    expect(model.entry).toBe('g/ruleset.yaml');
  });

  test('value ranges should be exact 1-based line:column with exclusive end', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(at(model, ['name'])).toBe('g/ruleset.yaml:2:7-2:16');
    expect(at(model, ['tables', 'hits', 'roll'])).toBe('g/ruleset.yaml:5:11-5:14');
    expect(at(model, ['tables', 'hits', 'rows', '16+'])).toBe('g/ruleset.yaml:8:12-8:23');
    expect(at(model, ['tables', 'hits', 'rows', '16+', 1])).toBe('g/ruleset.yaml:8:16-8:19');
    expect(at(model, ['flow', 'phases', 0, 'id'])).toBe('g/ruleset.yaml:12:11-12:16');
  });

  test('key ranges should cover the key as written', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(at(model, ['tables', 'hits'], true)).toBe('g/ruleset.yaml:4:3-4:7');
    expect(at(model, ['tables', 'hits', 'rows', '2-3'], true)).toBe('g/ruleset.yaml:7:7-7:10');
    expect(at(model, ['tables', 'hits', 'rows', '1.0'], true)).toBe('g/ruleset.yaml:9:7-9:10');
  });

  test('a block scalar range should end at its last character, not on the next line', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(at(model, ['flow', 'phases', 0, 'do'])).toBe('g/ruleset.yaml:13:11-15:23');
  });

  test('a path below any written value should fall back to the nearest written ancestor', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(at(model, ['tables', 'hits', 'columns', 3])).toBe(at(model, ['tables', 'hits']));
    expect(model.origin(['nothing', 'here'])?.file).toBe('g/ruleset.yaml');
  });

  test('a key with no value should load as null located at its key', () => {
    const model = expectNoIssues(load({ 'a.yaml': lines('rulesmith: 1', 'variables:', '  v:', '    type: any', '    initial:') }));
    expect(model.data.variables?.v?.initial).toBeNull();
    expect(at(model, ['variables', 'v', 'initial'], true)).toBe('a.yaml:5:5-5:12');
    expect(at(model, ['variables', 'v', 'initial'])).toBe('a.yaml:5:13-5:13');
  });

  test('loaded data should be frozen and prototype-free', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': RULESET }));
    expect(Object.isFrozen(model.data)).toBe(true);
    expect(Object.isFrozen(model.data.tables?.hits?.rows)).toBe(true);
    expect(Object.getPrototypeOf(model.data)).toBeNull();
    expect(Object.getPrototypeOf(model.data.tables)).toBeNull();
  });

  test('loading should leave loading keys (include, extends, remove, set) out of the data', () => {
    const model = expectNoIssues(load({ 'a.yaml': lines('rulesmith: 1', 'include: []') }));
    expect(Object.keys(model.data)).toEqual(['rulesmith']);
  });
});
