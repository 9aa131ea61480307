/**
 * Bot levels in the browser: a search bot thinks in the play worker while the page stays usable,
 * says so with a Cancel that stops it (the game then waits for that seat), and moves when asked
 * again; Simulate takes a bot per seat. The game is test/fixtures/editor/slow-nim, Nim with busy
 * work each turn so that an Easy move lasts seconds and a Hard one minutes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { waitForEditor } from './editor-page.ts';
import { gameStatus, importFixture, newGame, openPlaytest, prompt, setSeats, showView } from './game-page.ts';
import { useServedApp, type Session } from './harness.ts';

const THINKING = 'rs-playtest-view [data-thinking]';
/** How long to wait for the page or the worker to answer: generous, a busy 2-core machine is slow (a bound, not a timing check). */
const WAIT = 30_000;

/** The busy work of each turn: nearly the most a turn may do within the step budget (2.4 times the default), so a search bot's playouts cost real work. */
async function setEffort(page: Page, effort: number): Promise<void> {
  const input = page.locator('rs-playtest-view rs-game-setup input[name="option-effort"]');
  await input.fill(String(effort));
  await input.dispatchEvent('change');
}

async function thinkingText(page: Page): Promise<string> {
  return (await page.locator(THINKING).textContent())?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('bot levels', () => {
  let server: { url: string };
  let s: Session;
  useServedApp('levels', (srv, session) => {
    server = srv;
    s = session;
  });

  // Two games, so that no check races the bot. While a Hard bot thinks (1000 iterations, minutes of
  // search) the page is checked for answers that need the worker between two slices of its search;
  // an Easy bot's move (50 iterations, seconds) would end before those checks on some machines and
  // not others. The Easy game, step by step, then shows a search bot's whole move.
  test('a Hard seat should show that it is thinking while the page stays responsive, stop on Cancel with the game waiting for it, and think again when asked', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await importFixture(page, 'dragut', 'slow-nim');
    await openPlaytest(page);
    // A new playtest puts a person against a bot that plays to win, not a random one.
    const seat = (id: string) => page.locator(`rs-playtest-view rs-game-setup select[name="seat-${id}"]`).inputValue();
    expect([await seat('p1'), await seat('p2')]).toEqual(['human', 'normal']);
    await setSeats(page, { p1: 'hard', p2: 'human' });
    expect(await page.locator('rs-playtest-view rs-game-setup select[name="seat-p1"] option').allTextContents()).toEqual(['Human', 'Random', 'Easy', 'Normal', 'Hard']);
    await setEffort(page, 950000);
    await newGame(page);

    // First (Hard) moves first: it thinks in the worker, and the view says so.
    await page.locator(THINKING).waitFor({ timeout: WAIT });
    expect(await thinkingText(page)).toMatch(/^First is thinking… \(hard, \d+ of 1000\) Cancel$/);

    // Meanwhile the page answers: a part of the view folds and unfolds, and the worker answers a
    // change of view (it reads messages between slices of its search): First's question, then none.
    const setup = page.locator('rs-playtest-view details.setup');
    const open = (await setup.getAttribute('open')) !== null;
    await page.click('rs-playtest-view details.setup > summary');
    await expect.poll(async () => (await setup.getAttribute('open')) !== null, { timeout: WAIT }).toBe(!open);
    await page.selectOption('rs-playtest-view select#seat', 'p1');
    await expect.poll(() => prompt(page), { timeout: WAIT }).toContain('Take how many stones?');
    await page.selectOption('rs-playtest-view select#seat', 'p2');
    await expect.poll(() => prompt(page), { timeout: WAIT }).toBe('');
    const during = await thinkingText(page);
    console.log(`Slow Nim, Hard: the page answered while "${during}"`);
    expect(during).toMatch(/^First is thinking… \(hard, \d+ of 1000\) Cancel$/);
    expect(await gameStatus(page)).toContain('0 decisions');
    await s.shot('thinking');

    // Cancel: no move made, the game waits for First, bots paused.
    await page.click('rs-playtest-view button[data-action="cancel-bot"]');
    await expect.poll(() => page.locator(THINKING).count(), { timeout: WAIT }).toBe(0);
    expect(await page.locator('rs-playtest-view .notices').textContent()).toContain('Cancelled: First (hard) stopped thinking');
    expect(await gameStatus(page)).toContain('0 decisions');
    expect(await page.locator('rs-playtest-view button[data-action="run"]').isEnabled()).toBe(true);
    await s.shot('cancelled');

    // Bot move: it thinks again (and Cancel stops it again).
    await page.click('rs-playtest-view button[data-action="step"]');
    await page.locator(THINKING).waitFor({ timeout: WAIT });
    expect(await thinkingText(page)).toMatch(/^First is thinking… \(hard, \d+ of 1000\) Cancel$/);
    await page.click('rs-playtest-view button[data-action="cancel-bot"]');
    await expect.poll(() => page.locator(THINKING).count(), { timeout: WAIT }).toBe(0);
    expect(await gameStatus(page)).toContain('0 decisions');
    expect(s.errors).toEqual([]);
  }, 300_000);

  test('an Easy seat should think when asked and move, then a person is asked', async () => {
    const { page } = s;
    // Step by step: bots wait for Bot move. Light busy work (the test above set it heavy to watch
    // Hard think): an Easy move then takes seconds even on a busy machine.
    await setSeats(page, { p1: 'easy', p2: 'human' }, -1);
    await setEffort(page, 20000);
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: WAIT }).toContain('0 decisions');
    expect(await page.locator(THINKING).count()).toBe(0);
    await page.click('rs-playtest-view button[data-action="step"]');
    await expect.poll(() => gameStatus(page), { timeout: 180_000 }).toMatch(/· 1 decision(?!s)/);
    await page.selectOption('rs-playtest-view select#seat', 'p2');
    await expect.poll(() => prompt(page), { timeout: WAIT }).toContain('Take how many stones?');
    expect(await page.locator(THINKING).count()).toBe(0);
    await s.shot('moved');
    expect(s.errors).toEqual([]);
  }, 300_000);

  test('Simulate should offer a bot per seat (no Human) and play with the chosen level', async () => {
    const { page } = s;
    await showView(page, 'simulate');
    await page.locator('rs-simulate-view button[data-action="run"]:not([disabled])').waitFor({ timeout: 30_000 });
    const p1 = 'rs-simulate-view rs-game-setup select[name="seat-p1"]';
    expect(await page.locator(`${p1} option`).allTextContents()).toEqual(['Random', 'Easy', 'Normal', 'Hard']);
    // With Random seats only, the view says what random play can and cannot tell.
    const hint = page.locator('rs-simulate-view [data-hint="random"]');
    expect(await page.locator(p1).inputValue()).toBe('bot');
    expect(await hint.textContent()).toContain('play to win');
    await page.selectOption(p1, 'easy');
    await hint.waitFor({ state: 'detached', timeout: WAIT });
    // No busy work here: the simulation is about the agents, not the wait.
    await page.fill('rs-simulate-view rs-game-setup input[name="option-effort"]', '0');
    await page.locator('rs-simulate-view rs-game-setup input[name="option-effort"]').dispatchEvent('change');
    if (await page.isChecked('rs-simulate-view #compare')) await page.click('rs-simulate-view #compare');
    await page.fill('rs-simulate-view #games', '6');
    await page.locator('rs-simulate-view #games').dispatchEvent('change');
    await page.click('rs-simulate-view button[data-action="run"]');
    await expect.poll(() => page.locator('rs-simulate-view section.run').textContent(), { timeout: 60_000 }).toContain('6 games, 6 ended');
    await s.shot('simulated');
    expect(s.errors).toEqual([]);
  }, 120_000);
});
