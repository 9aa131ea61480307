/**
 * A designer who drops `- cards.yaml` from `include:` read ten unknown-name and unknown-property
 * errors for `events` and `hand` with no word of where they are defined. Each now names the file
 * beside the ruleset that defines them and how to include it, in the CLI and the editor.
 */
import { describe, expect, test } from 'vitest';
import { validate } from '../../editor/validator/validate.ts';
import { validateEntry } from '../../interpreter/cli/validate.ts';
import { createMemoryHost } from '../../interpreter/load/index.ts';

const RULESET = `rulesmith: 1
id: left_out
name: Left out
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
flow:
  phases:
    - id: main
      do: |
        let c = draw from events into red.hand
        end game with { winner: red, level: "x" }
`;
const CARDS = `zones:
  hand: { per: side, visibility: owner }
decks:
  events:
    cards:
      - { id: ambush, count: 2 }
`;
// A variant beside the entry is a ruleset of its own: what it defines is not a part left out.
const OTHER = `rulesmith: 1
id: other
name: Other
extends: ruleset.yaml
variables:
  mystery: { type: number, initial: 0 }
`;
const FILES = { 'g/ruleset.yaml': RULESET, 'g/cards.yaml': CARDS, 'g/house.yaml': OTHER };
const NOTE = (name: string) => `\`${name}\` is defined in cards.yaml, beside ruleset.yaml, which does not include it: add \`- cards.yaml\` under \`include:\` in ruleset.yaml.`;

describe('names defined in a file the ruleset does not include', () => {
  test('each unknown name or property should say which file beside the ruleset defines it', () => {
    const found = validateEntry('g/ruleset.yaml', createMemoryHost(FILES)).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => [d.code, d.hint?.split(' ').slice(0, 1)[0]])).toEqual([
      ['unknown-name', '`events`'],
      ['unknown-property', '`hand`'],
    ]);
    expect(found[0]!.hint).toContain(NOTE('events'));
    expect(found[1]!.hint).toContain(NOTE('hand'));
  });

  test('with the file included there is nothing to say, and a name nothing defines keeps its plain hint', () => {
    const included = { ...FILES, 'g/ruleset.yaml': RULESET.replace('players:', 'include: [cards.yaml]\nplayers:') };
    expect(validateEntry('g/ruleset.yaml', createMemoryHost(included)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const misspelt = { ...included, 'g/ruleset.yaml': included['g/ruleset.yaml'].replace('from events', 'from mystery') };
    const [error] = validateEntry('g/ruleset.yaml', createMemoryHost(misspelt)).diagnostics.filter((d) => d.severity === 'error');
    expect(error?.code).toBe('unknown-name');
    expect(error?.hint).not.toContain('beside');
  });

  test('a procedure only the left-out file calls should say so, and a row resolved from its table count no arguments', () => {
    const ruleset = [
      'rulesmith: 1', 'id: left_out', 'name: Left out', 'sides: { red: { name: Red } }', 'players: { min: 1, max: 1 }',
      'procedures:', '  strike:', '    params: [s]', '    do: log "strike {s}"',
      'flow:', '  phases:', '    - id: main', '      do: |', '        resolve(roll on events, red)', '        end game with { winner: red, level: "x" }',
    ].join('\n');
    const tables = ['tables:', '  events:', '    roll: 1d6', '    params: [s]', '    rows:', '      1-5: { name: Calm }', '      6: { name: Strike, effect: "strike(s)" }'].join('\n');
    const found = validateEntry('g/ruleset.yaml', createMemoryHost({ 'g/ruleset.yaml': ruleset, 'g/tables.yaml': tables })).diagnostics;
    // `resolve` itself takes one argument, but a row's effect takes its table's params: not wrong-arity.
    expect(found.map((d) => d.code)).toEqual(['unused-definition', 'unknown-name']);
    expect(found[0]!.hint).toBe('`strike` is used in tables.yaml, beside ruleset.yaml, which does not include it: add `- tables.yaml` under `include:` in ruleset.yaml.');
  });

  test("the editor's validator should give the same hint", () => {
    const result = validate({ seq: 1, files: FILES, entries: ['g/ruleset.yaml'], active: 'g/ruleset.yaml' });
    expect(result.diagnostics.find((d) => d.code === 'unknown-name')?.hint).toContain(NOTE('events'));
  });
});
