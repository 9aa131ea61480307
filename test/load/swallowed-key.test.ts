import { describe, expect, test } from 'vitest';
import { lines, load, span } from './helpers.ts';

const warnings = (text: string) => load({ 'r.yaml': text }).diagnostics.filter((d) => d.code === 'swallowed-key');

describe('a key swallowed by a block scalar (issue 12, item 10)', () => {
  test('a schema key indented into a folded description should warn at that line', () => {
    const found = warnings(lines('rulesmith: 1', 'tables:', '  crt:', '    description: >-', '      The combat results.', '      roll: 2d6', '    rows: { 2-12: x }'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', file: 'r.yaml' });
    expect(span(found[0]!.range)).toBe('6:7-6:12');
    expect(found[0]!.message).toContain('`description`');
    expect(found[0]!.hint).toBeDefined();
  });

  test('literal blocks should be read the same way', () => {
    expect(warnings(lines('rulesmith: 1', 'tables:', '  crt:', '    note: |', '      first line', '      roll: 1d6', '    rows: { 1-6: x }'))).toHaveLength(1);
  });

  test('no warning when the mapping already has the key, or the word is not a key it allows', () => {
    const text = lines('rulesmith: 1', 'tables:', '  crt:', '    roll: 2d6', '    description: >-', '      roll: is the dice', '      Note: capitalised', '      attacker: not a table key', '    rows: { 2-12: x }');
    expect(warnings(text)).toEqual([]);
  });

  test('a swallowed key should be found under a duplicated key too (the converter skips its value; the walk must not)', () => {
    const text = lines('rulesmith: 1', 'tables:', '  crt:', '    description: x', '    description: >-', '      The combat results.', '      roll: 2d6', '    rows: { 2-12: x }');
    expect(warnings(text).map((d) => d.range.start.line)).toEqual([7]);
  });

  test('a file whose block scalars hold no key-like line should get no warning', () => {
    expect(warnings(lines('rulesmith: 1', 'tables:', '  crt:', '    description: >-', '      The combat results', '      roll 2d6, not a key', '    rows: { 2-12: x }'))).toEqual([]);
  });

  test('keys of the top level should be found in a top-level description too', () => {
    expect(warnings(lines('rulesmith: 1', 'description: |', '  About the game.', '  players: { min: 2, max: 2 }')).map((d) => d.range.start.line)).toEqual([4]);
  });
});
