import { LitElement, html, nothing } from 'lit';
import type { RsEvent, ViewId } from '../../events.ts';
import { DiagnosticsController } from '../../validator/diagnostics-controller.ts';
import type { Range } from '../../validator/protocol.ts';
import { entryOf, gameOf } from '../../workspace/catalog.ts';
import { baseName, downloadText } from '../../workspace/download.ts';
import { requestPersistentStorage } from '../../workspace/file-store.ts';
import { openFileStore } from '../../workspace/idb-file-store.ts';
import { SHARE_PREFIX, encodeShare, openShared } from '../../workspace/share-link.ts';
import { loadShippedGame, loadTemplate, shippedEntries, templateChoices, TEMPLATES, type TemplateChoice } from '../../workspace/shipped.ts';
import { syncTabs } from '../../workspace/tab-sync.ts';
import { importVariant, renameVariant } from '../../workspace/variant-actions.ts';
import { Workspace } from '../../workspace/workspace.ts';
import '../base-edit-notice/base-edit-notice.ts';
import '../code-editor/code-editor.ts';
import '../file-toolbar/file-toolbar.ts';
import type { RsFileToolbar } from '../file-toolbar/file-toolbar.ts';
import { adoptDocumentStyles } from '../light-dom.ts';
import '../problems-panel/problems-panel.ts';
import '../ruleset-nav/ruleset-nav.ts';
import type { CellEditor } from '../tables-view/tables-view.ts';
import '../variant-diff/variant-diff.ts';
import { UI_SETTING, baseEditNotice, fileItems, restoreUi, rulesetItems, type UiState } from './app-model.ts';
import { styles } from './app-shell.styles.ts';
import { StableValues } from './stable-values.ts';
import { isRuntimeView, loadRuntimeView, renderRuntimeViews, type RuntimeViewId } from './runtime-views.ts';

/** One empty list, so an empty property keeps its identity between renders. */
const NONE: readonly never[] = Object.freeze([]);

/** What a variant extends (the ruleset its Diff compares with), '' for a base ruleset. */
const parentOf = (lineage: readonly string[] | undefined): string => (lineage && lineage.length > 1 ? lineage[lineage.length - 2]! : '');

/** Views of the active ruleset; Playtest, Scenarios and Simulate load their code when first shown. */
const VIEWS: ReadonlyArray<{ id: ViewId; label: string; variantsOnly?: boolean }> = [
  { id: 'edit', label: 'Edit' },
  { id: 'tables', label: 'Tables & decks' },
  { id: 'diff', label: 'Diff against base', variantsOnly: true },
  { id: 'playtest', label: 'Playtest' },
  { id: 'scenarios', label: 'Scenarios' },
  { id: 'simulate', label: 'Simulate' },
];

/**
 * The editor application: game and ruleset navigation, the code editor, the tables and diff views,
 * and the problems panel. Owns the workspace (autosaved files) and the validator. Renders in light
 * DOM so Monaco, inside it, gets its global CSS.
 */
export class RsApp extends LitElement {
  static override properties = {
    game: { state: true },
    entry: { state: true },
    openPath: { state: true },
    view: { state: true },
    notice: { state: true },
    beside: { state: true },
    baseEdit: { state: true },
  };

  declare private game: string;
  declare private entry: string;
  declare private openPath: string;
  declare private view: ViewId;
  /**
   * What the last action did (created, imported, reverted…): it speaks of the game, the ruleset
   * and the text as they were, so it goes when they change (another game or ruleset shown, an
   * edit). Set it after `show`, which clears it.
   */
  declare private notice: string;
  /** What holds for the whole session (storage refused or unreadable): shown when no action speaks. */
  private standingNotice = '';
  /**
   * A base file typed in while a variant is selected: its notice (every variant changes) shows
   * while the file is open, until dismissed. Each file is noticed once (`baseEditNoticed`).
   */
  declare private baseEdit: string;
  private readonly baseEditNoticed = new Set<string>();
  /** The code editor is open beside a game view (a log entry was chosen). */
  declare private beside: boolean;
  /** The browser agreed not to evict this site's storage (`navigator.storage.persist()`). */
  private persisted = false;
  /**
   * The tables view was shown: it stays mounted (hidden) so a look at the code and back keeps the
   * table picked, the selection and the cell changes Undo can take back.
   */
  private tablesShown = false;
  /** Asks the playtest to start a new game each time it grows ("Playtest this scenario"). */
  private playtestStarts = 0;
  /** What New game may start from (`rulesets/templates/index.yaml`), read once the editor is up. */
  private templates: readonly TemplateChoice[] = [];
  /** Game views shown so far (kept mounted). */
  private readonly mounted = new Set<RuntimeViewId>();
  private workspace: Workspace | undefined;
  private files: Record<string, string> = {};
  private reveal: { path: string; range?: Range; focus?: boolean } | undefined;
  private readonly validator = new DiagnosticsController(this);
  private readonly stable = new StableValues();
  private readonly handleHashChange = () => void this.openSharedLink();
  /** Stops taking other tabs' edits (see tab-sync.ts). */
  private stopTabSync: (() => void) | undefined;

  constructor() {
    super();
    this.game = '';
    this.entry = '';
    this.openPath = '';
    this.view = 'edit';
    this.notice = '';
    this.beside = false;
    this.baseEdit = '';
    adoptDocumentStyles(styles);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.handleHashChange);
    window.addEventListener('beforeunload', this.handleBeforeUnload);
    if (!this.workspace) void this.init();
    else this.startTabSync(this.workspace);
  }

  private startTabSync(ws: Workspace): void {
    this.stopTabSync ??= syncTabs(ws, (path) => {
      if (gameOf(path) !== this.game) return;
      const gone = ws.text(path) === undefined;
      // A variant deleted there and shown here: back to the base, as deleting it here does.
      if (gone && (this.entry === path || this.openPath === path)) {
        const entry = this.entry === path ? entryOf(this.game) : this.entry;
        this.show(this.ui({ entry, openPath: this.openPath === path ? entry : this.openPath, view: this.view === 'diff' && entry === entryOf(this.game) ? 'edit' : this.view }));
      }
      this.notice = `${baseName(path)} was ${gone ? 'deleted' : 'changed'} in another tab of the editor; this tab shows it now.`;
    });
  }

  override disconnectedCallback(): void {
    this.stopTabSync?.();
    this.stopTabSync = undefined;
    window.removeEventListener('hashchange', this.handleHashChange);
    window.removeEventListener('beforeunload', this.handleBeforeUnload);
    super.disconnectedCallback();
  }

  private async init(): Promise<void> {
    const store = await openFileStore();
    const ws = new Workspace(shippedEntries, loadShippedGame, store);
    await ws.restore();
    ws.addEventListener('change', () => this.handleWorkspaceChange());
    ws.addEventListener('save-state', () => this.requestUpdate());
    this.startTabSync(ws);
    const saved = await store.getSetting<Partial<UiState>>(UI_SETTING);
    await ws.openGame(restoreUi(ws, saved).game);
    this.workspace = ws;
    this.show(restoreUi(ws, saved));
    if (!store.persistent) this.standingNotice = 'This browser refuses storage: edits last until the tab is closed.';
    else if (ws.restoreError) this.standingNotice = `Your saved edits could not be read (${ws.restoreError}); download what you change to keep it.`;
    else {
      void requestPersistentStorage().then((granted) => {
        this.persisted = granted;
        this.requestUpdate();
      });
    }
    await this.openSharedLink();
    void templateChoices().then((t) => {
      this.templates = t;
      this.requestUpdate();
    });
  }

  protected override render() {
    const ws = this.workspace;
    if (!ws) return html`<p class="rs-loading" role="status">Loading rulesets…</p>`;
    const isVariant = ws.isVariant(this.entry);
    const v = this.validator;
    // The scenario editor always writes beside the code; other game views on request.
    const beside = this.view === 'scenarios' || (this.beside && isRuntimeView(this.view));
    return html`
      <header class="rs-header">
        <h1>rulesmith <span>editor</span></h1>
        <nav class="rs-views" aria-label="Views">
          ${VIEWS.filter((view) => !view.variantsOnly || isVariant).map(
            (view) => html`<button aria-current=${this.view === view.id ? 'page' : 'false'} data-view=${view.id} @click=${() => this.setView(view.id)}>${view.label}</button>`,
          )}
        </nav>
        <p class="rs-notice" role="status" title=${this.notice || this.standingNotice}>${this.notice || this.standingNotice}</p>
      </header>
      <rs-ruleset-nav
        .games=${this.stable.keep('games', ws.games())}
        game=${this.game}
        .rulesets=${this.stable.keep('rulesets', rulesetItems(ws, this.game))}
        entry=${this.entry}
        .files=${this.stable.keep('files', fileItems(ws, this.game, this.entry, v.active, v.diagnostics))}
        open-path=${this.openPath}
        @rs-select-game=${this.handleSelectGame}
        @rs-select-ruleset=${this.handleSelectRuleset}
        @rs-open-file=${this.handleOpenFile}
        @rs-new-variant=${this.handleNewVariant}
        .templates=${this.templates}
        @rs-new-game=${this.handleNewGame}
        @rs-import-variant=${this.handleImportVariant}
      ></rs-ruleset-nav>
      <main class="rs-main ${beside ? 'beside' : ''}" @rs-open-file=${this.handleOpenFile} @rs-file-change=${this.handleFileChange}
          @rs-select-view=${(e: RsEvent<'rs-select-view'>) => { if (e.detail.start) this.playtestStarts++; this.setView(e.detail.view); }} @rs-select-ruleset=${this.handleSelectRuleset} @rs-new-scenario=${this.handleNewScenario}>
        <section class="rs-edit" aria-label="Edit" ?hidden=${this.view !== 'edit' && !beside}>
          ${beside && this.view !== 'scenarios' ? html`<button class="rs-hide-beside" @click=${() => (this.beside = false)}>Hide the code</button>` : nothing}
          <rs-file-toolbar
            path=${this.openPath}
            .shipped=${ws.isShipped(this.openPath)}
            .edited=${ws.isEdited(this.openPath)}
            .variant=${ws.isVariant(this.openPath)}
            .ownGame=${this.openPath === entryOf(this.game) && ws.isOwnGame(this.game)}
            .saveState=${ws.saveState}
            .saveError=${ws.saveError}
            .persistent=${ws.store.persistent}
            .persisted=${this.persisted}
            .journalRefused=${ws.journalRefused}
            @rs-download-file=${this.handleDownload}
            @rs-share-file=${this.handleShare}
            @rs-rename-file=${this.handleRename}
            @rs-revert-file=${this.handleRevert}
            @rs-delete-file=${this.handleDelete}
          ></rs-file-toolbar>
          ${this.renderBaseEditNotice(ws)}
          <rs-code-editor .files=${this.files} path=${this.openPath} .diagnostics=${v.diagnostics} .symbols=${v.active?.symbols ?? NONE} .references=${v.active?.references ?? NONE} .reveal=${this.reveal}></rs-code-editor>
        </section>
        ${this.view === 'tables' || this.tablesShown
          ? html`<rs-tables-view ?hidden=${this.view !== 'tables'} ?active=${this.view === 'tables'} game=${this.game} entry=${this.entry} .tables=${v.active?.tables ?? NONE} .questions=${v.active?.questions ?? NONE} base=${parentOf(v.active?.lineage)} .diagnostics=${v.diagnostics} ?stale=${v.stale} ?loading=${!v.active && v.checking} .files=${this.files} .editCell=${this.editCell}></rs-tables-view>`
          : nothing}
        ${this.view === 'diff' ? html`<rs-variant-diff .diff=${v.active?.entry === this.entry ? v.active.diff : undefined} .questions=${(v.active?.entry === this.entry && v.active.questions) || NONE} .files=${this.files} ?stale=${v.stale}></rs-variant-diff>` : nothing}
        ${renderRuntimeViews({ view: this.view, mounted: this.mounted, files: this.files, game: this.game, entry: this.entry, variants: ws.variants(this.game), base: entryOf(this.game), playtestStarts: this.playtestStarts })}
      </main>
      <rs-problems-panel .diagnostics=${v.diagnostics} ?checking=${v.checking} error=${v.error} @rs-open-file=${this.handleOpenFile}></rs-problems-panel>
    `;
  }

  private renderBaseEditNotice(ws: Workspace) {
    if (!this.baseEdit || this.baseEdit !== this.openPath) return nothing;
    const notice = baseEditNotice(ws, this.game, this.entry, this.openPath);
    if (!notice) return nothing;
    return html`<rs-base-edit-notice .gameName=${notice.gameName} .file=${notice.file} .variantName=${notice.variantName} .variantPath=${this.entry} ?shipped=${ws.isShipped(this.openPath)}
      @rs-dismiss-notice=${() => (this.baseEdit = '')}></rs-base-edit-notice>`;
  }

  /** Move to a game, ruleset, file and view; validate what changed and remember the place. */
  private show(ui: UiState, immediate = true): void {
    const gameChanged = ui.game !== this.game;
    const entryChanged = ui.entry !== this.entry;
    if (gameChanged || entryChanged) {
      this.notice = '';
      this.baseEdit = '';
    }
    Object.assign(this, { game: ui.game, entry: ui.entry, openPath: ui.openPath, view: ui.view });
    if (isRuntimeView(ui.view) && !this.mounted.has(ui.view)) void this.mount(ui.view);
    if (ui.view === 'tables' && !this.tablesShown) {
      this.tablesShown = true;
      // Its code loads when first shown (the first load stays within its budget); the element upgrades then.
      void import('../tables-view/tables-view.ts').catch((error: unknown) => {
        this.notice = `The tables view could not load: ${error instanceof Error ? error.message : String(error)}`;
      });
    }
    if (gameChanged) this.files = this.workspace!.gameFiles(ui.game);
    if (gameChanged || entryChanged) this.validate(immediate);
    this.classList.toggle('rs-game-view', isRuntimeView(ui.view));
    this.requestUpdate();
    void this.workspace!.store.setSetting(UI_SETTING, ui);
  }

  private ui(changes: Partial<UiState> = {}): UiState {
    return { game: this.game, entry: this.entry, openPath: this.openPath, view: this.view, ...changes };
  }

  private validate(immediate = false): void {
    const ws = this.workspace!;
    const entries = [entryOf(this.game), ...ws.variants(this.game)];
    this.validator.request(this.game, { files: this.files, entries, active: this.entry }, immediate);
  }

  private setView(view: ViewId): void {
    this.show(this.ui({ view }), false);
  }

  private async mount(view: RuntimeViewId): Promise<void> {
    try {
      await loadRuntimeView(view);
    } catch (error) {
      this.notice = `The ${view} view could not load: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    this.mounted.add(view);
    this.requestUpdate();
  }

  private handleNewScenario(e: RsEvent<'rs-new-scenario'>): void {
    e.stopPropagation();
    const path = this.workspace!.createVariant(this.game, e.detail.name);
    this.openVariant(path, `Created the scenario ${baseName(path)}: drag pieces onto the board to set where they start.`, this.game, 'scenarios');
  }

  private handleWorkspaceChange(): void {
    this.files = this.workspace!.gameFiles(this.game);
    this.validate();
    this.requestUpdate();
  }

  private async handleSelectGame(e: RsEvent<'rs-select-game'>): Promise<void> {
    const { game } = e.detail;
    await this.workspace!.openGame(game);
    const entry = entryOf(game);
    this.show({ game, entry, openPath: entry, view: this.view === 'diff' ? 'edit' : this.view });
  }

  private handleSelectRuleset(e: RsEvent<'rs-select-ruleset'>): void {
    e.stopPropagation();
    const entry = e.detail.entry;
    this.show(this.ui({ entry, openPath: entry, view: this.view === 'diff' && !this.workspace!.isVariant(entry) ? 'edit' : this.view }));
  }

  private handleOpenFile(e: RsEvent<'rs-open-file'>): void {
    e.stopPropagation();
    const { path, range, note, beside, focus } = e.detail;
    if (this.workspace!.text(path) === undefined) return;
    this.reveal = { path, ...(range ? { range } : {}), ...(focus === false ? { focus } : {}) };
    const keep = beside === true && isRuntimeView(this.view);
    this.beside = keep;
    this.show(this.ui({ openPath: path, view: keep ? this.view : 'edit' }), false);
    if (note) this.notice = note;
  }

  /**
   * The tables view's cell edits, worked out by the validator over the files as they are now. The
   * answer is a whole file: written over one that changed meanwhile it would undo that change.
   */
  private readonly editCell: CellEditor = async (path, text, label, renameKey) => {
    const files = this.files;
    const result = await this.validator.editCell({ files, active: this.entry, path, text, label, ...(renameKey ? { renameKey } : {}) });
    if (!('path' in result)) return result;
    if (this.files[result.path] !== files[result.path]) return { error: 'the file changed meanwhile; change the cell again.' };
    return { ...result, before: files[result.path]! };
  };

  private handleFileChange(e: RsEvent<'rs-file-change'>): void {
    // An edit: what the last action's notice said of the text ("changes nothing yet") may no longer hold.
    if (this.notice) this.notice = '';
    const { path } = e.detail;
    // The first edit of a base file while a variant is selected: say it changes every variant.
    if (!this.baseEditNoticed.has(path) && baseEditNotice(this.workspace!, this.game, this.entry, path)) {
      this.baseEditNoticed.add(path);
      this.baseEdit = path;
    }
    this.workspace!.update(path, e.detail.text);
  }

  private handleNewVariant(e: RsEvent<'rs-new-variant'>): void {
    const path = this.workspace!.createVariant(this.game, e.detail.name);
    this.openVariant(path, `Created ${baseName(path)}: it extends the base ruleset and changes nothing yet.`);
  }

  private async handleNewGame(e: RsEvent<'rs-new-game'>): Promise<void> {
    let template: Map<string, string>;
    try {
      template = await loadTemplate(e.detail.template);
      if (!template.has('ruleset.yaml')) throw new Error(`no template ${e.detail.template}`);
    } catch (error) {
      this.notice = `The new game's template could not load: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    const ws = this.workspace!;
    const game = ws.createGame(e.detail.name, template, [TEMPLATES]);
    await ws.openGame(game);
    const entry = entryOf(game);
    this.reveal = { path: entry };
    this.show({ game, entry, openPath: entry, view: 'edit' });
    this.notice = `Created the game ${e.detail.name} (rulesets/${game}/): it validates and plays as it is; change it a piece at a time.`;
  }

  private handleImportVariant(e: RsEvent<'rs-import-variant'>): void {
    const { path, notice } = importVariant(this.workspace!, this.game, e.detail.name, e.detail.text, (question) => confirm(question));
    this.openVariant(path, notice);
  }

  private openVariant(path: string, notice: string, game = this.game, view: ViewId = 'edit'): void {
    this.reveal = { path };
    this.show({ game, entry: path, openPath: path, view });
    this.notice = notice;
  }

  /** Leaving with edits the storage refused would lose them: the browser asks first. */
  private readonly handleBeforeUnload = (e: BeforeUnloadEvent): void => {
    const ws = this.workspace;
    if (ws && ws.saveState === 'error' && ws.unsaved > 0) e.preventDefault();
  };

  private handleDownload(e: RsEvent<'rs-download-file'>): void {
    downloadText(baseName(e.detail.path), this.workspace!.text(e.detail.path) ?? '');
  }

  private async handleShare(e: RsEvent<'rs-share-file'>): Promise<void> {
    const { path } = e.detail;
    const hash = await encodeShare({ game: this.game, file: baseName(path), text: this.workspace!.text(path) ?? '' });
    const url = `${location.href.split('#')[0]}${hash}`;
    await (e.target as RsFileToolbar).showShareLink(url);
  }

  /** Rename: a new `name:` for the variant, asked for with its name as the list shows it. */
  private handleRename(e: RsEvent<'rs-rename-file'>): void {
    const { path } = e.detail;
    const label = rulesetItems(this.workspace!, this.game).find((r) => r.entry === path)?.label ?? '';
    const typed = prompt(`New name of the variant ${label} (${baseName(path)}):`, label);
    if (typed === null) return;
    const done = renameVariant(this.workspace!, this.game, path, typed);
    this.notice = 'error' in done ? `Not renamed: ${done.error}` : done.notice;
  }

  private handleRevert(e: RsEvent<'rs-revert-file'>): void {
    if (!confirm(`Revert ${baseName(e.detail.path)} to the shipped text? Your edits to it are lost.`)) return;
    this.workspace!.revert(e.detail.path);
    this.notice = `Reverted ${baseName(e.detail.path)} to the shipped text.`;
  }

  private handleDelete(e: RsEvent<'rs-delete-file'>): void {
    const { path } = e.detail;
    const ws = this.workspace!;
    if (path === entryOf(this.game) && ws.isOwnGame(this.game)) {
      const name = ws.games().find((g) => g.id === this.game)?.name ?? this.game;
      const files = Object.keys(ws.gameFiles(this.game)).length;
      if (!confirm(`Delete the game ${name} and its ${files} file${files === 1 ? '' : 's'}? Download them first to keep a copy.`)) return;
      ws.removeGame(this.game);
      const next = ws.games()[0]!.id;
      const notice = `Deleted the game ${name}.`;
      this.notice = notice;
      void ws.openGame(next).then(() => {
        this.show({ game: next, entry: entryOf(next), openPath: entryOf(next), view: 'edit' });
        this.notice = notice;
      });
      return;
    }
    if (!confirm(`Delete the variant ${baseName(path)}? Download it first to keep a copy.`)) return;
    this.workspace!.remove(path);
    const entry = this.entry === path ? entryOf(this.game) : this.entry;
    this.show(this.ui({ entry, openPath: this.openPath === path ? entry : this.openPath, view: this.view === 'diff' ? 'edit' : this.view }));
    this.notice = `Deleted ${baseName(path)}.`;
  }

  /** Open the variant a `#share=` link carries (data only: it is added like an imported file). */
  private async openSharedLink(): Promise<void> {
    if (!this.workspace || !location.hash.startsWith(SHARE_PREFIX)) return;
    const opened = await openShared(this.workspace, location.hash);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    if ('error' in opened) this.notice = `Could not open the shared link: ${opened.error}`;
    else this.openVariant(opened.path, `Opened the shared variant ${baseName(opened.path)}.`, opened.game);
  }
}

customElements.define('rs-app', RsApp);

declare global {
  interface HTMLElementTagNameMap {
    'rs-app': RsApp;
  }
}
