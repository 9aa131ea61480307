import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MAX_BATCH } from '../../editor/simulate/batches.ts';
import { LONG_RUN_MS } from '../../editor/simulate/limits.ts';
import { pickGame, waitForEditor } from './editor-page.ts';
import { showView } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

describe('simulate', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('simulate', (srv, session) => {
    server = srv;
    s = session;
  });

  /**
   * A fresh page on Dragut's variant in the simulate view, ready to run: each test starts here, so
   * none inherits a simulation (or its workers) that an earlier test left running (the page asks
   * before leaving a long one; the harness answers Leave).
   */
  async function openSimulate(page: Page, game = 'dragut', variant = 'alarm-track-alternative.yaml'): Promise<void> {
    await page.goto(server.url);
    // The app reopens the view it showed last: after the first test, this one.
    await showView(page, 'edit');
    await waitForEditor(page);
    await pickGame(page, game);
    await page.click(`rs-ruleset-nav button[data-entry$="${variant}"]`);
    await showView(page, 'simulate');
    await page.locator('rs-simulate-view button[data-action="run"]:not([disabled])').waitFor({ timeout: 30_000 });
  }
  const label = (page: Page) => page.textContent('rs-simulate-view .progress label');

  test('200 games of a variant and its base should run in workers and chart the winners with 95% intervals, side by side', async () => {
    const { page } = s;
    await openSimulate(page);
    await page.fill('rs-simulate-view #games', '200');
    expect(await page.isChecked('rs-simulate-view #compare')).toBe(true);
    // Random bots by default (a game in milliseconds): the hint leads with what to choose to see who wins.
    expect(await page.textContent('rs-simulate-view [data-hint="random"]')).toMatch(/^Choose Easy or Normal bots to see what a change does to who wins\. Random bots pick any legal move/);
    const started = Date.now();
    await page.click('rs-simulate-view button[data-action="run"]');
    // Progress starts once the workers have compiled the rules and finished a first game: seconds
    // on a loaded machine (the test used to give up after vitest's default poll of 1 s).
    await expect.poll(() => label(page), { timeout: 60_000 }).toMatch(/^Play(ing|ed) [1-9]\d* of 400 games/);
    await s.shot('running');
    await page.locator('rs-simulate-view button[data-action="run"]').waitFor({ timeout: 150_000 });
    console.log(`Dragut, 2 × 200 simulated games in the browser: ${Date.now() - started} ms (${await label(page)})`);
    await s.shot('charts');
    expect(await label(page)).toContain('Played 400 of 400 games');
    const runs = page.locator('rs-simulate-view section.run');
    expect(await runs.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const run = runs.nth(i);
      expect(await run.textContent()).toContain('200 games, 200 ended');
      const bars = await run.locator('figure[data-chart="shares"] >> nth=0 >> g.share').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-label')).sort());
      expect(bars).toEqual(['pirates', 'rapallini']);
      // Every bar has its interval whisker; a histogram shows game length.
      expect(await run.locator('figure[data-chart="shares"] >> nth=0 >> line.ci').count()).toBe(6);
      expect(await run.locator('figure[data-chart="length"] rect.bar').count()).toBeGreaterThan(1);
    }
    // Variant minus base: a bar and a 95% whisker (3 lines) per side, with a zero line.
    const diff = page.locator('rs-simulate-view section.comparison figure[data-chart="difference"] >> nth=0');
    expect(await diff.locator('g.difference').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-label')).sort())).toEqual(['pirates', 'rapallini']);
    expect(await diff.locator('g.difference line.ci').count()).toBe(6);
    expect(await diff.locator('line.zero').count()).toBe(1);
    // With only two results, one side's gain is the other's loss.
    const values = await diff.locator('g.difference text.value').allTextContents();
    const points = (text: string) => Number(text.split(' ')[0]!.replace('−', '-').replace('±', ''));
    expect(points(values[0]!) + points(values[1]!)).toBeCloseTo(0, 5);
    // Above the chart, who wins in words: as the chart's whiskers say (changed only where one clears zero).
    const verdict = page.locator('rs-simulate-view section.comparison p.verdict');
    const significant = await diff.locator('g.difference[data-significant="true"]').count();
    expect(await verdict.getAttribute('data-verdict')).toBe(significant ? 'changed' : 'unclear');
    expect(await verdict.textContent()).toMatch(significant ? /^The change moves who wins, with 95% confidence over 200 games of each: / : /^No clear change in who wins over 200 games of each \(\d+ had another winner\)/);
    // Random bots that show no clear change: what to do next is said under the verdict.
    expect(await page.locator('rs-simulate-view [data-hint="random-verdict"]').count()).toBe(significant ? 0 : 1);
    if (!significant) expect(await page.textContent('rs-simulate-view [data-hint="random-verdict"]')).toBe('These were Random bots: choose Easy or Normal bots to see what the change does to who wins when the sides play to win.');
    // Game length, score margin (Dragut declares heuristics) and the first seat, as the CLI compares them.
    const facts = page.locator('rs-simulate-view section.comparison table.facts');
    expect(await facts.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-measure')))).toEqual(['rounds', 'decisions', 'margin']);
    // What the margin is, said under the table (not only in a tooltip).
    expect(await page.textContent('rs-simulate-view section.comparison .margin-note')).toMatch(/^Score margin: the result's own margin when the rules' end reports one .*else the spread of the rules' heuristic scores at the end: the leading side's score minus the next one's\./);
    expect(await facts.locator('tr[data-measure="rounds"] td.change').textContent()).toMatch(/^[+−±]\d+\.\d\d \[[+−±?][\d.]*, [+−±?][\d.]*\]/);
    // In Dragut player 1 is always the Pirates: the first seat's wins are theirs, said once, by name.
    expect((await page.textContent('rs-simulate-view section.comparison p.first-seat'))?.replace(/\s+/g, ' ').trim()).toBe('Player 1 plays Pirates in every game, so the first seat\'s wins are the wins of Pirates (above): here the seat cannot be told apart from the side.');
    // Download report: the CLI's report of these games, with the command that plays them again.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('rs-simulate-view button[data-action="report"]')]);
    expect(download.suggestedFilename()).toBe('alarm-track-alternative-report.html');
    const report = readFileSync((await download.path())!, 'utf8');
    expect(report).toContain('Made by <code>npx rulesmith simulate rulesets/dragut/ruleset.yaml --compare rulesets/dragut/variants/alarm-track-alternative.yaml --games 200 --seed 1 --agents random,random --players 2</code>');
    expect(report).toContain('<h2 id="simulation">Simulated games</h2>');
    expect(report).not.toMatch(/<script|src=/);
    // Finished: the comparison reads every game, so it says nothing of games "so far".
    expect(await page.locator('rs-simulate-view section.comparison .so-far').count()).toBe(0);
    expect(await label(page)).toMatch(/ · \d+(\.\d+)? (ms|s|min)/);
    expect(s.errors).toEqual([]);
  }, 240_000);

  test('results should be charted while games are played, variant and base side by side, and stay when cancelled', async () => {
    const { page } = s;
    await openSimulate(page);
    await page.fill('rs-simulate-view #games', '5000');
    expect(await page.isChecked('rs-simulate-view #compare')).toBe(true);
    await page.click('rs-simulate-view button[data-action="run"]');
    // Both runs have charts and the comparison its whiskers well before 10,000 games are played.
    const comparison = page.locator('rs-simulate-view section.comparison figure[data-chart="difference"] >> nth=0');
    await comparison.locator('g.difference line.ci').first().waitFor({ state: 'attached', timeout: 60_000 });
    expect(await label(page)).toMatch(/^Playing [1-9]\d* of 10000 games .* · about .+ left$/);
    // The comparison pairs the seeds both runs have played.
    const heading = await page.textContent('rs-simulate-view section.comparison h3');
    expect(heading).toMatch(/paired by seed.*; [1-9]\d* games of each so far/);
    const runs = page.locator('rs-simulate-view section.run');
    for (let i = 0; i < 2; i++) {
      await expect.poll(() => runs.nth(i).textContent()).toMatch(/\d+ games, \d+ ended \(so far\)/);
      // Both sides' shares, once each has won a game: after the first few games one side may have won them all (CI-d).
      await expect.poll(() => runs.nth(i).locator('figure[data-chart="shares"] >> nth=0 >> g.share').count()).toBe(2);
    }
    // The queue takes the runs in turn: neither is more than a batch per worker ahead.
    const [v, b] = await runs.evaluateAll((sections) => sections.map((el) => Number(/(\d+) games, \d+ ended/.exec(el.textContent ?? '')?.[1])));
    expect(Math.abs(v! - b!)).toBeLessThanOrEqual(MAX_BATCH * 4);
    await s.shot('live');
    await page.click('rs-simulate-view button[data-action="cancel"]');
    await expect.poll(() => label(page)).toMatch(/^Cancelled after [1-9]\d* of 10000 games/);
    const played = Number(/after (\d+)/.exec((await label(page))!)![1]);
    // The games played stay on the charts, each run's count said against the 5000 asked for.
    const counts = await runs.evaluateAll((sections) => sections.map((el) => Number(/(\d+) games, \d+ ended \(of 5000\)/.exec(el.textContent ?? '')?.[1])));
    expect(counts[0]! + counts[1]!).toBe(played);
    expect(await comparison.locator('g.difference line.ci').count()).toBe(6);
    await s.shot('cancelled-with-results');
    expect(s.errors).toEqual([]);
  }, 120_000);

  test('games played before in the page should be kept, not played again, and give the figures a fresh run gives', async () => {
    const { page } = s;
    await openSimulate(page);
    const run = async (games: number) => {
      await page.fill('rs-simulate-view #games', String(games));
      await page.locator('rs-simulate-view #games').dispatchEvent('change');
      await page.click('rs-simulate-view button[data-action="run"]');
      await expect.poll(() => label(page), { timeout: 120_000 }).toMatch(new RegExp(`^Played ${2 * games} of ${2 * games} games`));
    };
    const figures = () => page.locator('rs-simulate-view section.run figure[data-chart="shares"] text').allTextContents();
    await run(100);
    expect(await label(page)).not.toContain('played before');
    // 200 games of each: the first 100 of each rule set are the ones just played.
    await run(200);
    expect(await label(page)).toContain('Played 400 of 400 games (200 played before, kept)');
    const kept = await figures();
    expect(kept.join(' ')).toContain('· ');
    // The same run again plays nothing.
    await run(200);
    expect(await label(page)).toContain('Played 400 of 400 games (400 played before, kept)');
    // A fresh page (nothing kept) plays all 400 and draws the same figures.
    await openSimulate(page);
    await run(200);
    expect(await label(page)).not.toContain('played before');
    expect(await figures()).toEqual(kept);
    expect(s.errors).toEqual([]);
  }, 240_000);

  test('outcomes that only name each winner\'s one level should be a line under the winners, not a second chart of the same figures', async () => {
    const { page } = s;
    // Blue Max's results are a side's Victory or a Draw: one level a winner.
    await openSimulate(page, 'blue-max', 'all-optional-rules.yaml');
    await page.fill('rs-simulate-view #games', '20');
    await page.click('rs-simulate-view button[data-action="run"]');
    await expect.poll(() => label(page), { timeout: 120_000 }).toContain('Played 40 of 40 games');
    const runs = page.locator('rs-simulate-view section.run');
    expect(await runs.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const run = runs.nth(i);
      expect(await run.locator('p.levels').textContent()).toMatch(/^Outcomes: (Allies|Central Powers|none) — (Victory|Draw)\b.* \(each winner at one level: the figures are the winners'\)$/);
      // The winners' chart only.
      expect(await run.locator('figure[data-chart="shares"]').count()).toBe(1);
    }
    // Variant minus base: the winners' differences only.
    expect(await page.locator('rs-simulate-view section.comparison figure[data-chart="difference"]').count()).toBe(1);
    await runs.first().locator('p.levels').scrollIntoViewIfNeeded();
    await s.shot('one-level-a-winner');
    expect(s.errors).toEqual([]);
  }, 240_000);

  test('a long simulation should be cancellable', async () => {
    const { page } = s;
    await openSimulate(page);
    await page.fill('rs-simulate-view #games', '5000');
    await page.click('rs-simulate-view #compare');
    expect(await page.isChecked('rs-simulate-view #compare')).toBe(false);
    await page.click('rs-simulate-view button[data-action="run"]');
    // Games are being played (this run's total, so not a figure left by an earlier run).
    await expect.poll(() => label(page), { timeout: 60_000 }).toMatch(/^Playing [1-9]\d* of 5000 games/);
    // Leaving the page mid-run asks first once the run is long enough to be worth keeping.
    const leaving = () => page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      (globalThis as unknown as { dispatchEvent(e: Event): boolean }).dispatchEvent(e);
      return e.defaultPrevented;
    });
    await page.waitForTimeout(LONG_RUN_MS + 500);
    expect(await leaving()).toBe(true);
    await page.click('rs-simulate-view button[data-action="cancel"]');
    await expect.poll(() => label(page)).toMatch(/^Cancelled after \d+ of 5000 games/);
    expect(await leaving()).toBe(false);
    await s.shot('cancelled');
    // The page stays responsive while and after workers play.
    await page.click('rs-app >> button[data-view="edit"]');
    await page.locator('rs-code-editor .view-line').first().waitFor();
  });
});
