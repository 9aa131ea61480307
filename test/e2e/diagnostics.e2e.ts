import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, useServedApp, type serveDist, type Session } from './harness.ts';
import { cursorLine, editorLines, goToLine, openFile, pickGame, problems, replaceAt, squiggleLines, waitForChecks, waitForEditor, waitForLine } from './editor-page.ts';

const FILE = 'rulesets/battle-of-seattle/tables-combat.yaml';
const ROW = '"6": [VM, A, A, X, X, X]';
/** The CRT's row 6, found in the shipped file so the test follows edits to it. */
const LINES = readFileSync(join(ROOT, FILE), 'utf8').split('\n');
const LINE = LINES.findIndex((l) => l.trim() === ROW) + 1;
const INDENT = LINES[LINE - 1]?.indexOf('"') ?? 0;

describe('diagnostics as you type', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('diagnostics', (srv, session) => {
    server = srv;
    s = session;
  });

  test('an unknown CRT code should show a marker on its line and a Problems entry; the quick fix should clear both', async () => {
    expect(LINE).toBeGreaterThan(0);
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await openFile(page, FILE);
    const before = (await problems(page)).filter((p) => p.code === 'unknown-result-code');
    expect(before).toEqual([]);
    // Nothing to list: the panel is its header and one line, not a fixed slice of the window.
    const panelHeight = async () => (await page.locator('rs-app rs-problems-panel').boundingBox())!.height;
    expect(await problems(page)).toEqual([]);
    expect(await page.textContent('rs-problems-panel .empty')).toBe('No problems in this game.');
    expect(await panelHeight()).toBeLessThan(80);

    // Row 6 is `"6": [VM, …`: turn its first cell into `MV`.
    await replaceAt(page, LINE, INDENT + '"6": ['.length + 1, 2, 'MV');
    await waitForLine(page, `${' '.repeat(INDENT)}"6": [MV, A, A, X, X, X]`);
    await page.locator('rs-problems-panel button[data-code="unknown-result-code"]').waitFor();
    await page.locator('rs-code-editor .squiggly-error').first().waitFor({ state: 'attached' });
    await s.shot('broken-cell');
    // A list to read gets its room back.
    await expect.poll(panelHeight).toBeGreaterThan(120);

    const found = (await problems(page)).filter((p) => p.code === 'unknown-result-code');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: FILE, line: LINE });
    expect(found[0]!.text).toContain('Did you mean `VM`?');
    expect(await squiggleLines(page)).toContain(LINE);
    // The file shows its error count in the nav.
    expect(await page.textContent(`rs-ruleset-nav >> button[data-path="${FILE}"] .badge.error`)).toBe('1');

    // Choosing the problem jumps to its line.
    await goToLine(page, 1);
    expect(await cursorLine(page)).toBe(1);
    await page.click('rs-problems-panel >> button[data-code="unknown-result-code"]');
    await expect.poll(() => cursorLine(page)).toBe(LINE);
    await s.shot('jumped-to-problem');

    // Quick fix (Ctrl+.): did-you-mean from Diagnostic.fix.
    await page.keyboard.press('Control+.');
    await page.waitForSelector('.action-widget', { timeout: 10_000 });
    await s.shot('quick-fix-menu');
    expect(await page.textContent('.action-widget')).toContain('Replace with “VM”');
    await page.keyboard.press('Enter');
    await page.locator('rs-problems-panel button[data-code="unknown-result-code"]').waitFor({ state: 'detached' });
    await waitForChecks(page);
    await s.shot('fixed');
    await expect.poll(panelHeight).toBeLessThan(80);
    expect((await problems(page)).filter((p) => p.code === 'unknown-result-code')).toEqual([]);
    expect(await squiggleLines(page)).not.toContain(LINE);
    expect((await editorLines(page)).some((l) => l.trim() === ROW)).toBe(true);
    expect(s.errors).toEqual([]);
  });
});
