/**
 * `resolve(roll on table, …)`: roll a table's own `roll:` and carry out the row it gives — a
 * Random Events table in one line. It was refused ("`resolve` takes 1 argument"; at run time
 * "Only cards have effects"), and a row kept in a variable cannot be resolved: the checker says
 * where to resolve it instead.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { programFromText, scriptRules, startGame } from '../helpers/ruleset.ts';

const SECTIONS = `tracks: { gold: { initial: 10 } }
tables:
  events:
    params: [amount]
    roll: 1d6
    rows:
      1-3: { name: Tax, effect: "gold -= amount" }
      4-6: { name: Bounty, effect: "gold += amount * 2" }`;

describe('resolve(roll on table, …)', () => {
  test('should roll the table, log the roll and carry out the row it gives', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const game = startGame(programFromText(scriptRules('events', SECTIONS, 'resolve(roll on events, 3)\nlog "gold {gold}"')), { seed }, { log: 'full' });
      expect(game.error).toBeNull();
      const rolled = (game.log.find((e) => e.kind === 'roll')!.data as { total: number }).total;
      expect(game.log.filter((e) => e.kind === 'log').map((e) => e.text)).toEqual([`gold ${rolled <= 3 ? 7 : 16}`]);
    }
  });

  test('should say which row came up, by its name, as a rolled line; a row read by key as bookkeeping', () => {
    const game = startGame(programFromText(scriptRules('events', SECTIONS, 'resolve(roll on events, 3)\nresolve(events[5], 1)')), { seed: 1 }, { log: 'full' });
    expect(game.error).toBeNull();
    const rolled = (game.log.find((e) => e.kind === 'roll')!.data as { total: number }).total;
    const rows = game.log.filter((e) => e.kind === 'table');
    expect(rows.map((e) => e.text)).toEqual([`events: row ${rolled <= 3 ? '1-3' : '4-6'} (for ${rolled}) gives ${rolled <= 3 ? 'Tax' : 'Bounty'}`, 'events: row 4-6 (for 5) gives Bounty']);
    expect(rows.map((e) => (e.data as { rolled?: boolean }).rolled)).toEqual([true, undefined]);
  });

  test('a row kept in a variable should be refused with where to resolve it', () => {
    const text = scriptRules('events', SECTIONS, 'let r = roll on events\nresolve(r, 3)');
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
    const d = checkRuleset(loaded.model!).find((x) => x.code === 'type-mismatch');
    expect(d?.hint).toBe('Resolve the row where it is looked up: `resolve(roll on events, …)` or `resolve(events[key], …)`; a row kept in a variable has no effect to run.');
  });
});
