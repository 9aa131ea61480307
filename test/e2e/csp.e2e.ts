/**
 * The editor's Content-Security-Policy (editor/csp.ts, docs/security.md) is in force: the main
 * flows run without a single violation, and what the policy exists to stop is stopped — inline
 * script, eval and `new Function` in the page and in its workers, requests to other origins —
 * both with the server's headers and on a host that sends none (the `<meta>` alone).
 */
import { describe, expect, test } from 'vitest';
import { pickGame, problems, waitForChecks, waitForEditor } from './editor-page.ts';
import { newGame, openPlaytest, setSeats, showView } from './game-page.ts';
import { openBrowser, serveDist, useServedApp, type Session } from './harness.ts';

// Page functions run in Chromium (the repository's type check has no DOM library).
declare const document: { createElement(tag: string): { textContent: string }; head: { append(el: unknown): void } };
declare const globalThis: { rsInlineRan?: boolean; eval(text: string): unknown; Function: new (body: string) => () => unknown };

/**
 * What the page (or a worker) gets when it tries to run text as code. Tried from a timer task:
 * code the debugger evaluates may eval whatever the policy says (CDP's allowUnsafeEvalBlockedByCSP),
 * a task of the page's own may not.
 */
const tryEval = async () => {
  await new Promise((ok) => setTimeout(ok, 0));
  const outcome = (run: () => unknown) => {
    try {
      run();
      return 'ran';
    } catch (e) {
      return (e as Error).name;
    }
  };
  return { eval: outcome(() => globalThis.eval('1 + 1')), function: outcome(() => new globalThis.Function('return 1')()) };
};

/** Append an inline script and say whether it ran. */
const tryInlineScript = async () => {
  const script = document.createElement('script');
  script.textContent = 'globalThis.rsInlineRan = true;';
  document.head.append(script);
  await new Promise((ok) => setTimeout(ok, 50));
  return globalThis.rsInlineRan === true;
};

describe('content security policy', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('csp', (srv, session) => {
    server = srv;
    s = session;
  });

  test('the main flows (games, checks, tables, playtest, simulate) should cause no violation', async () => {
    const { page } = s;
    const response = await page.goto(server.url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await waitForEditor(page);
    for (const game of ['battle-of-seattle', 'blue-max', 'blockade-runner', 'dragut']) await pickGame(page, game);
    await waitForChecks(page);
    // The schema validator runs in the worker under the header policy: no `new Function` needed.
    expect((await problems(page)).filter((p) => p.code.startsWith('schema') || p.text.includes('EvalError'))).toEqual([]);
    await page.click('rs-app >> button[data-view="tables"]');
    await page.locator('rs-tables-view table').first().waitFor({ timeout: 30_000 });
    await openPlaytest(page);
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await newGame(page);
    await showView(page, 'simulate');
    await page.locator('rs-simulate-view button[data-action="run"]:not([disabled])').waitFor({ timeout: 30_000 });
    await page.fill('rs-simulate-view #games', '4');
    await page.click('rs-simulate-view button[data-action="run"]');
    await expect.poll(() => page.textContent('rs-simulate-view .progress label'), { timeout: 60_000 }).toContain('Played 4 of 4 games');
    await s.shot('flows-done');
    expect(s.errors).toEqual([]);
  });

  test('inline script, eval, new Function and requests to other origins should be blocked, in the page and in its workers', async () => {
    const { page } = s;
    expect(await page.evaluate(tryInlineScript)).toBe(false);
    expect(await page.evaluate(tryEval)).toEqual({ eval: 'EvalError', function: 'EvalError' });
    const fetched = await page.evaluate(() => fetch('http://127.0.0.2:9/steal').then(() => 'sent', (e: Error) => e.name));
    expect(fetched).toBe('TypeError');
    // The workers got the policy from their own responses' headers.
    // A simulation's workers end when its games do, so one listed here may be gone by the time it
    // is asked (seen on a loaded CI machine); every worker still running is asked, and the
    // validator's, which lives as long as the page, must be among them.
    const checked: string[] = [];
    for (const worker of page.workers()) {
      const result = await worker.evaluate(tryEval).catch((e: Error) => (/closed/.test(e.message) ? undefined : Promise.reject(e)));
      if (result === undefined) continue;
      expect(result, worker.url()).toEqual({ eval: 'EvalError', function: 'EvalError' });
      checked.push(worker.url());
    }
    expect(checked.some((url) => /validator\.worker/.test(url)), checked.join(', ')).toBe(true);
    // Every attempt in the page was reported as a violation of the directive that stopped it.
    const reported = s.errors.filter((e) => e.startsWith('csp: ')).map((e) => e.split(' ')[1]);
    expect(reported).toEqual(expect.arrayContaining(['script-src-elem', 'script-src', 'connect-src']));
    expect(s.errors.filter((e) => !e.startsWith('csp: ') && !e.includes('Content Security Policy'))).toEqual([]);
  });

  test('on a host that sends no headers, the <meta> policy alone should block inline script and eval', async () => {
    const bare = await serveDist({ headers: false });
    const other = await openBrowser('csp-meta');
    try {
      const response = await other.page.goto(bare.url);
      expect(response?.headers()['content-security-policy']).toBeUndefined();
      await waitForEditor(other.page);
      expect(await other.page.evaluate(tryInlineScript)).toBe(false);
      expect(await other.page.evaluate(tryEval)).toEqual({ eval: 'EvalError', function: 'EvalError' });
      // Nothing went wrong but what the test provoked: the violations and Chromium's lines about them.
      expect(other.errors.filter((e) => !e.startsWith('csp: ') && !e.includes('Content Security Policy'))).toEqual([]);
      expect(other.errors.filter((e) => e.startsWith('csp: ')).map((e) => e.split(' ')[1])).toContain('script-src-elem');
    } finally {
      await other.close();
      await bare.close();
    }
  });
});
