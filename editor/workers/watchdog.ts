/**
 * The last line of defence against a worker that never answers (docs/security.md). Rulesets are
 * shared by strangers, and the runtime's step budget counts statements, not the work inside one:
 * a `count k in 1..1000000000000` is a single statement, and checking a huge roll or ruleset runs
 * no statements at all. A worker cannot be interrupted from inside, so the main thread times it:
 * while work is expected of it, the worker must say something (an answer, progress, a pong) at
 * least every `budgetMs`, or the owner terminates it, starts another and tells the user why.
 */

/**
 * How long a worker may stay silent while busy. Well above any honest silence: the step budget
 * stops a runaway script after 5,000,000 statements (≈ 1.5 s in Node), a Battle of Seattle check
 * takes ≈ 0.1 s, and a search bot reports between slices of ≈ 40 ms; 10 s leaves room for a
 * slow machine with several workers on two cores.
 */
export const WORKER_BUDGET_MS = 10_000;

/** The budget in words, for messages. */
export const BUDGET_WORDS = `${WORKER_BUDGET_MS / 1000} s`;

export class Watchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onExpire: () => void,
    private readonly budgetMs = WORKER_BUDGET_MS,
  ) {}

  /** Work was asked of the worker: it must say something within the budget (if not already timed). */
  expect(): void {
    if (this.timer === undefined) this.arm();
  }

  /** The worker said something: time it afresh while it is still `busy`, else stop. */
  heard(busy: boolean): void {
    this.stop();
    if (busy) this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onExpire();
    }, this.budgetMs);
  }
}
