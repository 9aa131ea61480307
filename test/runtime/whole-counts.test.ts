/**
 * A count — how many times `repeat` runs, pieces `place` puts, cards `draw` takes, dice a roll
 * throws, options `choose` wants — is a whole number. A fraction (`units / 2` of an odd number)
 * used to be rounded by each statement its own way: `repeat 2.5 times` ran 3 times, `draw 2.5`
 * took 3 cards, while `place 2.5 of` placed 2 and `2.5d6` rolled 2 dice. Now each stops with
 * `not-whole-number` at the statement, saying how to round: rulebooks say which way halves go.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, scriptRules, startGame } from '../helpers/ruleset.ts';

const rules = (script: string) => scriptRules('whole_counts', 'map: { areas: { camp: {} } }\npieces: { scout: { side: red, count: 6 } }\ndecks: { orders: { cards: [{ id: march, count: 6 }] } }', script);

const play = (script: string) => startGame(programFromText(rules(script)), { seed: 1 }, { log: 'full' });

describe('counts are whole numbers', () => {
  test.each([
    ['repeat (5 / 2) times log "once" end', 'How many times `repeat` runs must be a whole number, not 2.5.'],
    // A repeat whose body asks runs as ops, not as one closure: the same rule there.
    ['repeat 1.5 times let u = choose one of [1, 2] by player end', 'How many times `repeat` runs must be a whole number, not 1.5.'],
    ['place 5 / 2 of scout in camp', 'How many pieces to place must be a whole number, not 2.5.'],
    ['let cards = draw 5 / 2 from orders', 'How many cards to draw must be a whole number, not 2.5.'],
    ['let r = (5 / 2)d6', 'How many dice to roll must be a whole number, not 2.5.'],
    ['let picked = choose 1.5 of [1, 2, 3] by player', 'How many to choose must be a whole number, not 1.5.'],
    ['let picked = choose up to 1.5 of [1, 2, 3] by player', 'How many to choose must be a whole number, not 1.5.'],
  ])('%s should stop with not-whole-number and say how to round', (script, message) => {
    const game = play(script);
    expect(game.status).toBe('error');
    expect(game.error).toMatchObject({ code: 'not-whole-number', message, file: 'r.yaml' });
    expect(game.error?.hint).toContain('floor(x)');
  });

  test('a number of rounds that is not whole should stop with not-whole-number at flow.rounds.count', () => {
    const text = rules('log "round {turn}"').replace('flow:\n', 'flow:\n  rounds: { count: 5 / 2 }\n').replace('        end game with { winner: red, level: "done" }\n', '');
    const game = startGame(programFromText(text), { seed: 1 });
    expect(game.error).toMatchObject({ code: 'not-whole-number', message: 'The number of rounds (`flow.rounds.count`) must be a whole number, not 2.5.' });
    const whole = startGame(programFromText(text.replace('5 / 2', '4 / 2')), { seed: 1 }, { log: 'full' });
    expect([whole.error?.message, whole.log.filter((e) => e.kind === 'log').map((e) => e.text)]).toEqual([undefined, ['round 1', 'round 2']]);
  });

  test('a whole number reached by division should count as usual', () => {
    const game = play('let n = 6 / 2\nlet k = 0\nrepeat n times k += 1 end\nplace n of scout in camp\nlet cards = draw n from orders\nlet r = (n)d6\nlog "{k} {size(pieces_in(camp))} {size(cards)} {size(r.dice)}"');
    expect(game.status).toBe('ended');
    expect(game.log.filter((e) => e.kind === 'log').map((e) => e.text)).toEqual(['3 3 3 3']);
  });

  test('rounded the way the rules say, an odd half should count', () => {
    const game = play('let k = 0\nrepeat floor(5 / 2) times k += 1 end\nplace ceil(5 / 2) of scout in camp\nlog "{k} {size(pieces_in(camp))}"');
    expect(game.log.filter((e) => e.kind === 'log').map((e) => e.text)).toEqual(['2 3']);
  });
});
