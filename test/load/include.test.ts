import { describe, expect, test } from 'vitest';
import { at, expectDiagnostic, expectNoIssues, lines, load, only, within } from './helpers.ts';

const ENTRY = lines(
  'rulesmith: 1', //                     1
  'name: Game', //                       2
  'include: [tables.yaml, map.yaml]', // 3
  'tables:', //                          4
  '  own:', //                           5
  '    rows: {1: a}', //                 6
  'map:', //                             7
  '  areas:', //                         8
  '    north: {name: North}', //         9
);

const TABLES = lines(
  'description: Tables of the game', //  1
  'tables:', //                          2
  '  hits:', //                          3
  '    roll: 1d6', //                    4
  '    rows:', //                        5
  '      1-3: miss', //                  6
  '      4-6: |', //                     7
  '        log "hit"', //                8
);

const MAP = lines(
  'map:', //                             1
  '  areas:', //                         2
  '    south: {name: South}', //         3
  '  links:', //                         4
  '    - [north, south]', //             5
);

describe('loadRuleset (include)', () => {
  test('fragments should merge into the sections of the including file', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': ENTRY, 'g/tables.yaml': TABLES, 'g/map.yaml': MAP }));
    expect(Object.keys(model.data.tables ?? {})).toEqual(['own', 'hits']);
    expect(Object.keys(model.data.map?.areas ?? {})).toEqual(['north', 'south']);
    expect(model.data.map?.links).toEqual([['north', 'south']]);
    expect(model.data.description).toBeUndefined();
    expect([...model.files.keys()]).toEqual(['g/ruleset.yaml', 'g/tables.yaml', 'g/map.yaml']);
  });

  test('merged values should keep positions in the file that wrote them', () => {
    const model = expectNoIssues(load({ 'g/ruleset.yaml': ENTRY, 'g/tables.yaml': TABLES, 'g/map.yaml': MAP }));
    expect(at(model, ['tables', 'own'], true)).toBe('g/ruleset.yaml:5:3-5:6');
    expect(at(model, ['tables', 'hits'], true)).toBe('g/tables.yaml:3:3-3:7');
    expect(at(model, ['tables', 'hits', 'rows', '1-3'])).toBe('g/tables.yaml:6:12-6:16');
    expect(at(model, ['map', 'areas', 'south', 'name'])).toBe('g/map.yaml:3:19-3:24');
    expect(at(model, ['map', 'links', 0, 1])).toBe('g/map.yaml:5:15-5:20');
    expect(within(model, ['tables', 'hits', 'rows', '4-6'], 4, 9)).toBe('g/tables.yaml:8:13-8:18');
  });

  test('an id defined twice should be reported at the second, naming the first', () => {
    const dup = lines('tables:', '  own:', '    rows: {1: b}');
    const result = load({ 'g/ruleset.yaml': ENTRY.replace('map.yaml]', 'map.yaml, dup.yaml]'), 'g/tables.yaml': TABLES, 'g/map.yaml': MAP, 'g/dup.yaml': dup });
    const d = expectDiagnostic(result, 'duplicate-id', 'g/dup.yaml:2:3-2:6');
    expect(d.message).toContain('g/ruleset.yaml line 5');
    expect(result.model?.data.tables?.own?.rows).toEqual({ 1: 'a' });
  });

  test('phases with the same id in two files should be reported as a duplicate id', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml]', 'flow:', '  phases:', '    - id: one', '      do: stop');
    const b = lines('flow:', '  phases:', '    - id: two', '      do: stop', '    - id: one', '      do: stop');
    const result = load({ 'a.yaml': a, 'b.yaml': b });
    expectDiagnostic(result, 'duplicate-id', 'b.yaml:5:11-5:14');
    expect(result.model?.data.flow?.phases.map((p) => p.id)).toEqual(['one', 'two']);
  });

  test('a plain value set in two files should be an include conflict', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml]', 'players: {min: 1, max: 2}');
    const b = lines('players:', '  max: 4');
    const d = expectDiagnostic(load({ 'a.yaml': a, 'b.yaml': b }), 'include-conflict', 'b.yaml:2:3-2:6');
    expect(d.message).toContain('a.yaml line 3');
  });

  test('a missing include should be reported at the include entry', () => {
    const result = load({ 'g/ruleset.yaml': ENTRY, 'g/tables.yaml': TABLES });
    const d = expectDiagnostic(result, 'include-not-found', 'g/ruleset.yaml:3:24-3:32');
    expect(d.message).toContain('g/map.yaml');
    expect(result.model).toBeDefined();
  });

  test('a misspelt include should suggest the close file name, as a fix', () => {
    const entry = ENTRY.replace('tables.yaml', 'tabels.yaml');
    const d = expectDiagnostic(load({ 'g/ruleset.yaml': entry, 'g/tables.yaml': TABLES, 'g/map.yaml': MAP }), 'include-not-found', 'g/ruleset.yaml:3:11-3:22');
    expect(d.message).toBe('The included file g/tabels.yaml does not exist. Did you mean `tables.yaml`?');
    expect(d.hint).toContain('Replace it with `tables.yaml`');
    expect(d.fix?.text).toBe('tables.yaml');
  });

  test('a misspelt folder and file should both be corrected; nothing close, no suggestion', () => {
    const entry = lines('rulesmith: 1', 'include: [prt/tabels.yaml, zzz/qqq.yaml]');
    const result = load({ 'g/ruleset.yaml': entry, 'g/part/tables.yaml': TABLES });
    const [first, second] = result.diagnostics.filter((d) => d.code === 'include-not-found');
    expect(first?.fix?.text).toBe('part/tables.yaml');
    expect(second?.message).toBe('The included file g/zzz/qqq.yaml does not exist.');
    expect(second?.fix).toBeUndefined();
  });

  test('a suggestion should never name, or list, a file outside the ruleset root', () => {
    // `../secret.yaml` is outside the root g/: a typo of it gets no "did you mean", not even the file's name.
    const entry = lines('rulesmith: 1', 'include: [../secrte.yaml]');
    const result = load({ 'g/ruleset.yaml': entry, 'secret.yaml': 'name: x' });
    expect(JSON.stringify(result.diagnostics)).not.toContain('secret');
  });

  test('an include cycle should be reported at the include that closes it', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml]');
    const b = lines('include: [a.yaml]', 'name: b');
    const d = only(load({ 'a.yaml': a, 'b.yaml': b }), 'include-cycle');
    expect(`${d.file}:${d.range.start.line}:${d.range.start.column}`).toBe('b.yaml:1:11');
    expect(d.message).toContain('a.yaml → b.yaml → a.yaml');
  });

  test('a file included twice should be reported once and merged once', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml, c.yaml]');
    const b = lines('include: [c.yaml]');
    const c = lines('tables:', '  t: {rows: {1: x}}');
    const result = load({ 'a.yaml': a, 'b.yaml': b, 'c.yaml': c });
    expectDiagnostic(result, 'include-repeated', 'a.yaml:2:19-2:25');
    expect(result.diagnostics.filter((d) => d.code === 'duplicate-id')).toEqual([]);
  });

  test('variant keys in an included file should be reported as misplaced', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml]');
    const b = lines('extends: other.yaml', 'remove: [tables.x]');
    const result = load({ 'a.yaml': a, 'b.yaml': b });
    expectDiagnostic(result, 'misplaced-key', 'b.yaml:1:1-1:8');
    expectDiagnostic(result, 'misplaced-key', 'b.yaml:2:1-2:7');
  });

  test('an included file should not need rulesmith: 1, but schema errors in it should be positioned in it', () => {
    const a = lines('rulesmith: 1', 'include: [b.yaml]');
    const b = lines('tables:', '  hits:', '    rolls: 1d6', '    rows: {1: x}');
    const result = load({ 'a.yaml': a, 'b.yaml': b });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['unknown-key']);
    expectDiagnostic(result, 'unknown-key', 'b.yaml:3:5-3:10');
  });
});
