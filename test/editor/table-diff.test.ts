import { describe, expect, test } from 'vitest';
import { resultSlot } from '../../editor/tables/result-colors.ts';
import type { TableView } from '../../editor/validator/protocol.ts';
import { tableGridDiff } from '../../editor/validator/table-diff.ts';
import { orderRows } from '../../editor/validator/table-views.ts';
import { validate } from '../../editor/validator/validate.ts';
import { shippedGame } from './helpers.ts';

const view = (rows: Array<[string, string[]]>, columns = ['a', 'b']): TableView => ({
  id: 't',
  columnKind: 'bands',
  columns,
  results: { N: 'No effect', VM: 'Morale Check', A: 'Arrest', X: 'Dispersal' },
  rows: rows.map(([label, cells]) => ({ label, cells: cells.map((text) => ({ text })) })),
});

describe('table rows in band order', () => {
  test('integer keys should not jump ahead of ranges: "1-5" comes before "6"', () => {
    // A JS object puts "6" first, as a YAML mapping { "1-5": …, "6": … } parses.
    const rows = Object.entries({ '1-5': 'x', '6': 'y' });
    expect(rows.map(([k]) => k)).toEqual(['6', '1-5']);
    expect(orderRows(rows).map(([k]) => k)).toEqual(['1-5', '6']);
    expect(orderRows(Object.entries({ '13+': 1, '2-6': 2, '7': 3, '8..12': 4 })).map(([k]) => k)).toEqual(['2-6', '7', '8..12', '13+']);
    // Named keys keep their order, after the numeric bands.
    expect(orderRows(Object.entries({ night: 1, day: 2, '3': 3 })).map(([k]) => k)).toEqual(['3', 'night', 'day']);
  });

  test('each table should carry what the ruleset says of its provenance, and a variant\'s own', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/provenance-test.yaml';
    files[variant] = ['rulesmith: 1', 'extends: ../ruleset.yaml', 'set:', '  tables.crt.assumption: "House rule: a bloodier table, not printed."', ''].join('\n');
    const base = validate({ seq: 1, files, entries: [variant], active: 'rulesets/battle-of-seattle/ruleset.yaml' }).active!.tables;
    expect(base.find((t) => t.id === 'crt')).toMatchObject({ source: expect.stringContaining('[T-CRT]') });
    expect(base.find((t) => t.id === 'crt')?.assumption).toBeUndefined();
    expect(base.find((t) => t.id === 'crt')?.resultDetails?.['X']).toMatchObject({ source: expect.stringContaining('[6.3] IT L160') });
    expect(base.find((t) => t.id === 'crt')?.resultDetails?.['N']).toEqual({ source: '[6.3] IT L157; [T-CRT] IT L298', note: 'Italian: Nessun effetto.' });
    expect(base.find((t) => t.id === 'turns')?.assumption).toMatch(/^The rulebook gives 4-hour day turns/);
    const changed = validate({ seq: 2, files, entries: [variant], active: variant }).active!.tables;
    expect(changed.find((t) => t.id === 'crt')?.assumption).toBe('House rule: a bloodier table, not printed.');
  });

  test('each deck should show as a table of its cards, weighted by their copies, with each card\'s provenance', () => {
    const files = shippedGame('blockade-runner');
    const views = validate({ seq: 1, files, entries: ['rulesets/blockade-runner/ruleset.yaml'], active: 'rulesets/blockade-runner/ruleset.yaml' }).active!.tables;
    const blockade = views.find((t) => t.id === 'deck:union_blockade')!;
    expect(blockade).toMatchObject({ deck: true, name: 'Union Blockade deck', totalWeight: 12, columns: ['count', 'port', 'text'], source: expect.stringContaining('[1.1 Blockade') });
    expect(blockade.rows).toHaveLength(12);
    const charleston = blockade.rows.find((r) => r.label === 'Charleston')!;
    expect(charleston).toMatchObject({ weight: 1, details: { source: 'IT L57, L61; spec §7.1', note: 'Named in the Port Assault example (IT L61).' } });
    expect(charleston.cells.map((c) => c.text).slice(0, 2)).toEqual(['1', 'charleston']);
    // Tables come first, decks after; a card without a count counts once.
    expect(views.findIndex((t) => t.deck)).toBe(views.filter((t) => !t.deck).length);
    for (const d of views.filter((t) => t.deck)) expect(d.totalWeight).toBe(d.rows.reduce((n, r) => n + (r.weight ?? 0), 0));
  });

  test('a variant that sets rows { "1-5", "6" } should show "1-5" above "6" in the tables view', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/bands-test.yaml';
    files[variant] = ['rulesmith: 1', 'extends: ../ruleset.yaml', 'set:', '  tables.crt.rows:', '    "1-5": [N, N, N, N, N, N]', '    "6": [X, X, X, X, X, X]', ''].join('\n');
    const result = validate({ seq: 1, files, entries: [variant], active: variant });
    const crt = result.active?.tables.find((t) => t.id === 'crt');
    expect(crt?.rows.map((r) => [r.label, r.weight])).toEqual([
      ['1-5', 5],
      ['6', 1],
    ]);
  });
});

describe('table diffs as grids', () => {
  test('changed cells should be marked with both values, rows in band order', () => {
    const before = view([
      ['1', ['N', 'VM']],
      ['2', ['VM', 'X']],
      ['3', ['A', 'X']],
    ]);
    const after = view([
      ['1-2', ['N', 'N']],
      ['3', ['A', 'A']],
    ]);
    const grid = tableGridDiff(before, after);
    expect(grid.columns).toEqual(['a', 'b']);
    expect(grid.rows.map((r) => [r.label, r.status])).toEqual([
      ['1', 'removed'],
      ['2', 'removed'],
      ['1-2', 'added'],
      ['3', 'changed'],
    ]);
    expect(grid.rows[3]!.cells).toEqual([
      { text: 'A', before: 'A', changed: false },
      { text: 'A', before: 'X', changed: true },
    ]);
    expect(grid.changedCells).toBe(2 + 2 + 2 + 1);
  });

  test('a column only the base has should be listed as removed', () => {
    const grid = tableGridDiff(view([['1', ['N', 'X']]], ['a', 'b']), view([['1', ['N']]], ['a']));
    expect(grid.removedColumns).toEqual(['b']);
    expect(grid.rows[0]!.cells[1]).toEqual({ before: 'X', changed: true });
  });

  test('the shipped no-dispersal variant should diff the CRT as a grid with its four X cells changed', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/no-dispersal.yaml';
    const result = validate({ seq: 1, files, entries: [variant], active: variant });
    const crt = result.active?.diff?.changes.find((c) => c.section === 'tables' && c.id === 'crt');
    expect(crt?.grid?.changedCells).toBe(4);
    const changed = crt!.grid!.rows.flatMap((r) => r.cells.map((c, i) => (c.changed ? `${r.label}/${crt!.grid!.columns[i]}: ${c.before}→${c.text}` : '')).filter(Boolean));
    expect(changed).toEqual(['5/16+: X→N', '6/7-10: X→N', '6/11-15: X→N', '6/16+: X→N']);
    expect(crt?.grid?.rows.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5', '6']);
    // The rules the change reaches, as `rulesmith diff` lists them.
    expect(crt?.usedBy?.map((u) => `${u.element} ${u.file}:${u.line}`)).toEqual([
      'procedure resolve_combat rulesets/battle-of-seattle/procedures-combat.yaml:164',
      'odds question attack_at_3 rulesets/battle-of-seattle/tables-combat.yaml:143',
      'odds question attack_at_8 rulesets/battle-of-seattle/tables-combat.yaml:148',
      'odds question removal_at_8 rulesets/battle-of-seattle/tables-combat.yaml:153',
    ]);
    // Combat is resolved inside the attack action, through the procedure.
    expect(crt?.reaches).toEqual(['action declare_attack']);
  });
});

describe('result colours', () => {
  test('a result of the legend should get its palette slot in legend order; other text none', () => {
    const t = view([]);
    expect(['N', 'VM', 'A', 'X'].map((r) => resultSlot(t, r))).toEqual([0, 1, 2, 3]);
    expect(resultSlot(t, 'built')).toBeUndefined();
    expect(resultSlot({}, 'N')).toBeUndefined();
    const many = { results: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`r${i}`, ''])) };
    expect(resultSlot(many, 'r9')).toBe(1);
  });
});

describe('odds that a variant changes', () => {
  test('each changed column of a rolled table should list every result with its chance before and after, in legend order', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/bloodier-crt.yaml';
    const diff = validate({ seq: 1, files, entries: [variant], active: variant }).active!.diff!;
    const odds = diff.changes.find((c) => c.section === 'tables' && c.id === 'crt')!.grid!.odds!;
    // Every column of the bloodier CRT moves.
    expect(odds.map((c) => c.column)).toEqual(['1', '2-3', '4-6', '7-10', '11-15', '16+']);
    const text = (column: string) =>
      odds.find((c) => c.column === column)!.outcomes.map((o) => `${o.result} ${o.before.numerator}/${o.before.denominator} → ${o.after.numerator}/${o.after.denominator}`);
    // Printed column 4-6: N 1-2, VM 3-4, A 5-6; bloodier: N 1, VM 2-3, A 4-5, X 6.
    expect(text('4-6')).toEqual(['N 1/3 → 1/6', 'VM 1/3 → 1/3', 'A 1/3 → 1/3', 'X 0/1 → 1/6']);
    expect(odds.find((c) => c.column === '4-6')!.outcomes.map((o) => o.name)).toEqual(['No effect', 'Morale Check', 'Arrest', 'Dispersal']);
  });

  test('a column whose odds stay the same should not be listed, nor a table that is not rolled', () => {
    const rolled = (rows: Array<[string, string[]]>, weights: number[]): TableView => ({ ...view(rows), roll: '1d2', totalWeight: 2, rows: view(rows).rows.map((r, i) => ({ ...r, weight: weights[i]! })) });
    const before = rolled([['1', ['N', 'A']], ['2', ['X', 'A']]], [1, 1]);
    // Rows swapped in column a: the same odds; column b loses an A.
    const after = rolled([['1', ['X', 'A']], ['2', ['N', 'N']]], [1, 1]);
    expect(tableGridDiff(before, after).odds?.map((c) => c.column)).toEqual(['b']);
    expect(tableGridDiff(view([['1', ['N', 'A']]]), view([['1', ['X', 'A']]])).odds).toBeUndefined();
  });
});

describe("a variant's own changes in its tables view", () => {
  test('cells that differ from the base should carry the base text; the others and new tables nothing', () => {
    const files = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/bloodier-crt.yaml';
    const tables = validate({ seq: 1, files, entries: [variant], active: variant }).active!.tables;
    const crt = tables.find((t) => t.id === 'crt')!;
    const marked = crt.rows.flatMap((r) => r.cells.flatMap((c, i) => (c.base !== undefined ? [`${r.label}/${crt.columns[i]} ${c.base}→${c.text}`] : [])));
    // The fifteen cells `rulesmith diff` lists for this variant.
    expect(marked).toHaveLength(15);
    expect(marked).toContain('1/11-15 N→VM');
    expect(marked).toContain('6/4-6 A→X');
    expect(tables.filter((t) => t.id !== 'crt').flatMap((t) => t.rows.flatMap((r) => r.cells.filter((c) => c.base !== undefined)))).toEqual([]);
  });

  test("a deck card's changed copies should be marked, and a table the base lacks left whole", () => {
    const files = shippedGame('blockade-runner');
    const variant = 'rulesets/blockade-runner/variants/marks.yaml';
    files[variant] = 'rulesmith: 1\nextends: ../ruleset.yaml\ntables:\n  extra: { roll: 1d6, rows: { 1-6: x } }\nset:\n  decks.union_blockade.cards.0.count: 2\n  decks.union_blockade.total: 13\n';
    const tables = validate({ seq: 1, files, entries: [variant], active: variant }).active!.tables;
    const deck = tables.find((t) => t.id === 'deck:union_blockade')!;
    expect(deck.rows[0]!.cells[0]).toMatchObject({ text: '2', base: '1' });
    expect(deck.rows.slice(1).flatMap((r) => r.cells.filter((c) => c.base !== undefined))).toEqual([]);
    expect(tables.find((t) => t.id === 'extra')!.rows[0]!.cells[0]!.base).toBeUndefined();
    // The base itself marks nothing.
    const base = validate({ seq: 2, files, entries: [variant], active: 'rulesets/blockade-runner/ruleset.yaml' }).active!.tables;
    expect(base.flatMap((t) => t.rows.flatMap((r) => r.cells.filter((c) => c.base !== undefined)))).toEqual([]);
  });
});

describe('a deck a variant changes, in Diff against base', () => {
  test("should be drawn as a grid of its cards, with each card's chance to be drawn before and after", () => {
    const files = shippedGame('blockade-runner');
    const variant = 'rulesets/blockade-runner/variants/more-norfolk.yaml';
    files[variant] = 'rulesmith: 1\nextends: ../ruleset.yaml\nset:\n  decks.union_blockade.cards.0.count: 2\n  decks.union_blockade.total: 13\n';
    const diff = validate({ seq: 1, files, entries: [variant], active: variant }).active!.diff!;
    const deck = diff.changes.find((c) => c.section === 'decks' && c.id === 'union_blockade')!;
    expect(deck.grid!.changedCells).toBe(1);
    expect(deck.grid!.rows.find((r) => r.status === 'changed')).toMatchObject({ label: 'Norfolk', cells: [{ text: '2', before: '1', changed: true }, expect.anything(), expect.anything()] });
    const cards = deck.grid!.cards!;
    expect(cards).toHaveLength(12);
    const chance = (label: string) => cards.find((c) => c.label === label)!;
    expect([chance('Norfolk').before, chance('Norfolk').after].map((o) => `${o.numerator}/${o.denominator}`)).toEqual(['1/12', '2/13']);
    expect([chance('Charleston').before, chance('Charleston').after].map((o) => `${o.numerator}/${o.denominator}`)).toEqual(['1/12', '1/13']);
    // A deck has no column odds (a count or a text is not a result).
    expect(deck.grid!.odds).toBeUndefined();
  });
});
