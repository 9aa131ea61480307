import type { Span } from '../../grammar/index.ts';
import type { DataPath } from '../load/model.ts';

/** Where in the ruleset a running statement came from: the YAML path of its script and the span. */
export interface SourceAt {
  path: DataPath;
  span: Span;
}

/**
 * A rule could not be carried out (a bound exceeded, no such row, an endless loop). Thrown inside
 * the interpreter and turned into a positioned Diagnostic by the game driver; never reaches users
 * as a stack trace.
 */
export class RuleError extends Error {
  constructor(readonly code: string, message: string, readonly at: SourceAt | undefined, readonly hint?: string) {
    super(message);
  }
}

/** Thrown by `end game with …` to unwind every running script at once. */
export class GameOver {
  constructor(readonly result: unknown) {}
}
