/**
 * Text about hidden pieces carries its marks as a value: kept in a variable, joined with other
 * text, logged or asked much later (after any number of other interpolations), saved and resumed,
 * it still reads redacted to a seat the piece is hidden from, and in full to the referee.
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game, type SavedGame } from '../../interpreter/runtime/index.ts';

const RULES = `rulesmith: 1
id: marked
name: Marked text
players: { min: 2, max: 2 }
sides:
  north: { name: North }
  south: { name: South }
pieces:
  captain: { name: Captain, side: north, count: 1, hidden: true, props: { strength: 5 } }
variables:
  rumour: { type: text, initial: "" }
map:
  areas:
    camp: { name: Camp }
setup: |
  place captain in camp
  let c = first p in pieces_in(camp)
  rumour = "the " + "{c.name} (strength {c.strength}) waits"
  let noise = 0
  repeat 1500 times
    let x = "{c.name} {noise}"
    noise += 1
  end
flow:
  phases:
    - id: talk
      do: |
        log rumour
        let heard = choose one of ["yes", "no"] by south prompt "Did you hear that {rumour}?"
victory:
  do: |
    end game with { winner: none }
`;

function start(): Game {
  const loaded = loadRuleset('m/ruleset.yaml', createMemoryHost({ 'm/ruleset.yaml': RULES }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const g = Game.start(compileRuleset(loaded.model!), { seed: 1 });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

const SECRETS = /Captain|strength 5/;

describe('marked text', () => {
  test('a rumour built from a hidden piece, logged and asked after 1,500 other interpolations, reads redacted to the other side', () => {
    const game = start();
    const south = JSON.stringify(game.view('p2'));
    expect(south).not.toMatch(SECRETS);
    // The one captain's name is its label, so the other side reads it as the piece's alias.
    expect(game.view('p2').pending?.prompt).toMatch(/^Did you hear that the hidden piece \(hidden-\d+\) \(strength \?\) waits\?$/);
    // The referee (and the piece's own side) read it in full.
    expect(game.log.map((e) => e.text)).toContain('the Captain (strength 5) waits');
    expect(game.view('p1').pending?.prompt ?? game.pending!.prompt).toContain('Captain');
    // The variable holding it shows the seat its redaction too.
    expect(game.view('p2').state.vars.rumour).toMatch(/^the hidden piece \(hidden-\d+\) \(strength \?\) waits$/);
  });

  test('a saved and resumed game still redacts it', () => {
    const game = start();
    const saved = JSON.parse(JSON.stringify(game.save())) as SavedGame;
    const resumed = Game.fromState(game.program, saved);
    if (!(resumed instanceof Game)) throw new Error('not resumed');
    expect(JSON.stringify(resumed.view('p2'))).not.toMatch(SECRETS);
    expect(resumed.view('p2')).toEqual(game.view('p2'));
  });
});
