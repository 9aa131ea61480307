/**
 * New game… in the editor: the starter template (rulesmith init's) becomes a game of one's own,
 * checked clean, drawn and played to the end by bots, kept over a reload, and deleted whole.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPath, waitForChecks, waitForEditor } from './editor-page.ts';
import { gameStatus, logTexts, newGame, openPlaytest, setSeats } from './game-page.ts';
import { openBrowser, serveDist, type Session } from './harness.ts';

describe('New game', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  beforeAll(async () => {
    server = await serveDist();
    s = await openBrowser('new-game');
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
  });

  test('should add a small complete game that validates, plays to the end, survives a reload and can be deleted', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    const shipped = await page.locator('rs-ruleset-nav select#game option').count();
    await page.click('rs-ruleset-nav >> text=New game…');
    await page.fill('rs-ruleset-nav #new-name', 'Border War');
    await s.shot('new-game-dialog');
    await page.keyboard.press('Enter');
    await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe('rulesets/border-war/ruleset.yaml');
    await waitForChecks(page);
    expect(await page.locator('rs-ruleset-nav select#game').inputValue()).toBe('border-war');
    expect(await page.locator('rs-ruleset-nav select#game option:checked').textContent()).toBe('Border War');
    expect(await page.locator('rs-problems-panel .summary').getAttribute('data-count')).toBe('0');
    expect(await page.locator('rs-ruleset-nav li button[data-entry]').allTextContents()).toEqual([expect.stringContaining('Base'), expect.stringContaining('long-campaign.yaml')]);
    expect(await page.locator('.rs-notice').textContent()).toContain('Created the game Border War');
    await s.shot('new-game-created');

    await openPlaytest(page);
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: 60_000, interval: 250 }).toContain('Game over');
    expect(await page.locator('rs-game-board .area').count()).toBe(5);
    await s.shot('new-game-played');

    // After a reload the editor comes back where it was: the new game, in Playtest.
    await page.reload();
    await expect.poll(() => page.locator('rs-ruleset-nav select#game').inputValue(), { timeout: 30_000 }).toBe('border-war');
    expect(await page.locator('rs-ruleset-nav select#game option').count()).toBe(shipped + 1);
    await page.click('nav.rs-views button[data-view="edit"]');
    await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe('rulesets/border-war/ruleset.yaml');
    page.once('dialog', (d) => void d.accept());
    await page.click('rs-file-toolbar >> text=Delete game');
    await expect.poll(() => page.locator('rs-ruleset-nav select#game option').count()).toBe(shipped);
    expect(await page.locator('.rs-notice').textContent()).toContain('Deleted the game Border War');

    // Another template: a hex wargame, its hexes tinted by terrain on the board.
    await page.click('rs-ruleset-nav >> text=New game…');
    const choices = await page.locator('rs-ruleset-nav #new-template option').allTextContents();
    expect(choices.length).toBeGreaterThanOrEqual(2);
    expect(choices[0]).toMatch(/^A two-side game/);
    await page.selectOption('rs-ruleset-nav #new-template', 'hex-and-counter');
    await page.fill('rs-ruleset-nav #new-name', 'Hex War');
    await page.keyboard.press('Enter');
    await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe('rulesets/hex-war/ruleset.yaml');
    await waitForChecks(page);
    expect(await page.locator('rs-problems-panel .summary').getAttribute('data-count')).toBe('0');
    await openPlaytest(page);
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await newGame(page);
    await expect.poll(() => page.locator('rs-game-board g.hex').count(), { timeout: 30_000 }).toBe(48);
    expect(await page.locator('rs-game-board g.hex[data-terrain="town"]').count()).toBe(2);
    expect(await page.locator('rs-game-board g.hex.terrain-1').count()).toBeGreaterThan(0);
    // The template's stream runs along three hexsides, each a line on the side the two hexes share.
    expect(await page.locator('rs-game-board line.hexside').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-edge')))).toEqual(['0401/0501', '0402/0502', '0402/0501']);
    const side = await page.locator('rs-game-board line.hexside').first().evaluate((l) => {
      const at = (name: string) => Number(l.getAttribute(name));
      return Math.hypot(at('x2') - at('x1'), at('y2') - at('y1'));
    });
    expect(side).toBeGreaterThan(5);
    await s.shot('new-game-hex');

    // A card-driven game: a person's hand and the headline question say what each card does; the
    // other hand is only a count; identical influence markers share a counter.
    await page.click('rs-ruleset-nav >> text=New game…');
    await page.selectOption('rs-ruleset-nav #new-template', 'card-driven');
    await page.fill('rs-ruleset-nav #new-name', 'Five Provinces');
    await page.keyboard.press('Enter');
    await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe('rulesets/five-provinces/ruleset.yaml');
    await waitForChecks(page);
    expect(await page.locator('rs-problems-panel .summary').getAttribute('data-count')).toBe('0');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'bot' });
    await newGame(page);
    await page.locator('rs-decision-panel .options.with-details').waitFor({ timeout: 30_000 });
    const texts = await page.locator('rs-game-board .zone[data-zone="hand@p1"] .card-text').allTextContents();
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(texts.every((t) => /^\d ops?\. /.test(t))).toBe(true);
    expect(await page.locator('rs-decision-panel .options .detail').count()).toBe(await page.locator('rs-decision-panel .options button').count());
    expect(await page.locator('rs-game-board .zone[data-zone="hand@p2"] .cards').textContent()).toContain('5 hidden cards');
    expect(await page.locator('rs-game-board g.area[data-place="west_march"] g.piece[data-count="2"] .counter-label').textContent()).toBe('Red influence ×2');
    await s.shot('new-game-cards');
    // The cards the question offers are buttons in the hand: a click plays the headline.
    const offered = page.locator('rs-game-board .zone[data-zone="hand@p1"] button.card.option');
    expect(await offered.count()).toBe(5);
    const card = await offered.first().getAttribute('aria-label');
    expect(card).toMatch(/^Choose [A-Z]/);
    await offered.first().click();
    await expect.poll(async () => (await logTexts(page)).join('\n'), { timeout: 30_000 }).toContain(`Choose your headline card → ${card!.slice('Choose '.length)}`);

    // A table read with a modified roll has no odds of its own; Odds of puts them on its rows.
    await page.click('nav.rs-views button[data-view="tables"]');
    await page.click('rs-tables-view >> nav >> button[data-table="coup_results"]');
    const tool = page.locator('rs-tables-view rs-odds-tool');
    expect(await tool.locator('input').inputValue()).toBe('coup_results[1d6 + 1]');
    await tool.locator('input').fill('coup_results[1d6 + 3]');
    await tool.locator('button').click();
    await expect.poll(() => page.locator('rs-table-grid th .odds').allTextContents(), { timeout: 30_000 }).toEqual(['1/6 (16.7%)', '1/3 (33.3%)', '1/3 (33.3%)', '1/6 (16.7%)']);
    expect(await page.locator('rs-tables-view aside [data-odds-of]').textContent()).toContain('coup_results[1d6 + 3]');
    await s.shot('new-game-odds-of');
  }, 240_000);
});
