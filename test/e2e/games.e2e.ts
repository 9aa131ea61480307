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
});
