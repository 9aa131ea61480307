/**
 * New game… from the free-for-all template: a game for 2 to 4 players without sides, checked
 * clean, set up at its default of three seats, its secret bid asked of the person with its own
 * words, and played to the end by bots (a euro designer's walk found no template for this).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPath, waitForChecks, waitForEditor } from './editor-page.ts';
import { gameStatus, newGame, openPlaytest, setSeats } from './game-page.ts';
import { openBrowser, serveDist, type Session } from './harness.ts';

describe('New game from the free-for-all template', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  beforeAll(async () => {
    server = await serveDist();
    s = await openBrowser('free-for-all');
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
  });

  test('should validate clean, seat three, ask the bid in its own words and play to the end', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await page.click('rs-ruleset-nav >> text=New game…');
    await page.selectOption('rs-ruleset-nav #new-template', 'free-for-all');
    await page.fill('rs-ruleset-nav #new-name', 'Harbour Guilds');
    await page.keyboard.press('Enter');
    await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe('rulesets/harbour-guilds/ruleset.yaml');
    await waitForChecks(page);
    expect(await page.locator('rs-problems-panel .summary').getAttribute('data-count')).toBe('0');

    await openPlaytest(page);
    // Three seats by default, the third offered like the others.
    expect(await page.locator('rs-playtest-view rs-game-setup select[name="seat-p3"]').count()).toBe(1);
    await setSeats(page, { p1: 'human', p2: 'bot', p3: 'bot' });
    await newGame(page);
    // The secret bid, asked of the person in the template's own words (the panel's text is in its shadow root).
    await expect.poll(() => page.locator('rs-decision-panel >> text=Bid coins for the turn order').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('rs-decision-panel >> text=A number from 0 to 3').count()).toBe(1);
    await s.shot('free-for-all-bid');

    await setSeats(page, { p1: 'bot', p2: 'bot', p3: 'bot' }, 0);
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: 90_000, interval: 250 }).toContain('Game over');
    await s.shot('free-for-all-played');
  }, 240_000);
});
