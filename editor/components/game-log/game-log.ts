import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { LogLine } from '../../play/protocol.ts';
import { styles } from './game-log.styles.ts';

/** Entries rendered at first; older ones on request (a long game logs thousands). */
const SHOWN = 300;

/**
 * The game log as the viewed seat sees it: each entry's text, dice, table cells and rulebook
 * section. Choosing an entry opens its script line beside the game (with the rulebook section);
 * a table entry also links to the cell it read. One tab stop; arrow keys move between entries.
 *
 * @fires rs-open-file - an entry's script line or table cell was chosen (`{ path, range, note, beside }`)
 */
export class RsGameLog extends LitElement {
  static override styles = styles;
  static override properties = {
    log: { attribute: false },
    all: { state: true },
    details: { state: true },
    current: { state: true },
  };

  declare log: readonly LogLine[];
  declare private all: boolean;
  /** Whether the rules' bookkeeping (`LogLine.detail`: tables read without a roll, unnamed variables, variables set to the value they had) is shown. */
  declare private details: boolean;
  /** The entry with the tab stop (`n`), or -1 for the newest. */
  declare private current: number;
  private stickToBottom = true;

  constructor() {
    super();
    this.log = [];
    this.all = false;
    this.details = false;
    this.current = -1;
  }

  protected override render() {
    const kept = this.log.filter((e) => !e.detail);
    const bookkeeping = this.log.length - kept.length;
    const log = this.details ? this.log : kept;
    const shown = this.all ? log : log.slice(-SHOWN);
    const focusN = this.current >= 0 ? this.current : log[log.length - 1]?.n;
    return html`<div class="scroller" @scroll=${this.handleScroll}>
      ${bookkeeping
        ? html`<label class="details" title="Tables the rules read without a roll, variables without a name, and variables set to the value they had">
            <input type="checkbox" .checked=${this.details} @change=${(e: Event) => (this.details = (e.target as HTMLInputElement).checked)} />
            Details <span class="muted">(${bookkeeping} line${bookkeeping === 1 ? '' : 's'} of the rules' bookkeeping ${this.details ? 'shown' : 'hidden'})</span>
          </label>`
        : nothing}
      ${shown.length < log.length ? html`<button class="button earlier" @click=${() => (this.all = true)}>Show ${log.length - shown.length} earlier entries</button>` : nothing}
      <ol aria-label="Game log" @keydown=${this.handleKeyDown}>
        ${shown.map((e) => html`<li class="kind-${e.kind}${e.detail ? ' detail' : ''}">
          <button class="entry" data-n=${e.n} tabindex=${e.n === focusN ? 0 : -1} ?disabled=${!e.at} title=${e.at ? `${e.at.file}:${e.at.line}` : ''} @click=${() => this.handleOpen(e)}>
            <span class="when" title=${e.phase ?? ''}>${e.round ? `R${e.round}` : ''}${e.phase ? ` ${e.phase}` : ''}</span>
            <span class="text">${e.text}</span>
            ${details(e)}
            ${e.source ? html`<span class="source" title="Rulebook section">${e.source}</span>` : nothing}
          </button>
          ${e.cell ? html`<button class="cell link" tabindex="-1" @click=${() => this.handleCell(e)}>cell</button>` : nothing}
        </li>`)}
      </ol>
    </div>`;
  }

  protected override updated(): void {
    const scroller = this.renderRoot.querySelector('.scroller');
    if (scroller && this.stickToBottom) scroller.scrollTop = scroller.scrollHeight;
  }

  private handleScroll(e: Event): void {
    const s = e.target as HTMLElement;
    this.stickToBottom = s.scrollHeight - s.scrollTop - s.clientHeight < 40;
  }

  private handleOpen(e: LogLine): void {
    this.current = e.n;
    if (!e.at) return;
    const at = { line: e.at.line, column: e.at.column };
    emit(this, 'rs-open-file', { path: e.at.file, range: { start: at, end: at }, note: noteOf(e), beside: true, focus: false });
  }

  private handleCell(e: LogLine): void {
    if (e.cell) emit(this, 'rs-open-file', { path: e.cell.file, range: e.cell.range, note: noteOf(e), beside: true, focus: false });
  }

  private handleKeyDown(e: KeyboardEvent): void {
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.entry')];
    const i = buttons.indexOf(e.composedPath()[0] as HTMLButtonElement);
    if (i < 0) return;
    const next = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : -2;
    if (next === -2) return;
    e.preventDefault();
    const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))]!;
    this.current = Number(target.dataset['n']);
    target.focus();
  }
}

function noteOf(e: LogLine): string {
  return `Log entry ${e.n + 1}${e.source ? ` — rulebook ${e.source}` : ''}`;
}

/** Dice and table cells of an entry, from its data. */
function details(e: LogLine) {
  const d = e.data as Record<string, unknown> | undefined;
  if (!d) return nothing;
  if (e.kind === 'roll' && Array.isArray(d['dice'])) return html`<span class="chip dice" title="Dice">${(d['dice'] as number[]).join(' + ')}${(d['dice'] as number[]).length > 1 ? ` = ${String(d['total'])}` : ''}</span>`;
  if (e.kind === 'table' && typeof d['table'] === 'string') {
    const cell = Array.isArray(d['cell']) ? (d['cell'] as unknown[]).join(' · ') : '';
    return html`<span class="chip table" title="Table cell">${d['table']} [${cell}] → ${String(d['value'] ?? '')}</span>`;
  }
  return nothing;
}

customElements.define('rs-game-log', RsGameLog);

declare global {
  interface HTMLElementTagNameMap {
    'rs-game-log': RsGameLog;
  }
}
