import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import { AgentExhausted, type Agent } from './agent.ts';

/**
 * Answers from a list, in order. An answer may be an index, a list of indices, a number, or the
 * LABEL of an option (`"Kingdome"`), which tests read far more easily than indices.
 */
export class ScriptedAgent implements Agent {
  readonly name: string = 'scripted';
  private next = 0;
  constructor(private readonly answers: ReadonlyArray<Answer | string | string[]>) {}

  choose(req: DecisionRequest): Answer {
    if (this.next >= this.answers.length) throw new AgentExhausted(`The script ran out of answers at "${req.prompt}" (options: ${req.labels.join(', ') || `${req.min}..${req.max}`}).`);
    const a = this.answers[this.next++]!;
    if (typeof a === 'string') return byLabel(req, a);
    if (Array.isArray(a) && a.some((x) => typeof x === 'string')) return (a as Array<string | number>).map((x) => (typeof x === 'string' ? byLabel(req, x) : x));
    return a as Answer;
  }

  get remaining(): number {
    return this.answers.length - this.next;
  }
}

function byLabel(req: DecisionRequest, label: string): number {
  // `Women` picks `Women #1` (the first of its type offered) as it picked `Women (women_1)`.
  const i = req.labels.findIndex((l) => l === label || l.startsWith(`${label} (`) || l.startsWith(`${label} #`));
  if (i < 0) throw new AgentExhausted(`No option "${label}" at "${req.prompt}"; options: ${req.labels.join(', ')}.`);
  return i;
}

/** Replays recorded answers exactly (indices and numbers as recorded). */
export class ReplayAgent extends ScriptedAgent {
  override readonly name = 'replay';
}
