import { describe, expect, test } from 'vitest';
import { expectDiagnostic, lines, load, only, summary } from './helpers.ts';

/** Load one entry file made of `body` lines after `rulesmith: 1` (so body line k is file line k + 1). */
function check(...body: string[]) {
  return load({ 'f.yaml': lines('rulesmith: 1', ...body) });
}

describe('schema check', () => {
  test('an unknown key should be reported at the key, with a did-you-mean fix', () => {
    const result = check('tabels:', '  t: {rows: {1: a}}');
    const d = expectDiagnostic(result, 'unknown-key', 'f.yaml:2:1-2:7');
    expect(d.hint).toBe('Did you mean `tables`?');
    expect(d.fix?.text).toBe('tables');
    expect(d.fix?.range).toEqual(d.range);
  });

  test('an unknown key deep inside an element should name where it is and list the allowed keys', () => {
    const result = check('tables:', '  t:', '    rows: {1: a}', '    zzzzzz: 1');
    const d = expectDiagnostic(result, 'unknown-key', 'f.yaml:5:5-5:11');
    expect(d.message).toBe('Unknown key `zzzzzz` in `tables.t`.');
    expect(d.hint).toContain('`roll`');
    expect(d.fix).toBeUndefined();
  });

  test('a value of the wrong type should be reported at the value', () => {
    const result = check('players: {min: two, max: 4}');
    const d = only(result, 'schema-type');
    expect(summary([d])).toEqual(['f.yaml:2:16-2:19 schema-type']);
    expect(d.message).toBe('`players.min` should be a whole number, not the text "two".');
  });

  test('yes/no/on/off where a boolean belongs should say YAML 1.2 reads them as text, with the boolean as the fix', () => {
    const d = only(check(lines('pieces:', '  spy: { count: 1, hidden: yes }')), 'schema-type');
    expect(d.message).toBe('`pieces.spy.hidden` should be `true` or `false`, not the text "yes".');
    expect(d.hint).toBe('`yes` is text in the YAML rulesets are read with (YAML 1.2); write `true`.');
    expect(d.fix?.text).toBe('true');
    expect(only(check(lines('pieces:', '  spy: { count: 1, hidden: Off }')), 'schema-type').fix?.text).toBe('false');
    // Other text keeps the general hint.
    expect(only(check(lines('pieces:', '  spy: { count: 1, hidden: maybe }')), 'schema-type').fix).toBeUndefined();
  });

  test('a missing required key should be reported at the key of its parent', () => {
    const result = check('tables:', '  t:', '    roll: 1d6');
    const d = expectDiagnostic(result, 'schema-required', 'f.yaml:3:3-3:4');
    expect(d.message).toBe('`tables.t` is missing `rows`.');
    expect(d.hint).toContain('Add `rows:`');
  });

  test('a field outdented to the level of its collection\'s entries should say so, on it and on the entry that lacks it', () => {
    const result = check('procedures:', '  eliminate:', '    params: [u]', '  do: |', '    log "gone"');
    const lacking = only(result, 'schema-required');
    expect(lacking.message).toBe('`procedures.eliminate` is missing `do`.');
    expect(lacking.hint).toBe('The `do:` below is at the level of the entries of `procedures`, so it is read as an entry of its own: indent it under `eliminate:`.');
    const d = only(result, 'schema-type');
    expect(d.message).toBe('`do:` is at the level of the entries of `procedures`, so it is read as an entry named `do`, not as the `do` of `eliminate`.');
    expect(d.hint).toBe('Indent it under `eliminate:`, as far as that entry\'s other keys.');
  });

  test("a table's `results:` outdented to the level of the tables should say so, on it and on its codes", () => {
    // A CI walk: schema-required and two unknown keys, with no word of indentation.
    const result = check('tables:', '  jam:', '    roll: 1d6', '    rows: { 1-5: working, 6: jammed }', '  results:', '    working: { name: No jam }', '    jammed: { name: Jammed }');
    const entry = only(result, 'schema-required');
    expect(entry.message).toBe('`results:` is at the level of the entries of `tables`, so it is read as an entry named `results`, not as the `results` of `jam`.');
    expect(entry.hint).toBe('Indent it under `jam:`, as far as that entry\'s other keys.');
    const codes = result.diagnostics.filter((d) => d.code === 'unknown-key');
    expect(codes.map((d) => d.hint)).toEqual(Array(2).fill('This is inside `results:`, which is at the level of the entries of `tables`: indent `results:` and its lines under `jam:`.'));
  });

  test('a missing key in a list item should be reported at the first line of the item', () => {
    const result = check('flow:', '  phases:', '    - do: stop');
    expectDiagnostic(result, 'schema-required', 'f.yaml:4:7-4:15');
  });

  test('a value outside an enum should list the allowed values and suggest the closest', () => {
    const result = check('options:', '  o: {type: boolen, default: true}');
    const d = expectDiagnostic(result, 'schema-enum', 'f.yaml:3:13-3:19');
    expect(d.message).toContain('`boolean`, `number`, `choice`');
    expect(d.fix?.text).toBe('boolean');
  });

  test('a wrong format version should be reported as an enum problem', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 2') });
    const d = expectDiagnostic(result, 'schema-enum', 'f.yaml:1:12-1:13');
    expect(d.message).toContain('must be `1`');
  });

  test('an element id that is not snake_case should be reported at the key as invalid-id with a fix', () => {
    const result = check('tables:', '  Combat Results:', '    rows: {1: a}');
    const d = only(result, 'invalid-id');
    expect(summary([d])).toEqual(['f.yaml:3:3-3:17 invalid-id']);
    expect(d.fix?.text).toBe('combat_results');
  });

  test('an id value that is not snake_case should be reported at the value', () => {
    const result = check('pieces:', '  p: {count: 1, side: Blue}');
    expectDiagnostic(result, 'invalid-id', 'f.yaml:3:23-3:27');
  });

  test('other constraints should be reported as schema-invalid in plain words', () => {
    const result = check('dice:', '  odd: {faces: []}');
    const d = only(result, 'schema-invalid');
    expect(d.message).toBe('`dice.odd.faces` needs at least 1 item.');
  });

  test('a link in short form should accept two or three ids and reject more', () => {
    expect(summary(check('map:', '  links:', '    - [a, b]', '    - [a, b, road]').diagnostics)).toEqual([]);
    expectDiagnostic(check('map:', '  links:', '    - [a, b, c, d]'), 'schema-invalid', 'f.yaml:4:7-4:19');
  });

  test('a scalar where a mapping belongs should be reported once, at the value', () => {
    const result = check('tables: 3');
    expect(summary(result.diagnostics)).toEqual(['f.yaml:2:9-2:10 schema-type']);
  });

  test('an action param may be an expression or a mapping of options and prompt; a mapping without options should say it needs them', () => {
    const action = (...params: string[]) => check('actions:', '  a:', '    params:', ...params.map((p) => `      ${p}`), '    do: log "x"');
    expect(summary(action('n: 1..3', 'm: { options: "[1, 2]", prompt: "Which, {n}?" }').diagnostics)).toEqual([]);
    const d = expectDiagnostic(action('n: { prompt: "How many?" }'), 'schema-required', 'f.yaml:5:7-5:8');
    expect(d.message).toBe('`actions.a.params.n` is missing `options`.');
    expect(d.hint).toContain('a param written as a mapping must have it beside its `prompt`');
    expect(only(action('n: { options: 1..3, ask: Which? }'), 'unknown-key').hint).toBe('Keys allowed here: `options`, `prompt`.');
    expect(only(action('n: [1, 2]'), 'schema-type').message).toContain('or a mapping');
  });

  test('hundreds of problems should be cut to a readable number with a summary', () => {
    const body = Array.from({ length: 300 }, (_, i) => `key${i}: 1`);
    const result = check(...body);
    expect(result.diagnostics.filter((d) => d.code === 'unknown-key')).toHaveLength(100);
    expect(only(result, 'too-many-problems').severity).toBe('warning');
  });
});
