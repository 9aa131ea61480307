import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { topLevelScalar } from '../../editor/workspace/catalog.ts';
import { ROOT, useServedApp, type serveDist, type Session } from './harness.ts';
import { pickGame, tabThrough, waitForEditor } from './editor-page.ts';

/** The games in rulesets/, read from disk: the editor must list exactly these (not `rulesmith init`'s templates/). */
const GAMES = readdirSync(join(ROOT, 'rulesets'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'rulesets', d.name, 'ruleset.yaml')))
  .map((d) => ({ id: d.name, name: topLevelScalar(readFileSync(join(ROOT, 'rulesets', d.name, 'ruleset.yaml'), 'utf8'), 'name') ?? d.name }));

describe('editor shell', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('games', (srv, session) => {
    server = srv;
    s = session;
  });

  test('the four games should be listed, each with its files, and Monaco should load after first paint', async () => {
    const { page } = s;
    await page.goto(server.url);
    // The shell paints before Monaco: the game list is there while the editor still loads.
    await page.waitForSelector('rs-ruleset-nav >> select#game option', { state: 'attached' });
    await s.shot('first-paint');
    const options = await page.locator('rs-ruleset-nav select#game option').evaluateAll((os) => os.map((o) => ({ id: o.getAttribute('value'), name: o.textContent?.trim() })));
    expect(GAMES).toHaveLength(4);
    expect(options.map((o) => o.id).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const g of GAMES) expect(options.find((o) => o.id === g.id)?.name).toBe(g.name);
    await waitForEditor(page);

    for (const game of GAMES) {
      await pickGame(page, game.id);
      const files = await page.locator('rs-ruleset-nav button[data-path]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-path')));
      expect(files[0]).toBe(`rulesets/${game.id}/ruleset.yaml`);
      expect(files.length).toBeGreaterThan(3);
      await s.shot(`game-${game.id}`);
    }
    expect(s.errors).toEqual([]);
  });

  test('views, buttons and fields should be reachable with the keyboard and show focus', async () => {
    const { page } = s;
    const seen = await tabThrough(page, 12);
    await s.shot('keyboard-focus');
    const interactive = seen.filter((f) => /^(button|select|input)\|/.test(f));
    expect(interactive.length).toBeGreaterThan(6);
    // Every control reached by Tab shows a focus outline.
    for (const f of interactive) expect(f.split('|')[2], f).not.toBe('none');
    expect(seen.some((f) => f.startsWith('button|Tables'))).toBe(true);
  });

  test('Tab into the code editor should say how to leave it, and Esc then Tab or Ctrl+M should leave it untouched', async () => {
    const { page } = s;
    const focused = () => page.locator('rs-code-editor .monaco-editor.focused').count();
    const hint = page.locator('rs-code-editor .rs-editor-hint');
    const edited = () => page.locator('rs-file-toolbar .tag').allTextContents();
    // A click puts the cursor in the editor without a hint.
    await page.click('rs-code-editor .view-lines');
    await expect.poll(focused).toBe(1);
    expect(await hint.isVisible()).toBe(false);
    // From the toolbar's last button, Tab lands in the editor: the hint says what Tab does there.
    await page.focus('rs-file-toolbar button >> text=Download');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(1);
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toBe('Tab indents; press Ctrl+M (or Esc then Tab) to move focus out');
    await s.shot('editor-tab-hint');
    // Esc then Tab leaves the editor; nothing was typed into the file.
    await page.keyboard.press('Escape');
    expect(await hint.textContent()).toBe('Tab now moves focus out of the editor (any other key types as usual)');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(0);
    expect(await hint.isVisible()).toBe(false);
    // Back in with Shift+Tab, Tab indents again (Escape lasts one Tab); Ctrl+M makes Tab move focus.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe(1);
    expect(await hint.textContent()).toBe('Tab indents; press Ctrl+M (or Esc then Tab) to move focus out');
    await page.keyboard.press('Control+m');
    await expect.poll(() => hint.textContent()).toBe('Tab moves focus out; press Ctrl+M to make Tab indent again');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(0);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focused).toBe(1);
    await page.keyboard.press('Control+m');
    await expect.poll(() => hint.textContent()).toBe('Tab indents; press Ctrl+M (or Esc then Tab) to move focus out');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(0);
    expect(await edited()).not.toContain('edited');
    expect(s.errors).toEqual([]);
  });
});
