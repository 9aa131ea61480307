import { describe, expect, test } from 'vitest';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { expectDiagnostic, lines, load, only, span } from './helpers.ts';

describe('loadRuleset (YAML and files)', () => {
  test('a duplicate key should be reported at the second key and the first value kept', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'name: first', 'name: second') });
    const d = expectDiagnostic(result, 'yaml-duplicate-key', 'f.yaml:3:1-3:5');
    expect(d.message).toContain('line 2');
    expect(result.model?.data.name).toBe('first');
  });

  test('a second YAML document should be reported at its marker', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', '---', 'name: b') });
    expectDiagnostic(result, 'yaml-multiple-documents', 'f.yaml:2:1-2:4');
  });

  test('a key that is a list should be reported as a complex key and skipped', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', '? [a, b]', ': c') });
    expectDiagnostic(result, 'yaml-complex-key', 'f.yaml:2:3-2:4');
    expect(Object.keys(result.model?.data ?? {})).toEqual(['rulesmith']);
  });

  test('an unknown tag should be a warning, and the value still text', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'name: !fancy Title') });
    const d = only(result, 'yaml-warning');
    expect(d.severity).toBe('warning');
    expect(span(d.range)).toBe('2:7-2:13');
    expect(result.model?.data.name).toBe('Title');
  });

  test('an unclosed [ should be reported at the bracket, with a hint about closing it', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'tables:', '  crt:', '    cols: [1, 2, 3', '    rows: x', 'name: y') });
    const d = only(result, 'yaml-syntax');
    expect(span(d.range)).toBe('4:11-4:12');
    expect(d.message).toContain('`[` is never closed');
    expect(d.hint).toContain('`]`');
    expect(d.hint).not.toMatch(/line up/);
  });

  test('an unclosed { inside an unclosed [ should give one diagnostic at each bracket', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'a: [1, {b: 2', 'c: 3') });
    const found = result.diagnostics.filter((d) => d.code === 'yaml-syntax').map((d) => `${span(d.range)} ${d.hint?.split(';')[0]}`);
    expect(found).toEqual(['2:4-2:5 End the list with `]`', '2:8-2:9 End the mapping with `}`']);
  });

  test('a one-line script holding `: ` should say to quote it or write it as a block, not blame a key', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'victory:', '  do: end game with { winner: none }') });
    const d = only(result, 'yaml-syntax');
    expect(span(d.range)).toBe('3:7-3:8');
    expect(d.hint).toContain('Quote the value, or write it as a block: `do: |`');
    // A key that really runs over two lines keeps its own hint.
    const key = only(load({ 'f.yaml': lines('rulesmith: 1', '"name', 'x": y') }), 'yaml-syntax');
    expect(key.hint).not.toContain('as a block');
  });

  test('a `--` comment holding `: ` on a plain YAML line should say the comment is part of the value', () => {
    // A euro designer's walk: `when: player.workers >= 2     -- meant: only players with 2 workers …`.
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'victory:', '  when: turn > 2   -- meant: after turn 2', '  do: end game') });
    const d = only(result, 'yaml-syntax');
    expect(d.hint).toMatch(/^The `: ` is in a `--` comment, but on a plain YAML line the comment is part of the value: write it as a YAML comment \(`#`\)/);
  });

  test('a bracket closed on a later, indented line should not be reported', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'a: [1, 2', '  , 3]') });
    expect(result.diagnostics.filter((d) => d.code === 'yaml-syntax')).toEqual([]);
  });

  test('an alias to an anchor that does not exist should be a syntax error', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'name: *nothing') });
    expect(result.diagnostics.map((d) => d.code)).toContain('yaml-syntax');
  });

  test('an entry without rulesmith: 1 should be reported on its first line', () => {
    expectDiagnostic(load({ 'f.yaml': lines('name: Game') }), 'missing-version', 'f.yaml:1:1-1:11');
  });

  test('a `do: |` block whose script is not indented should be one problem that says so, not a key on one line', () => {
    const found = load({ 'f.yaml': lines('rulesmith: 1', 'actions:', '  go:', '    do: |', '    x = 1', '      y = 2') }).diagnostics.filter((d) => d.code === 'yaml-syntax');
    expect(found.map((d) => [span(d.range), d.message, d.hint])).toEqual([
      ['5:5-5:10', 'YAML syntax error: the `do: |` block on line 4 is empty, so this line is read as a key.', "Indent the block's lines further than `do` (it starts at column 5; this line at column 5)."],
    ]);
  });

  test('a script line less indented than its `do: |` block should be said to leave the block, with both columns', () => {
    const found = load({ 'f.yaml': lines('rulesmith: 1', 'procedures:', '  eliminate:', '    params: [u]', '    do: |', '      u.side.lost += 1', '    remove u from game', '  other:', '    do: log "x"') }).diagnostics.filter((d) => d.code === 'yaml-syntax');
    expect(found.map((d) => [span(d.range), d.message, d.hint])).toEqual([
      ['7:5-7:23', 'YAML syntax error: this line is less indented than the `do:` block above it (line 5), so it leaves the block and is read as a key.', "Indent it as the block's other lines (column 7; it is at column 5)."],
    ]);
  });

  test('a script line left even of its `do:` key should be said to leave the block, once, not as two problems of keys', () => {
    const found = load({ 'f.yaml': lines('rulesmith: 1', 'flow:', '  phases:', '    - id: main', '      do: |', '        score += 1', '    let y = 2', '', '        end game with { winner: none }') }).diagnostics.filter((d) => d.code === 'yaml-syntax');
    expect(found.map((d) => [span(d.range), d.message, d.hint])).toEqual([
      ['7:5-7:14', 'YAML syntax error: this line is less indented than the `do:` block above it (line 5), so it leaves the block and is read as a key.', "Indent it as the block's other lines (column 9; it is at column 5)."],
    ]);
  });

  test('a key indented further than the one above should be said to be read as its value', () => {
    const found = load({ 'f.yaml': lines('rulesmith: 1', 'card:', '  text: Gain 2 money.', '    effect: side.money += 2') }).diagnostics.filter((d) => d.code === 'yaml-syntax');
    expect(found.map((d) => [span(d.range), d.message, d.hint])).toEqual([
      ['4:5-4:11', "YAML syntax error: `effect` is indented further than `text` on the line above, so YAML reads it as more of `text`'s value.", 'Line it up with `text` (column 3; it is at column 5).'],
    ]);
  });

  test('a key out of line with the one above should be marked on the key, with both columns', () => {
    const found = only(load({ 'f.yaml': lines('rulesmith: 1', 'card:', '    text: Gain', '  effect: x') }), 'yaml-syntax');
    expect(span(found.range)).toBe('4:3-4:9');
    expect(found.hint).toBe('This line starts at column 3, the line above at column 5: the keys of one mapping, and the items of one list, must line up.');
  });

  test('a file that its ruleset.yaml includes, validated on its own, should say so and name the ruleset to validate', () => {
    const files = { 'g/ruleset.yaml': lines('rulesmith: 1', 'include:', '  - cards.yaml'), 'g/cards.yaml': lines('decks: {}') };
    const found = only(load(files, 'g/cards.yaml'), 'missing-version');
    expect(found.message).toBe('g/cards.yaml is included by g/ruleset.yaml: it is checked as part of that ruleset, not on its own.');
    expect(found.hint).toContain('`rulesmith validate g/ruleset.yaml`');
    // A file no ruleset.yaml includes gets the plain message.
    expect(only(load({ ...files, 'g/other.yaml': lines('decks: {}') }, 'g/other.yaml'), 'missing-version').message).toBe('An entry or variant file must start with `rulesmith: 1`.');
  });

  test('an entry that does not exist should give file-not-found and no model', () => {
    const result = load({ 'other.yaml': 'rulesmith: 1\n' }, 'missing.yaml');
    expect(span(only(result, 'file-not-found').range)).toBe('1:1-1:1');
    expect(result.model).toBeUndefined();
  });

  test('a top level that is not a mapping should give schema-type and no model', () => {
    const result = load({ 'f.yaml': lines('- a', '- b') });
    expectDiagnostic(result, 'schema-type', 'f.yaml:1:1-1:4');
    expect(result.model).toBeUndefined();
  });

  test('reading more files than the limit should stop with too-many-files at the include', () => {
    const files = {
      'a.yaml': lines('rulesmith: 1', 'include: [b.yaml, c.yaml]'),
      'b.yaml': lines('name: b'),
      'c.yaml': lines('description: c'),
    };
    const result = load(files, 'a.yaml', { maxFiles: 2 });
    expectDiagnostic(result, 'too-many-files', 'a.yaml:2:19-2:25');
  });

  test('a host that fails should give internal-error instead of throwing', () => {
    const host = { ...createMemoryHost({ 'a.yaml': lines('rulesmith: 1', 'include: [b.yaml]') }), resolve: (): string => { throw new Error('boom'); } };
    let result;
    expect(() => (result = loadRuleset('a.yaml', host))).not.toThrow();
    expect(only(result as never, 'internal-error').message).toContain('boom');
  });

  test('a host that throws while reading should count as a missing file', () => {
    const host = { resolve: (_: string, rel: string) => rel, readFile: (): never => { throw new Error('EACCES'); } };
    expect(only(loadRuleset('a.yaml', host), 'file-not-found').file).toBe('a.yaml');
  });

  test('diagnostics should come back sorted by file and position', () => {
    const result = load({ 'f.yaml': lines('rulesmith: 1', 'zzz: 1', 'aaa: 2', 'name: [x]') });
    expect(result.diagnostics.map((d) => d.range.start.line)).toEqual([2, 3, 4]);
  });
});
