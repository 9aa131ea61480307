/**
 * Exact odds of card draws (a designer's walk-through: `odds game "draw from supply"` answered
 * 100% for the first card of the unshuffled list, under an internal id): a draw from a shuffled,
 * face-down pile is a chance, each card as likely, copies one outcome; a public zone's order is
 * known, so a draw from it is not. And `diff --odds` for a deck whose counts change.
 */
import { describe, expect, test } from 'vitest';
import { estimateOdds, exactOdds, type Distribution } from '../../interpreter/analysis/odds.ts';
import { oddsChanges } from '../../interpreter/analysis/odds-diff.ts';
import { diffRulesets } from '../../interpreter/analysis/diff.ts';
import { valueText } from '../../interpreter/analysis/odds-text.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const MARKET = 'test/fixtures/odds/market';
const program = loadProgram(MARKET);

function odds(text: string): Distribution {
  const d = exactOdds(program, text);
  if ('error' in d) throw new Error(d.error);
  return d;
}

const pairs = (d: Distribution) => d.outcomes.map((o) => [valueText(o.value), o.p]);

describe('odds of a card drawn from a deck', () => {
  test('each card of the shuffled pile is as likely; copies are one outcome, named, in the deck\'s order', () => {
    const d = odds('draw from supply');
    // 5 Silver, 3 Oasis, 2 Palace of 10.
    expect(pairs(d)).toEqual([['Silver', '1/2'], ['Oasis', '3/10'], ['Palace', '1/5']]);
    expect(d.outcomes[0]!.value).toEqual({ name: 'Silver', card: 'silver', deck: 'supply' });
    expect(d.notes).toEqual(['Supply: shuffled when the game is set up and drawn face down, so each of its 10 cards is as likely to be drawn.']);
  });

  test("a drawn card's prop has the distribution of the pile", () => {
    const d = odds('(draw from supply).points');
    expect(d.outcomes.map((o) => [o.value, o.p])).toEqual([[0, '1/2'], [1, '3/10'], [6, '1/5']]);
    expect(d.meanExact).toBe('3/2');
  });

  test('several cards in one expression are drawn without replacement', () => {
    const d = odds('draw 2 from supply');
    const p = Object.fromEntries(pairs(d));
    expect(p['Palace, Palace']).toBe('1/45'); // 2/10 × 1/9
    expect(p['Silver, Oasis']).toBe('1/6'); // 5/10 × 3/9
    expect(d.outcomes).toHaveLength(9);
    expect(odds('count c in (draw 3 from supply) where c.id == "palace"').outcomes.map((o) => [o.value, o.p])).toEqual([[0, '7/15'], [1, '7/15'], [2, '1/15']]);
  });

  test('a Monte Carlo estimate draws at random too, not the top card every time', () => {
    const d = estimateOdds(program, 'draw from supply');
    if ('error' in d) throw new Error(d.error);
    expect(d.outcomes.map((o) => valueText(o.value))).toEqual(['Silver', 'Oasis', 'Palace']);
    expect(d.outcomes[0]!.decimal).toBeCloseTo(0.5, 1);
  });
});

describe("odds of a pile's order", () => {
  test("reading a shuffled deck's cards in order says that the order is one fixed shuffle, and how to ask about a draw", () => {
    const d = odds('supply.cards[1].points');
    // One value, certain: the first card of the one shuffle, whichever it is.
    expect(d.outcomes).toHaveLength(1);
    expect(d.outcomes[0]!.p).toBe('1');
    expect(d.notes).toEqual(['`supply.cards` lists Supply in one fixed order (the one shuffle of the seed odds starts the game with): an answer that depends on where a card lies is not a chance here. For the card a draw takes, ask `odds supply` or `odds "draw 1 from supply"`.']);
    // Told once per pile, however often it is read.
    expect(odds('supply.cards[1].points + supply.cards[2].points').notes).toHaveLength(1);
  });
});

describe('odds of a card drawn from a zone', () => {
  test("a hidden pile's order is not known: any of its cards may come", () => {
    // Three cards dealt into the pile; the one drawn is a copy of the first dealt with 1/3 + 2/3 × 14/45.
    const d = odds('deal_and_draw("pile")');
    expect(d.outcomes.map((o) => [o.value, o.p])).toEqual([[false, '62/135'], [true, '73/135']]);
    expect(d.notes).toContain('Draw pile (hidden): its order is not known, so each of its 3 cards is as likely to be drawn.');
  });

  test("a public row's order is known: its first card, certain, and the answer says why", () => {
    const d = odds('deal_and_draw("market")');
    expect(d.outcomes.map((o) => [o.value, o.p])).toEqual([[true, '1']]);
    expect(d.notes).toContain('Market row is public: everyone sees its order, so a draw takes its first card (certain, not a chance).');
  });
});

describe('diff --odds of a deck', () => {
  test("a changed deck gives each card's chance to be drawn first, before and after", () => {
    const variant = loadProgram(`${MARKET}/variants/more-palaces.yaml`);
    const odds = oddsChanges(program, variant, diffRulesets(program.data, variant.data));
    const deck = odds.find((o) => o.label === 'decks.supply')!;
    expect(deck.changed).toBe(true);
    expect(deck.about).toBe("each card's chance to be the first drawn from the full, shuffled deck (10 → 12 cards)");
    const side = (s: typeof deck.before) => ('error' in s ? s.error : pairs(s));
    expect(side(deck.before)).toEqual([['Silver', '1/2'], ['Oasis', '3/10'], ['Palace', '1/5']]);
    expect(side(deck.after)).toEqual([['Silver', '5/12'], ['Oasis', '1/4'], ['Palace', '1/3']]);
  });
});
