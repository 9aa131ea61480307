/**
 * Telling a worker that failed from rules that stalled. The watchdog (watchdog.ts) only sees
 * silence; silence has two causes a designer must not confuse: rules that loop (fix the rules)
 * and a worker that never ran its code or died (its script was refused — a `worker-src` policy,
 * a dev server restarted under the page — or it threw): nothing in the rules, and a reload is the
 * fix. So every editor worker says `STARTED` once its code has loaded, and its owner treats an
 * `error` event, a `new Worker` that throws, or a watchdog expiring before `STARTED` as the
 * worker's failure, with `workerFailed`'s words instead of the watchdog's.
 */

/** The first message of every editor worker: its code loaded and it listens. */
export const STARTED = 'rulesmith-worker-started';

/** In a worker, once its listeners are set: tell the owner it started. */
export function announceStarted(scope: { postMessage(message: unknown): void }): void {
  scope.postMessage(STARTED);
}

/** The message an `error` event (or a throw of `new Worker`) carries, if it has one. */
export function failureDetail(error: unknown): string | undefined {
  if (typeof ErrorEvent !== 'undefined' && error instanceof ErrorEvent) return error.message || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
}

/**
 * What to tell the user of a worker that failed. `what`: the worker in the user's words ("the
 * validator"); `started`: it had loaded its code (so it died, rather than never starting).
 */
export function workerFailed(what: string, started: boolean, detail?: string): string {
  const how = started ? `stopped with an error${detail ? ` (${detail})` : ''}` : `could not start${detail ? ` (${detail})` : ''}`;
  return `${what} ${how}. This is the page, not the rules: reload the page (your edits are saved) to start it again.`;
}
