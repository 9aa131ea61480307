/**
 * The shipped games' action choices ask in words (`prompt:` on each param), not by the engine's
 * default `<action>: choose <param>`: a walk through the playtest read "Move: choose destination".
 * Plays a spread of options (the i-th question's option i mod n) for a while and reads every question asked.
 */
import { describe, expect, test } from 'vitest';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

function questions(game: string, decisions: number): Set<string> {
  const g = startGame(loadProgram(`rulesets/${game}`), { seed: 2, players: game === 'battle-of-seattle' || game === 'dragut' ? 2 : 3 });
  const asked = new Set<string>();
  for (let i = 0; i < decisions && g.status === 'waiting'; i++) {
    const req = g.pending!;
    asked.add(req.prompt);
    const ok = g.answer(req.kind === 'number' ? req.min : req.kind === 'several' ? Array.from({ length: req.min }, (_, k) => k) : i % req.options.length);
    expect(ok).toEqual({ ok: true });
  }
  return asked;
}

describe("an action's choices should be asked in the ruleset's words", () => {
  test.each([
    ['battle-of-seattle', /^Move which unit\?$/, /^Where does .+ move\?$/],
    ['dragut', /^Move which unit\?$/, /^Move to which area\?$/],
    ['blockade-runner', /^Play which action card\?$/, /^Play the card for what\?$/],
  ])('%s', (game, first, second) => {
    const asked = [...questions(game, 400)];
    expect(asked.filter((q) => / choose [a-z_]+$/.test(q))).toEqual([]);
    expect(asked.some((q) => first.test(q))).toBe(true);
    expect(asked.some((q) => second.test(q))).toBe(true);
    // A bot prior that reads a question by its words (`question == "…"`) names one the game asks:
    // the words changing would quietly switch the prior off.
    const priors = Object.values(loadProgram(`rulesets/${game}`).data.heuristics?.priors ?? {}) as Array<{ score?: unknown }>;
    const named = priors.flatMap((p) => [...String(p.score).matchAll(/question == "([^"]+)"/g)].map((m) => m[1]!));
    for (const q of named) expect(asked).toContain(q);
  });
});
