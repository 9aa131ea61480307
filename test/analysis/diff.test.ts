import { describe, expect, test } from 'vitest';
import type { RulesetFile } from '../../grammar/index.ts';
import { diffRulesets, type ElementChange } from '../../interpreter/analysis/diff.ts';
import { lineDiff } from '../../interpreter/analysis/line-diff.ts';
import { keyChanges } from '../../interpreter/analysis/key-diff.ts';
import { formatChanges, formatOdds } from '../../interpreter/cli/analysis-format.ts';
import { columnKeyText, oddsChanges } from '../../interpreter/analysis/odds-diff.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const diff = (a: object, b: object) => diffRulesets(a as RulesetFile, b as RulesetFile);
const find = (changes: ElementChange[], section: string, id: string) => changes.find((c) => c.section === section && c.id === id);

describe('diffRulesets: every kind of change', () => {
  test('identical rulesets and variant bookkeeping should give no changes', () => {
    const base = { rulesmith: 1, tables: { t: { roll: '1d6', rows: { '1-6': 'x' } } } };
    expect(diff(base, { ...base, extends: '../ruleset.yaml', set: { a: 1 }, remove: ['b'] })).toEqual([]);
  });

  test('a hex that loses (or gains) its own value is compared with the grid\'s value for every hex', () => {
    const grid = (hexes: object, props = { terrain: 'clear', move_cost: 1 }) => ({ map: { grid: { kind: 'hex', columns: 4, rows: 4, orientation: 'flat', props, hexes } } });
    const [c] = diff(grid({ '0602': { terrain: 'woods', move_cost: 2 } }), grid({ '0602': { terrain: 'clear' }, '0101': { move_cost: 3 } }));
    expect(c!.values).toEqual([
      { path: 'grid.hexes.0602.terrain', old: 'woods', new: 'clear' },
      { path: 'grid.hexes.0602.move_cost', old: 2, new: 1, gridDefault: 'new' },
      { path: 'grid.hexes.0101', new: { move_cost: 3 } },
    ]);
    expect(formatChanges([c!])).toContain('grid.hexes.0602.move_cost: 2 → 1 (every hex\'s)');
  });

  test('elements added and removed should be listed with their source', () => {
    const changes = diff(
      { pieces: { old: { count: 1, source: '[4.1]' } } },
      { pieces: { fresh: { count: 2, source: 'House §1' } } },
    );
    expect(changes).toEqual([
      { section: 'pieces', id: 'fresh', change: 'added', source: 'House §1' },
      { section: 'pieces', id: 'old', change: 'removed', source: '[4.1]' },
    ]);
  });

  test('options should be added, removed and changed (values old → new)', () => {
    const changes = diff(
      { options: { a: { type: 'boolean', default: false }, gone: { type: 'number', default: 1 } } },
      { options: { a: { type: 'boolean', default: true }, extra: { type: 'boolean', default: true } } },
    );
    expect(changes).toEqual([
      { section: 'options', id: 'a', change: 'changed', fields: ['default'], values: [{ path: 'default', old: false, new: true }] },
      { section: 'options', id: 'extra', change: 'added' },
      { section: 'options', id: 'gone', change: 'removed' },
    ]);
  });

  test('a table should diff cell by cell, as a grid, with rows added and removed', () => {
    const base = { tables: { crt: { roll: '1d6', columns: ['1', '2'], source: '[6.2]', rows: { '1-3': ['N', 'N'], '4-5': ['N', 'W'], '6': ['W', 'W'] } } } };
    const other = { tables: { crt: { roll: '1d8', columns: ['1', '2'], source: '[6.2]', rows: { '1-3': ['N', 'W'], '4-5': ['N', 'W'], '7-8': ['W', 'W'] } } } };
    const c = find(diff(base, other), 'tables', 'crt')!;
    expect(c).toMatchObject({ change: 'changed', source: '[6.2]', fields: ['roll'], values: [{ path: 'roll', old: '1d6', new: '1d8' }] });
    expect(c.cells).toEqual(['row 1-3, column 2: N → W', 'row 6: removed', 'row 7-8: added']);
    expect(c.grid).toEqual({
      columns: ['1', '2'],
      rows: [
        { key: '1-3', cells: [{ old: 'N', new: 'N', changed: false }, { old: 'N', new: 'W', changed: true }] },
        { key: '4-5', cells: [{ old: 'N', new: 'N', changed: false }, { old: 'W', new: 'W', changed: false }] },
        { key: '6', change: 'removed', cells: [{ old: 'W', changed: true }, { old: 'W', changed: true }] },
        { key: '7-8', change: 'added', cells: [{ new: 'W', changed: true }, { new: 'W', changed: true }] },
      ],
    });
  });

  test('a single-column table should show its results old → new', () => {
    const c = find(diff({ tables: { ev: { roll: '2d6', rows: { '2-6': { name: 'Calm' }, '7-12': 'Storm' } } } }, { tables: { ev: { roll: '2d6', rows: { '2-6': { name: 'Rain' }, '7-12': 'Storm' } } } }), 'tables', 'ev')!;
    expect(c.cells).toEqual(['row 2-6 (Rain): name "Calm" → "Rain"']);
    expect(c.grid!.columns).toEqual(['result']);
    expect(c.grid!.rows[0]!.cells).toEqual([{ old: { name: 'Calm' }, new: { name: 'Rain' }, changed: true }]);
  });

  test('a row that is a record should show its name and the fields that changed, not two records', () => {
    const rows = (effect?: string) => ({ '1-5': { name: 'Calm' }, '6': { name: 'Storm', ...(effect ? { effect } : {}), loss: 1 } });
    const c = find(diff({ tables: { ev: { roll: '1d6', params: ['s'], rows: rows() } } }, { tables: { ev: { roll: '1d6', params: ['s'], rows: rows('s.wet = true') } } }), 'tables', 'ev')!;
    expect(c.cells).toEqual(['row 6 (Storm): effect none → "s.wet = true"']);
  });

  test('a deck should diff card by card, with card scripts as line diffs', () => {
    const card = (id: string, count: number, effect: string) => ({ id, count, effect });
    const c = find(diff(
      { decks: { orders: { total: 4, cards: [card('advance', 2, 'score += 1'), card('rally', 2, 'tension -= 1')] } } },
      { decks: { orders: { total: 5, source: 'House §2', cards: [card('advance', 3, 'score += 2'), card('dig_in', 2, 'tension += 1')] } } },
    ), 'decks', 'orders')!;
    expect(c).toMatchObject({ source: 'House §2', fields: ['total', 'cards', 'source'], values: [{ path: 'total', old: 4, new: 5 }, { path: 'source', new: 'House §2' }] });
    expect(c.cards).toEqual([
      { id: 'advance', change: 'changed', values: [{ path: 'count', old: 2, new: 3 }], scripts: [{ path: 'effect', lines: [{ op: '-', text: 'score += 1' }, { op: '+', text: 'score += 2' }] }] },
      { id: 'rally', change: 'removed' },
      { id: 'dig_in', change: 'added' },
    ]);
  });

  test('scripts should diff line by line, per element, with the phase named by its id', () => {
    const c = find(diff(
      { flow: { phases: [{ id: 'supply', do: 'a\nb\nc\n' }, { id: 'combat', do: 'x\ny\n' }] } },
      { flow: { phases: [{ id: 'supply', do: 'a\nB\nc\n' }, { id: 'combat', do: 'x\ny\n' }] } },
    ), 'flow', 'flow')!;
    expect(c.scripts).toEqual([{ path: 'phases[supply].do', lines: [{ op: ' ', text: 'a' }, { op: '-', text: 'b' }, { op: '+', text: 'B' }, { op: ' ', text: 'c' }] }]);
    const setup = find(diff({ setup: 'place x\n' }, { setup: 'place y\n' }), 'setup', 'setup')!;
    expect(setup.scripts).toEqual([{ path: 'setup', lines: [{ op: '-', text: 'place x' }, { op: '+', text: 'place y' }] }]);
  });

  test('nested values should be found at their path; whole sections added and removed', () => {
    const c = find(diff({ tracks: { alarm: { boxes: [{ label: '1', value: 1 }, { label: '2', value: 2 }] } } }, { tracks: { alarm: { boxes: [{ label: '1', value: 1 }, { label: '2', value: 3 }] } } }), 'tracks', 'alarm')!;
    // The second box, counted from 1 as the rules language indexes lists (a walk read `boxes[1]` as the first).
    expect(c.values).toEqual([{ path: 'boxes[2].value', old: 2, new: 3 }]);
    expect(diff({ players: { min: 2, max: 2 } }, { players: { min: 2, max: 4 } })).toEqual([{ section: 'players', id: 'players', change: 'changed', fields: ['max'], values: [{ path: 'max', old: 2, new: 4 }] }]);
    expect(diff({}, { heuristics: { score: '1', source: '[8]' } })).toEqual([{ section: 'heuristics', id: 'heuristics', change: 'added', source: '[8]' }]);
    expect(diff({ map: { areas: {} } }, {})).toEqual([{ section: 'map', id: 'map', change: 'removed' }]);
  });

  test("a plain value added or removed at the top (a variant's note, assumption) should carry its text", () => {
    expect(diff({ name: 'G' }, { name: 'G', assumption: 'A house rule.' })).toEqual([{ section: 'assumption', id: 'assumption', change: 'added', values: [{ path: 'assumption', new: 'A house rule.' }] }]);
    expect(diff({ note: 'Printed.' }, {})).toEqual([{ section: 'note', id: 'note', change: 'removed', values: [{ path: 'note', old: 'Printed.' }] }]);
  });
});

describe('formatChanges', () => {
  test('prose too long for one line is shown old and new on lines of their own; short values stay on one line', () => {
    const long = 'A harder street fight: each CRT row takes the results of the printed row below it, and so on.';
    const text = formatChanges(diff({ name: 'G', description: 'The printed game, as the rulebook has it.' }, { name: 'H', description: long, note: long }));
    expect(text).toBe([
      'No change to the rules.',
      '',
      'described differently:',
      '~ description',
      '    description:',
      '      - The printed game, as the rulebook has it.',
      `      + ${long}`,
      '~ name',
      '    name: G → H',
      '+ note',
      '    note:',
      `      + ${long}`,
      '',
    ].join('\n'));
  });
});

describe('lineDiff', () => {
  test('should keep two lines of context and fold the rest', () => {
    const a = Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n');
    const b = a.replace('line 6', 'line six');
    expect(lineDiff(a, b)).toEqual([
      { op: '…', text: '' },
      { op: ' ', text: 'line 4' }, { op: ' ', text: 'line 5' },
      { op: '-', text: 'line 6' }, { op: '+', text: 'line six' },
      { op: ' ', text: 'line 7' }, { op: ' ', text: 'line 8' },
      { op: '…', text: '' },
    ]);
  });

  test('should handle scripts that appear or disappear', () => {
    expect(lineDiff('', 'a\nb\n')).toEqual([{ op: '+', text: 'a' }, { op: '+', text: 'b' }]);
    expect(lineDiff('a\n', '')).toEqual([{ op: '-', text: 'a' }]);
  });
});

describe('the duel house-rule variant (a file on disk)', () => {
  const base = loadProgram('test/fixtures/runtime/duel');
  const house = loadProgram('test/fixtures/runtime/duel/variants/house.yaml');
  const changes = diffRulesets(base.data, house.data);

  test('should list each kind of change the variant makes', () => {
    expect(changes.map((c) => `${c.change} ${c.section}.${c.id}`)).toEqual([
      'changed decks.orders', 'changed dice.colour', 'changed id.id', 'changed name.name', 'added options.fast',
      'changed options.short', 'changed procedures.strength', 'changed tables.crt', 'changed tracks.score',
    ]);
    expect(find(changes, 'tables', 'crt')).toMatchObject({ source: 'House rules §1', cells: ['row 1-3, column 2-3: N → W', 'row 7-8: added'] });
    expect(find(changes, 'procedures', 'strength')!.scripts![0]!.lines).toEqual([
      { op: '-', text: 'return sum p.cf for p in pieces_in(spot)' },
      { op: '+', text: 'return 1 + sum p.cf for p in pieces_in(spot)' },
    ]);
    expect(find(changes, 'decks', 'orders')!.cards!.map((c) => `${c.change} ${c.id}`)).toEqual(['changed advance', 'removed rally', 'added dig_in']);
  });

  test('--odds should give each changed table column, die, deck and dice expression before and after', () => {
    const odds = oddsChanges(base, house, changes);
    expect(odds.map((o) => `${o.label}${o.changed ? ' *' : ''}`)).toEqual(['decks.orders *', 'dice.colour *', 'tables.crt column 1 *', 'tables.crt column 2-3 *', 'tables.crt column 4+', 'tables.crt.roll *']);
    const col = odds.find((o) => o.label === 'tables.crt column 2-3')!;
    expect(col.before).toMatchObject({ expression: 'roll on crt column 2', outcomes: [{ value: 'N', p: '1/2' }, { value: 'W', p: '1/2' }] });
    expect(col.after).toMatchObject({ outcomes: [{ value: 'W', p: '1' }] });
    const roll = odds.find((o) => o.label === 'tables.crt.roll')!;
    expect(roll.after).toMatchObject({ expression: '(1d8).total', mean: 4.5 });
    expect(roll.before).toMatchObject({ mean: 3.5 });
    // The deck: each card's chance to be drawn first, 2 advance of 4 → 3 of 5 (rally removed, 2 dig_in added).
    const deck = odds.find((o) => o.label === 'decks.orders')!;
    expect(deck.before).toMatchObject({ expression: 'draw from orders', outcomes: [{ value: { card: 'advance' }, p: '1/2' }, { value: { card: 'rally' }, p: '1/2' }] });
    expect(deck.after).toMatchObject({ outcomes: [{ value: { card: 'advance' }, p: '3/5' }, { value: { card: 'dig_in' }, p: '2/5' }] });
  });
});

describe('a table whose rows a variant cuts anew, key by key', () => {
  test('each key whose value changed, in runs, the open end last', () => {
    expect(keyChanges({ '2-4': 0, '5-6': 1, '7-8': 2, '9+': 3 }, { '2-3': 0, '4-5': 1, '6-7': 2, '8+': 3 }, ['result'])).toEqual(['key 4: 0 → 1', 'key 6: 1 → 2', 'key 8: 2 → 3']);
    expect(keyChanges({ '1-5': 'a', '6+': 'b' }, { '1-3': 'a', '4+': 'b' }, ['result'])).toEqual(['keys 4-5: a → b']);
    expect(keyChanges({ '1-3': 'a', '4+': 'b' }, { '1-3': 'a', '4-6': 'b', '7+': 'c' }, ['result'])).toEqual(['keys 7+: b → c']);
    expect(keyChanges({ '1-6': 'a' }, { '1-3': 'a', '4-5': 'b' }, ['result'])).toEqual(['keys 4-5: a → b', 'key 6: a → (no row)']);
  });

  test('a cross table by column; the same cut, named rows or too wide a span leave it to the row diff', () => {
    expect(keyChanges({ '1-2': ['N', 'A'], '3': ['W', 'A'] }, { '1': ['N', 'A'], '2-3': ['W', 'A'] }, ['1', '2-3'])).toEqual(['key 2, column 1: N → W']);
    expect(keyChanges({ '1-3': 'a' }, { '1-3': 'b' }, ['result'])).toBeUndefined();
    expect(keyChanges({ '1-3': 'a' }, { '1-3': 'a', '4-5': 'b' }, ['result'])).toBeUndefined();
    expect(keyChanges({ calm: 'a' }, { storm: 'a' }, ['result'])).toBeUndefined();
    expect(keyChanges({ '1-5000': 'a' }, { '1-2': 'a', '3-5000': 'b' }, ['result'])).toBeUndefined();
  });

  test('diff and its text carry them for a changed table', () => {
    const path = 'rulesets/templates/card-driven';
    const changes = diffRulesets(loadProgram(path).data, loadProgram(`${path}/variants/long-war.yaml`).data);
    const c = find(changes, 'tables', 'coup_results')!;
    expect(c.keys).toEqual(['key 4: 0 → 1', 'key 6: 1 → 2', 'key 8: 2 → 3']);
    expect(formatChanges([c])).toContain('    by key (rows cut anew):\n      key 4: 0 → 1\n      key 6: 1 → 2\n      key 8: 2 → 3\n');
  });
});

describe('--odds and a table read by key', () => {
  test('a changed table without a roll of its own gives no odds line (its odds depend on each lookup\'s roll)', () => {
    const path = 'rulesets/templates/card-driven';
    const base = loadProgram(path);
    const variant = loadProgram(`${path}/variants/long-war.yaml`);
    const changes = diffRulesets(base.data, variant.data);
    expect(find(changes, 'tables', 'coup_results')).toBeDefined();
    expect(oddsChanges(base, variant, changes)).toEqual([]);
    expect(formatOdds([])).toBe('odds: no changed table with a roll, die, deck or dice expression (a table read by key: rulesmith odds <ruleset> "table[roll]")\n');
  });
});

describe('which value selects a column, for --odds and odds <table>', () => {
  test('a number band by its first value, a name as itself, any other label (odds) as a text literal', () => {
    expect(columnKeyText('2-3')).toBe('2');
    expect(columnKeyText('16+')).toBe('16');
    expect(columnKeyText('-1')).toBe('-1');
    expect(columnKeyText('rapallino')).toBe('rapallino');
    expect(columnKeyText('1:2')).toBe('"1:2"');
    expect(columnKeyText('3 to 1')).toBe('"3 to 1"');
    expect(columnKeyText('{x}')).toBe('"\\{x\\}"');
  });
});
