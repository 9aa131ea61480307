import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import { formatOdds, rowOdds, type Selection } from '../../tables/odds.ts';
import type { Diagnostic, TableView } from '../../validator/protocol.ts';
import { cellKey } from '../../tables/cell-problems.ts';
import { resultSlot } from '../../tables/result-colors.ts';
import { oddsBar } from '../tables-view/odds-bar.ts';
import { styles } from './table-grid.styles.ts';

/**
 * One table as a grid: row labels down the side (with each row's odds for rolled tables), column
 * labels across the top, cells in between. Row headers, column headers and cells are buttons that
 * select the row, the column or the cell; choosing the selected one again clears it. With
 * `editable`, a cell that holds one value (`CellView.path`) is changed in place: double-click it,
 * press F2 or Enter on it, or just type on it; then Enter (or leave the field) to change it, Escape
 * to keep it. Arrow keys move between cells. The typed text shows in the cell until the next
 * table arrives. A row's band (`RowView.path`) is changed the same way from its row header:
 * double-click it or press F2 on it, type (`1-4`), Enter. In a variant, a cell that differs from the base's (`CellView.base`) is outlined.
 * A cell the validator finds wrong (`problems`, from `cellProblems`) is marked as an error or a
 * warning instead, the finding's message its title and accessible description.
 *
 * @fires rs-table-select - the selection changed (`{ selection }`)
 * @fires rs-cell-edit - a cell's new text was entered (`{ path, text, row, column }`)
 * @fires rs-row-edit - a row's new band was entered (`{ path, text, row }`)
 */
export class RsTableGrid extends LitElement {
  static override styles = styles;
  static override properties = {
    table: { attribute: false },
    selection: { attribute: false },
    editable: { type: Boolean },
    problems: { attribute: false },
    rowProblems: { attribute: false },
    editing: { state: true },
    pending: { state: true },
  };

  declare table: TableView | undefined;
  declare selection: Selection | undefined;
  declare editable: boolean;
  /** The validator's findings on cells, by `cellKey(row, column)`. */
  declare problems: ReadonlyMap<string, Diagnostic> | undefined;
  /** The validator's findings on the bands, by row index (`rowProblems`). */
  declare rowProblems: ReadonlyMap<number | 'rows', Diagnostic> | undefined;
  /** The cell whose field is open; `initial`: a key typed on the cell starts the field with it. */
  declare private editing: { row: number; column: number; initial?: string } | undefined;
  /** A change sent but not yet back in `table`: shown in its cell (its row header: column -1) meanwhile. */
  declare private pending: { row: number; column: number; text: string } | undefined;

  constructor() {
    super();
    this.table = undefined;
    this.selection = undefined;
    this.editable = false;
    this.problems = undefined;
    this.rowProblems = undefined;
    this.editing = undefined;
    this.pending = undefined;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('table') && changed.get('table') !== undefined) {
      this.pending = undefined;
      if (this.editing && !this.pathOf(this.editing.row, this.editing.column)) this.editing = undefined;
    }
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (!this.editing) return;
    const input = this.renderRoot.querySelector<HTMLInputElement>('input.cell-input, input.row-input');
    if (!input) return;
    if (changed.has('editing')) this.typed = false;
    // Opened, or drawn again before a key was typed (the validator's table or findings arriving
    // meanwhile, which a busy machine delays past the double-click): the field has the focus and
    // its value is selected, so what is typed replaces it (a CI run once typed `N` over `X` and
    // got `XN`). Once a key is typed, the caret and selection are the user's.
    if (changed.has('editing') || (!this.typed && (this.renderRoot as ShadowRoot).activeElement !== input)) input.focus();
    if (this.editing.initial === undefined && !this.typed) input.select();
  }

  /** Whether a key was typed in the open field since it opened (then its selection is the user's). */
  private typed = false;

  protected override render() {
    const t = this.table;
    if (!t) return nothing;
    const s = this.selection;
    const rowHeader = t.keyName ?? (t.roll ? `Roll ${t.roll}` : 'Row');
    return html`<table>
      <caption>
        ${t.roll ? `Rows by roll of ${t.roll}` : t.keyName ? `Rows by ${t.keyName}` : 'Rows'}${t.columnKind === 'bands' ? `; columns by ${t.columnKeyName ?? 'column key'}` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col" class="corner">${rowHeader}</th>
          ${t.columns.map(
            (label, column) => html`<th scope="col">
              <button aria-pressed=${s?.kind === 'column' && s.column === column ? 'true' : 'false'} data-column=${column} @click=${() => this.handleSelect({ kind: 'column', column })}>
                ${label}
              </button>
            </th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${t.rows.map((row, r) => {
          const odds = rowOdds(t, r);
          return html`<tr>
            ${this.rowHeader(row, r, odds ? html`<span class="odds">${formatOdds(odds)}</span>${oddsBar(odds.percent)}` : nothing)}
            ${t.columns.map((_, c) => {
              const cell = row.cells[c];
              const pressed = s?.kind === 'cell' && s.row === r && s.column === c;
              const inLine = (s?.kind === 'row' && s.row === r) || (s?.kind === 'column' && s.column === c);
              const waiting = this.pending?.row === r && this.pending.column === c ? this.pending.text : undefined;
              const text = waiting ?? cell?.text ?? '';
              const slot = cell ? resultSlot(t, text) : undefined;
              const canEdit = this.editable && cell?.path !== undefined;
              const fromBase = cell?.base !== undefined && waiting === undefined;
              const problem = waiting === undefined ? this.problems?.get(cellKey(r, c)) : undefined;
              const classes = [inLine ? 'in-selection' : '', slot !== undefined ? `result result-${slot}` : '', waiting !== undefined ? 'pending' : '', fromBase ? 'changed' : '', problem ? `problem problem-${problem.severity}` : ''].filter(Boolean).join(' ');
              if (canEdit && this.editing?.row === r && this.editing.column === c) {
                return html`<td class="editing"><input class="cell-input" size=${Math.max(3, cell!.text.length + 2)} aria-label="New value of ${row.label}, ${t.columns[c]}" .value=${this.editing.initial ?? cell!.text} data-row=${r} data-column=${c}
                  @input=${() => { this.typed = true; }} @keydown=${(e: KeyboardEvent) => this.handleInputKey(e, r, c)} @blur=${(e: FocusEvent) => this.commit(e.target as HTMLInputElement, r, c)} /></td>`;
              }
              return html`<td class=${classes} data-result=${slot !== undefined ? text : nothing} data-base=${fromBase ? cell!.base! : nothing} data-problem=${problem?.code ?? nothing}>
                ${cell
                  ? html`<button aria-pressed=${pressed ? 'true' : 'false'} aria-label="${row.label}, ${t.columns[c]}: ${text}${problem ? ` (${problem.severity})` : ''}" data-row=${r} data-column=${c}
                      aria-description=${problem ? `${problem.severity === 'error' ? 'Error' : 'Warning'}: ${problem.message}` : nothing}
                      title=${[problem ? `${problem.severity === 'error' ? 'Error' : 'Warning'}: ${problem.message}` : '', fromBase ? `In the base: ${cell.base || '(none)'}` : '', canEdit ? 'Double-click or type to change' : ''].filter(Boolean).join('. ') || nothing}
                      @click=${() => this.handleSelect({ kind: 'cell', row: r, column: c })}
                      @dblclick=${canEdit ? () => this.startEditing(r, c) : nothing}
                      @keydown=${(e: KeyboardEvent) => this.handleCellKey(e, r, c)}>
                      ${text}
                    </button>`
                  : nothing}
              </td>`;
            })}
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  /** A row's header: selects the row; its band is changed like a cell (double-click, F2) when it has a path. */
  private rowHeader(row: TableView['rows'][number], r: number, odds: unknown) {
    const canEdit = this.editable && row.path !== undefined;
    if (canEdit && this.editing?.row === r && this.editing.column === -1) {
      return html`<th scope="row" class="editing"><input class="row-input" size=${Math.max(4, row.label.length + 2)} aria-label="New band of row ${row.label}" .value=${this.editing.initial ?? row.label} data-row=${r}
        @input=${() => { this.typed = true; }} @keydown=${(e: KeyboardEvent) => this.handleInputKey(e, r, -1)} @blur=${(e: FocusEvent) => this.commit(e.target as HTMLInputElement, r, -1)} /></th>`;
    }
    const waiting = this.pending?.row === r && this.pending.column === -1 ? this.pending.text : undefined;
    const problem = waiting === undefined ? this.rowProblems?.get(r) : undefined;
    const s = this.selection;
    const title = [problem ? `${problem.severity === 'error' ? 'Error' : 'Warning'}: ${problem.message}` : '', canEdit ? 'Double-click or press F2 to change the band' : ''].filter(Boolean).join('. ');
    return html`<th scope="row" class=${[waiting !== undefined ? 'pending' : '', problem ? `problem problem-${problem.severity}` : ''].filter(Boolean).join(' ')} data-problem=${problem?.code ?? nothing}>
      <button aria-pressed=${s?.kind === 'row' && s.row === r ? 'true' : 'false'} data-row=${r} title=${title || nothing}
        aria-description=${problem ? `${problem.severity === 'error' ? 'Error' : 'Warning'}: ${problem.message}` : nothing}
        @click=${() => this.handleSelect({ kind: 'row', row: r })} @dblclick=${canEdit ? () => this.startEditing(r, -1) : nothing}
        @keydown=${(e: KeyboardEvent) => this.handleRowKey(e, r)}>
        <span class="band">${waiting ?? row.label}</span>${odds}
      </button>
    </th>`;
  }

  /** F2 on a row header opens its band's field. */
  private handleRowKey(e: KeyboardEvent, row: number): void {
    if (e.key !== 'F2' || !this.editable || !this.table?.rows[row]?.path) return;
    e.preventDefault();
    this.startEditing(row, -1);
  }

  /** The data path a cell (or, at column -1, a row's band) is changed at, if it can be. */
  private pathOf(row: number, column: number): Array<string | number> | undefined {
    const r = this.table?.rows[row];
    return column === -1 ? r?.path : r?.cells[column]?.path;
  }

  /** Show the cell's own text again: the change sent was refused, so no new table will come. */
  dropPending(): void {
    this.pending = undefined;
  }

  /** Open the cell's field (the cell stays selected, so its odds stay in view). */
  startEditing(row: number, column: number, initial?: string): void {
    if (!this.editable || !this.pathOf(row, column)) return;
    const selection: Selection = column === -1 ? { kind: 'row', row } : { kind: 'cell', row, column };
    if (JSON.stringify(this.selection) !== JSON.stringify(selection)) emit(this, 'rs-table-select', { selection });
    this.editing = { row, column, ...(initial !== undefined ? { initial } : {}) };
  }

  /**
   * As in a spreadsheet: arrows move to the next cell and select it; F2, or Enter on the selected
   * cell, opens its field with its value; a character typed on a cell opens it with that character.
   * (Enter on a cell not selected selects it, as a button does.)
   */
  private handleCellKey(e: KeyboardEvent, row: number, column: number): void {
    const move = ARROWS[e.key];
    if (move && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      this.moveTo(row + move[0], column + move[1]);
      return;
    }
    if (!this.editable || !this.table?.rows[row]?.cells[column]?.path) return;
    const selected = this.selection?.kind === 'cell' && this.selection.row === row && this.selection.column === column;
    if (e.key === 'F2' || (e.key === 'Enter' && selected)) {
      e.preventDefault();
      this.startEditing(row, column);
    } else if (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      this.startEditing(row, column, e.key);
    }
  }

  /** Focus and select the cell at (row, column), if the table has one there. */
  private moveTo(row: number, column: number): void {
    const target = this.renderRoot.querySelector<HTMLButtonElement>(`td button[data-row="${row}"][data-column="${column}"]`);
    if (!target) return;
    target.focus();
    emit(this, 'rs-table-select', { selection: { kind: 'cell', row, column } });
  }

  private handleInputKey(e: KeyboardEvent, row: number, column: number): void {
    if (e.key === 'Enter') {
      e.preventDefault();
      this.commit(e.target as HTMLInputElement, row, column);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.close(row, column);
    }
  }

  /** Send the typed text if it differs from the cell's; close the field either way. */
  private commit(input: HTMLInputElement, row: number, column: number): void {
    if (this.editing?.row !== row || this.editing.column !== column) return;
    const r = this.table?.rows[row];
    const path = this.pathOf(row, column);
    const was = column === -1 ? r?.label : r?.cells[column]?.text;
    const text = input.value;
    this.close(row, column);
    if (!path || was === undefined || text.trim() === was.trim()) return;
    this.pending = { row, column, text: text.trim() };
    if (column === -1) emit(this, 'rs-row-edit', { path, text, row });
    else emit(this, 'rs-cell-edit', { path, text, row, column });
  }

  private close(row: number, column: number): void {
    this.editing = undefined;
    // Back to the cell (or row header), so the keyboard goes on from where it was.
    const at = column === -1 ? `th button[data-row="${row}"]` : `td button[data-row="${row}"][data-column="${column}"]`;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(at)?.focus());
  }

  private handleSelect(selection: Selection): void {
    const same = JSON.stringify(selection) === JSON.stringify(this.selection);
    emit(this, 'rs-table-select', { selection: same ? undefined : selection });
  }
}

/** Arrow keys as (row, column) steps. */
const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

customElements.define('rs-table-grid', RsTableGrid);

declare global {
  interface HTMLElementTagNameMap {
    'rs-table-grid': RsTableGrid;
  }
}
