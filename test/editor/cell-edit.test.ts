/**
 * Changing a table cell from the tables view (editor/validator/cell-edit.ts): the base's own text
 * is changed in place, a variant gets a `set:` entry, and every edit reads back as the value typed.
 */
import { describe, expect, test } from 'vitest';
import { cellEdit } from '../../editor/validator/cell-edit.ts';
import { validate } from '../../editor/validator/validate.ts';
import type { CellEditResult } from '../../editor/validator/protocol.ts';
import { shippedGame } from './helpers.ts';

const BOS = 'rulesets/battle-of-seattle';
const BASE = `${BOS}/ruleset.yaml`;
const NEW_VARIANT = `${BOS}/variants/mine.yaml`;
const EMPTY_VARIANT = 'rulesmith: 1\nid: mine\nname: Mine\nextends: ../ruleset.yaml\n';

/** The cells of table `id` as the grid gets them (text and path), from a validation pass. */
function tableOf(files: Record<string, string>, active: string, id: string) {
  const entries = [BASE, ...Object.keys(files).filter((p) => p.includes('/variants/'))];
  const table = validate({ seq: 1, files, entries, active }).active?.tables.find((t) => t.id === id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function ok(result: CellEditResult): { path: string; text: string; summary: string } {
  if (!('path' in result)) throw new Error(`expected an edit, got ${JSON.stringify(result)}`);
  return result;
}

/** Lines of `after` that are not in `before` and the reverse (a line diff by content). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

describe('a cell of the base ruleset', () => {
  const files = shippedGame('battle-of-seattle');

  test('should be changed where it is written, and nothing else in the file', () => {
    const crt = tableOf(files, BASE, 'crt');
    const row3 = crt.rows.find((r) => r.label === '3')!;
    const cell = row3.cells[2]!;
    expect(cell.text).toBe('VM');
    expect(cell.path).toEqual(['tables', 'crt', 'rows', '3', 2]);
    const edit = ok(cellEdit({ files, active: BASE, path: cell.path!, text: 'A' }));
    expect(edit.path).toBe(cell.location!.file);
    const before = files[edit.path]!;
    expect(edit.text.length).toBe(before.length - 1);
    const { removed, added } = changedLines(before, edit.text);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace(/^(\s*"?3"?: \[N, N, )VM/, '$1A')]);
    expect(edit.summary).toBe('tables.crt.rows.3.2: VM → A, in tables-combat.yaml');
    const after = tableOf({ ...files, [edit.path]: edit.text }, BASE, 'crt');
    expect(after.rows.find((r) => r.label === '3')!.cells.map((c) => c.text)).toEqual(['N', 'N', 'A', 'VM', 'VM', 'A']);
  });

  test('should read what is typed as YAML does: 7 is a number, "7" a text, and text with commas is quoted', () => {
    const crt = tableOf(files, BASE, 'crt');
    const path = crt.rows[0]!.cells[0]!.path!;
    const number = ok(cellEdit({ files, active: BASE, path, text: '7' }));
    expect(number.summary).toBe('tables.crt.rows.1.0: N → 7, in tables-combat.yaml');
    const text = ok(cellEdit({ files, active: BASE, path, text: '"7"', label: 'Row 1, column 1' }));
    expect(text.summary).toBe('Row 1, column 1: N → "7", in tables-combat.yaml');
    const commas = ok(cellEdit({ files, active: BASE, path, text: 'A, then X' }));
    expect(commas.text).toContain('[A, then X"'.replace('[', '["'));
    expect(tableOf({ ...files, [commas.path]: commas.text }, BASE, 'crt').rows[0]!.cells.map((c) => c.text)).toEqual(['A, then X', 'N', 'N', 'N', 'N', 'VM']);
  });

  test('should say so and write nothing when the value is the same, empty, or not one value', () => {
    const crt = tableOf(files, BASE, 'crt');
    const path = crt.rows[0]!.cells[0]!.path!;
    expect(cellEdit({ files, active: BASE, path, text: ' N ' })).toEqual({ unchanged: true, summary: 'tables.crt.rows.1.0 is already N.' });
    expect(cellEdit({ files, active: BASE, path, text: '  ' })).toHaveProperty('error');
    expect(cellEdit({ files, active: BASE, path: ['tables', 'crt', 'rows', '1'], text: 'N' })).toHaveProperty('error');
  });

  test('should refuse a value that is not written on its own (an alias), naming the file to change', () => {
    const game = 'rulesets/tiny';
    const entry = `${game}/ruleset.yaml`;
    const tiny = { [entry]: 'rulesmith: 1\nname: Tiny\ntables:\n  t:\n    roll: 1d6\n    rows:\n      1-3: &hit X\n      4-6: *hit\n' };
    const result = cellEdit({ files: tiny, active: entry, path: ['tables', 't', 'rows', '4-6'], text: 'N' });
    expect(result).toEqual({ error: expect.stringMatching(/not written as one value.*change it in the file/) });
    // The anchored value itself is written in place; the alias follows it, as YAML says.
    const anchored = ok(cellEdit({ files: tiny, active: entry, path: ['tables', 't', 'rows', '1-3'], text: 'N' }));
    expect(anchored.text).toContain('1-3: &hit N\n      4-6: *hit');
  });

  test('a deck card\'s copies should be a cell that changes, and a card without `count` should not', () => {
    const br = shippedGame('blockade-runner');
    const entry = 'rulesets/blockade-runner/ruleset.yaml';
    const deck = validate({ seq: 1, files: br, entries: [entry], active: entry }).active!.tables.find((t) => t.id === 'deck:union_blockade')!;
    const count = deck.rows[0]!.cells[0]!;
    expect(count.path).toEqual(['decks', 'union_blockade', 'cards', 0, 'count']);
    const edit = ok(cellEdit({ files: br, active: entry, path: count.path!, text: '2' }));
    expect(changedLines(br[edit.path]!, edit.text).added[0]).toMatch(/^\s+- \{id: blockade_norfolk, name: Norfolk, count: 2, /);
    const tiny = { 'rulesets/t/ruleset.yaml': 'rulesmith: 1\nname: T\ndecks:\n  d:\n    cards:\n      - {id: a}\n' };
    const bare = validate({ seq: 1, files: tiny, entries: ['rulesets/t/ruleset.yaml'], active: 'rulesets/t/ruleset.yaml' }).active!.tables[0]!;
    expect(bare.rows[0]!.cells[0]).toEqual(expect.objectContaining({ text: '1' }));
    expect(bare.rows[0]!.cells[0]!.path).toBeUndefined();
  });

  test('a text the grid shows cut short, or with line breaks, should not be offered for typing over', () => {
    const entry = 'rulesets/t/ruleset.yaml';
    const long = 'x'.repeat(300);
    const tiny = { [entry]: `rulesmith: 1\nname: T\ndecks:\n  d:\n    cards:\n      - {id: a, text: ${long}}\n      - id: b\n        text: |\n          two\n          lines\n      - {id: c, text: short}\n` };
    const deck = validate({ seq: 1, files: tiny, entries: [entry], active: entry }).active!.tables[0]!;
    const texts = deck.rows.map((r) => r.cells[deck.columns.indexOf('text')]!);
    expect(texts.map((c) => c.path !== undefined)).toEqual([false, false, true]);
    expect(texts[0]!.text.endsWith('…')).toBe(true);
  });
});

describe('a cell seen through a variant', () => {
  const base = shippedGame('battle-of-seattle');

  test('should add a `set:` entry to a variant that has none, and leave the base alone', () => {
    const files = { ...base, [NEW_VARIANT]: EMPTY_VARIANT };
    const path = tableOf(files, NEW_VARIANT, 'crt').rows[2]!.cells[2]!.path!;
    const edit = ok(cellEdit({ files, active: NEW_VARIANT, path, text: 'A' }));
    expect(edit.path).toBe(NEW_VARIANT);
    expect(edit.text).toBe(`${EMPTY_VARIANT}set:\n  tables.crt.rows.3.2: A\n`);
    expect(edit.summary).toBe('tables.crt.rows.3.2: VM → A, as `set: tables.crt.rows.3.2` in mine.yaml');
    const after = { ...files, [NEW_VARIANT]: edit.text };
    expect(tableOf(after, NEW_VARIANT, 'crt').rows[2]!.cells[2]!.text).toBe('A');
    expect(tableOf(after, BASE, 'crt').rows[2]!.cells[2]!.text).toBe('VM');
  });

  test('should add to the variant\'s `set:` block at its indent, and change a value the variant writes in place', () => {
    const variant = `${BOS}/variants/bloodier-crt.yaml`;
    const text = base[variant]!;
    // A table the variant does not touch: a new line at the end of the set: block.
    const events = tableOf(base, variant, 'barricade_building');
    const cell = events.rows[0]!.cells.find((c) => c.path)!;
    const edit = ok(cellEdit({ files: base, active: variant, path: cell.path!, text: '99' }));
    const { removed, added } = changedLines(text, edit.text);
    expect(removed).toEqual([]);
    expect(added).toEqual([`  ${cell.path!.join('.')}: 99`]);
    expect(edit.text.indexOf(added[0]!)).toBeGreaterThan(edit.text.indexOf('  tables.crt.rows.6: [A, A, X, X, X, X]'));
    // A row the variant sets: the cell inside its list changes, no new entry.
    const crtCell = tableOf(base, variant, 'crt').rows[5]!.cells[0]!;
    const inList = ok(cellEdit({ files: base, active: variant, path: crtCell.path!, text: 'N' }));
    expect(changedLines(text, inList.text)).toEqual({ removed: ['  tables.crt.rows.6: [A, A, X, X, X, X]'], added: ['  tables.crt.rows.6: [N, A, X, X, X, X]'] });
  });

  test('should fill an empty `set:` or `set: {}`, and change an entry the variant already has', () => {
    for (const [written, expected] of [
      ['set:\n', 'set:\n  tables.crt.rows.3.2: A\n'],
      ['set: {}\n', 'set: {tables.crt.rows.3.2: A}\n'],
      ['set: {options.extended_game.default: true}\n', 'set: {options.extended_game.default: true, tables.crt.rows.3.2: A}\n'],
      ['set:\n  tables.crt.rows.3.2: X   # worse\n', 'set:\n  tables.crt.rows.3.2: A   # worse\n'],
    ] as const) {
      const files = { ...base, [NEW_VARIANT]: EMPTY_VARIANT + written };
      const path = ['tables', 'crt', 'rows', '3', 2];
      expect(ok(cellEdit({ files, active: NEW_VARIANT, path, text: 'A' })).text).toBe(EMPTY_VARIANT + expected);
    }
  });
});
