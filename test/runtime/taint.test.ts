/**
 * A value kept in a local carries the secrets it was made from into the lines that read it
 * (runtime/taint.ts): `let col = odds[u.attack]` then `roll on crt column col` must not name the
 * column to a seat the unit is hidden from, nor `log "{col}"` the value, also after the game was
 * saved and resumed between the two. Found by a designer's walk: the CRT line told a face-down
 * unit's strength through its odds column.
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import type { Program } from '../../interpreter/runtime/program.ts';

function program(attack: string): Program {
  const text = [
    'rulesmith: 1',
    'id: tainted',
    'name: Tainted',
    'sides: { red: { name: Red }, blue: { name: Blue } }',
    'map: { areas: { ford: { name: Ford } } }',
    'pieces:',
    '  militia: { name: Militia, count: 1, side: red, hidden: true, props: { attack: 1 } }',
    '  guard: { name: Guard, count: 1, side: red, hidden: true, props: { attack: 3 } }',
    'tables:',
    '  odds: { rows: { "1": "1:1", "3": "3:1" } }',
    '  crt: { roll: 1d6, columns: ["1:1", "3:1"], rows: { "1-6": [NE, DS] } }',
    'setup: |',
    '  place 1 of militia in ford',
    '  place 1 of guard in ford',
    'flow:',
    '  rounds: { count: 1 }',
    '  phases:',
    '    - id: fight',
    '      do: |',
    '        let u = first q in pieces_in(ford) where q.type == ' + attack,
    '        let att = u.attack',
    '        let col = none',
    '        col = odds[att]',
    '        let plan = {}',
    '        plan.col = col',
    '        let go = choose one of ["go", "wait"] by blue prompt "Attack?"',
    '        let r = roll on crt column col',
    '        log "Column {col}, plan {plan.col}: {r}"',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return compileRuleset(loaded.model!);
}

const lines = (g: Game, seat: string) => g.view(seat).log.map((e) => e.text).filter((t) => /Column|Combat|crt|looked/i.test(t));

describe('secrets kept in locals', () => {
  for (const [unit, column] of [['militia', '1:1'], ['guard', '3:1']] as const) {
    test(`the ${unit}'s odds column should reach red's log and not blue's, before and after a save`, () => {
      const p = program(unit);
      const g = Game.start(p, { seed: 3 }, { log: 'full' });
      if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
      const resumed = Game.fromState(p, g.save());
      if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
      for (const game of [g, resumed]) {
        expect(game.answer(0)).toEqual({ ok: true });
        const red = lines(game, 'p1').join('\n');
        const blue = lines(game, 'p2').join('\n');
        expect(red).toContain(`Column ${column}, plan ${column}`);
        expect(red).toContain(`column ${column}`);
        expect(blue).not.toContain(column);
        expect(blue).toContain('Column hidden piece, plan hidden piece');
      }
      // The whole game's text is the same for each seat in the resumed game.
      expect(resumed.view('p2').log.map((e) => e.text)).toEqual(g.view('p2').log.map((e) => e.text));
    });
  }
});
