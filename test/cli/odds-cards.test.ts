/**
 * `rulesmith odds` and `diff --odds` on decks, as a designer reads them (a walk-through with a
 * deck-builder: `odds game "draw from supply"` said 100% for one card, under an internal id).
 */
import { describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';

const MARKET = 'test/fixtures/odds/market';
const VARIANT = `${MARKET}/variants/more-palaces.yaml`;

/** The outcome lines of a text answer: label, exact chance, percentage. */
const rows = (out: string) => out.split('\n').filter((l) => /^ {2}\S.*\d%/.test(l)).map((l) => l.trim().split(/\s{2,}/).slice(0, 3));

describe('rulesmith odds on cards', () => {
  test('a draw from a deck: each card by name with its chance, and why', async () => {
    const r = await runCli(['odds', MARKET, 'draw from supply']);
    expect(r.code, r.err).toBe(0);
    expect(rows(r.out)).toEqual([['Silver', '1/2', '50.00%'], ['Oasis', '3/10', '30.00%'], ['Palace', '1/5', '20.00%']]);
    expect(r.out).toContain('  note: Supply: shuffled when the game is set up and drawn face down, so each of its 10 cards is as likely to be drawn.\n');
    expect(r.out).not.toContain('supply.silver');
  });

  test("a deck's name alone: each card's chance to be the next drawn", async () => {
    const r = await runCli(['odds', MARKET, 'supply']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')[0]).toBe('supply — draw from supply');
    expect(rows(r.out)).toEqual([['Silver', '1/2', '50.00%'], ['Oasis', '3/10', '30.00%'], ['Palace', '1/5', '20.00%']]);
    // --json keeps the whole card: its name, id and deck.
    const json = JSON.parse((await runCli(['odds', MARKET, 'supply', '--json'])).out);
    expect(json.outcomes[2]).toEqual({ value: { name: 'Palace', card: 'palace', deck: 'supply' }, p: '1/5', decimal: 0.2 });
  });

  test("a drawn card's prop, and several cards drawn", async () => {
    const points = await runCli(['odds', MARKET, '(draw from supply).points']);
    expect(points.out).toMatch(/^ {2}6 +1\/5 +20\.00%/m);
    expect(points.out).toContain('mean 3/2 ≈ 1.5000');
    const two = await runCli(['odds', MARKET, 'draw 2 from supply']);
    expect(two.out).toMatch(/^ {2}Palace, Palace +1\/45 +2\.22%/m);
  });
});

describe('rulesmith odds on cards: what it cannot answer, said so', () => {
  test('a zone the set-up fills is empty: odds read the game as it starts', async () => {
    const r = await runCli(['odds', MARKET, 'draw from market']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('  note: Market row has no cards to draw here: odds read the game as it starts, before its setup: script (decks full, zones empty).\n');
  });

  test('too many draws to enumerate: the bound names the cards, not dice alone', async () => {
    const r = await runCli(['odds', MARKET, 'size(draw 9 from supply) + 1d6 + 1d6 + 1d6 + 1d6', '--exact']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Too many combinations of dice and cards drawn to enumerate exactly');
  });
});

describe('rulesmith diff --odds on decks', () => {
  test("a changed deck: each card's chance to be drawn first, before and after", async () => {
    const r = await runCli(['diff', MARKET, VARIANT, '--odds']);
    expect(r.code, r.err).toBe(0);
    const odds = r.out.slice(r.out.indexOf('\ndecks.supply'));
    expect(odds).toContain("decks.supply: draw from supply — each card's chance to be the first drawn from the full, shuffled deck (10 → 12 cards)\n");
    expect(odds).toMatch(/^ {4}Palace +20\.0% → +33\.3% +\(\+13\.3%\)$/m);
    expect(odds).not.toContain('{"name"');
    const json = JSON.parse((await runCli(['diff', MARKET, VARIANT, '--odds', '--json'])).out);
    const deck = json.odds.find((o: { label: string }) => o.label === 'decks.supply');
    expect(deck.after.outcomes.map((o: { value: unknown; p: string }) => [o.value, o.p])).toContainEqual([{ name: 'Palace', card: 'palace', deck: 'supply' }, '1/3']);
  });
});
