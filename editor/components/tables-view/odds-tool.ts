import { LitElement, html, nothing } from 'lit';
import type { LookupOdds, LookupOddsValue } from '../../tables/lookup-odds.ts';
import type { OddsRequest, OddsResponse } from '../../tables/odds-protocol.ts';
import { emit } from '../../events.ts';
import { BUDGET_WORDS, Watchdog } from '../../workers/watchdog.ts';
import { failureDetail, STARTED, workerFailed } from '../../workers/worker-health.ts';
import { oddsBar } from './odds-bar.ts';
import { chanceChanged as changed, withBase } from '../../tables/odds-compare.ts';
import { startOddsWorker } from '../../tables/odds-worker.ts';
import { styles } from './odds-tool.styles.ts';

/**
 * "Odds of": type an expression over the rules as edited — `coup_results[1d6 + 3]` for a table read
 * with a modified roll, `roll on crt column 4`, `2d6 >= 9` — and see its exact distribution with
 * the chance of at least and at most each value, and which cells gave each value (what
 * `rulesmith odds` prints). Worked out in a worker of its own, started on first use.
 */
export class RsOddsTool extends LitElement {
  static override properties = {
    files: { attribute: false },
    entry: {},
    active: { type: Boolean },
    suggestion: {},
    example: {},
    readAs: { attribute: 'read-as' },
    rolled: { type: Boolean },
    results: { attribute: false },
    auto: { type: Boolean },
    baseEntry: { attribute: 'base-entry' },
    text: { state: true },
    answer: { state: true },
    baseAnswer: { state: true },
    busy: { state: true },
  };

  declare files: Readonly<Record<string, string>> | undefined;
  declare entry: string;
  /** Shown: the odds follow the rules' edits only then (the tables view stays mounted while hidden). */
  declare active: boolean;
  /** What the field starts with for this table (`roll on crt`, `coup_results[1d6]`), '' for a table read with no dice. */
  declare suggestion: string;
  /** A roll on the table to try (`setup_by_players[1d6 + 1]`). */
  declare example: string;
  /** How the rules read a table that has no `roll:` (`setup_by_players[player_count]`), '' if they do not. */
  declare readAs: string;
  /** Whether the rules roll dice on this table. */
  declare rolled: boolean;
  /** The table's legend (code → name), to name coded results (`VM — Morale Check`). */
  declare results: Readonly<Record<string, string>> | undefined;
  /** Work the suggestion out as soon as it is shown (a question the rules keep), not at Show. */
  declare auto: boolean;
  /** The base of a variant `entry` ('' for none): each chance is shown beside the base's. */
  declare baseEntry: string;
  declare private baseAnswer: LookupOdds | undefined;
  declare private text: string | undefined;
  declare private answer: LookupOdds | undefined;
  declare private busy: boolean;
  private worker: Worker | undefined;
  private seq = 0;
  /** The request the worker is working on (one at a time). */
  private inFlight = 0;
  /** The files the answer shown (or being worked out) is for. */
  private ranWith: Readonly<Record<string, string>> | undefined;
  private readonly watchdog = new Watchdog(() => this.handleTimeout());

  constructor() {
    super();
    this.files = undefined;
    this.entry = '';
    this.active = true;
    this.suggestion = '';
    this.example = '';
    this.readAs = '';
    this.rolled = true;
    this.results = undefined;
    this.auto = false;
    this.baseEntry = '';
    this.baseAnswer = undefined;
    this.text = undefined;
    this.answer = undefined;
    this.busy = false;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // Another table: its own suggestion, no answer of the last one.
    if (changed.has('suggestion') || changed.has('example')) {
      // An answer still being worked out is the last table's: dropped when it comes (a walk saw
      // one table's odds listed under the next).
      this.seq++;
      this.text = undefined;
      if (this.answer?.ok) emit(this, 'rs-odds-rows', null);
      this.answer = undefined;
      this.baseAnswer = undefined;
    }
    // Another base (another variant shown): the answer shown is worked out again against it.
    if (changed.has('baseEntry')) this.ranWith = undefined;
  }

  protected override updated(): void {
    // The rules changed (a cell typed, a file edited): the odds shown are worked out again, so they
    // are always the rules' as they are now — once the view is shown, not at every keystroke in
    // the code editor while it is hidden.
    // While the worker is busy, the answer's arrival updates this again and asks then.
    if (this.answer && this.active && !this.busy && this.files !== this.ranWith) this.run();
    else if (this.auto && !this.answer && this.active && !this.busy && this.files) this.run();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWorker();
  }

  protected override render() {
    const a = this.answer;
    return html`<form class="odds-of" @submit=${this.handleSubmit}>
        <label for="odds-of">Odds of</label>
        <input id="odds-of" name="expression" spellcheck="false" autocomplete="off" .value=${this.text ?? this.suggestion} placeholder=${this.example || 'crt[1d6 + 2]'}
          @input=${(e: Event) => { this.text = (e.target as HTMLInputElement).value; }} />
        <button class="button" ?disabled=${this.busy || !this.files}>${this.busy ? 'Working…' : 'Show'}</button>
      </form>
      <p class="muted hint">${this.hint()}</p>
      ${a ? (a.ok ? this.result(a) : html`<p class="error" role="alert">${a.message}</p>`) : nothing}`;
  }

  /** What to type, and, for a table without `roll:`, how the rules read it: never a roll they do not make. */
  private hint() {
    const example = html`<code>${this.example || 'crt[1d6 + 2]'}</code>`;
    const any = html`<code>2d6 >= 9</code>`;
    if (this.auto) return html`The question as the rules keep it, answered over them as edited; change it here to ask another (the file keeps its own).`;
    if (!this.readAs) return this.rolled ? html`A lookup with its roll and modifiers, as the rules write it: <code>${this.suggestion || 'crt[1d6 + 2]'}</code>, ${any}.` : html`The rules do not read this table yet. A roll on it: ${example}, or any dice: ${any}.`;
    if (this.rolled) return html`The rules read it as <code>${this.readAs}</code>; write its modifiers as numbers here: ${example}.`;
    return html`The rules read it as <code>${this.readAs}</code>, with no dice: no odds to show. A roll on it, to see some: ${example}, or any dice: ${any}.`;
  }

  private result(a: Extract<LookupOdds, { ok: true }>) {
    const numeric = a.values.every((v) => v.atLeast !== undefined);
    // A variant's chances beside its base's, over the values either gives (a value the variant no longer gives has 0).
    const b = this.baseAnswer?.ok && this.baseAnswer.expression === a.expression ? this.baseAnswer : undefined;
    const rows = b ? withBase(a.values, b.values, numeric) : a.values.map((v) => ({ value: v.value, mine: v, base: undefined }));
    return html`<table class="outcomes" data-expression=${a.expression}>
        <thead><tr><th scope="col">Value</th><th scope="col">Chance</th>${numeric ? html`<th scope="col">At least</th><th scope="col">At most</th>` : nothing}${b ? html`<th scope="col" title="The same expression over the base ruleset">Base</th>` : nothing}</tr></thead>
        <tbody>${rows.map(({ value, mine, base }) => html`<tr data-value=${value} class=${b && changed(mine, base) ? 'changed' : ''}>
          <td>${this.named(value)}</td><td>${mine ? html`${mine.p} (${pct(mine.percent)})` : '0 (0%)'}${oddsBar(mine?.percent ?? 0)}</td>
          ${numeric ? html`<td>${mine ? pct(mine.atLeast!) : ''}</td><td>${mine ? pct(mine.atMost!) : ''}</td>` : nothing}
          ${b ? html`<td class="base">${pct(base?.percent ?? 0)}${changed(mine, base) ? html` <span class="change">${signed((mine?.percent ?? 0) - (base?.percent ?? 0))}</span>` : nothing}</td>` : nothing}
        </tr>`)}</tbody>
      </table>
      ${a.mean ? html`<p class="muted">Mean ${a.mean}</p>` : nothing}
      ${a.cells.length ? html`<details open><summary>Which cells gave each value</summary><ul class="cells">${a.cells.map((c) => html`<li data-value=${c.value}><strong>${c.value}</strong> ${pct(c.percent)}: ${c.cells}</li>`)}</ul></details>` : nothing}`;
  }

  private named(value: string) {
    const name = this.results?.[value];
    return name && name !== value ? html`${value} <span class="muted">${name}</span>` : value;
  }

  private handleSubmit(e: Event): void {
    e.preventDefault();
    if (!this.busy) this.run();
  }

  private run(): void {
    if (!this.files) return;
    let worker: Worker;
    try {
      worker = this.worker ??= this.startWorker();
    } catch (error) {
      this.answer = { ok: false, expression: this.text ?? this.suggestion, message: workerFailed('The odds worker', false, failureDetail(error)) };
      return;
    }
    this.ranWith = this.files;
    this.busy = true;
    this.watchdog.expect();
    this.inFlight = ++this.seq;
    const request: OddsRequest = { seq: this.seq, files: { ...this.files }, entry: this.entry, text: this.text ?? this.suggestion, ...(this.baseEntry ? { baseEntry: this.baseEntry } : {}) };
    worker.postMessage(request);
  }

  private startWorker(): Worker {
    const worker = startOddsWorker();
    this.started = false;
    worker.addEventListener('error', (e) => {
      // Not the expression: the worker did not load, or died. A new one is made at the next Show.
      const text = this.text ?? this.suggestion;
      const started = this.started;
      this.stopWorker();
      this.answer = { ok: false, expression: text, message: workerFailed('The odds worker', started, failureDetail(e)) };
    });
    worker.addEventListener('message', (e: MessageEvent<OddsResponse | typeof STARTED>) => {
      if (e.data === STARTED) {
        this.started = true;
        if (this.busy) this.watchdog.heard(true);
        return;
      }
      // The worker is free again whichever question this answers; only the newest is shown.
      if (e.data.seq === this.inFlight) {
        this.watchdog.heard(false);
        this.busy = false;
      }
      if (e.data.seq !== this.seq) return;
      this.answer = e.data.answer;
      this.baseAnswer = e.data.base;
      // The grid draws each row's chance under the expression (tables without a roll of their own).
      emit(this, 'rs-odds-rows', this.answer.ok ? { expression: this.answer.expression, rows: this.answer.rows } : null);
    });
    return worker;
  }

  private stopWorker(): void {
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = undefined;
    this.busy = false;
  }

  /** The worker said it started (its code loaded): silence after that is the expression's. */
  private started = false;

  private handleTimeout(): void {
    const text = this.text ?? this.suggestion;
    const started = this.started;
    this.stopWorker();
    this.answer = { ok: false, expression: text, message: started ? `Stopped: working out the odds took more than ${BUDGET_WORDS}. Try fewer dice.` : workerFailed('The odds worker', false) };
  }

  static override styles = styles;
}

const pct = (x: number) => `${x === 0 || x === 100 ? x.toFixed(0) : x < 1 ? x.toFixed(2) : x.toFixed(1)}%`;

/** A change in points of percent, signed: `+16.7`, `−16.7`. */
const signed = (x: number) => `${x > 0 ? '+' : '−'}${Math.abs(x) < 1 ? Math.abs(x).toFixed(2) : Math.abs(x).toFixed(1)}`;

customElements.define('rs-odds-tool', RsOddsTool);

declare global {
  interface HTMLElementTagNameMap {
    'rs-odds-tool': RsOddsTool;
  }
}
