import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate } from '../../editor/validator/validate.ts';
import { mergeFindings } from '../../editor/validator/merge-findings.ts';
import type { Diagnostic, PartialValidateResponse } from '../../editor/validator/protocol.ts';
import { ROOT, shippedGame } from './helpers.ts';

const CRT = 'rulesets/battle-of-seattle/tables-combat.yaml';

describe('validate (the worker job)', () => {
  test('a shipped game should load, with its tables, symbols and no diff for the base', () => {
    const files = shippedGame('battle-of-seattle');
    const entry = 'rulesets/battle-of-seattle/ruleset.yaml';
    const result = validate({ seq: 7, files, entries: [entry], active: entry });
    expect(result.seq).toBe(7);
    const crt = result.active?.tables.find((t) => t.id === 'crt');
    expect(crt).toMatchObject({ roll: '1d6', columnKind: 'bands', totalWeight: 6 });
    expect(crt?.columns).toEqual(['1', '2-3', '4-6', '7-10', '11-15', '16+']);
    expect(crt?.rows.map((r) => r.weight)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(crt?.rows[5]?.cells[0]).toMatchObject({ text: 'VM', location: { file: CRT } });
    expect(crt?.results?.['VM']).toBe('Morale Check');
    const symbol = result.active?.symbols.find((s) => s.name === 'crt');
    expect(symbol).toMatchObject({ kind: 'table', title: 'Combat Results Table', location: { file: CRT } });
    expect(result.active?.symbols.some((s) => s.kind === 'function' && s.name === 'ceil')).toBe(true);
    expect(result.active?.diff).toBeUndefined();
  });

  test("the active ruleset should come with where its scripts use its names, as the checker finds them (find-references)", () => {
    const files = shippedGame('battle-of-seattle');
    const entry = 'rulesets/battle-of-seattle/ruleset.yaml';
    const uses = (validate({ seq: 1, files, entries: [entry], active: entry }).active?.references ?? []).filter((r) => r.name === 'crt');
    expect(uses.map((u) => u.file)).toEqual(['rulesets/battle-of-seattle/procedures-combat.yaml', 'rulesets/battle-of-seattle/procedures-combat.yaml', CRT, CRT, CRT]);
    for (const u of uses) expect(files[u.file]!.split('\n')[u.range.start.line - 1]!.slice(u.range.start.column - 1, u.range.end.column - 1)).toBe('crt');
    // A ruleset that does not load cleanly is not checked: no uses, rather than stale ones.
    const broken = { ...files, [entry]: `${files[entry]!}\n  bad: [` };
    expect(validate({ seq: 2, files: broken, entries: [entry], active: entry }).active?.references).toEqual([]);
  });

  test("the questions the rules keep (odds:) should come with the tables, in the order written, each with where it is written", () => {
    const files = shippedGame('battle-of-seattle');
    const entry = 'rulesets/battle-of-seattle/ruleset.yaml';
    const questions = validate({ seq: 1, files, entries: [entry], active: entry }).active?.questions ?? [];
    expect(questions.map((q) => q.id)).toEqual(['attack_at_3', 'attack_at_8', 'removal_at_8']);
    const line = files[CRT]!.split('\n').findIndex((l) => l === '  removal_at_8:') + 1;
    expect(questions[2]).toMatchObject({ expression: 'crt[1d6, 8] in ["A", "X"]', name: 'An attack of strength 8 takes the targets off the map', source: expect.stringContaining('[T-CRT]'), location: { file: CRT, range: { start: { line } } } });
    // A game that keeps none has an empty list, not a missing one.
    const dragut = 'rulesets/dragut/ruleset.yaml';
    expect(validate({ seq: 2, files: shippedGame('dragut'), entries: [dragut], active: dragut }).active?.questions).toEqual([]);
  });

  test('an unknown result code should be reported at its cell, with the did-you-mean fix', () => {
    const files = shippedGame('battle-of-seattle');
    files[CRT] = files[CRT]!.replace('"6": [VM, A, A, X, X, X]', '"6": [MV, A, A, X, X, X]');
    const line = files[CRT]!.split('\n').findIndex((l) => l.includes('[MV,')) + 1;
    const entry = 'rulesets/battle-of-seattle/ruleset.yaml';
    const found = validate({ seq: 1, files, entries: [entry], active: entry }).diagnostics.filter((d) => d.code === 'unknown-result-code');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: CRT, range: { start: { line } }, fix: { text: 'VM' } });
  });

  test("the active entry's findings should go out before the variants are checked; the full answer keeps each entry's", () => {
    const files = shippedGame('battle-of-seattle');
    files[CRT] = files[CRT]!.replace('"6": [VM, A, A, X, X, X]', '"6": [MV, A, A, X, X, X]');
    const base = 'rulesets/battle-of-seattle/ruleset.yaml';
    const variant = 'rulesets/battle-of-seattle/variants/test.yaml';
    files[variant] = ['rulesmith: 1', 'id: bos_test', 'extends: ../ruleset.yaml', 'set:', '  tables.crt.rows.1: [A, A, Q, X, X, X]', ''].join('\n');
    const partials: PartialValidateResponse[] = [];
    const entries = [base, variant];
    const result = validate({ seq: 3, files, entries, active: variant }, (p) => partials.push(p));
    // One partial, for the active entry (the variant, checked first), before the base.
    expect(partials.map((p) => [p.seq, p.entry])).toEqual([[3, variant]]);
    const codes = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.code} ${d.file.split('/').pop()}`).sort();
    expect(codes(partials[0]!.diagnostics)).toEqual(codes(result.byEntry[variant]!));
    expect(codes(result.byEntry[base]!)).toEqual(['unknown-result-code tables-combat.yaml']);
    // The variant loads the base again: its findings include the base's, reported once in the union.
    expect(codes(result.byEntry[variant]!)).toEqual(expect.arrayContaining(['unknown-result-code tables-combat.yaml', 'unknown-result-code test.yaml']));
    expect(result.diagnostics).toEqual(mergeFindings(entries, result.byEntry));
    expect(result.diagnostics.filter((d) => d.code === 'unknown-result-code')).toHaveLength(2);
    // One entry: nothing to send ahead.
    const alone: PartialValidateResponse[] = [];
    validate({ seq: 4, files, entries: [base], active: base }, (p) => alone.push(p));
    expect(alone).toEqual([]);
  });

  test('a variant should be diffed against the ruleset it extends, element by element', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/test.yaml';
    files[variant] = [
      'rulesmith: 1',
      'id: bos_test',
      'extends: ../ruleset.yaml',
      'remove: [tables.barricade_building]',
      'set:',
      '  tables.crt.rows.6: [VM, A, A, X, X, N]',
      'tracks:',
      '  exposure_authority: { name: Authority Exposure, initial: 20, min: 0 }',
      '',
    ].join('\n');
    const entries = ['rulesets/battle-of-seattle/ruleset.yaml', variant];
    const result = validate({ seq: 1, files, entries, active: variant });
    const changes = result.active?.diff?.changes ?? [];
    const byId = Object.fromEntries(changes.map((c) => [`${c.section}.${c.id}`, c]));
    expect(byId['tables.crt']).toMatchObject({ status: 'changed', how: ['set'], paths: ['tables.crt.rows.6'] });
    expect(byId['tables.barricade_building']).toMatchObject({ status: 'removed', how: ['remove'] });
    expect(byId['tracks.exposure_authority']).toMatchObject({ status: 'changed', how: ['replace'], location: { file: variant } });
    expect(byId['tables.crt']?.lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text.trim()}`)).toEqual(['-- X', '+- N']);
    // The variant's tables are the merged ones.
    expect(result.active?.tables.find((t) => t.id === 'crt')?.rows[5]?.cells[5]?.text).toBe('N');
  });

  test("a variant that cuts a table's rows anew should say what each key gives now", () => {
    const dir = 'rulesets/templates/card-driven';
    const files = { [`${dir}/ruleset.yaml`]: readFileSync(join(ROOT, dir, 'ruleset.yaml'), 'utf8'), [`${dir}/variants/long-war.yaml`]: readFileSync(join(ROOT, dir, 'variants/long-war.yaml'), 'utf8') };
    const variant = `${dir}/variants/long-war.yaml`;
    const result = validate({ seq: 1, files, entries: [`${dir}/ruleset.yaml`, variant], active: variant });
    const coup = result.active?.diff?.changes.find((c) => c.section === 'tables' && c.id === 'coup_results');
    expect(coup?.grid?.keys).toEqual(['key 4: 0 → 1', 'key 6: 1 → 2', 'key 8: 2 → 3']);
  });

  test("rows that overlap (an error) should share the roll as the lookup does: a value counts for the first row that holds it", () => {
    const entry = 'rulesets/x/ruleset.yaml';
    const text = ['rulesmith: 1', 'id: x', 'name: X', 'tables:', '  t:', '    roll: 1d6', '    rows:', '      1-3: a', '      3-6: b', ''].join('\n');
    const result = validate({ seq: 1, files: { [entry]: text }, entries: [entry], active: entry });
    expect(result.diagnostics.some((d) => d.code === 'table-overlap')).toBe(true);
    const t = result.active?.tables.find((v) => v.id === 't');
    // 3 and 3, not 3 and 4 (7/6 of the roll).
    expect(t?.rows.map((r) => r.weight)).toEqual([3, 3]);
    expect(t?.totalWeight).toBe(6);
  });

  test('a file that cannot be read as YAML should give diagnostics and no active ruleset', () => {
    const entry = 'rulesets/x/ruleset.yaml';
    const result = validate({ seq: 1, files: { [entry]: 'rulesmith: 1\nname: [unclosed\n' }, entries: [entry], active: entry });
    expect(result.diagnostics.some((d) => d.code === 'yaml-syntax')).toBe(true);
  });
});
