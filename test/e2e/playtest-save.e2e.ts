import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pickGame, waitForEditor } from './editor-page.ts';
import { gameStatus, logTexts, newGame, openPlaytest, prompt, setSeats, waitForPrompt } from './game-page.ts';
import { ROOT, useServedApp, type Session } from './harness.ts';

const CLI = join(ROOT, 'bin/rulesmith.js');

/** `rulesmith …` from the repository root, with `input` piped in; its output. */
function rulesmith(args: string[], input = ''): string {
  return execFileSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * `rulesmith play …` given fewer answers than the game needs: it stops, saves, and exits 1 (the
 * answers ran out before the end, 628c5f8); its output.
 */
function playUntilInputEnds(args: string[], input: string): string {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
  expect(run.stdout + run.stderr).toContain('Stopped before the end: the input ended.');
  expect(run.status).toBe(1);
  return run.stdout;
}

/** The options of the viewed seat's question, as listed (also when the board shows them). */
async function optionLabels(page: Page): Promise<string[]> {
  return (await page.locator('rs-decision-panel [data-option]').allTextContents()).map((t) => t.trim());
}

/** Answer with the option listed first, and wait until the game has moved on. */
async function answerFirst(page: Page): Promise<void> {
  const before = await gameStatus(page);
  await page.locator('rs-decision-panel button[data-option="0"]').dispatchEvent('click');
  await expect.poll(() => gameStatus(page)).not.toBe(before);
}

/** `text` as a literal in a regular expression. */
const escape = (text: string | null): string => (text ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the viewed seat is asked now: the status line, the prompt and the options. */
async function question(page: Page): Promise<string> {
  return JSON.stringify([await gameStatus(page), await prompt(page), await optionLabels(page)]);
}

describe('playtest: save, resume and undo', () => {
  let server: { url: string };
  let s: Session;
  let tmp: string;
  useServedApp('playtest-save', (srv, session) => {
    server = srv;
    s = session;
  });
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'rulesmith-e2e-save-'));
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test('a game saved in the browser should verify with `rulesmith replay` and go on with `rulesmith play --load`; undo should return to the previous question', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Setup: place');
    // Leaving the page asks first once a person has answered (the game lives only in the page until saved).
    const leaving = () => page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      (globalThis as unknown as { dispatchEvent(e: Event): boolean }).dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(await leaving()).toBe(false);
    const asked: string[] = [];
    for (let i = 0; i < 6; i++) {
      asked.push(await question(page));
      await answerFirst(page);
    }
    expect(await gameStatus(page)).toContain('6 decisions');
    expect(await leaving()).toBe(true);
    // Undo, twice: each time back to the question before, as it was asked, and a notice says what it took back.
    const undone = page.locator('rs-playtest-view [data-undone]');
    for (const n of [5, 4]) {
      await page.click('rs-playtest-view button[data-action="undo"]');
      await expect.poll(() => question(page)).toBe(asked[n]);
      await expect.poll(() => undone.textContent()).toMatch(new RegExp(`^Undone: the answer to “${escape(await prompt(page))}”\\. .+ answers it again\\.$`));
    }
    await s.shot('undone-twice');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('rs-playtest-view button[data-action="save-game"]')]);
    expect(download.suggestedFilename()).toMatch(/^battle-of-seattle-seed-1-4\.game\.json$/);
    const file = join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved).toMatchObject({ format: 'rulesmith-replay', ruleset: 'rulesets/battle-of-seattle', game: { format: 'rulesmith-game', status: 'waiting' } });
    expect(saved.decisions).toHaveLength(4);
    expect(Object.keys(saved.files)).toContain('rulesets/battle-of-seattle/ruleset.yaml');
    const waiting = saved.game.machine.pending.request;
    expect(await prompt(page)).toBe(waiting.prompt);

    const verified = rulesmith(['replay', file]);
    expect(verified).toContain(`replay verified up to decision 4: the game waits for ${waiting.player}: "${waiting.prompt}"`);
    const goneOn = playUntilInputEnds(['play', '--load', file, '--save', join(tmp, 'on.json')], '1\n');
    expect(goneOn).toContain(`Resumed ${file}: 4 decisions played`);
    expect(goneOn).toContain(`: ${waiting.prompt}`);
    const on = JSON.parse(readFileSync(join(tmp, 'on.json'), 'utf8'));
    expect(on.decisions).toEqual([...saved.decisions, 0]);
    expect(rulesmith(['replay', join(tmp, 'on.json')])).toContain('replay verified up to decision 5');

    // The next answer moves on: the undo notice goes.
    await answerFirst(page);
    expect(await undone.count()).toBe(0);
    // A reload loses the game (it lives in the page): the empty view says how to go on with a saved one.
    await page.reload();
    // The page comes back in Playtest (the view shown last), the code editor hidden.
    await openPlaytest(page);
    const empty = page.locator('rs-playtest-view p.empty');
    expect(await empty.textContent()).toContain('Load game/replay… to go on with a game you saved');
    expect(await empty.locator('[data-hint="reload"]').textContent()).toBe('A game is kept only while the page is open: Save game before a reload to resume it.');
    await s.shot('after-reload');
    expect(s.errors).toEqual([]);
  });

  test('a game saved by `rulesmith play --save` should resume in the browser at the same question, and play and undo on from there', async () => {
    const { page } = s;
    const file = join(tmp, 'from-node.json');
    const out = playUntilInputEnds(['play', 'rulesets/battle-of-seattle', '--seed', '5', '--save', file], '1\n1\n1\n1\n');
    expect(out).toContain(`Game saved to ${file}`);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const waiting = saved.game.machine.pending.request;
    expect(saved.decisions).toHaveLength(4);

    await page.locator('rs-playtest-view #replay-file').setInputFiles(file);
    await expect.poll(() => page.locator('rs-playtest-view .notices').textContent()).toContain('Resumed from-node.json: the saved game at decision 4, nothing replayed. The file has no log');
    await expect.poll(() => gameStatus(page)).toContain('4 decisions');
    await waitForPrompt(page, waiting.prompt);
    expect(await prompt(page)).toBe(waiting.prompt);
    expect(await optionLabels(page)).toEqual(waiting.labels);
    expect(await page.inputValue('rs-playtest-view #seat')).toBe(waiting.player);
    await s.shot('resumed-from-node');
    const resumed = await question(page);

    // Playing on is logged from the save on; undo goes back to the question the file stopped at.
    await answerFirst(page);
    await expect.poll(() => logTexts(page)).toContainEqual(expect.stringContaining(`${waiting.prompt} → ${waiting.labels[0]}`));
    await page.click('rs-playtest-view button[data-action="undo"]');
    await expect.poll(() => question(page)).toBe(resumed);
    // Undo past the save replays the file's answers from setup.
    await page.click('rs-playtest-view button[data-action="undo"]');
    await expect.poll(() => gameStatus(page)).toContain('3 decisions');
    await page.click('rs-playtest-view button[data-action="restart"]');
    await expect.poll(() => gameStatus(page)).toContain('0 decisions');
    await s.shot('restarted');
    expect(s.errors).toEqual([]);
  });
});
