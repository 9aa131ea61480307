import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { goToLine, openFile, pickGame, waitForEditor } from './editor-page.ts';
import { ROOT, useServedApp, type serveDist, type Session } from './harness.ts';

const FILE = 'rulesets/battle-of-seattle/tables-combat.yaml';
const ROLL_LINE = readFileSync(join(ROOT, FILE), 'utf8').split('\n').indexOf('    roll: 1d6') + 1;

describe('schema-driven help (monaco-yaml with rulesmith’s JSON schema)', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('schema', (srv, session) => {
    server = srv;
    s = session;
  });

  test('a key should show its schema docs on hover, and completion should offer the keys still missing', async () => {
    expect(ROLL_LINE).toBeGreaterThan(0);
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await openFile(page, FILE);
    await goToLine(page, ROLL_LINE, 6);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    await expect.poll(() => page.locator('.monaco-hover').allTextContents(), { timeout: 30_000 }).toContainEqual(expect.stringContaining('The rows are the outcomes of this roll'));
    await s.shot('key-hover');
    await page.keyboard.press('Escape');

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Space');
    await expect.poll(() => page.locator('.suggest-widget .monaco-list-row').allTextContents(), { timeout: 30_000 }).toContain('cells');
    await s.shot('key-completion');
    await page.keyboard.press('Escape');
    expect(s.errors).toEqual([]);
  });
});
