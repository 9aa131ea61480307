import { LitElement, html, nothing } from 'lit';
import { emit, type RsEvent } from '../../events.ts';
import type { Selection } from '../../tables/odds.ts';
import type { Location, TableView } from '../../validator/protocol.ts';
import '../table-grid/table-grid.ts';
import { oddsPanel } from './odds-panel.ts';
import { styles } from './tables-view.styles.ts';

/**
 * Every table of the active ruleset: a list to pick one, its grid, and the exact odds of the
 * selected row, column or cell. Updates live as the validator reports the edited tables.
 *
 * @fires rs-open-file - "Show in file" was chosen (`{ path, range }`)
 */
export class RsTablesView extends LitElement {
  static override styles = styles;
  static override properties = {
    tables: { attribute: false },
    stale: { type: Boolean },
    selectedId: { state: true },
    selection: { state: true },
  };

  declare tables: readonly TableView[];
  /** The tables shown are from the last text that loaded; the current text has errors. */
  declare stale: boolean;
  declare private selectedId: string;
  declare private selection: Selection | undefined;

  constructor() {
    super();
    this.tables = [];
    this.stale = false;
    this.selectedId = '';
    this.selection = undefined;
  }

  /** Show one table (by id), e.g. when arriving from elsewhere. */
  select(id: string): void {
    this.selectedId = id;
    this.selection = undefined;
  }

  protected override render() {
    const table = this.tables.find((t) => t.id === this.selectedId) ?? this.tables[0];
    if (!table) return html`<main><p class="muted">This ruleset has no tables or decks${this.stale ? ' that load' : ''}.</p></main>`;
    return html`
      <nav aria-label="Tables and decks">
        ${this.list(this.tables.filter((t) => !t.deck), table)}
        ${this.tables.some((t) => t.deck) ? html`<h3>Decks</h3>${this.list(this.tables.filter((t) => t.deck), table)}` : nothing}
      </nav>
      <main>
        <h2>${table.name ?? table.id}</h2>
        ${this.stale ? html`<p class="stale" role="status">Showing the last version that loaded: fix the errors in Problems to update.</p>` : nothing}
        ${table.description ? html`<p class="description">${table.description}</p>` : nothing}
        ${provenance(table)}
        <rs-table-grid .table=${table} .selection=${this.selection} @rs-table-select=${this.handleTableSelect}></rs-table-grid>
      </main>
      <aside aria-label="Odds" aria-live="polite">${oddsPanel(table, this.selection, (location) => this.handleOpen(location))}</aside>
    `;
  }

  private list(tables: TableView[], current: TableView) {
    return html`<ul>
      ${tables.map(
        (t) => html`<li>
          <button aria-current=${t.id === current.id ? 'true' : 'false'} data-table=${t.id} @click=${() => this.handlePick(t.id)}>
            ${t.name ?? t.id}${t.assumption ? html` <span class="assumed" title="Reconstructed: the rulebook does not print all of it">assumed</span>` : nothing}<span class="id">${t.deck ? t.id.slice('deck:'.length) : t.id}</span>
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private handlePick(id: string): void {
    this.select(id);
  }

  private handleTableSelect(e: RsEvent<'rs-table-select'>): void {
    e.stopPropagation();
    this.selection = e.detail.selection;
  }

  private handleOpen(location: Location): void {
    emit(this, 'rs-open-file', { path: location.file, range: location.range });
  }
}

/**
 * What the rulebook prints and what the ruleset assumed (the table's `source`, `assumption` and
 * `note`), so a designer sees which numbers are printed before changing them.
 */
function provenance(table: TableView) {
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
