/** What the playtest log counts as the rules' bookkeeping (editor/play/seat-view.ts `logLines`). */
import { describe, expect, test } from 'vitest';
import type { LogEntry, Program } from '../../interpreter/index.ts';
import { logLines } from '../../editor/play/seat-view.ts';

const program = {
  data: { variables: { ready: { name: 'Units that may still act' }, acted_at: { name: 'Last step the unit acted in' }, scratch: {} } },
} as unknown as Program;

let n = 0;
function line(kind: LogEntry['kind'], text: string, data?: unknown): LogEntry {
  return { n: n++, round: 1, phase: 'movement', kind, text, ...(data !== undefined ? { data } : {}) };
}

describe('the playtest log with Details off', () => {
  test('should hide a variable set to the value it already had, and show each change of it', () => {
    const log = [
      line('change', 'ready = []', { variable: 'ready', owner: null }),
      line('change', 'ready = anarchists_1, anarchists_2', { variable: 'ready', owner: null }),
      line('move', 'anarchists_1: a → b', { from: 'a', to: 'b' }),
      line('change', 'acted_at (anarchists_1) = 6', { variable: 'acted_at', owner: 'anarchists_1' }),
      line('change', 'acted_at (anarchists_2) = 6', { variable: 'acted_at', owner: 'anarchists_2' }),
      line('change', 'ready = []', { variable: 'ready', owner: null }),
      line('change', 'ready = []', { variable: 'ready', owner: null }),
      line('change', 'acted_at (anarchists_1) = 6', { variable: 'acted_at', owner: 'anarchists_1' }),
      line('change', 'scratch = 1', { variable: 'scratch', owner: null }),
      line('table', 'turns[1] = 3', { table: 'turns', rolled: false }),
    ];
    const shown = logLines(program, [], log).map((l) => `${l.detail ? '(detail) ' : ''}${l.text}`);
    expect(shown).toEqual([
      'Units that may still act = []',
      'Units that may still act = anarchists_1, anarchists_2',
      'anarchists_1: a → b',
      'Last step the unit acted in (anarchists_1) = 6',
      // Another owner's value is its own.
      'Last step the unit acted in (anarchists_2) = 6',
      'Units that may still act = []',
      '(detail) Units that may still act = []',
      '(detail) Last step the unit acted in (anarchists_1) = 6',
      // As before: a variable without a name, a table read without a roll.
      '(detail) scratch = 1',
      '(detail) turns[1] = 3',
    ]);
  });
});
