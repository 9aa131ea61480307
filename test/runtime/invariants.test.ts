// Invariants as data: the fixture's broken invariant is reported with its place, and checking
// never changes a game (the same games, digests and summaries with and without it).
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { gameDigest } from '../../interpreter/analysis/digest.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { checkInvariants, Game, RandomAgent, playWith } from '../../interpreter/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { runCli } from '../cli/run-cli.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/runtime/invariants');
const program = compileRuleset(loadRuleset(FIXTURE, nodeHost).model!);

describe('invariants', () => {
  test('a game should hold its invariants until the broken one fails, which is reported with its id, message and place', () => {
    const game = Game.start(program, { seed: 'inv' }) as Game;
    expect(checkInvariants(game)).toBeNull();
    game.answer(1); // two stones: 2 taken
    expect(checkInvariants(game)).toBeNull();
    game.answer(1); // two more: 4 taken, past few_taken's 3
    expect(checkInvariants(game)).toEqual({
      code: 'invariant-violated', invariant: 'few_taken', message: '4 stones taken, more than 3',
      file: expect.stringMatching(/fixtures\/runtime\/invariants\/ruleset\.yaml$/), line: 26, column: 3,
    });
  });

  test('a set-up that asks questions should not be checked while it waits: the invariants hold after it', () => {
    const text = [
      'rulesmith: 1',
      'id: setup_questions',
      'name: Set-up questions',
      'sides: { a: { name: A } }',
      'players: { min: 1, max: 1 }',
      'map: { areas: { north: { name: North }, south: { name: South } } }',
      'pieces: { scout: { name: Scout, count: 2, side: a } }',
      'invariants:',
      '  all_placed: { check: "size(pieces) == 2", message: "{size(pieces)} of 2 scouts in play" }',
      'setup: |',
      '  for each s in unplaced(scout) do',
      '    let spot = choose one of [north, south] by players[1] prompt "Where?"',
      '    place s in spot',
      '  end',
      'flow: { rounds: { count: 1 }, phases: [ { id: p, do: "pieces[1].hidden = false" } ] }',
      'victory: { do: "end game with { winner: none }" }',
    ].join('\n');
    const host = createMemoryHost({ 'r.yaml': text });
    const loaded = loadRuleset('r.yaml', host);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const game = Game.start(compileRuleset(loaded.model!), { seed: 1 }) as Game;
    expect(game.pending?.prompt).toBe('Where?');
    expect(checkInvariants(game)).toBeNull();
    game.answer(0);
    expect(checkInvariants(game)).toBeNull();
    game.answer(1);
    expect(game.state.phase).not.toBe('setup');
    expect(checkInvariants(game)).toBeNull();
    // Past the set-up a broken law is still found.
    game.rt.state.pieces.scout_1!.at = null;
    expect(checkInvariants(game)).toMatchObject({ invariant: 'all_placed', message: '1 of 2 scouts in play' });
  });

  test('checking should change nothing: no log line, no die, no step, the same answers and digest', () => {
    for (let i = 1; i <= 20; i++) {
      const seed = `same:${i}`;
      const plain = playWith(program, { seed }, new RandomAgent(seed), { log: 'full' });
      let checks = 0;
      const checked = playWith(program, { seed }, new RandomAgent(seed), { log: 'full', observe: (g) => { checkInvariants(g); checks++; } });
      if ('problems' in plain || 'problems' in checked) throw new Error('setup refused');
      expect(checks).toBe(checked.decisions.length + 1);
      expect(checked.decisions).toEqual(plain.decisions);
      expect(checked.game.log).toEqual(plain.game.log);
      expect(checked.game.state.rng).toEqual(plain.game.state.rng);
      expect(gameDigest(checked.game)).toBe(gameDigest(plain.game));
    }
  });

  test('simulate --check-invariants should report the first violation per game and exit 1; without it the results are the same', async () => {
    const checked = await runCli(['simulate', FIXTURE, '--games', '6', '--workers', '1', '--check-invariants']);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain('invariants: checked after every decision of 6 games, 6 with a violation');
    expect(checked.out).toMatch(/seed 1:1, decision \d+: few_taken: \d stones taken, more than 3 \(.*ruleset\.yaml:26:3\)/);
    const plain = await runCli(['simulate', FIXTURE, '--games', '6', '--workers', '1']);
    expect(plain.code).toBe(0);
    expect(checked.out.startsWith(plain.out)).toBe(true);
    const json = await runCli(['simulate', FIXTURE, '--games', '6', '--workers', '1', '--check-invariants', '--json']);
    expect(json.code).toBe(1);
    const summary = JSON.parse(json.out);
    expect(summary.invariants).toMatchObject({ checked: 6, violations: 6, byInvariant: { few_taken: 6 } });
    expect(summary.invariants.first[0]).toMatchObject({ seed: '1:1', invariant: 'few_taken', code: 'invariant-violated', at: expect.stringMatching(/ruleset\.yaml:26:3$/) });
    const plainJson = JSON.parse((await runCli(['simulate', FIXTURE, '--games', '6', '--workers', '1', '--json'])).out);
    delete summary.invariants;
    expect(summary).toEqual(plainJson);
  });

  test('--check-invariants with --compare should be refused as usage', async () => {
    const r = await runCli(['simulate', FIXTURE, '--compare', FIXTURE, '--check-invariants']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--check-invariants and --compare do not go together');
  });
});
