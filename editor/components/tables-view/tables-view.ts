import { LitElement, html, nothing } from 'lit';
import { emit, type RsEvent, type RsEventDetails } from '../../events.ts';
import { lookupsInRules, oddsSuggestion, type Selection } from '../../tables/odds.ts';
import { isVariantPath, RULESETS_DIR } from '../../workspace/catalog.ts';
import { cellKey, cellProblems, rowProblems } from '../../tables/cell-problems.ts';
import type { CellEditResult, Described, Diagnostic, Location, OddsQuestionView, TableView } from '../../validator/protocol.ts';
import '../table-grid/table-grid.ts';
import { oddsPanel } from './odds-panel.ts';
import './odds-tool.ts';
import { styles } from './tables-view.styles.ts';

/**
 * Works out the file text for a cell's new value (the validator's worker: cell-edit.ts), with the
 * text it replaces (`before`), checked to be the file's text still when the answer comes.
 */
export type CellEditor = (path: Array<string | number>, text: string, label: string, renameKey?: boolean) => Promise<CellEditResult>;

/**
 * Every table of the active ruleset: a list to pick one, its grid, and the exact odds of the
 * selected row, column or cell. Updates live as the validator reports the edited tables. With an
 * `editCell` service, a cell typed into the grid is written to the file that should hold it (the
 * base's own text, or a variant's `set:`), and the last change can be undone from here.
 *
 * @fires rs-open-file - "Show in file" was chosen (`{ path, range }`)
 * @fires rs-file-change - a cell was changed or the change undone (`{ path, text }`)
 */
export class RsTablesView extends LitElement {
  static override styles = styles;
  static override properties = {
    tables: { attribute: false },
    questions: { attribute: false },
    base: {},
    game: {},
    entry: {},
    stale: { type: Boolean },
    loading: { type: Boolean },
    active: { type: Boolean },
    editCell: { attribute: false },
    files: { attribute: false },
    diagnostics: { attribute: false },
    selectedId: { state: true },
    selection: { state: true },
    rowOdds: { state: true },
    status: { state: true },
  };

  declare editCell: CellEditor | undefined;
  /** The game's files as they are now (to undo a cell edit only over the text it wrote). */
  declare files: Readonly<Record<string, string>> | undefined;
  /** The validator's findings for the game (the Problems panel's): those on a cell mark it in the grid. */
  declare diagnostics: readonly Diagnostic[];
  /** What the last cell edit (or undo) did, or why it did nothing; `cell`: the cell it changed. */
  declare private status: { text: string; error?: boolean; cell?: { table: string; row: number; column: number }; bands?: string } | undefined;
  /** Cell edits that can be undone, the last one last: each file's text before and after it. */
  private undos: Array<{ path: string; before: string; after: string; summary: string }> = [];

  declare tables: readonly TableView[];
  /** The questions the rules keep (`odds:`): listed after the decks, each asked at once when picked. */
  declare questions: readonly OddsQuestionView[];
  /** What the ruleset shown extends ('' for a base): odds are shown beside the base's. */
  declare base: string;
  /** The game shown: another one starts the view afresh (its first table, no changes to undo). */
  declare game: string;
  /** The ruleset shown: another one clears the last edit's words (its Undo stays: it is by file). */
  declare entry: string;
  /** The tables shown are from the last text that loaded; the current text has errors. */
  declare stale: boolean;
  /** No check of this ruleset has finished yet: its tables are not known (not absent). */
  declare loading: boolean;
  /** The view is shown (it stays mounted while hidden): its Odds of follows edits only then. */
  declare active: boolean;
  declare private selectedId: string;
  declare private selection: Selection | undefined;
  /** The last Odds of answer's row weights, drawn on the grid of a table without a roll. */
  declare private rowOdds: RsEventDetails['rs-odds-rows'];

  constructor() {
    super();
    this.tables = [];
    this.questions = [];
    this.base = '';
    this.stale = false;
    this.loading = false;
    this.active = true;
    this.selectedId = '';
    this.selection = undefined;
    this.rowOdds = null;
    this.editCell = undefined;
    this.files = undefined;
    this.diagnostics = [];
    this.status = undefined;
    this.game = '';
    this.entry = '';
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('game') && changed.get('game') !== undefined) {
      this.selectedId = '';
      this.selection = undefined;
      this.rowOdds = null;
      this.status = undefined;
      this.undos = [];
    } else if (changed.has('entry') && changed.get('entry') !== undefined) {
      this.status = undefined;
    }
  }

  /** Show one table (by id), e.g. when arriving from elsewhere. */
  select(id: string): void {
    this.selectedId = id;
    this.selection = undefined;
  }

  private oddsTool(table: TableView) {
    // The game's own files (its variants included), not another game's table of the same name.
    const s = oddsSuggestion(table, table.roll ? [] : lookupsInRules(this.files, `${RULESETS_DIR}/${this.game}/`, table.id));
    return html`<rs-odds-tool .files=${this.files} ?active=${this.active} .results=${table.results} entry=${this.entry} base-entry=${this.base}
      suggestion=${s.text} example=${s.example} read-as=${s.readAs ?? ''} .rolled=${s.rolled}></rs-odds-tool>`;
  }

  protected override render() {
    const question = this.selectedId.startsWith(QUESTION) ? this.questions.find((q) => QUESTION + q.id === this.selectedId) : undefined;
    const listed = question ? undefined : (this.tables.find((t) => t.id === this.selectedId) ?? this.tables[0]);
    const table = listed && withRowOdds(listed, this.rowOdds);
    if (!table && !question && this.loading) return html`<main><p class="muted" role="status">Reading the rules…</p></main>`;
    if (question || (!table && this.questions.length)) return this.questionPage(question ?? this.questions[0]!);
    if (!table) return html`<main><p class="muted">This ruleset has no tables, decks or odds questions${this.stale ? ' that load' : ''}.</p></main>`;
    const problems = cellProblems(table, this.diagnostics);
    const bandProblems = rowProblems(table, this.diagnostics);
    const selected = this.selection?.kind === 'cell' ? problems.get(cellKey(this.selection.row, this.selection.column)) : undefined;
    return html`
      ${this.nav(table.id)}
      <main @keydown=${this.handleKeyDown}>
        <h2>${table.name ?? table.id}</h2>
        ${this.staleNote()}
        ${table.description ? html`<p class="description">${table.description}</p>` : nothing}
        ${provenance(table)}
        <rs-table-grid .table=${table} .selection=${this.selection} .problems=${problems} .rowProblems=${bandProblems} ?editable=${this.editCell !== undefined && !this.stale}
          @rs-table-select=${this.handleTableSelect} @rs-cell-edit=${this.handleCellEdit} @rs-row-edit=${this.handleCellEdit}></rs-table-grid>
        ${this.statusLine(table, problems, bandProblems)}
      </main>
      <aside aria-label="Odds" @rs-odds-rows=${this.handleOddsRows}>
        <div aria-live="polite">${oddsPanel(table, this.selection, (location) => this.handleOpen(location), selected)}</div>
        ${table.deck ? nothing : this.oddsTool(table)}
      </aside>
    `;
  }

  /** Tables, then decks, then the questions the rules keep; `current` is the id shown. */
  private nav(current: string) {
    return html`<nav aria-label="Tables and decks">
      ${this.list(this.tables.filter((t) => !t.deck), current)}
      ${this.tables.some((t) => t.deck) ? html`<h3>Decks</h3>${this.list(this.tables.filter((t) => t.deck), current)}` : nothing}
      ${this.questions.length ? html`<h3>Odds questions</h3><ul>${this.questions.map((q) => html`<li>
          <button aria-current=${QUESTION + q.id === current ? 'true' : 'false'} data-question=${q.id} title=${q.expression} @click=${() => this.handlePick(QUESTION + q.id)}>
            ${q.name ?? q.id}${assumed(q)}<span class="id">${q.id}</span>
          </button></li>`)}</ul>` : nothing}
    </nav>`;
  }

  /**
   * A question the rules keep: what it asks, where it is written, and its odds worked out at once
   * over the rules as edited (a variant's changed table changes the answer shown here).
   */
  private questionPage(q: OddsQuestionView) {
    return html`
      ${this.nav(QUESTION + q.id)}
      <main class="question" data-question=${q.id}>
        <h2>${q.name ?? q.id}</h2>
        ${this.staleNote()}
        ${q.description ? html`<p class="description">${q.description}</p>` : nothing}
        ${provenance(q)}
        <p>Asks <code class="expression">${q.expression}</code>, as <code>rulesmith odds &lt;ruleset&gt; ${q.id}</code> does; <code>rulesmith diff --odds</code> shows it before and after a variant.</p>
        ${q.location ? html`<p><button class="button" data-action="show-question" @click=${() => this.handleOpen(q.location!)}>Show question in file</button></p>` : nothing}
      </main>
      <aside aria-label="Odds" @rs-odds-rows=${(e: Event) => e.stopPropagation()}>
        <rs-odds-tool .files=${this.files} ?active=${this.active} entry=${this.entry} base-entry=${this.base} suggestion=${q.expression} example=${q.expression} .rolled=${true} auto></rs-odds-tool>
      </aside>`;
  }

  private staleNote() {
    return this.stale ? html`<p class="stale" role="status">Showing the last version that loaded: fix the errors in Problems to update.</p>` : nothing;
  }

  private list(tables: TableView[], current: string) {
    return html`<ul>
      ${tables.map(
        (t) => html`<li>
          <button aria-current=${t.id === current ? 'true' : 'false'} data-table=${t.id} @click=${() => this.handlePick(t.id)}>
            ${t.name ?? t.id}${assumed(t)}<span class="id">${t.deck ? t.id.slice('deck:'.length) : t.id}</span>
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private handleOddsRows(e: RsEvent<'rs-odds-rows'>): void {
    e.stopPropagation();
    this.rowOdds = e.detail;
  }

  private handlePick(id: string): void {
    this.select(id);
    this.status = undefined;
  }

  private handleTableSelect(e: RsEvent<'rs-table-select'>): void {
    e.stopPropagation();
    this.selection = e.detail.selection;
  }

  private statusLine(table: TableView, problems: ReadonlyMap<string, Diagnostic>, bands: ReadonlyMap<number | 'rows', Diagnostic>) {
    const s = this.status;
    if (!s && !this.undos.length) {
      if (!this.editCell || this.stale) return nothing;
      const rows = table.rows.some((r) => r.path) ? ' Double-click a row\'s band (or press F2 on it) to change where the row starts and ends.' : '';
      return html`<p class="edit-hint muted">Double-click a cell, or select it and type, to change it.${rows}</p>`;
    }
    // The value written is one the checker refuses (or warns of): say so here, not only in Problems;
    // for a band, what the bands now leave out or share (a gap, an overlap).
    const problem = s?.cell && s.cell.table === table.id ? problems.get(cellKey(s.cell.row, s.cell.column)) : s?.bands === table.id ? worst([...bands.values()]) : undefined;
    const wrong = problem ? html` <span class="cell-problem" data-severity=${problem.severity}>${problem.severity === 'error' ? (s?.bands ? 'But the bands are wrong' : 'But this value is an error') : 'Warning'}: ${problem.message}</span>` : nothing;
    return html`<p class="edit-status ${s?.error || problem?.severity === 'error' ? 'error' : ''}" role="status">
      ${s?.text ?? ''}${wrong}${this.undos.length ? html` <button class="button" data-action="undo" title="Undo the last cell change (Ctrl+Z)" @click=${this.handleUndo}>Undo</button>` : nothing}
    </p>`;
  }

  /** Cell edits in the order typed: each is worked out over the files the previous one left. */
  private edits: Promise<void> = Promise.resolve();

  private handleCellEdit(e: RsEvent<'rs-cell-edit'> | RsEvent<'rs-row-edit'>): void {
    e.stopPropagation();
    const detail = e.detail;
    // A failure ends this edit, not the queue.
    this.edits = this.edits
      .then(() => this.applyCellEdit(detail))
      .catch((error: unknown) => {
        this.status = { text: `Not changed: ${error instanceof Error ? error.message : String(error)}`, error: true };
        this.renderRoot.querySelector('rs-table-grid')?.dropPending();
      });
  }

  private async applyCellEdit({ path, text, row, column = -1 }: RsEvent<'rs-cell-edit'>['detail'] | (RsEvent<'rs-row-edit'>['detail'] & { column?: undefined })): Promise<void> {
    if (!this.editCell) return;
    const table = this.tables.find((t) => t.id === this.selectedId) ?? this.tables[0];
    // Column -1: the row's band (its key in `rows:`).
    const label = table ? (column === -1 ? `Row ${table.rows[row]?.label ?? row + 1}` : cellLabel(table, row, column)) : path.join('.');
    const result = await this.editCell(path, text, label, column === -1);
    if ('error' in result) {
      this.status = { text: `Not changed: ${result.error}`, error: true };
      // No new table comes for a refusal: the grid shows the cell's own text again.
      this.renderRoot.querySelector('rs-table-grid')?.dropPending();
      return;
    }
    if ('unchanged' in result) {
      this.status = { text: result.summary };
      this.renderRoot.querySelector('rs-table-grid')?.dropPending();
      return;
    }
    emit(this, 'rs-file-change', { path: result.path, text: result.text });
    if (result.before !== undefined) this.undos = [...this.undos, { path: result.path, before: result.before, after: result.text, summary: result.summary }].slice(-MAX_UNDO);
    // A change to the base itself leaves nothing to compare it with: say how to keep both.
    const base = isVariantPath(result.path) ? '' : ' This changes the base ruleset itself (Revert to shipped, in Edit, brings the printed rules back); a New variant keeps them to compare with.';
    this.status = { text: `${result.summary}.${base}`, ...(table ? (column === -1 ? { bands: table.id } : { cell: { table: table.id, row, column } }) : {}) };
  }

  /**
   * Put a file back as it was before the last cell edit (the Undo button, Ctrl+Z in the grid), as
   * long as nothing else changed it since; then the one before, and so on.
   */
  private handleUndo(): void {
    const undo = this.undos[this.undos.length - 1];
    if (!undo) return;
    this.undos = this.undos.slice(0, -1);
    if (this.files?.[undo.path] !== undo.after) {
      // Edited elsewhere since: the earlier steps cannot be taken back from here either.
      this.undos = [];
      this.status = { text: 'Not undone: the file was edited since; use Undo in the file (Ctrl+Z).', error: true };
      return;
    }
    emit(this, 'rs-file-change', { path: undo.path, text: undo.before });
    this.status = { text: `Undone: ${undo.summary}.` };
  }

  /** Ctrl+Z (Cmd+Z) in the grid, not in a cell's field (which undoes its own typing). */
  private handleKeyDown(e: KeyboardEvent): void {
    if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
    if (e.composedPath().some((t) => t instanceof HTMLInputElement)) return;
    e.preventDefault();
    this.handleUndo();
  }

  private handleOpen(location: Location): void {
    emit(this, 'rs-open-file', { path: location.file, range: location.range });
  }
}

/** A table without odds of its own, with each row's chance under the last Odds of that read it. */
function withRowOdds(table: TableView, rowOdds: RsEventDetails['rs-odds-rows']): TableView {
  const found = !table.deck && table.totalWeight === undefined ? rowOdds?.rows[table.id] : undefined;
  if (!found || !rowOdds) return table;
  return { ...table, oddsOf: rowOdds.expression, totalWeight: found.total, rows: table.rows.map((r) => ({ ...r, weight: found.weights[r.label] ?? 0 })) };
}

/** The worst of some findings (errors before warnings), the first of each kind. */
function worst(found: readonly Diagnostic[]): Diagnostic | undefined {
  return found.find((d) => d.severity === 'error') ?? found[0];
}

/** A question's id in the list of what can be shown (tables' ids are bare, decks' `deck:…`). */
const QUESTION = 'odds:';

/** Cell edits kept for Undo. */
const MAX_UNDO = 50;

/** A cell in the grid's words: `Row 3, column 4-6`, `Norfolk, count`. */
function cellLabel(table: TableView, row: number, column: number): string {
  const rowLabel = table.rows[row]?.label ?? String(row + 1);
  const columnLabel = table.columns[column] ?? '';
  if (table.deck) return `${rowLabel}, ${columnLabel}`;
  return table.columnKind === 'value' ? `Row ${rowLabel}` : `Row ${rowLabel}, column ${columnLabel}`;
}

/** The mark of a table, deck or question the rulebook does not print all of. */
function assumed(x: Described) {
  return x.assumption ? html` <span class="assumed" title="Reconstructed: the rulebook does not print all of it">assumed</span>` : nothing;
}

/**
 * What the rulebook prints and what the ruleset assumed (the table's `source`, `assumption` and
 * `note`), so a designer sees which numbers are printed before changing them.
 */
function provenance(table: Described) {
  if (!table.source && !table.assumption && !table.note) return nothing;
  return html`<dl class="provenance">
    ${table.source ? html`<div data-kind="source"><dt>Rulebook</dt><dd>${table.source}</dd></div>` : nothing}
    ${table.assumption ? html`<div data-kind="assumption"><dt>Assumed</dt><dd>${table.assumption}</dd></div>` : nothing}
    ${table.note ? html`<div data-kind="note"><dt>Note</dt><dd>${table.note}</dd></div>` : nothing}
  </dl>`;
}

customElements.define('rs-tables-view', RsTablesView);

declare global {
  interface HTMLElementTagNameMap {
    'rs-tables-view': RsTablesView;
  }
}
