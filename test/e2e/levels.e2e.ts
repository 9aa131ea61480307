/**
 * Bot levels in the browser: an Easy bot thinks in the play worker while the page stays usable,
 * says so with a Cancel that stops it (the game then waits for that seat), and moves when asked
 * again; Simulate takes a bot per seat. The game is test/fixtures/editor/slow-nim, Nim with busy
 * work each turn so that an Easy move lasts a few seconds (long enough to watch and cancel).
 */
import { describe, expect, test } from 'vitest';
import { waitForEditor } from './editor-page.ts';
import { gameStatus, importFixture, newGame, openPlaytest, prompt, setSeats, showView } from './game-page.ts';
import { useServedApp, type Session } from './harness.ts';

const THINKING = 'rs-playtest-view [data-thinking]';
/** How long to wait for the page or the worker to answer: generous, a busy 2-core machine is slow (a bound, not a timing check). */
const WAIT = 30_000;

describe('bot levels', () => {
  let server: { url: string };
  let s: Session;
  useServedApp('levels', (srv, session) => {
    server = srv;
    s = session;
  });

  test('an Easy seat should show that it is thinking, stop on Cancel with the game waiting for it, then move when asked; the page stays responsive meanwhile', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await importFixture(page, 'dragut', 'slow-nim');
    await openPlaytest(page);
    await setSeats(page, { p1: 'easy', p2: 'human' });
    expect(await page.locator('rs-playtest-view rs-game-setup select[name="seat-p1"] option').allTextContents()).toEqual(['Human', 'Random', 'Easy', 'Normal', 'Hard']);
    // Nearly the most busy work a turn may do within the step budget (2.4 times the default), so
    // the move outlasts the page checks below even on a loaded machine (with the default, one run
    // of npm test under load saw the bot move, and Second asked, before the checks ended).
    const effort = page.locator('rs-playtest-view rs-game-setup input[name="option-effort"]');
    await effort.fill('950000');
    await effort.dispatchEvent('change');
    await newGame(page);

    // First (Easy) moves first: it thinks in the worker, and the view says so; Cancel at once.
    await page.locator(THINKING).waitFor({ timeout: 30_000 });
    const thinking = (await page.locator(THINKING).textContent())?.replace(/\s+/g, ' ').trim();
    await page.click('rs-playtest-view button[data-action="cancel-bot"]');
    console.log(`Slow Nim, Easy: cancelled at "${thinking}"`);
    expect(thinking).toMatch(/^First is thinking… \(easy, \d+ of 50\) Cancel$/);

    // Cancelled: no move made, the game waits for First, bots paused.
    await expect.poll(() => page.locator(THINKING).count(), { timeout: WAIT }).toBe(0);
    expect(await page.locator('rs-playtest-view .notices').textContent()).toContain('Cancelled: First (easy) stopped thinking');
    expect(await gameStatus(page)).toContain('0 decisions');
    expect(await page.locator('rs-playtest-view button[data-action="run"]').isEnabled()).toBe(true);
    await s.shot('cancelled');

    // Bot move: it thinks again. Meanwhile the page answers: a part of the view folds and unfolds,
    // and the worker answers a change of view (it reads messages between slices of its search):
    // First's question, then none.
    await page.click('rs-playtest-view button[data-action="step"]');
    await page.locator(THINKING).waitFor();
    const setup = page.locator('rs-playtest-view details.setup');
    const open = (await setup.getAttribute('open')) !== null;
    await page.click('rs-playtest-view details.setup > summary');
    await expect.poll(async () => (await setup.getAttribute('open')) !== null, { timeout: WAIT }).toBe(!open);
    await page.selectOption('rs-playtest-view select#seat', 'p1');
    await expect.poll(() => prompt(page), { timeout: WAIT }).toContain('Take how many stones?');
    await page.selectOption('rs-playtest-view select#seat', 'p2');
    await expect.poll(() => prompt(page), { timeout: WAIT }).toBe('');
    console.log(`Slow Nim, Easy: the page answered while "${(await page.locator(THINKING).textContent())?.replace(/\s+/g, ' ').trim()}"`);
    expect(await page.locator(THINKING).count()).toBe(1);

    await s.shot('thinking');

    // This time it moves; then Second (a person) is asked.
    await expect.poll(() => gameStatus(page), { timeout: 180_000 }).toContain('1 decisions');
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
    await page.selectOption(p1, 'easy');
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
