import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { SaveState } from '../../workspace/workspace.ts';
import { styles } from './file-toolbar.styles.ts';

/**
 * The open file's name, its autosave state and what can be done with it: download, share a
 * variant as a link, revert a shipped file to what shipped, delete a variant or a game of one's own.
 *
 * @fires rs-download-file - `{ path }`
 * @fires rs-share-file - `{ path }`; the host answers with `showShareLink(url)`
 * @fires rs-rename-file - `{ path }` (a variant)
 * @fires rs-revert-file - `{ path }`
 * @fires rs-delete-file - `{ path }`
 */
export class RsFileToolbar extends LitElement {
  static override styles = styles;
  static override properties = {
    path: {},
    shipped: { type: Boolean },
    edited: { type: Boolean },
    variant: { type: Boolean },
    ownGame: { type: Boolean },
    saveState: { attribute: 'save-state' },
    saveError: { attribute: false },
    persistent: { type: Boolean },
    persisted: { type: Boolean },
    journalRefused: { type: Boolean },
    shareLink: { state: true },
    copyStatus: { state: true },
    slowSave: { state: true },
  };

  /**
   * How long a save may run before the toolbar says "Saving…". Each keystroke is saved at once and a
   * save takes a few milliseconds, so announcing every one would flicker the status (and make a
   * screen reader repeat it) on every key; `data-save-state` always tells the true state.
   */
  static readonly SAVING_NOTICE_MS = 500;

  declare path: string;
  declare shipped: boolean;
  declare edited: boolean;
  declare variant: boolean;
  /** The file is the entry of a game the user made: deleting it deletes the game. */
  declare ownGame: boolean;
  declare saveState: SaveState;
  declare saveError: string;
  /** Whether edits survive a reload (IndexedDB available). */
  declare persistent: boolean;
  /** Whether the browser agreed not to evict the storage when the disk runs low. */
  declare persisted: boolean;
  /** The unload safety copy was refused (storage full): a reload mid-save could lose the last edit. */
  declare journalRefused: boolean;
  declare private shareLink: string;
  /** What Copy link did: copied, or why not (the link stays selected to copy by hand). */
  declare private copyStatus: { text: string; error?: boolean } | undefined;
  /** A save has been running for longer than SAVING_NOTICE_MS. */
  declare private slowSave: boolean;
  private slowSaveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.path = '';
    this.shipped = false;
    this.edited = false;
    this.variant = false;
    this.ownGame = false;
    this.saveState = 'saved';
    this.saveError = '';
    this.persistent = true;
    this.persisted = false;
    this.journalRefused = false;
    this.shareLink = '';
    this.copyStatus = undefined;
    this.slowSave = false;
  }

  override disconnectedCallback(): void {
    clearTimeout(this.slowSaveTimer);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (!changed.has('saveState')) return;
    clearTimeout(this.slowSaveTimer);
    this.slowSave = false;
    if (this.saveState === 'saving') this.slowSaveTimer = setTimeout(() => (this.slowSave = true), RsFileToolbar.SAVING_NOTICE_MS);
  }

  protected override render() {
    const detail = { path: this.path };
    return html`
      <span class="path">${this.path}</span>
      ${this.edited ? html`<span class="tag">edited</span>` : nothing}
      ${!this.shipped ? html`<span class="tag">yours</span>` : nothing}
      <span class="state ${this.saveState === 'error' || this.journalRefused ? 'error' : ''}" role="status" data-save-state=${this.saveState} title=${this.saveTitle()}>${this.saveText()}</span>
      <button class="button" @click=${() => emit(this, 'rs-download-file', detail)}>Download</button>
      ${this.variant ? html`<button class="button" data-action="rename" @click=${() => emit(this, 'rs-rename-file', detail)}>Rename…</button>
        <button class="button" @click=${() => emit(this, 'rs-share-file', detail)}>Share link</button>` : nothing}
      ${this.shipped && this.edited ? html`<button class="button" @click=${() => emit(this, 'rs-revert-file', detail)}>Revert to shipped</button>` : nothing}
      ${!this.shipped ? html`<button class="button" @click=${() => emit(this, 'rs-delete-file', detail)}>${this.ownGame ? 'Delete game' : 'Delete variant'}</button>` : nothing}
      <dialog aria-labelledby="share-heading" @close=${this.handleShareClose}>
        <h2 id="share-heading">Share this variant</h2>
        <p>Anyone who opens this link gets a copy of the variant in their own browser. The text travels inside the link; no server keeps it.</p>
        <label for="share-link" class="visually-hidden">Share link</label>
        <input id="share-link" readonly .value=${this.shareLink} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
        <div class="actions">
          <span class="copy-status ${this.copyStatus?.error ? 'error' : ''}" role="status">${this.copyStatus?.text ?? ''}</span>
          <button class="button" data-action="copy-link" @click=${this.handleCopy}>Copy link</button>
          <button class="button primary" @click=${this.handleShareDone}>Done</button>
        </div>
      </dialog>
    `;
  }

  /** Show a share link in a dialog, selected for copying. */
  async showShareLink(url: string): Promise<void> {
    this.shareLink = url;
    this.copyStatus = undefined;
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog')!;
    if (!dialog.open) dialog.showModal();
    this.renderRoot.querySelector<HTMLInputElement>('#share-link')!.focus();
  }

  private saveText(): string {
    if (this.saveState === 'error') return `Not saved: ${this.saveError}. Retrying; Download keeps a copy.`;
    if (this.saveState === 'saving' && this.slowSave) return 'Saving…';
    if (!this.persistent) return 'Changes are kept until you close the tab (browser storage unavailable)';
    return this.journalRefused ? 'All changes saved in this browser; its storage is nearly full' : 'All changes saved in this browser';
  }

  private saveTitle(): string {
    if (!this.persistent || this.saveState === 'error') return 'Your edits are kept in this tab meanwhile; Download saves the file to disk.';
    if (this.journalRefused) return 'Storage is nearly full: a reload in the middle of a save could lose the last edit. Download keeps a copy.';
    return this.persisted ? 'Kept in this browser\'s persistent storage.' : 'The browser may clear its storage when the disk runs low; Download keeps a copy.';
  }

  private async handleCopy(): Promise<void> {
    const input = this.renderRoot.querySelector<HTMLInputElement>('#share-link')!;
    input.select();
    try {
      await navigator.clipboard.writeText(this.shareLink);
      this.copyStatus = { text: 'Copied' };
    } catch (error) {
      // Selected: the user can copy it with the keyboard.
      const why = error instanceof Error && error.message ? ` (${error.message})` : '';
      this.copyStatus = { text: `Not copied${why}: the link is selected, press Ctrl+C (⌘C) to copy it.`, error: true };
    }
  }

  private handleShareDone(): void {
    this.renderRoot.querySelector('dialog')!.close();
  }

  private handleShareClose(): void {
    this.shareLink = '';
    this.copyStatus = undefined;
  }
}

customElements.define('rs-file-toolbar', RsFileToolbar);

declare global {
  interface HTMLElementTagNameMap {
    'rs-file-toolbar': RsFileToolbar;
  }
}
