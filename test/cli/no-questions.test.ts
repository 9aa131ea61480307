/**
 * A simulation whose games never ask anyone anything says so under the game length: a euro
 * designer's walk left the turn order an empty list by mistake, every `by: each player` phase was
 * skipped, and `simulate` printed "p1 100%" with 0 runtime errors and no word of it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';

const rules = (order: string) => [
  'rulesmith: 1',
  'id: mini',
  'name: Mini',
  'players: { min: 3, max: 3 }',
  'tracks: { vp: { name: VP, min: 0, initial: 0, per: player } }',
  `variables: { order: { type: list, initial: ${order} } }`,
  'flow:',
  '  rounds: { count: 2 }',
  '  turn_order: order',
  '  phases:',
  '    - { id: place, by: each player, actions: { points: 1, allowed: [score], pass: false } }',
  'actions: { score: { do: player.vp += 1 } }',
  'victory: { do: "end game with { winner: players[1] }" }',
  '',
].join('\n');

describe('simulate, when no game asks anything', () => {
  test('says so and where to look; a game with questions does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-noq-'));
    writeFileSync(join(dir, 'ruleset.yaml'), rules('[]'));
    const r = await runCli(['simulate', dir, '--games', '3']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('note: no game asked anyone anything (0 decisions in every game): if players should act, check who acts (`flow.turn_order`, each phase\'s `by:` and `when:`).');
    const ok = mkdtempSync(join(tmpdir(), 'rs-noq-'));
    writeFileSync(join(ok, 'ruleset.yaml'), rules('[]').replace('turn_order: order', 'turn_order: seating'));
    const asked = await runCli(['simulate', ok, '--games', '3']);
    expect(asked.out).not.toContain('no game asked');
  });
});
