/**
 * Steps in the game views (Playtest, Scenarios, Simulate) as playwright-core actions: the page
 * object of the playtest, scenario and simulation tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './harness.ts';
import { openPath, pickGame } from './editor-page.ts';

/** Import a one-file fixture of test/fixtures/editor/ into a game, as a designer imports a file. */
export async function importFixture(page: Page, game: string, fixture: string): Promise<string> {
  await pickGame(page, game);
  const path = `rulesets/${game}/variants/${fixture}.yaml`;
  await page.locator('rs-ruleset-nav #import').setInputFiles({ name: `${fixture}.yaml`, mimeType: 'application/yaml', buffer: readFileSync(join(ROOT, 'test/fixtures/editor', fixture, 'ruleset.yaml')) });
  await expect.poll(() => openPath(page)).toBe(path);
  return path;
}

export async function showView(page: Page, view: 'playtest' | 'scenarios' | 'simulate' | 'edit'): Promise<void> {
  await page.click(`rs-app >> button[data-view="${view}"]`);
}

/** Open Playtest and wait until the rules have compiled (New game is enabled). */
export async function openPlaytest(page: Page): Promise<void> {
  await showView(page, 'playtest');
  await page.locator('rs-playtest-view button[data-action="start"]:not([disabled])').waitFor({ timeout: 30_000 });
}

/** Choose who plays each seat (`human`, `bot` for Random, or a level) and the bots' speed (ms a move, 0 fastest, -1 step by step). */
export async function setSeats(page: Page, seats: Record<string, 'human' | 'bot' | 'easy' | 'normal' | 'hard'>, delay?: number): Promise<void> {
  const setup = page.locator('rs-playtest-view details.setup');
  if ((await setup.getAttribute('open')) === null) await page.click('rs-playtest-view details.setup > summary');
  for (const [seat, kind] of Object.entries(seats)) await page.selectOption(`rs-playtest-view rs-game-setup select[name="seat-${seat}"]`, kind);
  if (delay !== undefined) await page.selectOption('rs-playtest-view rs-game-setup select[name="speed"]', String(delay));
}

export async function newGame(page: Page): Promise<void> {
  await page.click('rs-playtest-view button[data-action="start"]');
  await page.locator('rs-playtest-view [data-status]').waitFor({ timeout: 30_000 });
}

export async function gameStatus(page: Page): Promise<string> {
  return (await page.locator('rs-playtest-view [data-status]').textContent())?.replace(/\s+/g, ' ').trim() ?? '';
}

/** The question shown to the viewed seat, or '' when it has none. */
export async function prompt(page: Page): Promise<string> {
  const p = page.locator('rs-decision-panel .prompt');
  return (await p.count()) ? ((await p.textContent())?.trim() ?? '') : '';
}

export async function waitForPrompt(page: Page, text: string): Promise<void> {
  await expect.poll(() => prompt(page), { timeout: 15_000 }).toContain(text);
}

/** Log lines as shown (text only), oldest first. */
export async function logTexts(page: Page): Promise<string[]> {
  return (await page.locator('rs-game-log .entry .text').allTextContents()).map((t) => t.trim());
}

// Runs in Chromium (the repository's type check has no DOM library).
declare const getComputedStyle: (el: unknown) => { strokeDasharray: string };

/** The computed dash pattern of an SVG shape (the board's focus ring is a dashed stroke). */
export async function strokeDash(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((el) => getComputedStyle(el).strokeDasharray);
}

/** Drag with the mouse from one element's centre to another's, in steps (pointer events). */
export async function dragTo(page: Page, from: string, to: string): Promise<void> {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}
