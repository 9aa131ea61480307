import { LitElement, css, html } from 'lit';
import { emit } from '../../events.ts';
import { tokens } from '../shared.styles.ts';

/**
 * Said when a designer starts typing in one of the base game's files while a variant is the
 * ruleset selected: that text is the game's own (the shipped one, when it shipped), so every
 * variant of the game changes with it, not only the variant selected. Says how to change it in the
 * variant alone, and offers to open the variant's file. The shell shows it once per file.
 *
 * @fires rs-open-file - Open the variant's file (`{ path }`)
 * @fires rs-dismiss-notice - Keep editing the base (`{}`)
 */
export class RsBaseEditNotice extends LitElement {
  static override styles = [
    tokens,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 10px;
        padding: 6px 10px;
        background: #fff4d6;
        border-bottom: 1px solid #e3c46b;
        font-size: 13px;
      }
      p {
        margin: 0;
        flex: 1 1 420px;
      }
      code {
        font-family: var(--rs-mono);
      }
    `,
  ];
  static override properties = {
    gameName: { attribute: false },
    file: { attribute: false },
    variantName: { attribute: false },
    variantPath: { attribute: false },
    shipped: { type: Boolean },
  };

  declare gameName: string;
  /** The base file typed in, as the nav lists it (`procedures-combat.yaml`). */
  declare file: string;
  declare variantName: string;
  declare variantPath: string;
  /** The file shipped with the editor (Revert to shipped takes the edit back). */
  declare shipped: boolean;

  constructor() {
    super();
    this.gameName = '';
    this.file = '';
    this.variantName = '';
    this.variantPath = '';
    this.shipped = false;
  }

  protected override render() {
    const variantFile = this.variantPath.slice(this.variantPath.lastIndexOf('/') + 1);
    return html`<p role="alert">
        <strong>You are editing ${this.gameName}'s own file ${this.file}: every variant of it changes.</strong>
        To change it only in ${this.variantName}, use the table grid (Tables &amp; decks) or a <code>set:</code> entry in ${variantFile}.${this.shipped
          ? ' Revert to shipped takes this file back.'
          : ''}
      </p>
      <button class="button" data-action="open-variant" @click=${() => emit(this, 'rs-open-file', { path: this.variantPath })}>Open ${variantFile}</button>
      <button class="button" data-action="dismiss" @click=${() => emit(this, 'rs-dismiss-notice', {})}>Keep editing the base</button>`;
  }
}

customElements.define('rs-base-edit-notice', RsBaseEditNotice);

declare global {
  interface HTMLElementTagNameMap {
    'rs-base-edit-notice': RsBaseEditNotice;
  }
}
