/**
 * "A reload or a crash loses nothing": typing followed at once by a reload, with no pause for the
 * autosave. IndexedDB commits asynchronously, so this relies on the write journal
 * (editor/workspace/file-store.ts) replaying what the unload cut short.
 */
import { describe, expect, test } from 'vitest';
import { useServedApp, type serveDist, type Session } from './harness.ts';
import { editorLines, newVariant, pickGame, waitForEditor } from './editor-page.ts';

describe('autosave', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('autosave', (srv, session) => {
    server = srv;
    s = session;
  });

  test('text typed just before a reload should be there after it, every time', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await newVariant(page, 'Quick reload');
    for (let i = 1; i <= 4; i++) {
      await page.click('rs-code-editor .view-lines');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type(`# note ${i}`);
      await page.reload();
      await waitForEditor(page);
      await expect.poll(() => editorLines(page), { timeout: 10_000 }).toContain(`# note ${i}`);
    }
    await s.shot('after-reloads');
    expect(s.errors).toEqual([]);
  });
});
