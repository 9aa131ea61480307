/**
 * Colours of a piece counter from the ruleset's free-text `color` (`red`, `"#c33"`, `white with
 * black border`), falling back to its side's colour, with a text colour that stays readable.
 */

export interface CounterColors {
  fill: string;
  stroke: string;
  text: string;
}

const cache = new Map<string, CounterColors>();
const NEUTRAL = '#e4e7ec';

export function counterColors(color: string | undefined, sideColor: string | undefined): CounterColors {
  const key = `${color ?? ''}|${sideColor ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    const [fillText, strokeText] = splitBorder(color ?? '');
    const fill = cssColor(fillText) ?? cssColor(sideColor) ?? NEUTRAL;
    const stroke = cssColor(strokeText) ?? darker(fill);
    found = { fill, stroke, text: isDark(fill) ? '#ffffff' : '#1d2330' };
    cache.set(key, found);
  }
  return found;
}

/** `white with black border` → [`white`, `black`]. */
function splitBorder(text: string): [string, string | undefined] {
  const m = /^(.+?)\s+with\s+(.+?)\s+(?:border|edge|outline|rim)s?$/i.exec(text.trim());
  return m ? [m[1]!, m[2]!] : [text.trim(), undefined];
}

/** The text as a CSS colour, or its first word if that is one (`light blue` → `lightblue`). */
function cssColor(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const candidates = [text, text.replace(/\s+/g, ''), text.split(/[\s,/]+/)[0] ?? ''];
  return candidates.find((c) => c && CSS.supports('color', c));
}

let probe: CanvasRenderingContext2D | null | undefined;

/** The colour as `[r, g, b]` (canvas normalises any CSS colour to hex). */
function rgb(color: string): [number, number, number] | undefined {
  probe ??= document.createElement('canvas').getContext('2d');
  if (!probe) return undefined;
  probe.fillStyle = '#000000';
  probe.fillStyle = color;
  const hex = /^#([0-9a-f]{6})$/i.exec(String(probe.fillStyle))?.[1];
  return hex ? [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)] : undefined;
}

function isDark(color: string): boolean {
  const c = rgb(color);
  if (!c) return false;
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4;
}

function darker(color: string): string {
  const c = rgb(color);
  return c ? `rgb(${c.map((v) => Math.round(v * 0.55)).join(', ')})` : '#566070';
}
