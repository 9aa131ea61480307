import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LookupOdds } from '../../tables/lookup-odds.ts';
import type { OddsRequest, OddsResponse } from '../../tables/odds-protocol.ts';
import { startOddsWorker } from '../../tables/odds-worker.ts';
import type { OddsQuestionView } from '../../validator/protocol.ts';
import { BUDGET_WORDS, Watchdog } from '../../workers/watchdog.ts';
import { failureDetail, STARTED, workerFailed } from '../../workers/worker-health.ts';

/** A kept question's answer over the variant, and over its base when that compiles. */
export interface QuestionAnswer {
  answer: LookupOdds;
  base?: LookupOdds;
}

interface Asked {
  files: Readonly<Record<string, string>>;
  entry: string;
  base: string;
  questions: readonly OddsQuestionView[];
}

/** What is asked, but for the files: a new validation makes a new questions list of the same questions. */
const what = (a: Asked) => JSON.stringify([a.entry, a.base, a.questions.map((q) => [q.id, q.expression])]);

/**
 * The odds questions a variant's rules keep (`odds:`), each asked over the variant as edited and
 * over its base, one after another in one odds worker: what `rulesmith diff --odds` lists first.
 * Asked again when the files change (answers of the same questions stay shown until replaced);
 * a worker that stays silent past the budget is ended and the questions are not asked again until
 * something changes, so a slow question cannot start an endless round of restarts.
 */
export class QuestionOdds implements ReactiveController {
  answers = new Map<string, QuestionAnswer>();
  failure: string | undefined;
  private worker: Worker | undefined;
  private started = false;
  private seq = 0;
  /** Being answered; the question `next` is with the worker. */
  private asking: Asked | undefined;
  private next = 0;
  /** Asked for while busy: begun when the worker answers. */
  private pending: Asked | undefined;
  /** The last set answered (or given up on). */
  private done: Asked | undefined;
  private readonly watchdog = new Watchdog(() => this.fail(this.started ? `Stopped: working out a question's odds took more than ${BUDGET_WORDS}.` : workerFailed('The odds worker', false)));

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Have these questions answered, unless they are what was last asked over the same files. */
  ask(want: Asked): void {
    const last = this.pending ?? this.asking ?? this.done;
    if (last && last.files === want.files && what(last) === what(want)) return;
    if (this.asking) this.pending = want;
    else this.begin(want);
  }

  private begin(want: Asked): void {
    const before = this.asking ?? this.done;
    if (!before || what(before) !== what(want)) this.answers = new Map();
    this.asking = want;
    this.next = 0;
    this.failure = undefined;
    this.post();
  }

  private post(): void {
    const asked = this.asking!;
    const q = asked.questions[this.next];
    if (!q) {
      this.done = asked;
      this.asking = undefined;
      this.watchdog.stop();
      this.host.requestUpdate();
      return;
    }
    let worker: Worker;
    try {
      worker = this.worker ??= this.start();
    } catch (error) {
      this.fail(workerFailed('The odds worker', false, failureDetail(error)));
      return;
    }
    this.watchdog.expect();
    const request: OddsRequest = { seq: ++this.seq, files: { ...asked.files }, entry: asked.entry, text: q.expression, ...(asked.base ? { baseEntry: asked.base } : {}) };
    worker.postMessage(request);
  }

  private start(): Worker {
    const worker = startOddsWorker();
    this.started = false;
    worker.addEventListener('error', (e) => this.fail(workerFailed('The odds worker', this.started, failureDetail(e))));
    worker.addEventListener('message', (e: MessageEvent<OddsResponse | typeof STARTED>) => {
      if (e.data === STARTED) {
        this.started = true;
        if (this.asking) this.watchdog.heard(true);
        return;
      }
      if (e.data.seq !== this.seq || !this.asking) return;
      this.watchdog.heard(false);
      const q = this.asking.questions[this.next]!;
      this.answers.set(q.id, { answer: e.data.answer, ...(e.data.base ? { base: e.data.base } : {}) });
      this.next += 1;
      const pending = this.pending;
      this.pending = undefined;
      if (pending) this.begin(pending);
      else this.post();
      this.host.requestUpdate();
    });
    return worker;
  }

  private fail(message: string): void {
    this.done = this.pending ?? this.asking ?? this.done;
    this.stop();
    this.failure = message;
    this.host.requestUpdate();
  }

  private stop(): void {
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = undefined;
    this.asking = undefined;
    this.pending = undefined;
  }
}
