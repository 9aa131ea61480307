import { describe, expect, test } from 'vitest';
import { openPath, pickGame, waitForEditor, waitForLine } from './editor-page.ts';
import { dragTo, importFixture, newGame, setSeats, showView, waitForPrompt } from './game-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';

describe('scenarios', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('scenarios', (srv, session) => {
    server = srv;
    s = session;
  });

  test('dragging a piece onto an area in a new scenario should write a setup line into the variant, shown in the code beside', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await showView(page, 'scenarios');
    await page.fill('rs-scenarios-view .new input', 'Standoff at Westlake');
    await page.click('rs-scenarios-view .new button');
    await expect.poll(() => openPath(page)).toBe('rulesets/battle-of-seattle/variants/standoff-at-westlake.yaml');
    const spd = 'rs-scenarios-view rs-game-board g.area[data-place="convention_center"] g.piece[data-piece="spd_1"]';
    await page.locator(spd).waitFor({ timeout: 30_000 });
    // Setup asks the Protesters where their Crowds go: a bot answered, and the view says so.
    expect(await page.textContent('rs-scenarios-view .notices')).toContain('a bot answered them');
    await s.shot('new-scenario');
    await dragTo(page, spd, 'rs-scenarios-view rs-game-board g.area[data-place="westlake_center"] .shape');
    await waitForLine(page, '      move scenario_piece(spd, "spd_1") to westlake_center');
    await page.locator('rs-scenarios-view rs-game-board g.area[data-place="westlake_center"] g.piece[data-piece="spd_1"]').waitFor();
    await expect.poll(() => page.locator('rs-scenarios-view nav button[aria-current="true"]').textContent()).toBe('standoff-at-westlake.yaml');
    await s.shot('piece-dragged');
    expect(s.errors).toEqual([]);
  });

  test('on a hex grid a piece should be put and turned with clicks, and a playtest should start from the scenario', async () => {
    const { page } = s;
    const path = await importFixture(page, 'blue-max', 'hex');
    await showView(page, 'scenarios');
    const tank = 'rs-scenarios-view rs-game-board g.piece[data-piece="red_tank_1"]';
    await page.locator(tank).waitFor({ timeout: 30_000 });
    // Pick up, put down (click, click), then turn right twice.
    await page.click(tank);
    await page.click('rs-scenarios-view rs-game-board g.hex[data-place="hex:4,3"]');
    await waitForLine(page, '      move scenario_piece(red_tank, "red_tank_1") to hex_at(4, 3) facing 1');
    await page.locator(`${tank}[data-facing="1"]`).waitFor();
    await page.click(tank);
    await page.click('rs-scenarios-view rs-game-board button[data-turn="1"]');
    await waitForLine(page, '      move scenario_piece(red_tank, "red_tank_1") to hex_at(4, 3) facing 2');
    await page.click('rs-scenarios-view rs-game-board button[data-turn="1"]');
    await waitForLine(page, '      move scenario_piece(red_tank, "red_tank_1") to hex_at(4, 3) facing 3');
    await page.locator(`${tank}[data-facing="3"]`).waitFor();
    await s.shot('hex-turned');
    expect(await openPath(page)).toBe(path);

    await page.click('rs-scenarios-view button[data-action="playtest"]');
    // The scenario's game starts at once (a walk found the last game still on the board, named as this one).
    const start = 'rs-playtest-view rs-game-board g.piece[data-piece="red_tank_1"]';
    await page.locator(start).waitFor({ timeout: 30_000 });
    expect(await page.getAttribute(start, 'data-facing')).toBe('3');
    expect(await page.locator('rs-playtest-view [data-other-game]').count()).toBe(0);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Drive where?');
    expect(await page.getAttribute(start, 'data-facing')).toBe('3');
    const options = await page.locator('rs-playtest-view rs-game-board g.hex.option').evaluateAll((els) => els.map((e) => e.getAttribute('data-place')).sort());
    // Facing 3 (south) from 4,3: south, south-east and south-west.
    expect(options).toEqual(['hex:3,3', 'hex:4,4', 'hex:5,3']);
    await s.shot('playtest-from-scenario');
    expect(s.errors).toEqual([]);
  });
});
