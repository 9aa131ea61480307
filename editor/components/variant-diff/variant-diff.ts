import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { DiffLine, ElementChange, OddsQuestionView, TableGridDiff, TableOddsDiff, VariantDiff } from '../../validator/protocol.ts';
import { formatOdds, type Odds } from '../../tables/odds.ts';
import type { LookupOddsValue } from '../../tables/lookup-odds.ts';
import { withBase } from '../../tables/odds-compare.ts';
import { QuestionOdds, type QuestionAnswer } from './question-odds.ts';
import { resultSlot } from '../../tables/result-colors.ts';
import { oddsBar } from '../tables-view/odds-bar.ts';
import { styles } from './variant-diff.styles.ts';

/** Unchanged lines kept around each change in a diff. */
const CONTEXT = 3;
const HOW: Record<ElementChange['how'][number], string> = { replace: 'redefined in the variant', set: 'by set:', remove: 'by remove:' };

/**
 * What the active variant changes in the ruleset it extends: one card per element (a table, a
 * track, `flow`…) that is added, removed or changed, saying which of the variant's keys did it,
 * with a line diff of the element's YAML; a table is also drawn as a grid with its changed cells
 * highlighted (base value struck through beside the variant's) and, when it is rolled, the exact
 * odds of each changed column's results in the base and in the variant. After the elements, the
 * odds questions the rules keep (`odds:`), each answered over the base and over the variant as
 * edited (a table or procedure it reads may have changed), as `rulesmith diff --odds` lists them.
 *
 * Under each change, the rules it reaches (`usedBy`): each a link to its first use.
 *
 * @fires rs-open-file - "Show in variant" or a rule that uses the change was chosen (`{ path, range }`)
 */
export class RsVariantDiff extends LitElement {
  static override styles = styles;
  static override properties = { diff: { attribute: false }, stale: { type: Boolean }, questions: { attribute: false }, files: { attribute: false } };

  declare diff: VariantDiff | undefined;
  declare stale: boolean;
  /** The variant's kept odds questions. */
  declare questions: readonly OddsQuestionView[];
  /** The rules as edited, to answer them over. */
  declare files: Readonly<Record<string, string>> | undefined;
  private readonly odds = new QuestionOdds(this);

  constructor() {
    super();
    this.diff = undefined;
    this.stale = false;
    this.questions = [];
    this.files = undefined;
  }

  protected override updated(): void {
    if (this.diff && this.files && this.questions.length) this.odds.ask({ files: this.files, entry: this.diff.variant, base: this.diff.base, questions: this.questions });
  }

  protected override render() {
    const diff = this.diff;
    if (!diff) return html`<p class="muted">Pick a variant under Rulesets to compare it with the ruleset it extends.</p>`;
    return html`
      <h2>Changes against the base</h2>
      <p><span class="path">${diff.variant}</span> extends <span class="path">${diff.base}</span>.</p>
      ${diff.changes.length ? html`<p class="summary" role="status">${summary(diff.changes)}</p>` : nothing}
      ${this.stale ? html`<p class="sev-warning" role="status">Showing the last version that loaded: fix the errors in Problems to update.</p>` : nothing}
      ${diff.changes.length === 0
        ? html`<p class="muted">This variant changes nothing yet. Under <code>set:</code> change single values (<code>"tables.crt.rows.6": [VM, A, A, X, X, X]</code>), under <code>remove:</code> delete elements, or redefine an element by its id.</p>`
        : diff.changes.map((c) => this.renderChange(c))}
      ${this.questions.length ? this.renderQuestions() : nothing}
    `;
  }

  /** Each kept question's values with their chance in the base and in the variant. */
  private renderQuestions() {
    const answered = this.questions.map((q) => this.odds.answers.get(q.id)).filter((a): a is QuestionAnswer => a !== undefined);
    const changed = answered.filter((a) => questionRows(a)?.some(moved)).length;
    return html`<section class="odds-diff questions" aria-label="Odds questions the rules keep, base and variant">
      <h3>Odds questions the rules keep</h3>
      <p class="muted" role="status">${answered.length < this.questions.length ? `Working out ${this.questions.length - answered.length} of ${this.questions.length}…` : changed ? `${changed} of ${this.questions.length} moved by the variant.` : `The variant moves none of the ${this.questions.length}.`}</p>
      ${this.odds.failure ? html`<p class="sev-error" role="alert">${this.odds.failure}</p>` : nothing}
      <div class="odds-columns">${this.questions.map((q) => questionTable(q, this.odds.answers.get(q.id)))}</div>
    </section>`;
  }

  /** The rules a change reaches, each a link to its first use (beside the diff, as Show rule opens one). */
  private usedBy(users: NonNullable<ElementChange['usedBy']>) {
    if (users.length === 0) return html`<p class="used-by none">Used by no script: this change reaches no rule.</p>`;
    const open = (u: (typeof users)[number]) => emit(this, 'rs-open-file', { path: u.file, range: { start: { line: u.line, column: u.column }, end: { line: u.line, column: u.column } } });
    return html`<p class="used-by">Used by ${users.map((u, i) => html`${i ? ', ' : ''}<button type="button" class="link" title="${u.file}:${u.line}${u.uses > 1 ? ` (${u.uses} uses)` : ''}" @click=${() => open(u)}>${u.element}</button>`)}</p>`;
  }

  private renderChange(c: ElementChange) {
    const title = c.id ? `${c.section}.${c.id}` : c.section;
    const how = c.how.map((h) => HOW[h]).join(', ');
    return html`<article data-element=${title} aria-labelledby="change-${title}">
      <header>
        <h3 id="change-${title}">${title}</h3>
        <span class="status ${c.status}">${c.status}</span>
        <span class="how">${how} ${c.paths.length ? c.paths.join(', ') : ''}</span>
        ${c.location ? html`<button class="button" @click=${() => emit(this, 'rs-open-file', { path: c.location!.file, range: c.location!.range })}>Show in variant</button>` : nothing}
      </header>
      ${c.usedBy ? this.usedBy(c.usedBy) : nothing}
      ${c.reaches ? html`<p class="used-by reaches">And through them: ${c.reaches.join(', ')}</p>` : nothing}
      ${c.grid ? gridDiff(title, c.grid) : nothing}
      ${c.grid?.keys ? html`<p class="keys-title">By key (rows cut anew):</p><ul class="keys">${c.grid.keys.map((k) => html`<li>${k}</li>`)}</ul>` : nothing}
      ${c.grid?.odds ? oddsDiff(title, c.grid, c.grid.odds) : nothing}
      ${c.grid?.cards ? cardOdds(title, c.grid.cards) : nothing}
      <pre aria-label="Line diff of ${title}">${folded(c.lines).map((l) => (l ? html`<span class=${l.op === '+' ? 'add' : l.op === '-' ? 'del' : 'ctx'}>${l.op} ${l.text}</span>` : html`<span class="ctx">⋯</span>`))}</pre>
    </article>`;
  }
}

/** A table's grid: rows in band order, changed cells marked and showing both values. */
function gridDiff(title: string, grid: TableGridDiff) {
  const slot = (text: string | undefined) => (text === undefined ? undefined : resultSlot(grid, text));
  return html`<table class="grid-diff" aria-label="Cells of ${title}, ${grid.changedCells} changed">
    <caption>${grid.changedCells} cell${grid.changedCells === 1 ? '' : 's'} changed</caption>
    <thead>
      <tr>
        <th scope="col"></th>
        ${grid.columns.map((c) => html`<th scope="col" class=${grid.removedColumns.includes(c) ? 'removed' : ''}>${c}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${grid.rows.map(
        (r) => html`<tr class="row-${r.status}" data-row=${r.label}>
          <th scope="row">${r.label}</th>
          ${r.cells.map((cell, i) => {
            const s = slot(cell.text);
            const classes = [cell.changed ? 'changed' : '', s !== undefined ? `result-${s}` : ''].filter(Boolean).join(' ');
            const label = cell.changed ? `${r.label}, ${grid.columns[i]}: ${cell.before ?? 'none'} → ${cell.text ?? 'none'}` : `${r.label}, ${grid.columns[i]}: ${cell.text ?? ''}`;
            return html`<td class=${classes} data-column=${grid.columns[i]!} data-changed=${cell.changed ? 'true' : 'false'} aria-label=${label} title=${label}>
              ${cell.changed && cell.before !== undefined ? html`<del>${cell.before}</del> ` : nothing}${cell.text ?? ''}
            </td>`;
          })}
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** Per changed column of a rolled table: each result's chance in the base, in the variant, and the change. */
function oddsDiff(title: string, grid: TableGridDiff, columns: TableOddsDiff[]) {
  return html`<section class="odds-diff" aria-label="Odds of ${title}, base and variant">
    <h4>Odds that changed, base → variant</h4>
    <div class="odds-columns">
      ${columns.map(
        (col) => html`<table data-column=${col.column}>
          <caption>Column ${col.column}</caption>
          <thead><tr><th scope="col">Result</th><th scope="col">Base</th><th scope="col">Variant</th><th scope="col">Change</th></tr></thead>
          <tbody>
            ${col.outcomes.map((o) => {
              const slot = resultSlot(grid, o.result);
              return html`<tr data-result=${o.result} class=${moved(o) ? 'moved' : ''}>
                <th scope="row" class=${slot !== undefined ? `result-${slot}` : ''} title=${o.name ?? o.result}>${o.result}</th>
                ${chanceCells(o)}
              </tr>`;
            })}
          </tbody>
        </table>`,
      )}
    </div>
  </section>`;
}

type Chances = { before: Odds; after: Odds };
const moved = (c: Chances) => Math.abs(c.after.percent - c.before.percent) > 1e-9;

/** An exact chance `n/d` as the odds the diff draws (a value one side lacks has 0). */
function toOdds(v: LookupOddsValue | undefined): Odds {
  if (!v) return { numerator: 0, denominator: 1, percent: 0 };
  const [n, d] = v.p.split('/');
  return { numerator: Number(n), denominator: d === undefined ? 1 : Number(d), percent: v.percent };
}

/** A kept question's values, base and variant; undefined while either side has no answer. */
function questionRows(a: QuestionAnswer): Array<{ value: string } & Chances> | undefined {
  if (!a.answer.ok || !a.base?.ok) return undefined;
  const numeric = a.answer.values.every((v) => v.atLeast !== undefined) && a.base.values.every((v) => v.atLeast !== undefined);
  return withBase(a.answer.values, a.base.values, numeric).map((r) => ({ value: r.value, before: toOdds(r.base), after: toOdds(r.mine) }));
}

/** One kept question: its words and expression, then each value's chance base → variant. */
function questionTable(q: OddsQuestionView, a: QuestionAnswer | undefined) {
  const rows = a && questionRows(a);
  const problem = a && !a.answer.ok ? a.answer.message : a && a.base && !a.base.ok ? `Over the base: ${a.base.message}` : a && !a.base ? 'The base does not compile, so there is nothing to compare with.' : undefined;
  return html`<table data-question=${q.id} class=${rows?.some(moved) ? 'question-moved' : ''}>
    <caption>odds.${q.id}${q.name ? html` <span class="muted">${q.name}</span>` : nothing}<br /><code>${q.expression}</code></caption>
    <thead><tr><th scope="col">Value</th><th scope="col">Base</th><th scope="col">Variant</th><th scope="col">Change</th></tr></thead>
    <tbody>
      ${rows
        ? rows.map((r) => html`<tr data-value=${r.value} class=${moved(r) ? 'moved' : ''}><th scope="row">${r.value}</th>${chanceCells(r)}</tr>`)
        : html`<tr><td colspan="4" class=${problem ? 'sev-error' : 'muted'}>${problem ?? 'Working…'}</td></tr>`}
    </tbody>
  </table>`;
}

/** A chance in the base and in the variant (fraction and bar), and the change in points. */
function chanceCells(c: Chances) {
  const change = c.after.percent - c.before.percent;
  return html`<td>${formatOdds(c.before)}${oddsBar(c.before.percent)}</td>
    <td>${formatOdds(c.after)}${oddsBar(c.after.percent)}</td>
    <td class="change">${moved(c) ? `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} pts` : '='}</td>`;
}

/** A changed deck: each card's chance to be drawn from the full deck, base and variant. */
function cardOdds(title: string, cards: NonNullable<TableGridDiff['cards']>) {
  return html`<section class="odds-diff" aria-label="Chance to draw each card of ${title}, base and variant">
    <h4>Chance to draw each card, base → variant</h4>
    <div class="odds-columns">
      <table data-cards>
        <thead><tr><th scope="col">Card</th><th scope="col">Base</th><th scope="col">Variant</th><th scope="col">Change</th></tr></thead>
        <tbody>
          ${cards.map(
            (card) => html`<tr data-card=${card.label} class=${moved(card) ? 'moved' : ''}>
              <th scope="row" class="card">${card.label}</th>
              ${chanceCells(card)}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}

/** `3 elements: 2 changed, 1 removed`. */
function summary(changes: ElementChange[]): string {
  const count = (status: ElementChange['status']) => changes.filter((c) => c.status === status).length;
  const parts = (['changed', 'added', 'removed'] as const).filter((s) => count(s) > 0).map((s) => `${count(s)} ${s}`);
  return `${changes.length} element${changes.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/** The diff with long unchanged runs folded to `null` markers, keeping CONTEXT lines around changes. */
function folded(lines: DiffLine[]): Array<DiffLine | null> {
  const keep = lines.map((l) => l.op !== ' ');
  const near = lines.map((_, i) => keep.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some(Boolean));
  const out: Array<DiffLine | null> = [];
  lines.forEach((l, i) => {
    if (near[i]) out.push(l);
    else if (out[out.length - 1] !== null) out.push(null);
  });
  return out;
}

customElements.define('rs-variant-diff', RsVariantDiff);

declare global {
  interface HTMLElementTagNameMap {
    'rs-variant-diff': RsVariantDiff;
  }
}
