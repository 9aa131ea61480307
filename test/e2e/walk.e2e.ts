// The fixes of a browser walk through the editor (issue 14, item 8), checked where the page can
// measure them: board text legible and not cut, names not overlapping, the editor usable at
// 1024×768, "Show rule" beside the game, a collapsible Problems panel, and the last good rules
// kept across a page load.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPath, pickGame, waitForEditor, waitForLine } from './editor-page.ts';
import { boardTexts, counters, countersMeetingAcrossAreas, overflowing, overlapping, overlappingBetween } from './board-checks.ts';
import { gameStatus, importFixture, newGame, openPlaytest, prompt, setSeats, showView, waitForPrompt } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

/** Answer `times` questions with the first place the board offers (keyboard: focus, Enter). */
async function answerOnBoard(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await expect.poll(() => page.locator('rs-game-board g.place.option').count()).toBeGreaterThan(0);
    const before = await gameStatus(page);
    await page.focus('rs-game-board g.place.option >> nth=0');
    await page.keyboard.press('Enter');
    await expect.poll(() => gameStatus(page)).not.toBe(before);
  }
}

/** Smallest board text on screen, in pixels (the walk found ~6 px counters). */
const MIN_PX = 10;

describe('editor fixes from the browser walk, at 1024×768', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('walk', (srv, session) => {
    server = srv;
    s = session;
  });

  test('Battle of Seattle: counters and area names at least 10 px, names apart, no pane wider than the window', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(server.url);
    await waitForEditor(page);
    expect(await overflowing(page, 'rs-app .rs-main, rs-app rs-ruleset-nav, rs-app rs-problems-panel, rs-app .rs-header')).toEqual([]);
    await s.shot('edit-1024x768');
    await pickGame(page, 'battle-of-seattle');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Setup');
    await page.click('rs-playtest-view details.setup > summary');
    await answerOnBoard(page, 4);
    await expect.poll(async () => (await boardTexts(page, 'counter-label')).length).toBeGreaterThan(3);
    const labels = await boardTexts(page, 'counter-label');
    for (const l of labels) expect(l.px, l.text).toBeGreaterThanOrEqual(MIN_PX);
    const names = await boardTexts(page, 'area-name');
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const n of names) expect(n.px, n.text).toBeGreaterThanOrEqual(MIN_PX);
    expect(overlapping(names)).toEqual([]);
    expect(overlappingBetween(names, labels)).toEqual([]);
    // Every counter's text fits its box whole (no squeezing, no cutting).
    for (const c of await counters(page)) {
      expect(c.squeezed, c.title).toBe(false);
      expect(c.text, c.title).toBeLessThanOrEqual(c.box);
    }
    // Usable at 1024×768: nothing scrolls sideways, and the game's controls are in the window.
    expect(await overflowing(page, 'rs-app .rs-main, rs-app rs-ruleset-nav, rs-playtest-view .game, rs-playtest-view header')).toEqual([]);
    const start = (await page.locator('rs-playtest-view button[data-action="start"]').boundingBox())!;
    expect(start.x + start.width).toBeLessThanOrEqual(1024);
    const board = (await page.locator('rs-playtest-view rs-game-board .map svg').boundingBox())!;
    expect(board.width).toBeGreaterThan(350);
    await s.shot('bos-board-1024x768');
    // Tables: the table in the middle gets most of the width (it had 284 px beside the lists).
    await page.click('rs-app >> button[data-view="tables"]');
    const table = (await page.locator('rs-tables-view main').boundingBox())!;
    expect(table.width).toBeGreaterThanOrEqual(400);
    // Back to the game, where the next test goes on.
    await page.click('rs-app >> button[data-view="playtest"]');
    expect(s.errors).toEqual([]);
  });

  test('"Show rule" should open the rule beside the game, not leave it', async () => {
    const { page } = s;
    await page.click('rs-decision-panel button:has-text("Show rule")');
    await expect.poll(() => page.locator('rs-app .rs-main.beside').count()).toBe(1);
    expect(await page.isVisible('rs-playtest-view')).toBe(true);
    expect(await page.isVisible('rs-code-editor')).toBe(true);
    expect(await page.getAttribute('rs-app button[data-view="playtest"]', 'aria-current')).toBe('page');
    expect(await openPath(page)).toMatch(/^rulesets\/battle-of-seattle\/.+\.yaml$/);
    // The question is still there to answer.
    expect(await prompt(page)).toContain('Setup');
    await s.shot('show-rule-beside');
    await page.click('rs-app .rs-hide-beside');
  });

  test('the Problems panel should collapse to its header line and give the room to the view', async () => {
    const { page } = s;
    const open = (await page.locator('rs-app rs-problems-panel').boundingBox())!;
    const main = (await page.locator('rs-app .rs-main').boundingBox())!;
    await page.click('rs-problems-panel button[data-action="toggle-problems"]');
    await expect.poll(() => page.getAttribute('rs-problems-panel button[data-action="toggle-problems"]', 'aria-expanded')).toBe('false');
    const closed = (await page.locator('rs-app rs-problems-panel').boundingBox())!;
    expect(closed.height).toBeLessThan(40);
    expect(closed.height).toBeLessThan(open.height);
    expect((await page.locator('rs-app .rs-main').boundingBox())!.height).toBeGreaterThan(main.height);
    // The counts stay in view.
    expect(await page.textContent('rs-problems-panel .summary')).toContain('0 errors');
    await s.shot('problems-collapsed');
    await page.click('rs-problems-panel button[data-action="toggle-problems"]');
    await expect.poll(async () => (await page.locator('rs-app rs-problems-panel').boundingBox())!.height).toBeCloseTo(open.height, 0);
  });

  test('Blockade Runner with 6 players: the crowded east coast names neither overlap nor shrink', async () => {
    const { page } = s;
    await pickGame(page, 'blockade-runner');
    await openPlaytest(page);
    if ((await page.locator('rs-playtest-view details.setup').getAttribute('open')) === null) await page.click('rs-playtest-view details.setup > summary');
    await page.fill('rs-playtest-view rs-game-setup input[name="players"]', '6');
    await page.press('rs-playtest-view rs-game-setup input[name="players"]', 'Tab');
    await setSeats(page, { p1: 'human', p2: 'human', p3: 'human', p4: 'human', p5: 'human', p6: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Place which ship?');
    await page.click('rs-playtest-view details.setup > summary');
    const names = await boardTexts(page, 'area-name');
    expect(overlapping(names)).toEqual([]);
    for (const n of names) expect(n.px, n.text).toBeGreaterThanOrEqual(MIN_PX);
    // Most places are named on the map (33 of 37, with crowded areas drawn apart); the rest say
    // their name on hover (the area's title).
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(names.map((n) => n.text)).toContain('Havana, Cuba');
    // The ships to choose from lie in a box below the map, maybe out of sight: the hint names it.
    expect(await page.textContent('rs-decision-panel .hint')).toMatch(/^Choose on the board: \d+ highlighted, in Ships for auction\.$/);
    // The question says whose it is (a walk at one screen could not tell).
    expect(await page.textContent('rs-decision-panel .who')).toMatch(/^Player [1-6] to answer$/);
    // Each player's ships say whose they are, and take the player's colour (a walk saw only grey ones).
    const ships = await page.locator('rs-playtest-view rs-game-board .mini[title]').evaluateAll((ms) => ms.map((m) => ({ title: m.getAttribute('title') ?? '', fill: (m as unknown as { style: { backgroundColor: string } }).style.backgroundColor })));
    const fills = (player: string) => [...new Set(ships.filter((p) => p.title.endsWith(`, owned by ${player}`)).map((p) => p.fill))];
    expect(fills('Player 1')).toEqual(['rgb(200, 71, 63)']); // #c8473f, OWNER_COLORS
    expect(fills('Player 2')).toEqual(['rgb(59, 114, 196)']);
    expect(fills('Player 6')).toEqual(['rgb(35, 152, 154)']);
    await s.shot('blockade-runner-6-players');
    expect(s.errors).toEqual([]);
  });

  test('Blockade Runner: a ship whose whole name is wider than its port\'s room is named on two lines, whole', async () => {
    const { page } = s;
    // Random bots at full speed to the end: ships sail into the crowded Gulf and east-coast ports.
    await setSeats(page, { p1: 'bot', p2: 'bot', p3: 'bot', p4: 'bot', p5: 'bot', p6: 'bot' }, 0);
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: 120_000 }).toContain('Game over');
    await s.shot('blockade-runner-ships-on-map');
    // On one line `Margaret and Jessie` reached over two neighbouring ports (a walk's finding).
    const wrapped = await page.locator('rs-game-board g.area g.piece').evaluateAll((gs) => gs.flatMap((g) => {
      const spans = Array.from(g.querySelectorAll('.counter-label tspan') as ArrayLike<{ textContent: string | null }>, (t) => t.textContent ?? '');
      return spans.length ? [{ lines: spans, title: g.querySelector('title')?.textContent ?? '' }] : [];
    }));
    expect(wrapped.length).toBeGreaterThan(0);
    for (const w of wrapped) {
      expect(w.lines).toHaveLength(2);
      // The whole name, split at a space: never cut to its first letters.
      expect(w.title.includes(w.lines.join(' ').replace(/ ×\d+$/, '')), w.title).toBe(true);
    }
    for (const c of await counters(page)) expect(c.text, c.title).toBeLessThanOrEqual(c.box);
    expect(s.errors).toEqual([]);
  });

  test('Dragut: counters show their whole label', async () => {
    const { page } = s;
    await pickGame(page, 'dragut');
    await openPlaytest(page);
    // The Blockade Runner game above is still on the board, and says so under Dragut's title.
    await expect.poll(() => page.locator('rs-playtest-view [data-other-game]').textContent()).toMatch(/^On the board: a game of Blockade Runner \(ruleset\.yaml\), kept while you look at other rules\. New game plays Dragut/);
    // Another game starts from its own setup, not the last game's seats (all people above).
    if ((await page.locator('rs-playtest-view details.setup').getAttribute('open')) === null) await page.click('rs-playtest-view details.setup > summary');
    await expect.poll(() => page.locator('rs-playtest-view rs-game-setup select[name="seat-p2"]').inputValue()).toBe('normal');
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await expect.poll(() => page.locator('rs-playtest-view [data-other-game]').count()).toBe(0);
    await answerOnBoard(page, 4);
    await expect.poll(async () => (await counters(page)).filter((c) => c.label !== '?').length).toBeGreaterThan(0);
    for (const c of await counters(page)) {
      expect(c.squeezed, c.title).toBe(false);
      expect(c.text, c.title).toBeLessThanOrEqual(c.box);
      // The label is the type's whole label or name, never its first letters.
      if (c.label !== '?') expect(c.title.toLowerCase()).toContain(c.label.toLowerCase().split(' ')[0]!);
    }
    for (const l of await boardTexts(page, 'counter-label')) expect(l.px, l.text).toBeGreaterThanOrEqual(MIN_PX);
    expect(await overflowing(page, 'rs-playtest-view rs-game-board .mini')).toEqual([]);
    await s.shot('dragut-counters');
    expect(s.errors).toEqual([]);
  });

  test("Dragut: wide counters stack in their area rather than cover a neighbour's", async () => {
    const { page } = s;
    // Seed 1 between Random bots ends with Bartolomeo and Women in Porta delle Saline: in a row
    // they reached over San Michele di Pagana's counter.
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: 90_000 }).toContain('Game over');
    expect(await page.locator('rs-game-board g.area[data-place="porta_delle_saline"] g.piece').count()).toBeGreaterThanOrEqual(2);
    expect(await countersMeetingAcrossAreas(page)).toEqual([]);
    await s.shot('dragut-stacked');
    expect(s.errors).toEqual([]);
  });

  test('typing `tables.` should offer the table ids, and only them', async () => {
    const { page } = s;
    await showView(page, 'edit');
    await expect.poll(() => openPath(page)).toBe('rulesets/dragut/ruleset.yaml');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    // No Ctrl+Space: the `.` asks for completion by itself.
    await page.keyboard.type('note: see tables.');
    const suggest = page.locator('.suggest-widget .monaco-list-row');
    await suggest.first().waitFor({ timeout: 30_000 });
    const labels = await suggest.allTextContents();
    await s.shot('tables-completion');
    expect(labels.some((l) => l.includes('movement_cost') && l.includes('table'))).toBe(true);
    expect(labels.every((l) => l.includes('table'))).toBe(true);
    await page.keyboard.press('Escape');
    // Leave the file as shipped.
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Backspace');
  });

  test('a fresh load on rules with errors should still play the last version that compiled, and say so', async () => {
    const { page } = s;
    await importFixture(page, 'dragut', 'march');
    await openPlaytest(page);
    await showView(page, 'edit');
    // The variant's own file, shown and focused, before typing into it (two CI runs of 2026-12-01
    // saw the error never appear; the lines below say where the text went if it happens again).
    await expect.poll(() => openPath(page)).toBe('rulesets/dragut/variants/march.yaml');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('flow: 3\n');
    await waitForLine(page, 'flow: 3');
    await expect.poll(() => page.locator('rs-problems-panel .summary').textContent(), { timeout: 30_000 }).not.toContain('0 errors');
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => openPath(page)).toBe('rulesets/dragut/variants/march.yaml');
    await openPlaytest(page);
    await page.locator('rs-playtest-view [data-stale]').waitFor({ timeout: 30_000 });
    expect(await page.textContent('rs-playtest-view [data-stale]')).toContain('last version that compiled');
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Which unit marches?');
    await s.shot('fresh-load-stale-rules');
    expect(s.errors).toEqual([]);
  });
});
