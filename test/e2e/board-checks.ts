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

/**
 * Counters that meet another area's counters or its shape (`piece@area / piece@area` or
 * `piece@area / area`; an area drawn later covers what reaches into it): an area's counters may
 * touch each other and their own area, never another's. A circle is measured as a circle.
 */
export async function countersMeetingAcrossAreas(page: Page): Promise<string[]> {
  type Box = Rect & { height: number };
  const box = (r: Rect & { height?: number }): Box => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height ?? r.bottom - r.top });
  const shown = await page.locator('rs-playtest-view rs-game-board g.area').evaluateAll((els) =>
    (els as unknown as Array<ShownElement & { querySelectorAll(selector: string): ArrayLike<ShownElement>; tagName: string }>).map((g) => {
      const shape = g.querySelector('.shape') as (ShownElement & { tagName: string }) | null;
      const rect = (e: ShownElement) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; };
      return {
        place: g.getAttribute('data-place') ?? '',
        shape: shape ? { circle: shape.tagName.toLowerCase() === 'circle', box: rect(shape) } : null,
        counters: Array.from(g.querySelectorAll('g.piece')).map((p) => ({ piece: p.getAttribute('data-piece') ?? '', box: rect(p.querySelector('rect')!) })),
      };
    }),
  );
  const touchesShape = (c: Rect, s: { circle: boolean; box: Rect }): boolean => {
    if (!s.circle) return meet(c, s.box);
    const r = s.box.width / 2;
    const cx = (s.box.left + s.box.right) / 2;
    const cy = (s.box.top + s.box.bottom) / 2;
    const dx = Math.max(c.left - cx, 0, cx - c.right);
    const dy = Math.max(c.top - cy, 0, cy - c.bottom);
    return dx * dx + dy * dy < r * r;
  };
  const out: string[] = [];
  for (const a of shown) {
    for (const c of a.counters) {
      for (const b of shown) {
        if (b.place === a.place) continue;
        if (b.shape && touchesShape(box(c.box), b.shape)) out.push(`${c.piece}@${a.place} / ${b.place}`);
        for (const d of b.counters) if (a.place < b.place && meet(c.box, d.box)) out.push(`${c.piece}@${a.place} / ${d.piece}@${b.place}`);
      }
    }
  }
  return out;
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
