import { describe, expect, test } from 'vitest';
import { at, expectDiagnostic, expectNoIssues, lines, load, only, within } from './helpers.ts';

const BASE = lines(
  'rulesmith: 1', //               1
  'name: Base', //                 2
  'players: {min: 1, max: 2}', //  3
  'tables:', //                    4
  '  crt:', //                     5
  '    roll: 1d6', //              6
  '    rows:', //                  7
  '      1: [A, B]', //            8
  '      2..3: [C, D]', //         9
  '  night:', //                   10
  '    rows: {1: dark}', //        11
  'flow:', //                      12
  '  phases:', //                  13
  '    - id: day', //              14
  '      do: log "day"', //        15
  '    - id: night', //            16
  '      do: log "night"', //      17
);

const VARIANT = lines(
  'rulesmith: 1', //                     1
  'name: Variant', //                    2
  'extends: ../ruleset.yaml', //         3
  'players: {max: 4}', //                4
  'tables:', //                          5
  '  crt:', //                           6
  '    roll: 2d6', //                    7
  '    rows: {2: [X, Y]}', //            8
  '  extra:', //                         9
  '    rows: {1: e}', //                 10
  'flow:', //                            11
  '  phases:', //                        12
  '    - id: day', //                    13
  '      do: |', //                      14
  '        log "new day"', //            15
  'remove: [tables.night, flow.phases.night]', // 16
  'set:', //                             17
  '  "tables.extra.rows.2..3": f', //    18
);

const FILES = { 'g/ruleset.yaml': BASE, 'g/variants/v.yaml': VARIANT };

describe('loadRuleset (variant)', () => {
  test('a variant should load its base and record the lineage', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(model.entry).toBe('g/variants/v.yaml');
    expect(model.lineage).toEqual(['g/ruleset.yaml', 'g/variants/v.yaml']);
    expect(model.data.name).toBe('Variant');
  });

  test('an element with a base id should replace the base element whole, and new ids should be added', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(model.data.tables?.crt).toEqual({ roll: '2d6', rows: { 2: ['X', 'Y'] } });
    expect(Object.keys(model.data.tables ?? {})).toEqual(['crt', 'extra']);
  });

  test('sections that are not keyed by id should merge key by key', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(model.data.players).toEqual({ min: 1, max: 4 });
  });

  test('lists of elements with ids should merge by id, and remove should delete by id', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(model.data.flow?.phases.map((p) => [p.id, p.do])).toEqual([['day', 'log "new day"\n']]);
  });

  test('set should put a value at a new key whose label contains dots', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(model.data.tables?.extra?.rows).toEqual({ 1: 'e', '2..3': 'f' });
  });

  test('replaced, added and set values should point into the variant; untouched values into the base', () => {
    const model = expectNoIssues(load(FILES, 'g/variants/v.yaml'));
    expect(at(model, ['tables', 'crt', 'roll'])).toBe('g/variants/v.yaml:7:11-7:14');
    expect(at(model, ['tables', 'extra'], true)).toBe('g/variants/v.yaml:9:3-9:8');
    expect(at(model, ['players', 'max'])).toBe('g/variants/v.yaml:4:16-4:17');
    expect(at(model, ['players', 'min'])).toBe('g/ruleset.yaml:3:16-3:17');
    expect(at(model, ['tables', 'extra', 'rows', '2..3'])).toBe('g/variants/v.yaml:18:29-18:30');
    expect(at(model, ['tables', 'extra', 'rows', '2..3'], true)).toBe('g/variants/v.yaml:18:3-18:27');
    expect(within(model, ['flow', 'phases', 0, 'do'], 0, 3)).toBe('g/variants/v.yaml:15:9-15:12');
  });

  test('set should replace an existing value, including one inside a list found by id', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  tables.crt.rows.2..3: [E, F]', '  flow.phases.night.do: stop');
    const model = expectNoIssues(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml'));
    expect(model.data.tables?.crt?.rows).toEqual({ 1: ['A', 'B'], '2..3': ['E', 'F'] });
    expect(model.data.flow?.phases[1]?.do).toBe('stop');
    expect(at(model, ['flow', 'phases', 1, 'do'])).toBe('g/v.yaml:5:25-5:29');
    expect(at(model, ['flow', 'phases', 1, 'id'])).toBe('g/ruleset.yaml:16:11-16:16');
  });

  test('loading a variant should not change the base data or its positions', () => {
    const files = { ...FILES };
    const base = expectNoIssues(load(files, 'g'));
    const before = JSON.stringify(base.data);
    expectNoIssues(load(files, 'g/variants/v.yaml'));
    expect(JSON.stringify(base.data)).toBe(before);
    expect(Object.keys(base.data.tables ?? {})).toEqual(['crt', 'night']);
    expect(at(base, ['tables', 'crt', 'roll'])).toBe('g/ruleset.yaml:6:11-6:14');
  });

  test('an unknown remove path should be reported at the entry with a suggestion', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'remove: [tables.nihgt]');
    const d = only(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml'), 'patch-path-not-found');
    expect(`${d.file}:${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`).toBe('g/v.yaml:3:10-3:22');
    expect(d.fix?.text).toBe('tables.night');
  });

  test('a set path with an unknown parent should be reported at its key', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  "tables.nope.rows.1": x');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    expectDiagnostic(result, 'patch-path-not-found', 'g/v.yaml:4:3-4:23');
  });

  test('a path with no near name should list what the base has where it stops', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  "tables.qqqqqq.rows.1.x": x');
    const d = only(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml'), 'patch-path-not-found');
    expect(d.fix).toBeUndefined();
    expect(d.hint).toMatch(/^`tables` has `crt`, `night`\. Paths are dot-separated keys/);
  });

  test('a set path one key past a missing one should say to set that key whole (a hex the grid lists by default)', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  "tables.zzz.roll": 2d6');
    const d = only(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml'), 'patch-path-not-found');
    expect(d.hint).toBe('To add `zzz`, set it whole: `tables.zzz: { roll: … }`.');
  });

  test('a set that adds a key close to one the base has beside it should warn with the fix; a new key far from any should not', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  "tables.crt.rolll": 2d6', '  "tables.crt.name": Combat');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    const d = only(result, 'patch-adds-key');
    expect(d).toMatchObject({ severity: 'warning', message: '`tables.crt.rolll` adds `rolll`, which the base does not have; it has `roll`.' });
    expect(d.fix?.text).toBe('tables.crt.roll');
    expect(`${d.file}:${d.range.start.line}:${d.range.start.column}`).toBe('g/v.yaml:4:3');
  });

  test('a set that adds a row label beside numbered rows should not call it a slip of another number', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  tables.crt.rows.7: [A, B]', '  tables.crt.rows.4..5: [C, D]', '  tables.crt.rows.1x: [A, B]');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    const found = result.diagnostics.filter((d) => d.code === 'patch-adds-key');
    expect(found.map((d) => d.message)).toEqual(['`tables.crt.rows.1x` adds `1x`, which the base does not have; it has `1`.']);
  });

  test('a set that puts text where the base has a number should warn at the value; a number, or text for text, should not', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  players.max: four', '  players.min: 2', '  tables.night.rows.1: light');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    const d = only(result, 'set-changes-kind');
    expect(d).toMatchObject({ severity: 'warning', message: '`players.max` is a number in the base (2); this sets it to the text "four".' });
    expect(d.hint).toContain('`players.max: 2` is the base\'s');
    expect(`${d.file}:${d.range.start.line}:${d.range.start.column}`).toBe('g/v.yaml:4:16');
  });

  test('a quoted step of a set or remove path should be an error that says the quotes are part of the key, and change nothing', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'remove: [tables."night"]', 'set:', '  tables.crt.rows."1": [Z, Z]', '  "tables.crt.rows.\\"4\\"": [Y, Y]');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    const found = result.diagnostics.filter((d) => d.code === 'patch-quoted-key');
    expect(found.map((d) => [d.severity, d.message, d.fix?.text])).toEqual([
      ['error', '`tables."night"`: the quotes are part of the key, so the base has no `"night"` (it has `night`).', 'tables.night'],
      ['error', '`tables.crt.rows."1"`: the quotes are part of the key, so `"1"` would be a new row beside the base\'s `1`, which stays as it is.', 'tables.crt.rows.1'],
      ['error', '`tables.crt.rows."4"`: the quotes are part of the key, so `"4"` would be a new row, quotes and all.', 'tables.crt.rows.4'],
    ]);
    expect(found[1]!.hint).toBe('Write the path without them: `tables.crt.rows.1` (to quote it for YAML, quote the whole path: `"tables.crt.rows.1"`).');
    expect(`${found[1]!.file}:${found[1]!.range.start.line}:${found[1]!.range.start.column}`).toBe('g/v.yaml:5:3');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['patch-quoted-key', 'patch-quoted-key', 'patch-quoted-key']);
  });

  test('a section entry that leaves out keys or elements of the base entry it replaces should warn, with set: as the fix', () => {
    // Meant as "change row 1": replaces crt whole, dropping its roll.
    const partial = lines('rulesmith: 1', 'extends: ruleset.yaml', 'tables:', '  crt:', '    rows: {1: [Z, Z]}');
    const d = only(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': partial }, 'g/v.yaml'), 'variant-replaces-whole');
    expect(d).toMatchObject({ severity: 'warning', message: "`tables.crt` here replaces the base's whole `crt`, so its `roll` is gone." });
    expect(`${d.file}:${d.range.start.line}:${d.range.start.column}`).toBe('g/v.yaml:4:3');
    expect(d.hint).toContain('`set: { tables.crt.<key>: … }`');
    // A phase of a list by id that keeps its keys replaces on purpose; one that drops `do` does not.
    const phase = lines('rulesmith: 1', 'extends: ruleset.yaml', 'flow:', '  phases:', '    - id: day', '      name: Day');
    const p = only(load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': phase }, 'g/v.yaml'), 'variant-replaces-whole');
    expect(p.message).toBe("`flow.phases.day` here replaces the base's whole `day`, so its `do` is gone.");
  });

  test('an entry that loses elements of a list by id should count them', () => {
    const base = lines('rulesmith: 1', 'name: B', 'decks:', '  d:', '    cards:', '      - {id: a}', '      - {id: b}', '      - {id: c}');
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'decks:', '  d:', '    cards:', '      - {id: b, count: 2}');
    const d = only(load({ 'g/ruleset.yaml': base, 'g/v.yaml': variant }, 'g/v.yaml'), 'variant-replaces-whole');
    expect(d.message).toBe("`decks.d` here replaces the base's whole `d`, so 2 of its 3 `cards` (a, c) are gone.");
    expect(d.hint).toContain('`set: { decks.d.cards.b.<key>: … }`');
  });

  test('an entry that writes every key of the base entry should replace it with no warning', () => {
    expectNoIssues(load({ 'g/ruleset.yaml': BASE, 'g/variants/v.yaml': VARIANT }, 'g/variants/v.yaml'));
  });

  test('a value put by set should be checked against the schema at its position in the variant', () => {
    const variant = lines('rulesmith: 1', 'extends: ruleset.yaml', 'set:', '  tables.crt.roll: 6');
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': variant }, 'g/v.yaml');
    expectDiagnostic(result, 'schema-type', 'g/v.yaml:4:20-4:21');
  });

  test('a variant of a variant should apply both in order', () => {
    const second = lines('rulesmith: 1', 'extends: v.yaml', 'players: {min: 2}');
    const model = expectNoIssues(load({ ...FILES, 'g/variants/w.yaml': second }, 'g/variants/w.yaml'));
    expect(model.lineage).toEqual(['g/ruleset.yaml', 'g/variants/v.yaml', 'g/variants/w.yaml']);
    expect(model.data.players).toEqual({ min: 2, max: 4 });
  });

  test('extends naming a folder should load its ruleset.yaml', () => {
    const variant = lines('rulesmith: 1', 'extends: ..');
    const model = expectNoIssues(load({ 'g/ruleset.yaml': BASE, 'g/variants/x.yaml': variant }, 'g/variants/x.yaml'));
    expect(model.lineage).toEqual(['g/ruleset.yaml', 'g/variants/x.yaml']);
  });

  test('a missing base should be reported at the extends value', () => {
    const result = load({ 'g/v.yaml': lines('rulesmith: 1', 'extends: nothere.yaml') }, 'g/v.yaml');
    expectDiagnostic(result, 'extends-not-found', 'g/v.yaml:2:10-2:22');
    expect(result.model?.lineage).toEqual(['g/v.yaml']);
  });

  test('a misspelt base should suggest the ruleset it likely means', () => {
    const result = load({ 'r/dragut/ruleset.yaml': BASE, 'r/house.yaml': lines('rulesmith: 1', 'extends: dragt/rulset.yaml') }, 'r/house.yaml');
    const d = expectDiagnostic(result, 'extends-not-found', 'r/house.yaml:2:10-2:27');
    expect(d.message).toContain('Did you mean `dragut/ruleset.yaml`?');
    expect(d.fix?.text).toBe('dragut/ruleset.yaml');
  });

  test('a base named as from the ruleset folder should suggest the path from the variant (../ruleset.yaml)', () => {
    const result = load({ 'r/g/ruleset.yaml': BASE, 'r/g/variants/v.yaml': lines('rulesmith: 1', 'extends: ruleset.yaml') }, 'r/g/variants/v.yaml');
    const d = expectDiagnostic(result, 'extends-not-found', 'r/g/variants/v.yaml:2:10-2:22');
    expect(d.message).toBe('The base ruleset r/g/variants/ruleset.yaml does not exist. Did you mean `../ruleset.yaml`?');
    expect(d.fix?.text).toBe('../ruleset.yaml');
    // Never above the root: a variant in its own folder is not pointed at a file beside that folder.
    const outside = load({ 'r/ruleset.yaml': BASE, 'r/g/v.yaml': lines('rulesmith: 1', 'extends: ruleset.yaml') }, 'r/g/v.yaml');
    expect(only(outside, 'extends-not-found').fix).toBeUndefined();
  });

  test('a variant outside variants/ whose base is above its folder should be told to move there or to declare the ruleset folder as root', () => {
    const result = load({ 'r/g/ruleset.yaml': BASE, 'r/g/house/v.yaml': lines('rulesmith: 1', 'extends: ../ruleset.yaml') }, 'r/g/house/v.yaml');
    const d = expectDiagnostic(result, 'include-outside-root', 'r/g/house/v.yaml:2:10-2:25');
    expect(d.message).toBe("`../ruleset.yaml` leads outside this variant's folder (r/g/house), the one folder rulesmith reads it from: only a variant in a ruleset's `variants/` folder may reach its ruleset's folder.");
    expect(d.hint).toBe("To extend r/g/ruleset.yaml, move it to `r/g/variants/` (a variant there reads its base from the ruleset's folder), or declare a root that holds both: `rulesmith validate --root r/g`.");
    expect(load({ 'r/g/ruleset.yaml': BASE, 'r/g/house/v.yaml': lines('rulesmith: 1', 'extends: ../ruleset.yaml') }, 'r/g/house/v.yaml', { root: 'r/g' }).diagnostics).toEqual([]);
    // A file that is no ruleset keeps the general hint: the root is not widened for it.
    const other = only(load({ 'r/g/house/v.yaml': lines('rulesmith: 1', 'extends: ../tokens.yaml') }, 'r/g/house/v.yaml'), 'include-outside-root');
    expect(other.hint).toContain('`rulesmith validate --root <folder>`');
  });

  test('an extends cycle should be reported and loading should stop', () => {
    const a = lines('rulesmith: 1', 'extends: b.yaml');
    const b = lines('rulesmith: 1', 'extends: a.yaml');
    const d = only(load({ 'a.yaml': a, 'b.yaml': b }, 'a.yaml'), 'extends-cycle');
    expect(`${d.file}:${d.range.start.line}`).toBe('b.yaml:2');
    expect(d.message).toContain('a.yaml → b.yaml → a.yaml');
  });

  test('a variant without rulesmith: 1 should be reported', () => {
    const result = load({ 'g/ruleset.yaml': BASE, 'g/v.yaml': lines('extends: ruleset.yaml') }, 'g/v.yaml');
    expectDiagnostic(result, 'missing-version', 'g/v.yaml:1:1-1:22');
  });
});
