import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import { formatOdds, rowOdds, type Selection } from '../../tables/odds.ts';
import type { TableView } from '../../validator/protocol.ts';
import { resultSlot } from '../../tables/result-colors.ts';
import { oddsBar } from '../tables-view/odds-bar.ts';
import { styles } from './table-grid.styles.ts';

/**
 * One table as a grid: row labels down the side (with each row's odds for rolled tables), column
 * labels across the top, cells in between. Row headers, column headers and cells are buttons that
 * select the row, the column or the cell; choosing the selected one again clears it.
 *
 * @fires rs-table-select - the selection changed (`{ selection }`)
 */
export class RsTableGrid extends LitElement {
  static override styles = styles;
  static override properties = {
    table: { attribute: false },
    selection: { attribute: false },
  };

  declare table: TableView | undefined;
  declare selection: Selection | undefined;

  constructor() {
    super();
    this.table = undefined;
    this.selection = undefined;
  }

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
            <th scope="row">
              <button aria-pressed=${s?.kind === 'row' && s.row === r ? 'true' : 'false'} data-row=${r} @click=${() => this.handleSelect({ kind: 'row', row: r })}>
                ${row.label}${odds ? html`<span class="odds">${formatOdds(odds)}</span>${oddsBar(odds.percent)}` : nothing}
              </button>
            </th>
            ${t.columns.map((_, c) => {
              const cell = row.cells[c];
              const pressed = s?.kind === 'cell' && s.row === r && s.column === c;
              const inLine = (s?.kind === 'row' && s.row === r) || (s?.kind === 'column' && s.column === c);
              const slot = cell ? resultSlot(t, cell.text) : undefined;
              const classes = [inLine ? 'in-selection' : '', slot !== undefined ? `result result-${slot}` : ''].filter(Boolean).join(' ');
              return html`<td class=${classes} data-result=${slot !== undefined ? cell!.text : nothing}>
                ${cell
                  ? html`<button aria-pressed=${pressed ? 'true' : 'false'} aria-label="${row.label}, ${t.columns[c]}: ${cell.text}" data-row=${r} data-column=${c} @click=${() => this.handleSelect({ kind: 'cell', row: r, column: c })}>
                      ${cell.text}
                    </button>`
                  : nothing}
              </td>`;
            })}
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private handleSelect(selection: Selection): void {
    const same = JSON.stringify(selection) === JSON.stringify(this.selection);
    emit(this, 'rs-table-select', { selection: same ? undefined : selection });
  }
}

customElements.define('rs-table-grid', RsTableGrid);

declare global {
  interface HTMLElementTagNameMap {
    'rs-table-grid': RsTableGrid;
  }
}
