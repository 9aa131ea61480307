/**
 * Legible text on a board drawn at any size: sizes in SVG units from the drawing's scale (so text
 * is never smaller than a minimum on screen), counters as wide as their label, and area names
 * placed where they overlap neither another name nor an area. Pure (no DOM), so it is unit-tested.
 */
import type { Point } from './board-geometry.ts';

/** Smallest text on the board, in screen pixels. */
export const MIN_TEXT_PX = 11;

/** Width of `text` at `fontSize`: a generous average glyph width (wider in bold), so estimates err on the wide side. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  return text.length * fontSize * (bold ? 0.74 : 0.62);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export interface AreaLabel {
  id: string;
  text: string;
  /** Where the text's baseline centre goes; absent when no free place was found. */
  at?: Point;
}

/**
 * Places each area's name near it: above, below, right, left, then shifted along the top and
 * bottom, then a little further out, keeping clear of names already placed, of every area's shape
 * and of `obstacles` (counters). A name with no free place first tries its short form (before a comma or parenthesis), then is left out (the
 * area still says its name on hover).
 */
export function placeAreaLabels(areas: ReadonlyArray<{ id: string; name: string; at: Point }>, radius: number, fontSize: number, bounds: Box, obstacles: readonly Box[] = []): AreaLabel[] {
  const height = fontSize * 1.25;
  const taken: Box[] = [...areas.map((a) => ({ x: a.at.x - radius, y: a.at.y - radius, width: 2 * radius, height: 2 * radius })), ...obstacles];
  // Crowded places first: their names have the fewest free spots.
  const order = [...areas].sort((a, b) => crowding(b, areas, radius) - crowding(a, areas, radius));
  const placed = new Map<string, AreaLabel>();
  for (const area of order) {
    const label = [area.name, shortForm(area.name)].filter((t, i, all) => all.indexOf(t) === i)
      .map((text) => ({ text, at: freeSpot(area.at, textWidth(text, fontSize), height, radius, taken, bounds) }))
      .find((c) => c.at !== undefined);
    if (!label?.at) {
      placed.set(area.id, { id: area.id, text: area.name });
      continue;
    }
    const width = textWidth(label.text, fontSize);
    taken.push({ x: label.at.x - width / 2, y: label.at.y - height * 0.8, width, height });
    placed.set(area.id, { id: area.id, text: label.text, at: label.at });
  }
  return areas.map((a) => placed.get(a.id)!);
}

/** `Wilmington, NC` → `Wilmington`; `St. Marks (Apalachicola), FL` → `St. Marks`. */
export function shortForm(name: string): string {
  return name.split(/\s*[,(/]/)[0]!.trim() || name;
}

function crowding(a: { at: Point }, all: ReadonlyArray<{ at: Point }>, radius: number): number {
  return all.filter((b) => b !== a && Math.hypot(b.at.x - a.at.x, b.at.y - a.at.y) < radius * 6).length;
}

function freeSpot(c: Point, width: number, height: number, radius: number, taken: readonly Box[], bounds: Box): Point | undefined {
  const gap = 4;
  // Close to the area only: a name drawn further away reads as another area's.
  for (const far of [0, height * 0.5]) {
    const r = radius + gap + far;
    const side = width * 0.35;
    // Baseline points: the text box spans [x - w/2, x + w/2] × [y - 0.8h, y + 0.2h].
    const spots: Point[] = [
      { x: c.x, y: c.y - r - height * 0.2 },
      { x: c.x, y: c.y + r + height * 0.8 },
      { x: c.x + r + width / 2, y: c.y + height * 0.3 },
      { x: c.x - r - width / 2, y: c.y + height * 0.3 },
      { x: c.x + side, y: c.y - r - height * 0.2 },
      { x: c.x - side, y: c.y - r - height * 0.2 },
      { x: c.x + side, y: c.y + r + height * 0.8 },
      { x: c.x - side, y: c.y + r + height * 0.8 },
    ];
    for (const s of spots) {
      const box = { x: s.x - width / 2, y: s.y - height * 0.8, width, height };
      const inside = box.x >= bounds.x && box.y >= bounds.y && box.x + box.width <= bounds.x + bounds.width && box.y + box.height <= bounds.y + bounds.height;
      if (inside && !taken.some((t) => intersects(t, box))) return s;
    }
  }
  return undefined;
}
