/**
 * What a long run stopped by Ctrl-C reports (`Io.onInterrupt` hears it): the games it finished,
 * said as such, and status 130. `simulate`, `diff --simulate` and `tournament` use it.
 */

/** The exit status of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it), after its report. */
export const INTERRUPTED = 130;

/** How many games an interrupted run finished, and what its figures are of. */
export interface Interrupted {
  finished: number;
  asked: number;
}

/** The first line of an interrupted run's report; `paired`: a comparison, of the seeds both rule sets finished. */
export const interruptedLine = (i: Interrupted | undefined, paired = false): string =>
  !i ? '' : paired
    ? `Interrupted after ${i.finished} of ${i.asked} games of each rule set: the figures below compare the ${i.finished} seeds both finished (games in progress were dropped).\n\n`
    : `Interrupted after ${i.finished} of ${i.asked} games: the figures below are of those ${i.finished} (games in progress were dropped).\n\n`;

export const interruptedTitle = (i: Interrupted | undefined): string => (i ? ` (interrupted after ${i.finished} of ${i.asked} games)` : '');

/**
 * What an interrupted run says instead of a report, when it has none: a shard stands for its
 * whole range (merge checks it), so a part of one is not printed; nor is a run with no game ended.
 */
export function nothingToReport(command: string, finished: number, asked: number, shard: boolean): string | undefined {
  if (shard) return `rulesmith ${command}: interrupted after ${finished} of ${asked} games; a shard is written whole or not at all, so nothing was printed\n`;
  if (finished === 0) return `rulesmith ${command}: interrupted before any game ended; nothing to report\n`;
  return undefined;
}
