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

/**
 * What to do about a runtime error whose site gave no hint of its own: every diagnostic carries a
 * fix hint, and many sites share one code. Codes not listed get `GENERIC_HINT`.
 */
const RUNTIME_HINTS: Readonly<Record<string, string>> = {
  'unknown-name': 'Correct the name, or define it (a table, track, procedure, piece type…) in the ruleset.',
  'unknown-property': 'Use a member this kind of value has: a declared prop, field, track or variable.',
  'type-mismatch': 'Give this a value of the kind it needs (a number, a list, true or false…); check what the expression before it gives.',
  'not-assignable': 'Assign to a track, a variable, a `let` name, or a list or record element.',
  'division-by-zero': 'Check the divisor is not 0 before dividing.',
  'invalid-forced-die': 'Force only results the die can roll (1 to its number of sides).',
  'invalid-turn-order': 'Make `flow.turn_order` give a list of players, e.g. `players`.',
  'no-options': 'Give the action parameter at least one option, or make the action not allowed when it has none.',
  'no-such-player': 'Pass a player (`player`, `players[1]`, a piece\'s `owner`).',
  'no-table-cell': 'Give every cell of the table a value.',
  'no-table-column': 'Add a column for that value, or keep the column key within the columns\' bands.',
  'not-a-card': 'Pass a card (drawn with `draw`, or from a zone that holds cards).',
  'not-a-deck': 'Name a deck declared under `decks:`.',
  'not-a-hex': 'Pass a hex or a piece on the hex grid.',
  'not-a-piece': 'Pass a piece (from `pieces`, a zone, an area or a `select`).',
  'not-a-place': 'Name a zone or an area as the destination.',
  'not-an-area': 'Pass an area of the map (or a piece\'s `area`).',
  'table-not-rollable': 'Add `roll:` to the table, or look it up by key with `table[key]`.',
  'unbounded-choice': 'Give the number choice an upper bound: `choose number from 0..n`.',
  'unbounded-range': 'Go through a closed range `low..high`.',
  'unknown-die': 'Declare the die and its faces under `dice:`.',
};

const GENERIC_HINT = 'Check the value this statement works on; the message says what was wrong.';

/** The hint a runtime error is reported with. */
export function runtimeHint(code: string, hint: string | undefined): string {
  return hint ?? RUNTIME_HINTS[code] ?? GENERIC_HINT;
}
