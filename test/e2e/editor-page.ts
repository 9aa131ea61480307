/**
 * Steps a designer takes in the editor, as playwright-core actions (the page object of the e2e
 * tests). Tests use these and Playwright locators (which pierce shadow roots); the few functions
 * that run inside the page live here.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Page functions run in Chromium, not in Node. The repository's type check has no DOM library
// (nothing outside editor/ may use the DOM), so the little they touch is declared here.
interface BrowserElement {
  readonly textContent: string | null;
  readonly shadowRoot: BrowserElement | null;
  readonly activeElement: BrowserElement | null;
  readonly parentElement: BrowserElement | null;
  readonly tagName: string;
  readonly dataset: Record<string, string | undefined>;
  readonly style: { top: string };
  getAttribute(name: string): string | null;
  querySelector(selector: string): BrowserElement | null;
  querySelectorAll(selector: string): ArrayLike<BrowserElement> & Iterable<BrowserElement>;
}
declare const document: BrowserElement;
declare const getComputedStyle: (el: BrowserElement) => { color: string; outlineStyle: string };
declare const navigator: { clipboard: { writeText(text: string): Promise<void> } };

export async function waitForEditor(page: Page): Promise<void> {
  await page.locator('rs-code-editor .monaco-host[data-ready=true]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('rs-code-editor .view-line').first().waitFor({ timeout: 30_000 });
}

/** Wait until the validator has answered (no check pending). */
export async function waitForChecks(page: Page): Promise<void> {
  await expect.poll(() => page.locator('rs-problems-panel .summary').textContent(), { timeout: 30_000 }).not.toContain('checking');
}

export async function openPath(page: Page): Promise<string | null> {
  return page.locator('rs-file-toolbar .path').textContent();
}

export async function pickGame(page: Page, game: string): Promise<void> {
  await page.selectOption('rs-ruleset-nav select#game', game);
  // The game's files load first; then its entry is open and checked.
  await expect.poll(() => openPath(page), { timeout: 30_000 }).toBe(`rulesets/${game}/ruleset.yaml`);
  await waitForChecks(page);
}

export async function openFile(page: Page, path: string): Promise<void> {
  await page.click(`rs-ruleset-nav button[data-path="${path}"]`);
  await expect.poll(() => openPath(page)).toBe(path);
}

/** The line the cursor is on (Monaco marks its number as the active one). */
export async function cursorLine(page: Page): Promise<number> {
  return Number(await page.locator('rs-code-editor .active-line-number').textContent());
}

/** Put the cursor at a line and column with Monaco's Go to Line (Ctrl+G, `line:column`). */
export async function goToLine(page: Page, line: number, column = 1): Promise<void> {
  await page.click('rs-code-editor .view-lines');
  await page.keyboard.press('Control+g');
  await page.locator('.quick-input-widget input').waitFor();
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await expect.poll(() => cursorLine(page)).toBe(line);
}

/** Replace `length` characters at a line and column by typing `text`. */
export async function replaceAt(page: Page, line: number, column: number, length: number, text: string): Promise<void> {
  await goToLine(page, line, column);
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type(text);
}

/** The visible text of the editor, one string per rendered line, top to bottom. */
export async function editorLines(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('rs-code-editor .view-line')]
      // Rendered whitespace (renderWhitespace 'boundary') is a middle dot and a zero-width non-joiner.
      .map((l) => ({ top: parseFloat(l.style.top), text: (l.textContent ?? '').replace(/\u00b7\u200c/g, ' ').replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
}

/** Wait until the editor shows a line with exactly this text. */
export async function waitForLine(page: Page, text: string): Promise<void> {
  await expect.poll(() => editorLines(page), { timeout: 30_000 }).toContain(text);
}

/** Line numbers (1-based) that carry a squiggle of this severity in the editor. */
export async function squiggleLines(page: Page, severity = 'error'): Promise<number[]> {
  return page.evaluate((sev) => {
    const margin = [...document.querySelectorAll('rs-code-editor .margin-view-overlays > div')];
    return [...document.querySelectorAll(`rs-code-editor .view-overlays .squiggly-${sev}`)].map((s) => {
      const top = s.parentElement?.style.top;
      return Number(margin.find((m) => m.style.top === top)?.textContent?.trim());
    });
  }, severity);
}

export interface ProblemEntry {
  code: string;
  file: string;
  line: number;
  text: string;
}

export async function problems(page: Page): Promise<ProblemEntry[]> {
  return page.evaluate(() =>
    [...(document.querySelector('rs-problems-panel')?.shadowRoot?.querySelectorAll('li button') ?? [])].map((b) => ({
      code: b.dataset['code'] ?? '',
      file: b.dataset['file'] ?? '',
      line: Number(b.dataset['line']),
      text: b.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    })),
  );
}

export async function waitForSaved(page: Page): Promise<void> {
  // The editor reports typing after the frame that shows it; then the workspace saves it.
  await page.locator('rs-code-editor:not([data-unreported])').waitFor({ state: 'attached' });
  await page.locator('rs-file-toolbar [data-save-state="saved"]').waitFor({ state: 'attached' });
}

/** Create a variant of the current game through the New variant dialog. */
export async function newVariant(page: Page, name: string): Promise<void> {
  // Wait for the new file to open, not for any variant: with one already open the old poll
  // returned at once, before the new one (and its notice) existed.
  const before = await openPath(page);
  await page.click('rs-ruleset-nav >> text=New variant');
  await page.fill('rs-ruleset-nav #new-name', name);
  await page.keyboard.press('Enter');
  await expect.poll(async () => { const now = await openPath(page); return now !== before && (now ?? '').includes('/variants/'); }).toBe(true);
}

/** Paste text at the cursor (Monaco keeps pasted indentation, unlike typed text). */
export async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+v');
}

/** Computed colour of the first editor token with exactly this text. */
export async function tokenColor(page: Page, text: string): Promise<string | undefined> {
  return page.evaluate((t) => {
    const span = [...document.querySelectorAll('rs-code-editor .view-line span span')].find((s) => s.textContent === t);
    return span && getComputedStyle(span).color;
  }, text);
}

/** Press Tab `count` times and describe each focused control: `tag|name|outline-style`. */
export async function tabThrough(page: Page, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        if (!el) return '';
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        return `${el.tagName.toLowerCase()}|${name}|${getComputedStyle(el).outlineStyle}`;
      }),
    );
  }
  return seen;
}
