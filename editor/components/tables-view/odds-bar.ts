/** A chance drawn as a bar (a template shared by the table grid and the odds panel). */
import { svg } from 'lit';

/** An SVG bar filled to `percent` (0-100); SVG geometry, not inline styles, so it needs no style-src. */
export function oddsBar(percent: number) {
  const p = Math.max(0, Math.min(100, percent));
  return svg`<svg class="odds-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" data-percent=${p.toFixed(2)}><rect class="track" x="0" y="0" width="100" height="6"></rect><rect class="fill" x="0" y="0" width=${p} height="6"></rect></svg>`;
}
