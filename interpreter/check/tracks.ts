import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';

/**
 * A track with `boxes` stands on a box: its positions are box numbers counted from `min`, so `min`,
 * `max` and `initial` are whole numbers. With `min: 2.5` no position is a box, and `box_value`
 * gives `none` where the rules do arithmetic with it. Any track's `initial` written as true/false
 * is no number either.
 */
export function checkTracks(ctx: CheckContext): void {
  for (const [id, t] of entries(ctx.model.data.tracks)) {
    // A track holds a number: `initial: true` (a plain true/false, not an expression) never is one.
    if (isRecord(t) && typeof t.initial === 'boolean') {
      ctx.atValue(['tracks', id, 'initial'], {
        code: 'invalid-initial',
        message: `Track \`${id}\` holds a number, but its \`initial\` is ${t.initial}.`,
        hint: 'Start it with a number (or an expression giving one).',
      });
    }
    if (!isRecord(t) || !Array.isArray(t.boxes)) continue;
    for (const key of ['min', 'max', 'initial'] as const) {
      const v = t[key];
      if (typeof v !== 'number' || Number.isInteger(v)) continue;
      ctx.atValue(['tracks', id, key], {
        code: 'fractional-box-position',
        message: `\`${id}\` has \`boxes\`, so its positions are box numbers, but its \`${key}\` is ${v}.`,
        hint: 'Use a whole number: the first box is numbered `min`, the next `min` + 1, and so on.',
      });
    }
  }
}
