/**
 * A `by: all` phase is every seat at once, so no seat is active there: `player` and `side` are
 * none, and the phase's log line names nobody. They used to be whatever the phase before left
 * (a probe's phase logged `b — Red` and read `player` as `p1`), so a script written for all seats
 * silently worked for one. After the phase, the seat active before it is active again.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const rules = `
rulesmith: 1
id: seatless
name: seatless
sides: { red: { name: Red }, blue: { name: Blue } }
players: { min: 2, max: 2 }
flow:
  rounds: { count: 1 }
  phases:
    - id: first
      name: First
      by: blue
      steps:
        - id: inner
          do: log "before {player.id} {side.id}"
        - id: together
          name: Together
          by: all
          steps:
            - id: deep
              name: Deep
              do: |
                log "during {player} {side}"
                let picks = secretly choose one of [1, 2] by p prompt "pick" for each p in players
                log "picked {size(keys(picks))}"
        - id: after
          do: log "after {player.id} {side.id}"
victory:
  do: |
    end game with { winner: none, level: "done" }
`;

describe('a by: all phase', () => {
  test('should make no seat active inside it and give the seat back after it', () => {
    const game = startGame(programFromText(rules), { seed: 1 }, { log: 'full' });
    const asked: string[] = [];
    while (game.pending) {
      expect(game.pending.secret).toBe(true);
      asked.push(game.pending.player);
      expect(game.answer(0)).toEqual({ ok: true });
    }
    expect([game.status, game.error, asked]).toEqual(['ended', null, ['p1', 'p2']]);
    const lines = game.log.filter((e) => e.kind === 'log' || e.kind === 'phase').map((e) => e.text);
    expect(lines).toEqual(['First — Blue', 'inner', 'before p2 blue', 'Together', 'Deep', 'during none none', 'picked 2', 'after', 'after p2 blue']);
  });
});
