import type { SourceAt } from './errors.ts';
import type { ChoicePreview } from './previews.ts';
import type { MarkedText } from './secrets.ts';
import type { Value } from './values.ts';

/**
 * A question the rules ask a player. The game suspends until it is answered. Options are always
 * listed (or, for numbers, bounded), so any agent, including a random bot, can answer.
 *
 * Answers: `one` → an option index; `several` → a list of distinct indices (between `min` and
 * `max` of them); `number` → an integer from `min` to `max`.
 */
export interface DecisionRequest {
  kind: 'one' | 'several' | 'number';
  /** Id of the player who answers. */
  player: string;
  prompt: string;
  options: Value[];
  /** Text of each option, as shown to people and in logs. */
  labels: string[];
  /**
   * What the rules fix about each option, said beside its label (null where nothing): an action
   * menu's costs (`2 points`) when they differ. Public; kept apart from the label, which names
   * the option and stays what scripts, logs and saved answers know it by.
   */
  notes?: Array<string | null>;
  min: number;
  max: number;
  /** Hidden from the other seats (simultaneous secret choices). */
  secret: boolean;
  /**
   * One of the questions a `choose … for each` asks in a row: `id` tells groups apart (the number of
   * decisions answered when the group began), `index` is this question's item, of `size` items. With
   * `secret`, the group's answers are simultaneous: no seat learns another's before answering.
   * `item` is the list's item this question is about (bound as `item` in option priors).
   */
  group?: { id: number; index: number; size: number; item: Value };
  at: SourceAt;
  /**
   * The prompt with what it tells about hidden pieces marked, kept with the question so a saved
   * or copied game still redacts it (views show each seat its own redaction; never shown as is).
   */
  promptParts?: MarkedText;
  /**
   * Only in the deciding seat's view (`game.view(seat).pending`), of a choice with a `preview`
   * clause: each option's preview, in the view's option order. Derived, never saved.
   */
  previews?: Array<ChoicePreview | null>;
}

export type Answer = number | number[];

export interface Refusal {
  ok: false;
  code: string;
  message: string;
  at?: SourceAt;
  /** Where the rule that asked is written (file, 1-based range), filled in by the game. */
  range?: { file: string; start: { line: number; column: number }; end: { line: number; column: number } };
}

// A function of the module, not an arrow made at every answer: under tsx (the bench, the tests)
// every named arrow made is also renamed by a `__name` call, ~3% of a random playout.
function refuse(req: DecisionRequest, code: string, message: string): Refusal {
  return { ok: false, code, message, at: req.at };
}

/** Check an answer against its request; a refusal says why, in a machine-readable code. */
export function validateAnswer(req: DecisionRequest, answer: unknown): Refusal | null {
  if (req.kind === 'one') {
    if (typeof answer !== 'number' || !Number.isInteger(answer)) return refuse(req, 'answer-not-an-option', 'Answer with the number of one option.');
    if (answer < 0 || answer >= req.options.length) return refuse(req, 'answer-out-of-range', `No option at index ${answer}: the ${req.options.length} options are indexed from 0 to ${req.options.length - 1}.`);
    return null;
  }
  if (req.kind === 'number') {
    if (typeof answer !== 'number' || !Number.isInteger(answer)) return refuse(req, 'answer-not-a-number', 'Answer with a whole number.');
    if (answer < req.min || answer > req.max) return refuse(req, 'answer-out-of-range', `Choose a number from ${req.min} to ${req.max}.`);
    return null;
  }
  if (!Array.isArray(answer) || !answer.every((i) => Number.isInteger(i))) return refuse(req, 'answer-not-a-list', 'Answer with a list of option numbers.');
  if (new Set(answer).size !== answer.length) return refuse(req, 'answer-repeats-option', 'Each option may be chosen once.');
  if (answer.some((i: number) => i < 0 || i >= req.options.length)) return refuse(req, 'answer-out-of-range', `Options are indexed from 0 to ${req.options.length - 1}.`);
  if (answer.length < req.min || answer.length > req.max) {
    return refuse(req, 'answer-wrong-count', req.min === req.max ? `Choose exactly ${req.min}.` : `Choose from ${req.min} to ${req.max}.`);
  }
  return null;
}

/** The value a valid answer stands for. */
export function answerValue(req: DecisionRequest, answer: Answer): Value {
  if (req.kind === 'number') return answer as number;
  if (req.kind === 'one') return req.options[answer as number] ?? null;
  return (answer as number[]).map((i) => req.options[i] ?? null);
}
