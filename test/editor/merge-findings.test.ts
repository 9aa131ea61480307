import { describe, expect, test } from 'vitest';
import { findingKey, mergeFindings, withPartial } from '../../editor/validator/merge-findings.ts';
import type { Diagnostic } from '../../editor/validator/protocol.ts';
import { findingKey as cliFindingKey } from '../../interpreter/diagnostics.ts';

const finding = (file: string, line: number, code: string): Diagnostic => ({
  severity: 'error', code, message: `${code} here`, file, range: { start: { line, column: 1 }, end: { line, column: 2 } },
});

const inBase = finding('base/tables.yaml', 3, 'unknown-result-code');
const otherInBase = finding('base/flow.yaml', 9, 'type-mismatch');
const onlyVariant = finding('base/flow.yaml', 12, 'unknown-table');
const inVariant = finding('base/variants/v.yaml', 4, 'unknown-key');

describe('findings of a pass with several entries (editor/validator/merge-findings.ts)', () => {
  test('the union should keep entry order and report a problem repeated by a variant once', () => {
    expect(mergeFindings(['base', 'v'], { base: [inBase], v: [inBase, inVariant] })).toEqual([inBase, inVariant]);
    expect(mergeFindings(['v', 'base'], { base: [inBase], v: [inVariant, inBase] })).toEqual([inVariant, inBase]);
    expect(mergeFindings(['base', 'gone'], { base: [inBase] })).toEqual([inBase]);
    expect(findingKey(inBase)).not.toBe(findingKey(otherInBase));
  });

  test('a partial answer should replace its entry, clear what it fixed from the others, and keep what only a variant has', () => {
    const last = { base: [inBase, otherInBase], v: [inBase, otherInBase, onlyVariant, inVariant] };
    // The edit fixed `inBase`; the variant's list from the last pass still had it.
    const next = withPartial(last, 'base', [otherInBase]);
    expect(next).toEqual({ base: [otherInBase], v: [otherInBase, onlyVariant, inVariant] });
    expect(mergeFindings(['base', 'v'], next)).toEqual([otherInBase, onlyVariant, inVariant]);
    // A new problem shows at once; nothing fixed, nothing else moves.
    const worse = withPartial(last, 'base', [inBase, otherInBase, finding('base/tables.yaml', 5, 'no-table-row')]);
    expect(worse.v).toBe(last.v);
    expect(mergeFindings(['base', 'v'], worse)).toHaveLength(5);
  });

  test("a variant's list of codes in another order should be the base's finding, as the CLI says", () => {
    const said = (message: string): Diagnostic => ({ ...otherInBase, code: 'never-equal', message });
    const base = said('This `==` is always false: the other side is one of `working`, `jammed`, never `jamed`.');
    const recut = said('This `==` is always false: the other side is one of `jammed`, `working`, never `jamed`.');
    const other = said('This `==` is always false: the other side is one of `jammed`, `broken`, never `jamed`.');
    expect(mergeFindings(['base', 'v'], { base: [base], v: [recut] })).toEqual([base]);
    expect(findingKey(other)).not.toBe(findingKey(base));
    for (const d of [base, recut, other]) expect(findingKey(d)).toBe(cliFindingKey(d));
  });
});
