/**
 * `place` of a piece already on the map stops with `piece-in-play` (it used to move the piece
 * with no word, hiding slips such as a list naming one piece twice); from the box, a zone or out
 * of the game it still brings the piece into play. `reveal` of a piece already face up writes no
 * "revealed" line, and setting `hidden` to what it is already none either.
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

function play(setup: string): Game {
  const text = [
    'rulesmith: 1',
    'id: placing',
    'name: Placing',
    'sides: { a: { name: A }, b: { name: B } }',
    'map: { areas: { north: { name: North }, south: { name: South } } }',
    'zones: { reserve: { name: Reserve } }',
    'pieces: { scout: { name: Scout, count: 2, side: a } }',
    'setup: |',
    ...setup.split('\n').map((l) => `  ${l}`),
    'flow: { rounds: { until: "true" }, phases: [ { id: p, do: "log \\"done\\"" } ] }',
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const g = Game.start(compileRuleset(loaded.model!), { seed: 1 }, { log: 'full' });
  if (!(g instanceof Game)) throw new Error(JSON.stringify(g.problems));
  return g;
}

const lines = (g: Game) => g.view(null).log.map((e) => e.text);

describe('place', () => {
  test('a piece already on the map should stop the game with piece-in-play, its place and a hint', () => {
    const g = play('let pair = [first u in unplaced(scout), first u in unplaced(scout)]\nplace pair[1] in north\nplace pair[2] in south');
    expect(g.status).toBe('error');
    expect(g.error).toMatchObject({ code: 'piece-in-play', file: 'r.yaml', range: { start: { line: 11, column: 3 } } });
    expect(g.error?.message).toBe('Scout #1 is already on the map (North); `place` brings pieces into play.');
    expect(g.error?.hint).toContain('`move`');
  });

  test('a piece in a zone, in the box or out of the game should still be placed', () => {
    const g = play('let s = first u in unplaced(scout)\nmove s to reserve\nplace s in north\nremove s from game\nplace s in south\nplace 1 of scout in north');
    expect(g.status).not.toBe('error');
    expect(g.state.pieces.scout_1!.at).toBe('south');
    expect(g.state.pieces.scout_2!.at).toBe('north');
  });
});

describe('reveal', () => {
  test('a piece already face up should be revealed without a line; a hidden one with one', () => {
    const g = play('place 2 of scout in north\nlet s = first u in pieces\nlet t = pieces[2]\nt.hidden = true\nreveal s\nreveal t');
    expect(g.status).not.toBe('error');
    expect(lines(g).filter((l) => l.includes('revealed'))).toEqual(['Scout #2 revealed']);
  });

  test('setting `hidden` should write a line only when it changes something', () => {
    const g = play('place 2 of scout in north\nlet s = first u in pieces\nlet t = pieces[2]\ns.hidden = false\nt.hidden = true\nt.hidden = true\nreveal t to b\nt.hidden = true\nt.hidden = false');
    expect(g.status).not.toBe('error');
    expect(lines(g).filter((l) => / (hidden|revealed)$/.test(l))).toEqual(['hidden-2 hidden', 'hidden-2 hidden', 'scout_2 revealed']);
  });
});

describe('none where pieces or cards are acted on', () => {
  test('remove of none should say pieces and cards, with a hint about empty draws', () => {
    const g = play('let s = first u in unplaced(scout) where u.id == "nobody"\nremove s to reserve');
    expect(g.error).toMatchObject({ code: 'not-a-piece', message: 'Only pieces and cards can be removed, not none.' });
    expect(g.error?.hint).toContain('empty deck or zone');
    const m = play('let s = first u in unplaced(scout) where u.id == "nobody"\nmove s to north');
    expect(m.error).toMatchObject({ code: 'not-a-piece', message: 'Only pieces can be moved, not none.' });
    expect(m.error?.hint).toContain('test it first');
  });
});
