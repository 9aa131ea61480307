import { createInterface } from 'node:readline';

/** Where a command writes (and, for `play`, reads); tests pass a capturing Io. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal that shows colours. */
  color: boolean;
  /** Lines typed or piped in (interactive commands only). */
  lines?: () => AsyncIterator<string>;
  /** A progress line on a terminal; absent when output is not a terminal. */
  progress?: (done: number, total: number) => void;
}

export function processIo(): Io {
  const io: Io = {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    lines: () => createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator](),
  };
  if (process.stderr.isTTY) {
    io.progress = (done, total) => {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
    };
  }
  return io;
}
