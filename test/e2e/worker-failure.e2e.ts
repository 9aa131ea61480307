/**
 * A worker that fails for a reason that is not the rules — its script refused (a `worker-src`
 * policy, a dev server restarted under the page) or one that loads but never starts — is told
 * apart from rules that stall the watchdog (editor/workers/worker-health.ts): the page says the
 * worker could not start and to reload, never "an endless loop… fix the rules" about rules that
 * are fine (watchdog.e2e.ts keeps the real timeouts' messages).
 */
import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pickGame, waitForEditor } from './editor-page.ts';
import { showView } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

/** The watchdog's budget (10 s) + room for a loaded machine. */
const SAID_WITHIN = 45_000;

/** A module that loads and does nothing: the worker runs but never says it started, nor answers. */
const silent = (route: Route) => route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: '' });

describe('workers that fail', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('worker-failure', (srv, session) => {
    server = srv;
    s = session;
  });

  test('a validator worker that never starts should say so and to reload, not blame the rules', async () => {
    const { page } = s;
    await page.route('**/assets/validator.worker-*.js', silent);
    await page.goto(server.url);
    await waitForEditor(page);
    const failure = page.locator('rs-problems-panel .sev-error');
    await expect.poll(() => failure.textContent(), { timeout: SAID_WITHIN }).toContain('The validator could not start');
    const text = (await failure.textContent()) ?? '';
    expect(text).toContain('reload the page');
    expect(text).not.toContain('took more than');
    // Nothing is left "checking" forever.
    await expect.poll(() => page.locator('rs-problems-panel .summary').textContent()).not.toContain('checking');
    await s.shot('validator-never-started');
    await page.unroute('**/assets/validator.worker-*.js', silent);
  });

  test('a simulation whose workers cannot be loaded should say the worker failed and to reload, not "fix the rules"', async () => {
    const { page } = s;
    await page.goto(server.url);
    await showView(page, 'edit');
    await waitForEditor(page);
    await pickGame(page, 'dragut');
    await showView(page, 'simulate');
    const run = page.locator('rs-simulate-view button[data-action="run"]:not([disabled])');
    await run.waitFor({ timeout: 30_000 });
    // The script is refused, as a `worker-src` policy refuses a worker after a dev server restart.
    await page.route('**/assets/simulate.worker-*.js', (route) => route.abort('blockedbyclient'));
    await page.fill('rs-simulate-view #games', '4');
    await page.click('rs-simulate-view button[data-action="run"]');
    const alert = page.locator('rs-simulate-view section.run [role=alert]').first();
    await alert.waitFor({ timeout: SAID_WITHIN });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('A simulation worker could not start');
    expect(text).toContain('reload the page');
    expect(text).not.toContain('Fix the rules');
    await s.shot('simulate-worker-refused');
    await run.waitFor({ timeout: 10_000 });
    await page.unrouteAll();
  });

  test('a simulation worker that loads but never starts should not be reported as a game that ran too long', async () => {
    const { page } = s;
    await page.route('**/assets/simulate.worker-*.js', silent);
    await page.click('rs-simulate-view button[data-action="run"]');
    const alert = page.locator('rs-simulate-view section.run [role=alert]').first();
    await expect.poll(() => alert.textContent(), { timeout: SAID_WITHIN }).toContain('A simulation worker could not start');
    expect(await alert.textContent()).not.toContain('without a move or an end');
    await s.shot('simulate-worker-silent');
    await page.unrouteAll();
  });

  test('a game worker or an odds worker whose script is refused should say so and to reload', async () => {
    const { page } = s;
    await page.route(/\/assets\/(play|odds)\.worker-[^/]*\.js$/, (route) => route.abort('blockedbyclient'));
    await page.goto(server.url);
    await showView(page, 'edit');
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await showView(page, 'playtest');
    const alert = page.locator('rs-playtest-view .notices [role=alert]');
    await expect.poll(() => alert.textContent(), { timeout: SAID_WITHIN }).toContain('The game worker could not start');
    expect(await alert.textContent()).toContain('reload the page');
    expect(await alert.textContent()).not.toContain('Fix the rules');
    await s.shot('play-worker-refused');
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await page.click('rs-tables-view rs-odds-tool button');
    const odds = page.locator('rs-tables-view rs-odds-tool .error');
    await expect.poll(() => odds.textContent(), { timeout: SAID_WITHIN }).toContain('The odds worker could not start');
    expect(await odds.textContent()).not.toContain('Try fewer dice');
    await s.shot('odds-worker-refused');
    await page.unrouteAll();
  });
});
