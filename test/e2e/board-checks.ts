/**
 * Measurements of the playtest board as shown (screen pixels), for the legibility checks: board
 * text sizes, boxes of names and counters, and panes that overflow sideways.
 */
import type { Page } from 'playwright-core';

// Page functions run in Chromium; the repository's type check has no DOM library, so the little
// they touch is declared here.
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}
interface ShownElement {
  readonly textContent: string | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly parentNode: ShownElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Rect;
  getScreenCTM(): { a: number } | null;
  querySelector(selector: string): ShownElement | null;
}

export interface ShownText {
  text: string;
  /** Font size on screen: the attribute (SVG units) times the drawing's scale. */
  px: number;
  box: Rect;
}

/** Every text of this class on the board, with its size on screen. */
export async function boardTexts(page: Page, cls: 'counter-label' | 'area-name'): Promise<ShownText[]> {
  return page.locator(`rs-playtest-view rs-game-board .${cls}`).evaluateAll((els) =>
    (els as unknown as ShownElement[]).map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', px: (t.getScreenCTM()?.a ?? 0) * Number(t.getAttribute('font-size')), box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width } };
    }),
  );
}

/** Each counter's label, its text width, the width of its box and whether the text is squeezed. */
export async function counters(page: Page): Promise<Array<{ label: string; title: string; text: number; box: number; squeezed: boolean }>> {
  return page.locator('rs-playtest-view rs-game-board g.piece').evaluateAll((els) =>
    (els as unknown as ShownElement[]).map((g) => {
      const label = g.querySelector('.counter-label')!;
      return {
        label: label.textContent ?? '',
        title: g.querySelector('title')?.textContent ?? '',
        text: label.getBoundingClientRect().width,
        box: g.querySelector('rect')!.getBoundingClientRect().width,
        squeezed: label.getAttribute('textLength') !== null,
      };
    }),
  );
}

/** Pairs of boxes that overlap, by their texts. */
export function overlapping(texts: readonly ShownText[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      if (meet(texts[i]!.box, texts[j]!.box)) out.push(`${texts[i]!.text} / ${texts[j]!.text}`);
    }
  }
  return out;
}

/** Pairs of one box of `a` and one of `b` that overlap. */
export function overlappingBetween(a: readonly ShownText[], b: readonly ShownText[]): string[] {
  return a.flatMap((x) => b.filter((y) => meet(x.box, y.box)).map((y) => `${x.text} / ${y.text}`));
}

function meet(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Elements matching `selector` whose content is wider than their box (cut off or scrolling sideways). */
export async function overflowing(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    (els as unknown as ShownElement[]).filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${(e.textContent ?? '').trim().slice(0, 40)} (${e.scrollWidth} > ${e.clientWidth})`),
  );
}
