import { LitElement, html, nothing } from 'lit';
import { emit, type RsEvent } from '../../events.ts';
import { PlayController } from '../../play/play-controller.ts';
import type { ScenarioEdit, SeatState } from '../../play/protocol.ts';
import { baseName } from '../../workspace/download.ts';
import '../game-board/game-board.ts';
import '../game-setup/game-setup.ts';
import { defaultSetup, gameSetup, type SetupValue } from '../game-setup/setup-value.ts';
import { styles } from './scenarios-view.styles.ts';

/** A variant is a scenario once its setup has a `scenario` step. */
export const isScenarioText = (text: string | undefined): boolean => !!text && /^\s*-?\s*id:\s*["']?scenario["']?\s*$/m.test(text);

/**
 * The scenario editor. A scenario is a variant that fixes a starting situation: the board shows
 * the state right after setup, and dragging a piece to a place (or turning it on a hex) writes a
 * `move … facing n` line into the variant's `scenario` setup step, shown at once in the code
 * editor beside it and checked like any edit. Player count and options are saved as the
 * variant's defaults. A playtest can start from any scenario.
 *
 * @fires rs-file-change - the scenario's text changed (`{ path, text }`)
 * @fires rs-open-file - the line just written, shown in the code beside (`{ path, range, beside, focus }`)
 * @fires rs-select-ruleset - a scenario was opened (`{ entry }`)
 * @fires rs-select-view - "Playtest this scenario" (`{ view: 'playtest' }`)
 * @fires rs-new-scenario - a new scenario was asked for (`{ name }`)
 */
export class RsScenariosView extends LitElement {
  static override styles = styles;
  static override properties = {
    files: { attribute: false },
    entry: {},
    variants: { attribute: false },
    active: { type: Boolean },
    setup: { state: true },
    moved: { state: true },
  };

  declare files: Readonly<Record<string, string>>;
  declare entry: string;
  declare variants: readonly string[];
  declare active: boolean;
  declare private setup: SetupValue | undefined;
  /** Moves shown before the worker has re-run setup with the edited text. */
  declare private moved: ReadonlyMap<string, ScenarioEdit>;
  private readonly play = new PlayController(this);
  private previewFor = '';
  private seenPreview: unknown;

  constructor() {
    super();
    this.files = {};
    this.entry = '';
    this.variants = [];
    this.active = false;
    this.setup = undefined;
    this.moved = new Map();
  }

  private get isVariant(): boolean {
    return this.variants.includes(this.entry);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (this.active && this.isVariant && (changed.has('files') || changed.has('entry') || changed.has('active'))) {
      this.play.compile({ ...this.files }, this.entry, !changed.has('files'));
    }
    if (changed.has('entry')) this.moved = new Map();
    const board = this.play.board;
    if (board && board.entry === this.entry && this.previewFor !== `${board.entry}:${board.hash}`) {
      // Same scenario, new text: keep the seed and choices; another scenario: its defaults.
      this.setup = defaultSetup(board, this.previewFor.startsWith(`${board.entry}:`) ? this.setup : undefined);
      this.previewFor = `${board.entry}:${board.hash}`;
      this.play.requestPreview(board.entry, gameSetup(board, this.setup));
    }
    const preview = this.play.preview;
    if (preview && preview !== this.seenPreview) {
      this.seenPreview = preview;
      // Moves the new preview shows are no longer only local.
      const at = new Map(preview.state.pieces.map((p) => [p.id, p]));
      this.moved = new Map([...this.moved].filter(([id, m]) => at.get(id)?.at !== m.to || (m.facing != null && at.get(id)?.facing !== m.facing)));
    }
  }

  protected override render() {
    const scenarios = this.variants.filter((p) => isScenarioText(this.files[p]));
    return html`
      <header class="toolbar">
        <h2>Scenarios</h2>
        ${this.isVariant
          ? html`<span class="path">${baseName(this.entry)}</span>
              <button class="button primary" data-action="playtest" @click=${() => emit(this, 'rs-select-view', { view: 'playtest', start: true })}>Playtest this scenario</button>
              <button class="button" data-action="save-settings" ?disabled=${!this.play.board} @click=${this.handleSaveSettings}>Save players and options</button>`
          : nothing}
        <form class="new" @submit=${this.handleNew}>
          <label>New scenario <input name="name" required maxlength="80" placeholder="Name" /></label>
          <button class="button">Create</button>
        </form>
      </header>
      ${scenarios.length
        ? html`<nav aria-label="Scenarios"><ul>${scenarios.map((p) => html`<li><button aria-current=${p === this.entry ? 'true' : 'false'} data-entry=${p} @click=${() => emit(this, 'rs-select-ruleset', { entry: p })}>${baseName(p)}</button></li>`)}</ul></nav>`
        : nothing}
      ${this.isVariant ? this.renderEditor() : html`<p class="intro">A scenario is a variant that fixes a starting situation: player count, options, and where each seat's pieces start. Pick a variant in the list on the left or create a new scenario, then drag pieces on the board; the code editor shows the lines written.</p>`}
    `;
  }

  private renderEditor() {
    const { board, preview, status, error } = this.play;
    const state = preview?.entry === this.entry ? this.withMoves(preview.state) : undefined;
    return html`
      <div class="notices">
        ${status && !status.ok && !status.busy && status.errors ? html`<p class="stale" role="status">The scenario has ${status.errors} error(s): the board shows the last version that compiled.</p>` : nothing}
        ${error ? html`<p class="stale" role="alert">${error}</p>` : nothing}
        ${preview?.note ? html`<p class="muted" role="status">${preview.note}</p>` : nothing}
      </div>
      <rs-game-setup .board=${board} .value=${this.setup} @rs-setup-change=${this.handleSetupChange}></rs-game-setup>
      <rs-game-board mode="setup" .board=${board} .state=${state} @rs-board-drop=${this.handleDrop} @rs-board-rotate=${this.handleRotate}></rs-game-board>
    `;
  }

  /** The preview with the moves not yet confirmed by a new preview. */
  private withMoves(state: SeatState): SeatState {
    if (!this.moved.size) return state;
    return { ...state, pieces: state.pieces.map((p) => { const m = this.moved.get(p.id); return m ? { ...p, at: m.to, facing: m.facing ?? p.facing } : p; }) };
  }

  private handleSetupChange(e: RsEvent<'rs-setup-change'>): void {
    this.setup = e.detail.value;
    if (this.play.board) this.play.requestPreview(this.entry, gameSetup(this.play.board, this.setup));
  }

  private handleDrop(e: RsEvent<'rs-board-drop'>): void {
    const piece = this.play.preview?.state.pieces.find((p) => p.id === e.detail.piece);
    void this.write({ piece: e.detail.piece, to: e.detail.to, facing: e.detail.to.startsWith('hex:') ? (piece?.facing ?? null) : null });
  }

  private handleRotate(e: RsEvent<'rs-board-rotate'>): void {
    const preview = this.play.preview;
    const piece = preview && this.withMoves(preview.state).pieces.find((p) => p.id === e.detail.piece);
    if (piece?.at) void this.write({ piece: piece.id, to: piece.at, facing: e.detail.facing });
  }

  private async write(edit: ScenarioEdit): Promise<void> {
    this.moved = new Map([...this.moved, [edit.piece, edit]]);
    await this.save([edit]);
  }

  private async handleSaveSettings(): Promise<void> {
    const board = this.play.board;
    if (!board || !this.setup) return;
    const options = Object.fromEntries(board.options.filter((o) => this.setup!.options[o.id] !== o.default).map((o) => [o.id, this.setup!.options[o.id]]));
    await this.save([], { players: this.setup.players, options });
  }

  private async save(edits: ScenarioEdit[], settings?: { players: number; options: Record<string, unknown> }): Promise<void> {
    const path = this.entry;
    try {
      const text = await this.play.editScenario(path, this.files[path] ?? '', edits, settings);
      this.play.error = '';
      emit(this, 'rs-file-change', { path, text });
      // Show the line just written, leaving the keyboard on the board.
      const line = edits.length ? text.split('\n').findIndex((l) => l.includes(`"${edits[edits.length - 1]!.piece}")`)) + 1 : 0;
      if (line > 0) emit(this, 'rs-open-file', { path, range: { start: { line, column: 1 }, end: { line, column: 1 } }, beside: true, focus: false });
    } catch {
      // The controller keeps the worker's message for the notices.
      this.requestUpdate();
    }
  }

  private handleNew(e: SubmitEvent): void {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('name') as HTMLInputElement;
    const name = input.value.trim();
    if (!name) return;
    input.value = '';
    emit(this, 'rs-new-scenario', { name });
  }
}

customElements.define('rs-scenarios-view', RsScenariosView);

declare global {
  interface HTMLElementTagNameMap {
    'rs-scenarios-view': RsScenariosView;
  }
}
