// Blue Max's maneuver choice previews each maneuver's path on the hex map (issue 14, item 8): the
// option under the pointer or focus highlights the hexes it flies through and where it ends (with
// the facing there); leaving it clears them; another seat's view shows none.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pickGame, waitForEditor } from './editor-page.ts';
import { gameStatus, newGame, openPlaytest, prompt, setSeats, waitForPrompt } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

/**
 * Answer the viewed seat's question: a listed option by its text (`first`: the first listed), else
 * the first place on the board; waits for the answer to count (both seats' setup prompts read alike).
 */
async function answer(page: Page, option?: string): Promise<void> {
  const before = await gameStatus(page);
  if (option === 'first') await page.click('rs-decision-panel ul.options button >> nth=0');
  else if (option) await page.click(`rs-decision-panel ul.options button:has-text("${option}")`);
  else {
    await expect.poll(() => page.locator('rs-game-board g.place.option').count()).toBeGreaterThan(0);
    await page.focus('rs-game-board g.place.option >> nth=0');
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => gameStatus(page)).not.toBe(before);
}

/** The places the board highlights for a preview, by role, as `hex:c,r` keys. */
async function highlighted(page: Page): Promise<{ path: string[]; end: string[] }> {
  const places = await page.locator('rs-game-board g.place[data-preview]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-preview'), e.getAttribute('data-place')] as const));
  return { path: places.filter(([r]) => r === 'path').map(([, p]) => p!).sort(), end: places.filter(([r]) => r === 'end').map(([, p]) => p!) };
}

describe('maneuver previews on the hex map', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('preview', (srv, session) => {
    server = srv;
    s = session;
  });

  test('Blue Max: hovering or focusing a maneuver highlights its path and end; leaving clears them; the other seat sees none', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'blue-max');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    // Setup: aircraft, start hexes (on the board), start facings (the default, listed first).
    await waitForPrompt(page, 'aircraft');
    await answer(page, 'Bristol F.2B');
    await answer(page, 'Fokker Dr.I');
    await answer(page);
    await answer(page);
    await waitForPrompt(page, 'facing');
    await answer(page, 'first');
    await answer(page, 'first');
    await waitForPrompt(page, 'maneuver for');
    const decider = await page.locator('rs-playtest-view select#seat').inputValue();
    expect(await highlighted(page)).toEqual({ path: [], end: [] });

    // Each option names where it ends and what its code means; the runtime's preview is on the button.
    const option = page.locator('rs-decision-panel ul.options button:has-text("14L3")');
    expect(await option.textContent()).toMatch(/14L3\s*→\s*\d{4}\s*turns left 120°, speed 3, fuel 3/);
    const path = (await option.getAttribute('data-preview-path'))!.split(' ');
    const end = (await option.getAttribute('data-preview-end'))!;
    // F L F L F: three hexes entered, the last one the end.
    expect(path).toHaveLength(3);
    expect(path[2]).toBe(end);
    await option.hover();
    await expect.poll(() => highlighted(page)).toEqual({ path: path.slice(0, 2).sort(), end: [end] });
    expect(await page.locator('rs-game-board g.preview-facing').getAttribute('data-facing')).toMatch(/^[0-5]$/);
    await s.shot('maneuver-preview-hover');

    // Another option replaces it; leaving the options clears the map.
    const straight = page.locator('rs-decision-panel ul.options button:has-text("2S2")');
    await straight.hover();
    const straightEnd = (await straight.getAttribute('data-preview-end'))!;
    await expect.poll(async () => (await highlighted(page)).end).toEqual([straightEnd]);
    expect((await highlighted(page)).path).toHaveLength(1);
    await page.mouse.move(2, 2);
    await expect.poll(() => highlighted(page)).toEqual({ path: [], end: [] });
    expect(await page.locator('rs-game-board g.preview-facing').count()).toBe(0);

    // The keyboard shows the same: focus an option, blur it.
    await option.focus();
    await expect.poll(async () => (await highlighted(page)).end).toEqual([end]);
    await option.evaluate((el) => (el as unknown as { blur(): void }).blur());
    await expect.poll(() => highlighted(page)).toEqual({ path: [], end: [] });

    // The other seat's view: no question (it is secret), no previews on the buttons or the map.
    await option.hover();
    await expect.poll(async () => (await highlighted(page)).end).toEqual([end]);
    const other = decider === 'p1' ? 'p2' : 'p1';
    await page.selectOption('rs-playtest-view select#seat', other);
    await expect.poll(() => page.locator('rs-playtest-view select#seat').inputValue()).toBe(other);
    await expect.poll(() => prompt(page)).toBe('');
    expect(await highlighted(page)).toEqual({ path: [], end: [] });
    expect(await page.locator('rs-game-board g.preview-facing').count()).toBe(0);
    expect(await page.locator('rs-decision-panel [data-preview-end]').count()).toBe(0);
    await s.shot('maneuver-preview-other-seat');

    // Back at the deciding seat, answering clears the preview with the question.
    await page.selectOption('rs-playtest-view select#seat', decider);
    await waitForPrompt(page, 'maneuver for');
    await answer(page, '14L3');
    // The view stays with this seat (chosen by hand), which has no question now: nothing previewed.
    await expect.poll(() => prompt(page)).toBe('');
    expect(await highlighted(page)).toEqual({ path: [], end: [] });
    expect(s.errors).toEqual([]);
  });
});
