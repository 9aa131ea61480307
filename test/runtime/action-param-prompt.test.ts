/**
 * An action's choice may carry its own question: `n: { options: …, prompt: "…" }`. The prompt is
 * a template read when the question is asked (it may read the choices before it and `player`);
 * everything else about the choice is what the plain form gives: the menu's legality, a cost
 * reading it, the lists kept for a host that only reads.
 */
import { expect, test } from 'vitest';
import type { Game } from '../../interpreter/runtime/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const text = `
rulesmith: 1
id: guilds
name: Guilds
players: { min: 1, max: 1 }
tracks:
  goods: { min: 0, max: 9, initial: 3, per: player }
variables:
  delivered: { type: list, initial: [] }
map:
  areas:
    weavers: { name: Weavers }
    smiths: { name: Smiths }
actions:
  deliver:
    name: Deliver goods to a guild
    cost: n
    params:
      n: { options: "1..player.goods", prompt: "How many goods, {player.name}?" }
      guild:
        options: areas
        prompt: "Deliver {n} goods to which guild?"
    do: |
      player.goods -= n
      delivered = append(delivered, guild.id)
  rest:
    name: Rest
    cost: 1
    params:
      turns: "[1]"
    do: player.goods += 1
flow:
  rounds: { count: 1 }
  phases:
    - id: work
      actions: { points: 2, allowed: [deliver, rest], pass: true }
victory:
  do: "end game with { winner: none }"
`;

const program = programFromText(text);
const game = (hostReadsOnly = false) => startGame(program, { seed: 1, players: 1 }, { hostReadsOnly });
const pick = (g: Game, label: string) => {
  const i = g.pending!.labels.indexOf(label);
  expect(i, `${label} in ${g.pending!.labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(g.answer(i).ok).toBe(true);
};

for (const hostReadsOnly of [false, true]) {
  test(`a param's prompt is its question, read when asked from player and the choices before it (hostReadsOnly: ${hostReadsOnly})`, () => {
    const g = game(hostReadsOnly);
    const name = g.rt.label(g.rt.ref('player', g.state.players[0]!.id));
    pick(g, 'Deliver goods to a guild');
    expect(g.pending!.prompt).toBe(`How many goods, ${name}?`);
    // The cost reads `n`: only what the 2 points pay for is offered, as with a plain param.
    expect(g.pending!.labels).toEqual(['1', '2']);
    pick(g, '2');
    expect(g.pending!.prompt).toBe('Deliver 2 goods to which guild?');
    expect(g.pending!.labels).toEqual(['Weavers', 'Smiths']);
    pick(g, 'Smiths');
    expect(g.state.vars.delivered).toEqual(['smiths']);
  });
}

test('a param without a prompt is asked as before', () => {
  const g = game();
  pick(g, 'Rest');
  expect(g.pending!.prompt).toBe('Rest: choose turns');
});

test('the menu leaves out an action whose first list, written with a prompt, is empty, as it does a plain one', () => {
  const g = startGame(programFromText(text.replace('initial: 3', 'initial: 0')), { seed: 1, players: 1 });
  expect(g.pending!.labels).toEqual(['Rest', 'Pass']);
  pick(g, 'Rest');
  pick(g, '1');
  // One good now: deliver is offered, and its first list holds just 1.
  pick(g, 'Deliver goods to a guild');
  expect(g.pending!.labels).toEqual(['1']);
});

test('an empty later list written with a prompt stops the game at its options, as a plain one stops at the param', () => {
  // A cost of 1, so the menu does not walk the choices (which would find none and leave it out).
  const stray = text.replace('cost: n\n', 'cost: 1\n').replace('        options: areas\n', '        options: select a in areas where n > 5\n');
  const g = startGame(programFromText(stray), { seed: 1, players: 1 });
  pick(g, 'Deliver goods to a guild');
  pick(g, '1');
  expect(g.status).toBe('error');
  expect(g.error).toMatchObject({ code: 'no-options', message: 'Action `deliver` has no choice for `guild`.' });
  const line = stray.split('\n').findIndex((l) => l.includes('options: select a in areas')) + 1;
  expect(g.error!.range.start).toEqual({ line, column: '        options: '.length + 1 });
});
