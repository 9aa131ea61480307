import { describe, expect, test } from 'vitest';
import { checkRuleset, type Reference } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';

const RULES = `rulesmith: 1
id: refs
name: refs
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
dice: { fate: { faces: [1, 2, 3] } }
tracks: { score: { min: 0, initial: 0 } }
tables:
  crt:
    roll: 1d6
    rows: { 1-3: 0, 4-6: 1 }
procedures:
  gain:
    params: [n]
    do: |
      score += n
      return score
  shadowed:
    do: |
      let crt = 2
      return crt
flow:
  phases:
    - id: main
      do: |
        let r = roll on crt
        let a = gain(crt[r])
        let b = gain(1d[fate].total)
        end game with { winner: red, level: "done" }
`;

function references(text: string): Reference[] {
  const model = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text })).model!;
  const refs: Reference[] = [];
  checkRuleset(model, { references: refs });
  return refs;
}

const at = (r: Reference) => `${r.name} ${r.range.start.line}:${r.range.start.column}-${r.range.end.column} in ${r.in.join('.')}`;

describe('references', () => {
  test('every script use of a ruleset name should be listed once, in file order, with the element it is in', () => {
    expect(references(RULES).map(at)).toEqual([
      'score 16:7-12 in procedures.gain.do',
      'score 17:14-19 in procedures.gain.do',
      'crt 26:25-28 in flow.phases.0.do',
      'gain 27:17-21 in flow.phases.0.do',
      'crt 27:22-25 in flow.phases.0.do',
      'gain 28:17-21 in flow.phases.0.do',
      'fate 28:25-29 in flow.phases.0.do',
      'red 29:33-36 in flow.phases.0.do',
    ]);
  });

  test('a local of the same name should not count as a use, and a check without the option should keep none', () => {
    expect(references(RULES).filter((r) => r.in[1] === 'shadowed')).toEqual([]);
    const model = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': RULES })).model!;
    expect(checkRuleset(model)).toEqual(checkRuleset(model, { references: [] }));
  });

  test('a per-owner track should be used where a script reads or sets it as a member', () => {
    const rules = RULES.replace('tracks: { score: { min: 0, initial: 0 } }', 'tracks: { score: { min: 0, initial: 0 }, wealth: { per: side, initial: 0 } }')
      .replace('        let b = gain(1d[fate].total)', '        let b = gain(1d[fate].total)\n        red.wealth += b\n        let s = red\n        let w = s.wealth');
    const wealth = references(rules).filter((r) => r.name === 'wealth').map(at);
    expect(wealth).toEqual(['wealth 29:13-19 in flow.phases.0.do', 'wealth 31:19-25 in flow.phases.0.do']);
  });

  test("a shipped ruleset's table should be found where its scripts read it, in the file and line written", () => {
    const model = loadRuleset('rulesets/battle-of-seattle', nodeHost).model!;
    const refs: Reference[] = [];
    checkRuleset(model, { references: refs });
    const crt = refs.filter((r) => r.name === 'crt');
    expect(crt.length).toBeGreaterThan(0);
    for (const r of crt) {
      const line = model.files.get(r.file)!.text.split('\n')[r.range.start.line - 1]!;
      expect(line.slice(r.range.start.column - 1, r.range.end.column - 1)).toBe('crt');
    }
    expect(new Set(crt.map((r) => r.in.slice(0, 2).join('.')))).toEqual(new Set(['procedures.resolve_combat', 'odds.attack_at_3', 'odds.attack_at_8', 'odds.removal_at_8']));
  });
});
