/**
 * Assigning into a record or list the game holds (a variable, a per-player variable, a piece's
 * prop) changes what the game holds. Reading those gives a copy (the state is data), and before
 * compile/assign-chain.ts the assignment changed the copy and was lost without a word:
 * `r.n = 2` left `r.n` at 1.
 */
import { describe, expect, test } from 'vitest';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

/** Runs `script` as the only phase and returns the game's `log` lines (its `show` output). */
function run(script: string, checked = true): { lines: string[]; game: Game } {
  const text = [
    'rulesmith: 1',
    'id: held_values',
    'name: Held values',
    'sides: { a: { name: A }, b: { name: B } }',
    'variables:',
    '  r: { type: record, initial: { n: 1, xs: [1, 2] } }',
    '  xs: { type: list, initial: [1, 2, 3] }',
    '  grid: { type: list, initial: [[1, 2], [3, 4]] }',
    '  offers: { type: list, per: player, initial: [0, 0] }',
    'tables:',
    '  t: { rows: { "1": { n: 5, xs: [7, 8] } } }',
    'pieces: { token: { count: 1, props: { stats: { hp: 3, marks: [1] } } } }',
    'flow:',
    '  rounds: { until: "true" }',
    '  phases:',
    '    - id: p',
    '      do: |',
    ...script.split('\n').map((l) => `        ${l}`),
    'victory: { do: "end game with { winner: none }" }',
  ].join('\n');
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  if (checked) expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const game = Game.start(compileRuleset(loaded.model!), { seed: 1, players: 2 }, { log: 'full' });
  if (!(game instanceof Game)) throw new Error(JSON.stringify(game.problems));
  return { game, lines: game.log.filter((e) => e.kind === 'log').map((e) => e.text) };
}

describe('assigning into a value the game holds', () => {
  test('a member of a record variable should stay set', () => {
    expect(run('r.n = 2\nr.n += 3\nlog "{r.n}"').lines).toEqual(['5']);
  });

  test('an element of a list variable, and of a list inside a record variable, should stay set', () => {
    expect(run('xs[2] = 9\nr.xs[1] -= 1\nlog "{xs} / {r.xs}"').lines).toEqual(['1, 9, 3 / 0, 2']);
  });

  test('an element of a list of lists should stay set, the other rows untouched', () => {
    expect(run('grid[2][1] = 7\nlog "{grid[1]} / {grid[2]}"').lines).toEqual(['1, 2 / 7, 4']);
  });

  test("a player's own list should change for that player only", () => {
    expect(run('let p = players[2]\np.offers[1] = 4\nlog "{players[1].offers} / {p.offers}"').lines).toEqual(['0, 0 / 4, 0']);
  });

  test("a piece's record prop should change on the piece", () => {
    const { lines, game } = run('let u = first q in unplaced(token)\nu.stats.hp = 1\nu.stats.marks[2] = 5\nlog "{u.stats.hp} {u.stats.marks}"');
    expect(lines).toEqual(['1 1, 5']);
    expect(Object.values(game.state.pieces)[0]!.props.stats).toEqual({ hp: 1, marks: [1, 5] });
  });

  test('keys should be evaluated once: a rolled key is not rolled again to write back', () => {
    // Rolled again to write back, the changed row would also land in a second row (a sum of 2, 5 times in 6).
    const { lines } = run('grid = [[0], [0], [0], [0], [0], [0]]\ngrid[1d6][1] = 1\nlog "{sum g[1] for g in grid}"');
    expect(lines).toEqual(['1']);
  });

  test('a local copy should change alone, and a local shared by two names should change for both', () => {
    expect(run('let c = r\nc.n = 8\nlet d = c\nd.n = 9\nlog "{r.n} {c.n}"').lines).toEqual(['1 9']);
  });

  // The checker says so first (test/fixtures/check/member-assignment.yaml); a host that runs
  // unchecked rules (the editor's playtest of a ruleset with errors) still gets a clear stop.
  test.each(['t[1].n = 2', 't[1] = 3', 't[1].xs[2] = 3'])("a table's cell (%s) should stop the game: the rules' data cannot change", (script) => {
    const { game } = run(script, false);
    expect(game.status).toBe('error');
    expect(game.error).toMatchObject({ code: 'not-assignable', file: 'r.yaml' });
    expect(game.error?.message).toBe("Table `t` is the rules' data: its cells cannot be changed during a game.");
    expect(game.error?.hint).toContain('`let`');
  });
});
