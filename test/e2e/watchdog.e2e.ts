/**
 * The workers' watchdogs (editor/workers/watchdog.ts): a hostile shared variant that keeps a
 * worker busy — one too slow to check (test/fixtures/editor/heavy-odds), one whose turns loop
 * where the step budget cannot see (test/fixtures/editor/endless-nim) — is stopped after the
 * budget, the user is told why, and the page answers throughout.
 */
import { describe, expect, test } from 'vitest';
import { pickGame, waitForChecks, waitForEditor, waitForLine } from './editor-page.ts';
import { importFixture, openPlaytest, setSeats, showView } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

/** Budget (10 s) + the ping interval + room for a loaded machine. */
const STOPPED_WITHIN = 45_000;

describe('worker watchdogs', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('watchdog', (srv, session) => {
    server = srv;
    s = session;
  });

  /** Fold or unfold a panel of the page and see it happen: the main thread is free. */
  async function pageAnswers(summary: string, details: string): Promise<void> {
    const { page } = s;
    const open = (await page.locator(details).getAttribute('open')) !== null;
    await page.click(summary);
    await expect.poll(async () => (await page.locator(details).getAttribute('open')) !== null, { timeout: 5_000 }).toBe(!open);
  }

  test('a variant too slow to check should stop the validator after the budget, with a message, and checks go on', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await importFixture(page, 'blockade-runner', 'heavy-odds');
    const problems = page.locator('rs-problems-panel');
    // Still checking, and the page answers: the editor takes typing.
    expect(await problems.locator('.summary').textContent()).toContain('checking');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type('# still typing');
    await waitForLine(page, '# still typing');
    expect(await problems.locator('.summary').textContent()).toContain('checking');
    await s.shot('checking');
    await expect.poll(() => problems.locator('.sev-error').textContent(), { timeout: STOPPED_WITHIN }).toContain('took more than 10 s and was stopped');
    await s.shot('validator-stopped');
    // A fresh validator checks another game.
    await pickGame(page, 'dragut');
    await waitForChecks(page);
    expect(await problems.locator('.sev-error').count()).toBe(0);
    expect(s.errors).toEqual([]);
  });

  test('a game whose turn never ends should stop the playtest worker after the budget, with a message, and New game works again', async () => {
    const { page } = s;
    await importFixture(page, 'dragut', 'endless-nim');
    await waitForChecks(page);
    await openPlaytest(page);
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await page.click('rs-playtest-view button[data-action="start"]');
    // The worker is stuck in the first turn; the page answers meanwhile.
    await pageAnswers('rs-playtest-view details.setup > summary', 'rs-playtest-view details.setup');
    expect(await page.locator('rs-playtest-view .notices').textContent()).not.toContain('was stopped');
    await s.shot('playing');
    const notices = page.locator('rs-playtest-view .notices');
    await expect.poll(() => notices.textContent(), { timeout: STOPPED_WITHIN }).toContain('The game stopped: the rules ran for more than 10 s without a pause');
    await s.shot('playtest-stopped');
    // The new worker has the rules compiled again: New game is offered.
    await page.locator('rs-playtest-view button[data-action="start"]:not([disabled])').waitFor({ timeout: 30_000 });
    expect(s.errors).toEqual([]);
  });

  test('a simulation stuck in a game should stop after the budget, with a message, and can run again', async () => {
    const { page } = s;
    await showView(page, 'simulate');
    const run = page.locator('rs-simulate-view button[data-action="run"]:not([disabled])');
    await run.waitFor({ timeout: 30_000 });
    await page.fill('rs-simulate-view #games', '4');
    await page.click('rs-simulate-view button[data-action="run"]');
    await page.locator('rs-simulate-view progress').waitFor();
    const alert = page.locator('rs-simulate-view section.run [role=alert]').first();
    await alert.waitFor({ timeout: STOPPED_WITHIN });
    expect(await alert.textContent()).toContain('without a move or an end, so the simulation was stopped');
    await s.shot('simulate-stopped');
    await run.waitFor({ timeout: 10_000 });
    expect(s.errors).toEqual([]);
  });
});
