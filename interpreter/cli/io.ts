import { createInterface } from 'node:readline';
import { duration } from '../analysis/duration.ts';

/** Games done of `total`; `restored` of them came from a `--cache` at once (no time spent on them). */
export type Progress = (done: number, total: number, restored?: number) => void;

/** Where a command writes (and, for `play`, reads); tests pass a capturing Io. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal that shows colours. */
  color: boolean;
  /** Lines typed or piped in (interactive commands only). */
  lines?: () => AsyncIterator<string>;
  /** A progress line on a terminal; absent when output is not a terminal. */
  progress?: Progress;
  /** A passing status line on a terminal (`p2 (normal) is thinking…`), '' to clear it; absent when not a terminal. */
  status?: (text: string) => void;
  /**
   * Call `stop` on the first Ctrl-C (SIGINT) or SIGTERM until the returned function is called: a long run then
   * ends early and reports the games it finished instead of losing them. A second Ctrl-C quits at
   * once. `message` is said first; with `exit`, the process ends (status 130) once `stop` returns.
   * Absent in tests that do not ask for it.
   */
  onInterrupt?: (stop: () => void, opts?: { message?: string; exit?: boolean }) => () => void;
}

export function processIo(): Io {
  const io: Io = {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    lines: () => createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator](),
    onInterrupt: (stop, opts = {}) => {
      let asked = false;
      // SIGTERM too: what a CI job's timeout or `timeout N` sends first; the run's figures so far
      // are worth as much then (a walk lost 9 finished games of 20 that way).
      const handler = (signal: NodeJS.Signals) => {
        // Status 130 (128 + SIGINT) is what a shell reports for a command stopped by Ctrl-C.
        if (asked) process.exit(130);
        asked = true;
        const how = signal === 'SIGTERM' ? 'stopped (SIGTERM)' : 'stopping';
        process.stderr.write(`\nrulesmith: ${opts.message ?? `${how}; the games finished so far are reported (Ctrl-C again to quit at once)`}\n`);
        stop();
        if (opts.exit) process.exit(130);
      };
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
  for (const stream of [process.stdout, process.stderr]) stream.on('error', outputClosed);
  if (process.stderr.isTTY) {
    // Time from the command's start (loading, checking and threads starting included); the pace
    // is measured from the first played game's end, so start-up, and games a resumed run takes
    // from its cache at once, do not make the estimate too short.
    const started = performance.now();
    let first = 0;
    io.progress = (done, total, restored = 0) => {
      const now = performance.now() - started;
      if (done - restored === 1) first = now;
      process.stderr.write(progressLine(done, total, now, first, restored));
    };
    io.status = (text) => process.stderr.write(`\r${text}\x1b[K`);
  } else if (!process.argv.includes('--json')) {
    // (With --json, stderr may carry a JSON report a program reads: no lines of text there.)
    io.progress = plainProgress((t) => process.stderr.write(t), () => performance.now());
  }
  return io;
}

/**
 * Progress where stderr is not a terminal (piped, CI): a plain line at most every half minute, so
 * a run of minutes (search bots) is seen to go on, and its last line once one was printed; a run
 * that ends sooner prints nothing. stdout is never touched.
 */
export function plainProgress(write: (text: string) => void, clock: () => number): Progress {
  const started = clock();
  let first = 0;
  let last = 0;
  return (done, total, restored = 0) => {
    const now = clock() - started;
    if (done - restored === 1) first = now;
    if (done < total ? now - last < PLAIN_PROGRESS_MS : last === 0) return;
    last = now;
    write(plainProgressLine(done, total, now, first, restored));
  };
}

/** How often a progress line is printed where stderr is not a terminal. */
export const PLAIN_PROGRESS_MS = 30_000;

/** `progressLine` as a line of its own, for logs: no bar redrawn in place. */
export function plainProgressLine(done: number, total: number, elapsedMs: number, firstMs = 0, restored = 0): string {
  return `rulesmith: ${done} of ${total} games, ${duration(elapsedMs)}${timeLeft(done, total, elapsedMs, firstMs, restored)}\n`;
}

/** `, about 2 min left` at the pace since the first played game ended; '' until two were played. */
function timeLeft(done: number, total: number, elapsedMs: number, firstMs: number, restored: number): string {
  const played = done - restored;
  return played >= 2 && done < total ? `, about ${duration(((elapsedMs - firstMs) / (played - 1)) * (total - done))} left` : '';
}

/**
 * A reader that stops early (`rulesmith validate … | head`) closes the pipe, and the next write
 * fails with EPIPE as an 'error' event that, unhandled, prints a stack trace. A command line tool
 * stops there, as one killed by SIGPIPE does (status 128 + 13, what `set -o pipefail` reports for
 * any such tool): nothing it writes can reach anyone. Any other failure to write is said in one
 * line, if stderr still works.
 */
function outputClosed(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EPIPE') {
    try {
      process.stderr.write(`rulesmith: cannot write the output (${e.code ?? e.message})\n`);
    } catch {
      // stderr is gone too: the exit status is all that is left to say it.
    }
  }
  process.exit(e.code === 'EPIPE' ? 141 : 2);
}

/**
 * A terminal's progress line: a bar, games done, time so far and, once two games have been played,
 * about how long the rest will take at the pace since the first played one ended (`firstMs`;
 * search bots' games take minutes). `restored` of the `done` games came from a cache and took no
 * time, so they do not count in the pace. `\r` goes back to the line's start and ESC[K clears what
 * a longer line left; the last one ends the line.
 */
export function progressLine(done: number, total: number, elapsedMs: number, firstMs = 0, restored = 0): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const left = timeLeft(done, total, elapsedMs, firstMs, restored);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}  ${duration(elapsedMs)}${left}\x1b[K${done === total ? '\n' : ''}`;
}
