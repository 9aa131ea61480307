/**
 * Which actions the menu offers: an action needs an option for its first choice, and for every
 * later choice whose list neither reads an earlier choice nor acts (the menu asks those lists too).
 * A later list that reads an earlier choice is asked only once that choice is made.
 */
import { expect, test } from 'vitest';
import type { Game } from '../../interpreter/runtime/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const text = `
rulesmith: 1
id: menu
name: Menu
players: { min: 1, max: 1 }
variables:
  armed: { type: boolean, initial: false }
  log_of: { type: list, initial: [] }
map:
  areas:
    left: {}
    right: {}
actions:
  arm:
    cost: 1
    do: armed = true
  fire:
    cost: 1
    params:
      shot: "[1, 2]"
      target: "select a in areas where armed"
    do: log_of = append(log_of, target.id)
  stray:
    cost: 1
    params:
      n: "[1, 2]"
      m: "select k in [1, 2] where k > n + 5"
    do: log_of = append(log_of, m)
flow:
  rounds: { count: 1 }
  phases:
    - id: act
      actions: { points: 3, allowed: ACTIONS, pass: true }
victory:
  do: "end game with { winner: none }"
`;

const game = (allowed: string) => startGame(programFromText(text.replace('ACTIONS', allowed)), { seed: 1, players: 1 });
const pick = (g: Game, label: string) => {
  const i = g.pending!.labels.indexOf(label);
  expect(i, `${label} in ${g.pending!.labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(g.answer(i).ok).toBe(true);
};

test('an action whose later list, read without the earlier choices, is empty is not offered until it has an option', () => {
  const g = game('[arm, fire]');
  expect(g.pending!.labels).toEqual(['arm', 'Pass']);
  pick(g, 'arm');
  expect(g.pending!.labels).toEqual(['arm', 'fire', 'Pass']);
  pick(g, 'fire');
  pick(g, '2');
  expect(g.pending!.labels).toEqual(['left', 'right']);
  pick(g, 'right');
  expect(g.state.vars.log_of).toEqual(['right']);
});

test('a later list that reads an earlier choice is asked only once it is made: an empty one stops the game, positioned', () => {
  const g = game('[stray]');
  pick(g, 'stray');
  pick(g, '1');
  expect(g.status).toBe('error');
  expect(g.error).toMatchObject({ code: 'no-options', message: 'Action `stray` has no choice for `m`.' });
  expect(g.error!.hint).toBeTruthy();
});
