import { describe, expect, test } from 'vitest';
import type { RulesetFile } from '../../grammar/index.ts';
import type { Reference } from '../../interpreter/check/index.ts';
import type { ElementChange } from '../../interpreter/analysis/diff.ts';
import { addUsedBy, elementOf, reachOf, usersOf } from '../../interpreter/analysis/used-by.ts';

const DATA = {
  flow: { phases: [{ id: 'movement', do: '' }, { do: '' }] },
  setup: [{ id: 'deploy', do: '' }, { do: '' }],
  decks: { orders: { cards: [{ id: 'rally' }] } },
} as unknown as RulesetFile;

const ref = (name: string, path: Array<string | number>, line: number, file = 'r.yaml'): Reference => ({ name, file, range: { start: { line, column: 3 }, end: { line, column: 3 + name.length } }, in: path });

describe('which rules a change reaches', () => {
  test('each script should be named as a designer knows its element', () => {
    expect(elementOf(['procedures', 'fight', 'do'], DATA)).toBe('procedure fight');
    expect(elementOf(['actions', 'attack', 'params', 'target'], DATA)).toBe('action attack');
    expect(elementOf(['odds', 'attack_at_3', 'expression'], DATA)).toBe('odds question attack_at_3');
    expect(elementOf(['flow', 'phases', 0, 'do'], DATA)).toBe('phase movement');
    expect(elementOf(['flow', 'phases', 1, 'do'], DATA)).toBe('phase 2');
    expect(elementOf(['setup', 0, 'do'], DATA)).toBe('setup step deploy');
    expect(elementOf(['setup', 1, 'do'], DATA)).toBe('setup step 2');
    expect(elementOf(['decks', 'orders', 'cards', 0, 'effect'], DATA)).toBe('card rally of deck orders');
    expect(elementOf(['flow', 'rounds', 'count'], DATA)).toBe('flow.rounds.count');
    expect(elementOf(['victory', 'do'], DATA)).toBe('victory');
  });

  test('uses should be grouped by element, each at its first use, counted', () => {
    const refs = [ref('crt', ['procedures', 'fight', 'do'], 4), ref('crt', ['procedures', 'fight', 'do'], 9), ref('crt', ['odds', 'q', 'expression'], 20), ref('other', ['victory', 'do'], 30)];
    expect(usersOf('crt', refs, DATA)).toEqual([
      { element: 'procedure fight', file: 'r.yaml', line: 4, column: 3, uses: 2 },
      { element: 'odds question q', file: 'r.yaml', line: 20, column: 3, uses: 1 },
    ]);
  });

  test("a removed element's users should come from the base; others from the variant; 'none' only where only scripts can use it", () => {
    const changes: ElementChange[] = [
      { section: 'tables', id: 'gone', change: 'removed' },
      { section: 'tables', id: 'crt', change: 'changed' },
      { section: 'tables', id: 'unread', change: 'changed' },
      { section: 'pieces', id: 'infantry', change: 'changed' },
      { section: 'dice', id: 'special', change: 'changed' },
      { section: 'description', id: 'description', change: 'changed' },
    ];
    addUsedBy(changes, { refs: [ref('gone', ['victory', 'do'], 1, 'base.yaml'), ref('crt', ['victory', 'do'], 2, 'base.yaml')], data: DATA }, { refs: [ref('crt', ['procedures', 'fight', 'do'], 5, 'v.yaml')], data: DATA });
    expect(changes.map((c) => [c.id, c.usedBy?.map((u) => `${u.element} ${u.file}:${u.line}`)])).toEqual([
      ['gone', ['victory base.yaml:1']],
      ['crt', ['procedure fight v.yaml:5']],
      ['unread', []],
      // A piece type or a die may be used by data (a side's pieces, a table's `roll: 1d[special]`): no claim either way.
      ['infantry', undefined],
      ['special', undefined],
      ['description', undefined],
    ]);
  });

  test('what a change reaches through procedures should follow calls to the phases, actions and cards at their ends, each once, recursion included', () => {
    const refs = [
      ref('crt', ['procedures', 'fight', 'do'], 1),
      ref('fight', ['procedures', 'battle', 'do'], 2),
      ref('battle', ['procedures', 'battle', 'do'], 3),
      ref('battle', ['flow', 'phases', 0, 'do'], 4),
      ref('fight', ['actions', 'attack', 'do'], 5),
      ref('battle', ['flow', 'phases', 0, 'do'], 6),
      ref('crt', ['odds', 'q', 'expression'], 7),
    ];
    expect(reachOf('crt', refs, DATA)).toEqual(['action attack', 'phase movement']);
    // No procedure uses it: its users say it all.
    expect(reachOf('crt', refs.filter((r) => r.in[0] !== 'procedures'), DATA)).toEqual([]);
    const changes: ElementChange[] = [{ section: 'tables', id: 'crt', change: 'changed' }];
    addUsedBy(changes, { refs: [], data: DATA }, { refs, data: DATA });
    expect(changes[0]!.reaches).toEqual(['action attack', 'phase movement']);
  });
});
