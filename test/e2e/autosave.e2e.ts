/**
 * "A reload or a crash loses nothing": typing followed at once by a reload, with no pause for the
 * autosave. IndexedDB commits asynchronously, so this relies on the write journal
 * (editor/workspace/file-store.ts) replaying what the unload cut short.
 */
import { describe, expect, test } from 'vitest';
import { useServedApp, type serveDist, type Session } from './harness.ts';
import { editorLines, newVariant, openPath, pickGame, waitForEditor, waitForSaved } from './editor-page.ts';

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

  test('a full disk should be shown, the text kept, and saved once there is room again', async () => {
    const { page } = s;
    // IndexedDB refuses file writes while the flag is set, as a full quota does.
    // (As text: these tests type-check without the DOM's types.)
    await page.addInitScript({
      content: `{
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (...args) {
          if (globalThis.diskFull && this.name === 'files') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return put.apply(this, args);
        };
      }`,
    });
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await newVariant(page, 'Full disk');
    await page.evaluate(() => ((globalThis as { diskFull?: boolean }).diskFull = true));
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('# kept through a full disk');
    const state = page.locator('rs-file-toolbar [data-save-state]');
    await expect.poll(() => state.getAttribute('data-save-state'), { timeout: 10_000 }).toBe('error');
    expect(await state.textContent()).toContain("Not saved: the browser's storage for this site is full");
    await expect.poll(() => page.locator('rs-file-toolbar button', { hasText: 'Download' }).count()).toBe(1);
    await s.shot('disk-full');
    // Room again: the retry saves it without another keystroke.
    await page.evaluate(() => ((globalThis as { diskFull?: boolean }).diskFull = false));
    await expect.poll(() => state.getAttribute('data-save-state'), { timeout: 10_000 }).toBe('saved');
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => editorLines(page), { timeout: 10_000 }).toContain('# kept through a full disk');
    expect(s.errors).toEqual([]);
  });
  test("an edit in one tab of the editor should show in another, and the other's next save should keep it", async () => {
    const { page, context } = s;
    if (!page.url().startsWith(server.url)) await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await newVariant(page, 'Two tabs');
    const other = await context.newPage();
    try {
      await other.goto(server.url);
      await waitForEditor(other);
      // The second tab opens where the first was: the new variant.
      await expect.poll(() => openPath(other), { timeout: 10_000 }).toBe('rulesets/battle-of-seattle/variants/two-tabs.yaml');
      const typeAtEnd = async (tab: typeof page, text: string) => {
        await tab.click('rs-code-editor .view-lines');
        await tab.keyboard.press('Control+End');
        await tab.keyboard.press('Enter');
        await tab.keyboard.type(text);
        await waitForSaved(tab);
      };
      await typeAtEnd(page, '# from the first tab');
      await expect.poll(() => editorLines(other), { timeout: 10_000 }).toContain('# from the first tab');
      expect(await other.textContent('rs-app .rs-notice')).toContain('two-tabs.yaml was changed in another tab');
      // The second tab goes on from the first's text, and the first takes it in turn.
      await typeAtEnd(other, '# from the second tab');
      await expect.poll(() => editorLines(page), { timeout: 10_000 }).toContain('# from the second tab');
      expect(await editorLines(page)).toContain('# from the first tab');
      await s.shot('two-tabs');
      // Both are in the store: a reload has them.
      await page.reload();
      await waitForEditor(page);
      await expect.poll(() => editorLines(page), { timeout: 10_000 }).toContain('# from the second tab');
      expect(await editorLines(page)).toContain('# from the first tab');
      // Deleted in one tab, the variant leaves the other, which goes back to the base as this one does.
      page.once('dialog', (d) => void d.accept());
      await page.click('rs-file-toolbar >> text=Delete variant');
      await expect.poll(() => openPath(other), { timeout: 10_000 }).toBe('rulesets/battle-of-seattle/ruleset.yaml');
      expect(await other.textContent('rs-app .rs-notice')).toContain('two-tabs.yaml was deleted in another tab');
      expect(await other.locator('rs-ruleset-nav button[data-entry$="two-tabs.yaml"]').count()).toBe(0);
    } finally {
      await other.close();
    }
    expect(s.errors).toEqual([]);
  });
});
