import { describe, expect, test } from 'vitest';
import { exactOdds } from '../../interpreter/analysis/odds.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';

/** A ruleset with two tracks with boxes: one starting at 1, one at 0 (no `min`). */
const RULESET = `rulesmith: 1
id: boxes
name: Boxes
players: { min: 1, max: 1 }
tracks:
  alert:
    min: 1
    max: 5
    initial: 3
    boxes: [{ label: a, value: 1 }, { label: b, value: 1 }, { label: c, value: 2 }, 7, { label: e }]
  plain:
    initial: 0
    boxes: [10, 20]
`;

function program() {
  const loaded = loadRuleset('boxes/ruleset.yaml', createMemoryHost({ 'boxes/ruleset.yaml': RULESET }));
  const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
  expect(diagnostics.filter(isError)).toEqual([]);
  return compileRuleset(loaded.model!);
}

describe('box_value', () => {
  const p = program();
  const value = (text: string) => {
    const r = exactOdds(p, text);
    if ('error' in r) throw new Error(r.error);
    return r.outcomes[0]!.value;
  };

  test('should give the value of the box a global track stands on, the first box being the track min', () => {
    expect(value('box_value("alert")')).toBe(2);
    expect(value('box_value("plain")')).toBe(10);
  });

  test('should give the value of the box at a given position: record boxes, number boxes, label-only boxes', () => {
    expect([value('box_value("alert", 1)'), value('box_value("alert", 4)'), value('box_value("alert", 5)')]).toEqual([1, 7, null]);
    expect(value('box_value("plain", 1)')).toBe(20);
  });

  test('should give none past either end of the track', () => {
    expect([value('box_value("alert", 0)'), value('box_value("alert", 6)')]).toEqual([null, null]);
  });

  test('should stop with a diagnostic for a name that is not a track', () => {
    expect(exactOdds(p, 'box_value("nothing")')).toHaveProperty('error');
  });
});
