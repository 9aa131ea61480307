// The four rulesets' invariants (rulesets/*/invariants.yaml): random games break none of them, and
// each conservation law is not vacuous: a state broken by hand (a dollar, a counter or a card gone
// astray) is reported by the invariant that guards it. `npm run soak` plays many more games.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkInvariants, RandomAgent, playWith, type Game, type InvariantViolation } from '../../interpreter/index.ts';
import { ROOT } from '../editor/helpers.ts';
import { loadProgram, setTrack, startGame, track } from '../helpers/ruleset.ts';

const program = (game: string) => loadProgram(join(ROOT, 'rulesets', game));

/** Play random games with every invariant checked after setup and each decision; the violations found. */
function violations(game: string, seeds: number, players?: number): string[] {
  const found: string[] = [];
  for (let i = 1; i <= seeds; i++) {
    const seed = `invariants:${game}:${i}`;
    let broken: InvariantViolation | null = null;
    const played = playWith(program(game), { seed, ...(players ? { players } : {}) }, new RandomAgent(seed), { log: 'none', observe: (g) => { broken ??= checkInvariants(g); } });
    if ('problems' in played) throw new Error(`setup refused: ${JSON.stringify(played.problems)}`);
    expect(played.game.status).toBe('ended');
    const v = broken as InvariantViolation | null;
    if (v) found.push(`${seed}: ${v.invariant}: ${v.message}`);
  }
  return found;
}

/** A game some decisions in (past setup), for breaking by hand. */
function midGame(game: string, decisions = 20): Game {
  const g = startGame(program(game), { seed: `broken:${game}` });
  const agent = new RandomAgent('broken');
  for (let i = 0; i < decisions && g.pending; i++) expect(g.answer(agent.choose(g.pending)).ok).toBe(true);
  expect(checkInvariants(g)).toBeNull();
  return g;
}

describe('the shipped rulesets\' invariants', () => {
  test.each(['battle-of-seattle', 'blockade-runner', 'dragut', 'blue-max'])('%s should declare at least five invariants, each with a source or a note', (game) => {
    const invariants = Object.entries(program(game).data.invariants ?? {});
    expect(invariants.length).toBeGreaterThanOrEqual(5);
    for (const [id, inv] of invariants) expect([id, typeof inv.source === 'string' || typeof inv.note === 'string']).toEqual([id, true]);
  });

  test.each([
    { game: 'battle-of-seattle', seeds: 3, players: undefined, seats: 'default' },
    { game: 'blockade-runner', seeds: 2, players: 2, seats: '2' },
    { game: 'blockade-runner', seeds: 1, players: 6, seats: '6' },
    { game: 'dragut', seeds: 4, players: undefined, seats: 'default' },
    { game: 'blue-max', seeds: 6, players: undefined, seats: 'default' },
  ])('$game: $seeds random games ($seats players) should break no invariant', ({ game, seeds, players }) => {
    expect(violations(game, seeds, players)).toEqual([]);
  }, 60_000);

  test('Blockade Runner: a dollar from nowhere should break the money law', () => {
    const g = midGame('blockade-runner');
    setTrack(g, 'cash', track(g, 'cash', 'p1') + 1, 'p1');
    expect(checkInvariants(g)).toMatchObject({ invariant: 'money_conserved', message: expect.stringContaining('Money leaks') });
  });

  test('Blockade Runner: a cotton cube lost from the supply should break cube conservation', () => {
    const g = midGame('blockade-runner');
    setTrack(g, 'supply_cotton', track(g, 'supply_cotton') - 1);
    expect(checkInvariants(g)).toMatchObject({ invariant: 'cotton_conserved' });
  });

  test('Battle of Seattle: a Protester unit taken off the board should break the counter mix', () => {
    const g = midGame('battle-of-seattle');
    const unit = Object.values(g.state.pieces).find((p) => p.at !== null && p.at !== '@out' && ['anarchists', 'radicals'].includes(p.type))!;
    unit.at = '@out';
    expect(checkInvariants(g)).toMatchObject({ invariant: 'protester_units_conserved', message: expect.stringContaining('not 62') });
  });

  test('Dragut: a Seraglio count without a captive should break the Seraglio law', () => {
    const g = midGame('dragut');
    setTrack(g, 'seraglio_count', track(g, 'seraglio_count') + 1);
    expect(checkInvariants(g)).toMatchObject({ invariant: 'seraglio_counted' });
  });

  test('Blue Max: a Damage card dropped from its pile should break deck conservation', () => {
    // Past the set-up's six questions (aircraft, start hex, facing for each player): invariants hold after set-up.
    const g = midGame('blue-max', 10);
    expect(g.state.round).toBeGreaterThan(0);
    g.state.decks.damage_b!.draw.pop();
    expect(checkInvariants(g)).toMatchObject({ invariant: 'damage_b_conserved', message: expect.stringContaining('not 44') });
  });
});
