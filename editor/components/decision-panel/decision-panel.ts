import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { PendingView, PlayUpdate } from '../../play/protocol.ts';
import { styles } from './decision-panel.styles.ts';

const ON_BOARD = new Set(['area', 'hex', 'piece', 'zone']);

/**
 * The question the viewed seat must answer: buttons for plain options (places and pieces are
 * chosen on the board, with the list as a fallback), checkboxes for several answers, a number
 * field for numbers. Shows who is deciding when it is not this seat.
 *
 * @fires rs-board-pick - an option was chosen from the list (`{ option }`)
 * @fires rs-preview-option - the pointer or focus is on an option with a preview, or left it (`{ option }`, null on leaving)
 * @fires rs-answer - a number or the chosen options were confirmed (`{ answer }`)
 * @fires rs-open-file - "Show rule" was chosen: the rule opens beside the game (`{ path, range, beside }`)
 */
export class RsDecisionPanel extends LitElement {
  static override styles = styles;
  static override properties = {
    pending: { attribute: false },
    waiting: { attribute: false },
    selected: { attribute: false },
    zones: { attribute: false },
    seatName: { attribute: 'seat-name' },
  };

  declare pending: PendingView | null;
  declare waiting: PlayUpdate['waiting'];
  declare selected: readonly number[];
  /** The boxes below the map that hold options (`optionZones`), named in the hint: they may be out of sight. */
  declare zones: readonly string[];
  /** Who the question is for, by name ('' when unknown): a person at one screen sees whose turn it is. */
  declare seatName: string;

  constructor() {
    super();
    this.pending = null;
    this.waiting = null;
    this.selected = [];
    this.zones = [];
    this.seatName = '';
  }

  protected override render() {
    const p = this.pending;
    if (!p) {
      const w = this.waiting;
      return html`<p class="waiting" role="status">${w ? html`Waiting for <strong>${w.name}</strong> (${w.bot ? 'bot' : 'person'})${w.secret ? ' — a secret choice' : ''}.` : nothing}</p>`;
    }
    const onBoard = p.kind !== 'number' && p.targets.some((t) => t && ON_BOARD.has(t.kind));
    return html`<form class="question" aria-labelledby="prompt" @submit=${this.handleSubmit}>
      ${this.seatName ? html`<p class="who" data-seat=${p.player}>${this.seatName} to answer</p>` : nothing}
      <p id="prompt" class="prompt">${p.prompt}${p.secret ? html` <span class="secret">secret</span>` : nothing}</p>
      ${p.at ? html`<button type="button" class="link" @click=${() => emit(this, 'rs-open-file', { path: p.at!.file, range: p.at!.range, beside: true, focus: false })}>Show rule</button>` : nothing}
      ${p.kind === 'number' ? this.renderNumber(p) : p.kind === 'several' ? this.renderSeveral(p, onBoard) : this.renderOne(p, onBoard)}
    </form>`;
  }

  private renderOne(p: PendingView, onBoard: boolean) {
    const buttons = html`<ul class="options ${p.details || p.previews?.some((x) => x?.note) ? 'with-details' : ''}">${p.labels.map((label, i) => html`<li><button type="button" class="button" data-option=${i} @click=${() => emit(this, 'rs-board-pick', { option: i })}
      data-preview-end=${p.previews?.[i]?.end ?? nothing} data-preview-path=${p.previews?.[i]?.path.join(' ') ?? nothing}
      @mouseenter=${() => this.look(i)} @mouseleave=${() => this.look(null)} @focus=${() => this.look(i)} @blur=${() => this.look(null)}>${label}${this.endText(p, i)}${this.detail(p, i)}</button></li>`)}</ul>`;
    if (!onBoard) return buttons;
    const where = this.zones.length ? `, in ${this.zones.join(', ')}` : '';
    return html`<p class="hint">Choose on the board: ${p.labels.length} highlighted${where}.</p>
      <details><summary>Or pick from the list</summary>${buttons}</details>`;
  }

  private renderSeveral(p: PendingView, onBoard: boolean) {
    const chosen = new Set(this.selected);
    const ok = chosen.size >= p.min && chosen.size <= p.max;
    return html`<p class="hint">Choose ${p.min === p.max ? p.min : `${p.min} to ${p.max}`}${onBoard ? ' — on the board or here' : ''}.</p>
      <fieldset><legend class="visually-hidden">${p.prompt}</legend>
        ${p.labels.map((label, i) => html`<label class="check" @mouseenter=${() => this.look(i)} @mouseleave=${() => this.look(null)}><input type="checkbox" data-option=${i} .checked=${chosen.has(i)}
          @change=${() => emit(this, 'rs-board-pick', { option: i })} @focus=${() => this.look(i)} @blur=${() => this.look(null)} />${label}${this.endText(p, i)}${this.detail(p, i)}</label>`)}
      </fieldset>
      <button class="button primary" ?disabled=${!ok}>Confirm (${chosen.size} chosen)</button>`;
  }

  /** What an option that is a card says, under its name: a player chooses a card by its text, not its name alone. */
  private detail(p: PendingView, i: number) {
    const text = p.details?.[i];
    return text ? html`<span class="detail">${text}</span>` : nothing;
  }

  /** ` → 1708`: where an option with a preview ends (nothing without one, `→ off the map` when it leads nowhere), and the preview's note under it. */
  private endText(p: PendingView, i: number) {
    const preview = p.previews?.[i];
    if (!preview) return nothing;
    return html` <span class="end">→ ${preview.endLabel ?? 'off the map'}</span>${preview.note ? html`<span class="detail">${preview.note}</span>` : nothing}`;
  }

  /** Tell the board which option to preview (only questions with previews). */
  private look(option: number | null): void {
    if (this.pending?.previews) emit(this, 'rs-preview-option', { option });
  }

  private renderNumber(p: PendingView) {
    return html`<label for="number">A number from ${p.min} to ${p.max}</label>
      <div class="row"><input id="number" type="number" min=${p.min} max=${p.max} step="1" .value=${String(p.min)} required />
      <button class="button primary">Answer</button></div>`;
  }

  private handleSubmit(e: SubmitEvent): void {
    e.preventDefault();
    const p = this.pending;
    if (!p) return;
    if (p.kind === 'several') emit(this, 'rs-answer', { answer: [...this.selected].sort((a, b) => a - b) });
    else if (p.kind === 'number') {
      const input = this.renderRoot.querySelector<HTMLInputElement>('#number')!;
      if (input.reportValidity()) emit(this, 'rs-answer', { answer: Number(input.value) });
    }
  }
}

customElements.define('rs-decision-panel', RsDecisionPanel);

declare global {
  interface HTMLElementTagNameMap {
    'rs-decision-panel': RsDecisionPanel;
  }
}
