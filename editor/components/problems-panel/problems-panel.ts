import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { Diagnostic } from '../../validator/protocol.ts';
import { styles } from './problems-panel.styles.ts';

const ICON: Record<Diagnostic['severity'], string> = { error: '✖', warning: '▲', info: 'ℹ' };
/** More than this many problems are summarised, not listed (one mistake can cause hundreds). */
const MAX_LISTED = 500;

/**
 * Every problem the validator found in the current game, sorted by file and position. Choosing
 * one opens its file at its range. Collapsible to its header line (the counts stay in view); the
 * shell gives the room to the view above (`collapsed` is reflected for its CSS). With nothing to
 * list it is `empty` (reflected too): the shell sizes it to its one line instead of a fixed slice.
 *
 * @fires rs-open-file - a problem was chosen (`{ path, range }`)
 */
export class RsProblemsPanel extends LitElement {
  static override styles = styles;
  static override properties = {
    diagnostics: { attribute: false },
    checking: { type: Boolean },
    error: {},
    collapsed: { type: Boolean, reflect: true },
    empty: { type: Boolean, reflect: true },
  };

  declare diagnostics: readonly Diagnostic[];
  /** Validation is pending or running. */
  declare checking: boolean;
  /** The validator itself failed: what happened, in a sentence. */
  declare error: string;
  /** Only the header line is shown. */
  declare collapsed: boolean;
  /** No problem to list (set from `diagnostics`). */
  declare empty: boolean;

  constructor() {
    super();
    this.diagnostics = [];
    this.checking = false;
    this.error = '';
    this.collapsed = false;
    this.empty = true;
  }

  protected override willUpdate(): void {
    this.empty = this.diagnostics.length === 0;
  }

  protected override render() {
    const count = (s: Diagnostic['severity']) => this.diagnostics.filter((d) => d.severity === s).length;
    const errors = count('error');
    const warnings = count('warning');
    const listed = this.diagnostics.slice(0, MAX_LISTED);
    return html`
      <header>
        <h2 id="problems-heading">Problems</h2>
        <span class="summary" role="status" data-count=${this.diagnostics.length}>
          ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${this.checking ? ' — checking…' : ''}
        </span>
        ${this.error ? html`<span class="sev-error">${this.error}</span>` : nothing}
        <button class="toggle" data-action="toggle-problems" aria-expanded=${String(!this.collapsed)} aria-controls="problems-list"
          @click=${() => (this.collapsed = !this.collapsed)}>${this.collapsed ? 'Show problems' : 'Hide problems'}</button>
      </header>
      ${this.collapsed ? nothing : this.diagnostics.length === 0
        ? html`<p class="empty muted">${this.checking ? 'Checking…' : 'No problems in this game.'}</p>`
        : html`<ol id="problems-list" aria-labelledby="problems-heading">
            ${listed.map(
              (d) => html`<li>
                <button data-code=${d.code} data-file=${d.file} data-line=${d.range.start.line} @click=${() => this.handleOpen(d)}>
                  <span class="sev-${d.severity}" aria-label=${d.severity}>${ICON[d.severity]}</span>
                  <span>${d.message} <span class="code">${d.code}</span>${d.hint ? html`<span class="hint">${d.hint}</span>` : nothing}</span>
                  <span class="where">${shortFile(d.file)}:${d.range.start.line}:${d.range.start.column}</span>
                </button>
              </li>`,
            )}
            ${this.diagnostics.length > MAX_LISTED ? html`<li class="empty muted">${this.diagnostics.length - MAX_LISTED} more not listed.</li>` : nothing}
          </ol>`}
    `;
  }

  private handleOpen(d: Diagnostic): void {
    emit(this, 'rs-open-file', { path: d.file, range: d.range });
  }
}

/** `rulesets/dragut/tables.yaml` → `tables.yaml` (the game is already on screen). */
function shortFile(path: string): string {
  return path.replace(/^rulesets\/[^/]+\//, '');
}

customElements.define('rs-problems-panel', RsProblemsPanel);

declare global {
  interface HTMLElementTagNameMap {
    'rs-problems-panel': RsProblemsPanel;
  }
}
