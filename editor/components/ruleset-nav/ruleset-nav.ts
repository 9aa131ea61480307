import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { GameInfo } from '../../workspace/catalog.ts';
import { styles } from './ruleset-nav.styles.ts';

/** A ruleset the nav offers: the game's base entry or one of its variants. */
export interface RulesetItem {
  entry: string;
  label: string;
  /** File name, for variants. */
  file?: string;
  /** Created or imported by the user (not shipped). */
  user: boolean;
}

export interface FileItem {
  path: string;
  label: string;
  /** Shipped file with unsaved-to-disk edits kept in the browser. */
  edited: boolean;
  errors: number;
  warnings: number;
}

/**
 * The game picker, the game's rulesets (base and variants, with New variant and Import) and the
 * files of the active ruleset.
 *
 * @fires rs-select-game - a game was picked (`{ game }`)
 * @fires rs-select-ruleset - a ruleset was picked (`{ entry }`)
 * @fires rs-open-file - a file was picked (`{ path }`)
 * @fires rs-new-variant - the New variant dialog was confirmed (`{ name }`)
 * @fires rs-new-game - the New game dialog was confirmed (`{ name }`)
 * @fires rs-import-variant - a variant file was read from disk (`{ name, text }`)
 * @csspart dialog - the New variant and New game dialog
 */
export class RsRulesetNav extends LitElement {
  static override styles = styles;
  static override properties = {
    games: { attribute: false },
    game: {},
    rulesets: { attribute: false },
    entry: {},
    files: { attribute: false },
    openPath: { attribute: 'open-path' },
    creating: { state: true },
    templates: { attribute: false },
  };

  declare games: GameInfo[];
  declare game: string;
  declare rulesets: RulesetItem[];
  declare entry: string;
  declare files: FileItem[];
  declare openPath: string;
  /** What the name dialog creates. */
  declare private creating: 'variant' | 'game';
  /** What a new game may start from (the first is the default). */
  declare templates: ReadonlyArray<{ id: string; description: string }>;

  constructor() {
    super();
    this.games = [];
    this.game = '';
    this.rulesets = [];
    this.entry = '';
    this.files = [];
    this.openPath = '';
    this.creating = 'variant';
    this.templates = [];
  }

  protected override render() {
    const gameName = this.games.find((g) => g.id === this.game)?.name ?? this.game;
    return html`
      <div>
        <label for="game">Game</label>
        <select id="game" @change=${this.handleGameChange}>
          ${this.games.map((g) => html`<option value=${g.id} ?selected=${g.id === this.game}>${g.name}</option>`)}
        </select>
        <button class="button new-game" title="A small, complete game to change into your own" @click=${() => this.openDialog('game')}>New game…</button>
      </div>
      <section aria-labelledby="rulesets-heading">
        <h2 id="rulesets-heading">Rulesets</h2>
        <ul>
          ${this.rulesets.map(
            (r) => html`<li>
              <button aria-current=${r.entry === this.entry ? 'true' : 'false'} data-entry=${r.entry} @click=${() => emit(this, 'rs-select-ruleset', { entry: r.entry })}>
                <span class="label">${r.label}${r.file ? html`<span class="file">${r.file}</span>` : nothing}</span>
                ${r.user ? html`<span class="badge">yours</span>` : nothing}
              </button>
            </li>`,
          )}
        </ul>
        <div class="actions">
          <button class="button" @click=${() => this.openDialog('variant')}>New variant</button>
          <button class="button" @click=${this.handlePickImport}>Import variant…</button>
          <input id="import" class="visually-hidden" type="file" accept=".yaml,.yml" tabindex="-1" aria-hidden="true" @change=${this.handleImportFile} />
        </div>
      </section>
      <section aria-labelledby="files-heading">
        <h2 id="files-heading">Files</h2>
        <ul>
          ${this.files.map(
            (f) => html`<li>
              <button aria-current=${f.path === this.openPath ? 'true' : 'false'} data-path=${f.path} title=${f.path} @click=${() => emit(this, 'rs-open-file', { path: f.path })}>
                <span class="label">${f.label}</span>
                ${f.edited ? html`<span class="badge" title="Edited in the browser">edited</span>` : nothing}
                ${f.errors ? html`<span class="badge error" title="Errors">${f.errors}</span>` : nothing}
                ${f.warnings ? html`<span class="badge warning" title="Warnings">${f.warnings}</span>` : nothing}
              </button>
            </li>`,
          )}
        </ul>
      </section>
      <dialog part="dialog" aria-labelledby="new-heading" @close=${this.handleDialogClose}>
        <form method="dialog">
          ${this.creating === 'game'
            ? html`<h2 id="new-heading">New game</h2>
                <p class="dialog-note">A small, complete game — map, counters, tables, phases, victory and bots — to change into your own, a piece at a time. It validates and plays as it is; its comments say what each part does.</p>
                ${this.templates.length > 1
                  ? html`<label for="new-template">Start from</label>
                      <select id="new-template" name="template">${this.templates.map((t, i) => html`<option value=${t.id} ?selected=${i === 0}>${t.description || t.id}</option>`)}</select>`
                  : nothing}
                <label for="new-name">Game name</label>`
            : html`<h2 id="new-heading">New variant of ${gameName}</h2>
                <label for="new-name">Variant name</label>`}
          <input id="new-name" name="name" required maxlength="80" autocomplete="off" />
          <div class="actions">
            <button class="button" type="button" @click=${this.handleCancel}>Cancel</button>
            <button class="button primary" value="create">${this.creating === 'game' ? 'Create game' : 'Create variant'}</button>
          </div>
        </form>
      </dialog>
    `;
  }

  private handleGameChange(e: Event): void {
    emit(this, 'rs-select-game', { game: (e.target as HTMLSelectElement).value });
  }

  private async openDialog(what: 'variant' | 'game'): Promise<void> {
    this.creating = what;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog')!;
    const input = dialog.querySelector('input')!;
    input.value = what === 'game' ? 'My game' : 'My variant';
    dialog.showModal();
    input.select();
  }

  private handleCancel(): void {
    this.renderRoot.querySelector('dialog')!.close('cancel');
  }

  private handleDialogClose(e: Event): void {
    const dialog = e.target as HTMLDialogElement;
    const name = dialog.querySelector('input')!.value.trim();
    const template = dialog.querySelector<HTMLSelectElement>('#new-template')?.value ?? this.templates[0]?.id ?? '';
    if (dialog.returnValue === 'create' && name) {
      if (this.creating === 'game') emit(this, 'rs-new-game', { name, template });
      else emit(this, 'rs-new-variant', { name });
    }
    dialog.returnValue = '';
  }

  private handlePickImport(): void {
    this.renderRoot.querySelector<HTMLInputElement>('#import')!.click();
  }

  private async handleImportFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    emit(this, 'rs-import-variant', { name: file.name, text: await file.text() });
  }
}

customElements.define('rs-ruleset-nav', RsRulesetNav);

declare global {
  interface HTMLElementTagNameMap {
    'rs-ruleset-nav': RsRulesetNav;
  }
}
