import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { ARTIFACTS, openBrowser, type Session } from './harness.ts';

const DUEL = 'test/fixtures/runtime/duel';

/**
 * The report `rulesmith diff … --report` writes, opened from disk in Chromium as a playtest group
 * would open a file they were sent: it must show its numbers and charts with nothing fetched.
 */
describe('HTML report', () => {
  let s: Session;
  const file = join(ARTIFACTS, 'house-report.html');
  const requests: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const r = await runCli(['diff', DUEL, `${DUEL}/variants/house.yaml`, '--odds', '--simulate', '40', '--seed', '3', '--workers', '1', '--report', file]);
    expect(r.code).toBe(0);
    s = await openBrowser('report');
    s.page.on('request', (req) => requests.push(req.url()));
  });
  afterAll(async () => { await s?.close(); });

  test('should show the changes, odds and simulation with their charts, offline', async () => {
    const { page } = s;
    const url = pathToFileURL(file).href;
    await page.goto(url);
    await page.waitForSelector('h1');
    expect(await page.textContent('h1')).toBe(`What ${DUEL}/variants/house.yaml changes`);
    await s.shot('top');

    // The CRT's grid: the changed cell old → new, the added row marked.
    const crt = page.locator('section.change[data-element="tables.crt"]');
    expect(await crt.locator('td.changed').first().textContent()).toBe('N → W');
    expect(await crt.locator('tr.added th').textContent()).toBe('7-8');
    expect(await crt.locator('.source').textContent()).toBe('Rulebook: House rules §1');

    // Odds: column 2-3 goes from N 50% to always W; its chart has a before and an after bar per value.
    const col = page.locator('section.odds[data-label="tables.crt column 2-3"]');
    expect(await col.locator('svg.chart-odds rect.bar[data-series="before"]').count()).toBe(2);
    expect(await col.locator('svg.chart-odds rect.bar[data-series="after"]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-value')))).toEqual(['0.0000', '1.0000']);
    expect(await col.locator('table').textContent()).toContain('−50.0%');
    await col.scrollIntoViewIfNeeded();
    await s.shot('odds');

    // Simulation: paired seeds, win-rate bars with whiskers, rounds 3 → 2 significant.
    const sim = page.locator('#simulation');
    await sim.scrollIntoViewIfNeeded();
    expect(await page.textContent('body')).toContain('40 games of each rule set, paired: game i of both is played with seed 3:i');
    const bars = page.locator('svg.chart-rates rect.bar[data-value]');
    expect(await bars.count()).toBeGreaterThanOrEqual(4);
    const widths = await bars.evaluateAll((rs) => rs.map((r) => (r as unknown as { getBBox(): { width: number } }).getBBox().width));
    expect(widths.every((w) => w >= 0 && w <= 420)).toBe(true);
    expect(widths.some((w) => w > 0)).toBe(true);
    expect(await page.locator('svg.chart-rates line.ci').count()).toBe(await bars.count());
    const rounds = page.locator('table.means tr', { hasText: 'rounds' });
    expect(await rounds.textContent()).toBe('rounds3.002.00−1.00 significant−1.00 to −1.00');
    expect(await page.locator('svg.chart-change circle.diff').count()).toBeGreaterThanOrEqual(3);
    expect(await page.textContent('p.first-seat')).toBe('Seat p1 plays Red in every game, so its wins are the wins of Red (Winners, above): here the seat cannot be told apart from the side.');
    await page.locator('svg.chart-change').first().scrollIntoViewIfNeeded();
    await s.shot('simulation');

    expect(requests).toEqual([url]);
    expect(s.errors).toEqual([]);
  });
});
