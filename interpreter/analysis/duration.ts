/**
 * A run's elapsed and remaining time in words, for the CLI's progress line and the editor's simulate
 * view (which imports it on the main thread: it imports nothing).
 */

/** `850 ms`, `12 s`, `3 min 5 s`, `2 h 4 min`: a simulation's time, to the precision that matters. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
