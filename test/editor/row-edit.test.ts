/**
 * Changing a table row's band from the tables view (editor/validator/row-edit.ts): the base's key
 * is renamed where it is written, a variant gets the table's whole `rows` in its `set:`, every
 * edit reads back as asked, and the checker then reports gaps and overlaps as for a typed edit.
 */
import { describe, expect, test } from 'vitest';
import { rowRename } from '../../editor/validator/row-edit.ts';
import { validate } from '../../editor/validator/validate.ts';
import type { CellEditResult } from '../../editor/validator/protocol.ts';
import { shippedGame } from './helpers.ts';

const BM = 'rulesets/blue-max';
const BM_BASE = `${BM}/ruleset.yaml`;
const CHECKS = `${BM}/tables-checks.yaml`;
const MINE = `${BM}/variants/mine.yaml`;
const EMPTY_VARIANT = 'rulesmith: 1\nid: blue_max_mine\nname: Mine\nextends: ../ruleset.yaml\n';
const JAM = ['tables', 'jam_recovery', 'rows', '1-3'];

function ok(result: CellEditResult): { path: string; text: string; summary: string } {
  if (!('path' in result)) throw new Error(`expected an edit, got ${JSON.stringify(result)}`);
  return result;
}

function check(files: Record<string, string>, active: string) {
  const entries = [BM_BASE, ...Object.keys(files).filter((p) => p.includes('/variants/') && p.startsWith(BM))];
  const result = validate({ seq: 1, files, entries, active });
  return { table: result.active?.tables.find((t) => t.id === 'jam_recovery'), problems: result.byEntry[active] ?? [] };
}

describe("a row's band", () => {
  const files = shippedGame('blue-max');

  test('of the base should be renamed where it is written, quotes kept, and the overlap it makes reported', () => {
    const { table } = check(files, BM_BASE);
    expect(table?.rows.map((r) => [r.label, r.path])).toEqual([['1-3', JAM], ['4-6', ['tables', 'jam_recovery', 'rows', '4-6']]]);
    const edit = ok(rowRename({ files, active: BM_BASE, path: JAM, text: '1-4', label: 'Row 1-3' }));
    expect(edit.path).toBe(CHECKS);
    expect(edit.text).toBe(files[CHECKS]!.replace('      "1-3": jammed\n', '      "1-4": jammed\n'));
    expect(edit.summary).toBe('Row 1-3: row 1-3 → 1-4, in tables-checks.yaml');
    const after = check({ ...files, [CHECKS]: edit.text }, BM_BASE);
    expect(after.table?.rows.map((r) => `${r.label} ${r.cells[0]!.text}`)).toEqual(['1-4 jammed', '4-6 cleared']);
    expect(after.problems.filter((d) => d.file === CHECKS).map((d) => `${d.code} ${d.message}`)).toContainEqual(expect.stringMatching(/^table-overlap Row `4-6` overlaps row `1-4`/));
  });

  test('taken by a variant from its base should become the whole rows in its set:, the base untouched', () => {
    const mine = { ...files, [MINE]: EMPTY_VARIANT };
    const edit = ok(rowRename({ files: mine, active: MINE, path: JAM, text: '1-2' }));
    expect(edit.path).toBe(MINE);
    expect(edit.text).toBe(`${EMPTY_VARIANT}set:\n  tables.jam_recovery.rows:\n    "1-2": jammed\n    "4-6": cleared\n`);
    expect(edit.summary).toBe('Row 1-3: row 1-3 → 1-2, as `set: tables.jam_recovery.rows` (every row) in mine.yaml');
    const after = check({ ...mine, [MINE]: edit.text }, MINE);
    expect(after.table?.rows.map((r) => r.label)).toEqual(['1-2', '4-6']);
    // The gap it leaves is the variant's, at the rows it wrote.
    expect(after.problems.filter((d) => d.code === 'table-gap').map((d) => [d.file, d.message])).toEqual([[MINE, 'No row covers `3`.']]);
    // Renamed again, the rows are the variant's now: its own key changes in place.
    const again = ok(rowRename({ files: { ...mine, [MINE]: edit.text }, active: MINE, path: ['tables', 'jam_recovery', 'rows', '1-2'], text: '1-3' }));
    expect(again.text).toBe(edit.text.replace('"1-2"', '"1-3"'));
    expect(check({ ...mine, [MINE]: again.text }, MINE).problems.filter((d) => d.code.startsWith('table-'))).toEqual([]);
  });

  test("in a variant that sets single rows should replace those entries by the whole rows", () => {
    const bos = shippedGame('battle-of-seattle');
    const bloodier = 'rulesets/battle-of-seattle/variants/bloodier-crt.yaml';
    const edit = ok(rowRename({ files: bos, active: bloodier, path: ['tables', 'crt', 'rows', '6'], text: '6+' }));
    expect(edit.path).toBe(bloodier);
    expect(edit.text).not.toMatch(/^ {2}tables\.crt\.rows\.\d/m);
    expect(edit.text).toContain('  tables.crt.rows:\n    "1": [N, N, N, N, VM, VM]\n');
    expect(edit.text).toContain('    "6+": [A, A, X, X, X, X]\n');
    const entries = ['rulesets/battle-of-seattle/ruleset.yaml', bloodier];
    const after = validate({ seq: 1, files: { ...bos, [bloodier]: edit.text }, entries, active: bloodier });
    const crt = after.active?.tables.find((t) => t.id === 'crt');
    const before = validate({ seq: 1, files: bos, entries, active: bloodier }).active?.tables.find((t) => t.id === 'crt');
    expect(crt?.rows.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5', '6+']);
    expect(crt?.rows.map((r) => r.cells.map((c) => c.text))).toEqual(before?.rows.map((r) => r.cells.map((c) => c.text)));
  });

  test('should be refused when another row has the band typed, or nothing is typed', () => {
    expect(rowRename({ files, active: BM_BASE, path: JAM, text: '4-6' })).toEqual({ error: 'There is a row 4-6 already: change that one, or give this one another band.' });
    expect(rowRename({ files, active: BM_BASE, path: JAM, text: ' ' })).toHaveProperty('error');
    expect(rowRename({ files, active: BM_BASE, path: JAM, text: '1-3' })).toEqual({ unchanged: true, summary: 'Row 1-3 is already 1-3.' });
  });
});
