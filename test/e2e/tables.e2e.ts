import { describe, expect, test } from 'vitest';
import { pickGame, waitForChecks, waitForEditor, waitForLine } from './editor-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

describe('tables view', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('tables', (srv, session) => {
    server = srv;
    s = session;
  });

  test('the CRT should show as a grid with the exact odds of a row, a column and a cell, live', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await page.waitForSelector('rs-table-grid >> table');
    await s.shot('crt-grid');
    const headers = (await page.locator('rs-table-grid thead button').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['1', '2-3', '4-6', '7-10', '11-15', '16+']);

    // Row 6 of a 1d6 table: 1/6.
    await page.click('rs-table-grid >> th button[data-row="5"]');
    expect(await page.textContent('rs-tables-view >> aside')).toContain('1/6 (16.7%)');
    await s.shot('row-odds');

    // Column 4-6: N on 1-2, VM on 3-4, A on 5-6.
    await page.click('rs-table-grid >> thead button[data-column="2"]');
    const outcomes = (await page.locator('rs-tables-view aside tr[data-result]').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(outcomes).toEqual(['N No effect 1/3 (33.3%) 1, 2', 'VM Morale Check 1/3 (33.3%) 3, 4', 'A Arrest 1/3 (33.3%) 5, 6']);
    await s.shot('column-odds');

    // Cell (6, 16+) is X; X in that column comes on 5 and 6.
    await page.click('rs-table-grid >> td button[data-row="5"][data-column="5"]');
    const aside = await page.textContent('rs-tables-view >> aside');
    expect(aside).toContain('X — Dispersal');
    expect(aside).toContain('1/3 (33.3%) (rows 5, 6)');
    await s.shot('cell-odds');

    // Edit the table: row 6, column 16+ becomes N; the odds follow.
    await page.click('rs-tables-view >> text=Show cell in file');
    await page.waitForSelector('rs-code-editor .monaco-host[data-ready=true]');
    await page.keyboard.type('N');
    await s.shot('edited-cell');
    await waitForChecks(page);
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-table-grid >> thead button[data-column="5"]');
    await expect.poll(() => page.locator('rs-tables-view aside').textContent()).toMatch(/X\s+Dispersal\s+1\/6/);
    await s.shot('live-update');
    await page.click('rs-app >> button[data-view="edit"]');
    await waitForLine(page, '      "6": [VM, A, A, X, X, N]');

    // Revert to shipped is explicit (and confirmed).
    page.once('dialog', (d) => void d.accept());
    await page.click('rs-file-toolbar >> text=Revert to shipped');
    await waitForLine(page, '      "6": [VM, A, A, X, X, X]');
    expect(await page.locator('rs-file-toolbar >> text=Revert to shipped').count()).toBe(0);
    await s.shot('reverted');
    expect(s.errors).toEqual([]);
  });
});
