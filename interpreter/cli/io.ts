/** Where a command writes; tests pass a capturing Io, the binary passes process streams. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stdout is a terminal that shows colours. */
  color: boolean;
}

export function processIo(): Io {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}
