/**
 * The lifecycle of a Monaco editor inside a host element: loads Monaco lazily after first paint
 * once the host connects; keeps one model per file of the current game, markers from the validator
 * and rulesmith's language providers; disposes the editor, models and providers on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type * as Setup from '../../language/monaco-setup.ts';
import type * as Providers from '../../language/providers.ts';
import type { Diagnostic, NameUse, Range, SymbolInfo } from '../../validator/protocol.ts';
import { tabFocusKeys, type TabHint } from './tab-focus.ts';

type Monaco = typeof Setup.monaco;
type Model = ReturnType<Monaco['editor']['createModel']>;

export interface EditorState {
  files: Readonly<Record<string, string>>;
  path: string;
  diagnostics: readonly Diagnostic[];
  symbols: readonly SymbolInfo[];
  references: readonly NameUse[];
  /** Select and show a range; a new object each time it should happen. */
  reveal?: { path: string; range?: Range; focus?: boolean } | undefined;
}

export interface MonacoCallbacks {
  container(): HTMLElement | null;
  onChange(path: string, text: string): void;
  /** Go-to-definition into another file. */
  onOpen(path: string, range?: Range): void;
}

/** Resolves after the browser has painted at least once. */
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export class MonacoController implements ReactiveController {
  ready = false;
  loadError = '';
  /** What Tab does, said while the editor has the focus from the keyboard (`tab-focus.ts`). */
  tabHint: TabHint | undefined;
  private setup?: typeof Setup;
  private providers?: typeof Providers;
  private editor?: ReturnType<Monaco['editor']['create']>;
  private readonly models = new Map<string, Model>();
  private disposables: Array<{ dispose(): void }> = [];
  private state: EditorState = { files: {}, path: '', diagnostics: [], symbols: [], references: [] };
  private applied: Partial<EditorState> = {};
  /** Set while the controller itself changes a model, so that change is not echoed back. */
  private applying = false;
  private connected = false;
  /** Files the user changed whose text is not yet reported (see `queueChange`). */
  private readonly unreported = new Set<string>();
  private reportTimers: { frame?: number; deadline?: ReturnType<typeof setTimeout> } = {};
  private readonly handleHidden = () => {
    if (document.visibilityState === 'hidden') this.reportChanges();
  };
  /** On reload or close the page may still count as visible: report regardless. */
  private readonly handlePageHide = () => void this.reportChanges();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly callbacks: MonacoCallbacks,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    document.addEventListener('visibilitychange', this.handleHidden);
    window.addEventListener('pagehide', this.handlePageHide);
    void this.load();
  }

  hostDisconnected(): void {
    this.reportChanges();
    document.removeEventListener('visibilitychange', this.handleHidden);
    window.removeEventListener('pagehide', this.handlePageHide);
    this.connected = false;
    for (const d of this.disposables) d.dispose();
    this.disposables = [];
    this.editor?.dispose();
    this.editor = undefined;
    for (const model of this.models.values()) model.dispose();
    this.models.clear();
    this.applied = {};
    this.ready = false;
  }

  /** The host passes its current properties on every update. */
  sync(state: EditorState): void {
    this.state = state;
    if (this.ready) this.apply();
  }

  focus(): void {
    this.editor?.focus();
  }

  private async load(): Promise<void> {
    await afterFirstPaint();
    try {
      const [setup, providers] = await Promise.all([import('../../language/monaco-setup.ts'), import('../../language/providers.ts')]);
      this.setup = setup;
      this.providers = providers;
    } catch (error) {
      this.loadError = error instanceof Error ? error.message : String(error);
      this.host.requestUpdate();
      return;
    }
    const container = this.callbacks.container();
    if (!this.connected || !container || this.editor) return;
    const { monaco, LANGUAGE_ID, THEME, configureYaml } = this.setup;
    this.editor = monaco.editor.create(container, {
      automaticLayout: true,
      theme: THEME,
      language: LANGUAGE_ID,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      insertSpaces: true,
      renderWhitespace: 'boundary',
      experimentalWhitespaceRendering: 'off',
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      // Enter takes a suggestion only when it changes the text: \`end\` typed whole and Enter starts a
      // new line, not \`end\` accepted again (a walk wrote \`endeliminate(…)\` on the next line).
      acceptSuggestionOnEnter: 'smart',
      ariaLabel: 'Ruleset file editor. Press Ctrl+M, or Escape then Tab, to move focus out of the editor.',
    });
    const editor = this.editor;
    this.disposables.push(
      ...tabFocusKeys(monaco, this.setup.TabFocus, editor, (hint) => {
        this.tabHint = hint;
        this.host.requestUpdate();
      }),
      configureYaml(),
      ...this.providers.registerProviders({
        symbols: () => this.state.symbols,
        references: () => this.state.references,
        diagnostics: (path) => this.state.diagnostics.filter((d) => d.file === path),
        pathOf: (uri) => uri.path.replace(/^\//, ''),
        uriOf: (path) => monaco.Uri.file(path),
      }),
      monaco.editor.registerEditorOpener({
        openCodeEditor: (_source, resource, selection) => {
          const range = selection && 'endLineNumber' in selection
            ? { start: { line: selection.startLineNumber, column: selection.startColumn }, end: { line: selection.endLineNumber, column: selection.endColumn } }
            : selection ? { start: { line: selection.lineNumber, column: selection.column }, end: { line: selection.lineNumber, column: selection.column } } : undefined;
          this.callbacks.onOpen(resource.path.replace(/^\//, ''), range);
          return true;
        },
      }),
    );
    this.ready = true;
    this.apply();
    this.host.requestUpdate();
  }

  /**
   * A keystroke's own task and the frame that shows it are all the main-thread time typing may
   * cost, so the rest of an edit (reading the model's text, autosave, the shell's update, the
   * validator's request) is reported after that frame has painted: a rAF callback runs just before
   * the paint, a timeout queued from it runs after. Keys typed within one frame are reported once.
   * The deadline covers tabs that get no frames; leaving the page, or new text arriving from the
   * host (`apply`), reports first, so nothing typed is lost or overwritten.
   */
  private queueChange(path: string): void {
    this.unreported.add(path);
    if (this.reportTimers.deadline !== undefined) return;
    // An attribute, not a render: automation (and CSS, if ever wanted) can see typing in flight.
    this.host.toggleAttribute('data-unreported', true);
    this.reportTimers = {
      frame: requestAnimationFrame(() => setTimeout(() => this.reportChanges(), 0)),
      deadline: setTimeout(() => this.reportChanges(), 100),
    };
  }

  /** Report the texts not yet reported; returns them by path. */
  private reportChanges(): Record<string, string> {
    if (this.reportTimers.frame !== undefined) cancelAnimationFrame(this.reportTimers.frame);
    clearTimeout(this.reportTimers.deadline);
    this.reportTimers = {};
    this.host.toggleAttribute('data-unreported', false);
    const reported: Record<string, string> = {};
    const paths = [...this.unreported];
    this.unreported.clear();
    for (const path of paths) {
      const model = this.models.get(path);
      if (!model || model.isDisposed()) continue;
      reported[path] = model.getValue();
      this.callbacks.onChange(path, reported[path]);
    }
    return reported;
  }

  private apply(): void {
    const { monaco } = this.setup!;
    // What the user typed wins over the host's older copy of the same file.
    const typed = this.unreported.size > 0 ? this.reportChanges() : undefined;
    const state = typed ? { ...this.state, files: { ...this.state.files, ...typed } } : this.state;
    const created = this.applied.files !== state.files ? this.syncModels(monaco, this.applied.files ?? {}, state.files) : false;
    const model = this.models.get(state.path);
    if (model && this.editor && this.editor.getModel() !== model) this.editor.setModel(model);
    // Markers change with diagnostics (and new models), not with every keystroke's new text.
    if (this.applied.diagnostics !== state.diagnostics || created) {
      for (const [path, m] of this.models) {
        monaco.editor.setModelMarkers(m, this.providers!.MARKER_OWNER, state.diagnostics.filter((d) => d.file === path).map(this.providers!.toMarker));
      }
    }
    if (state.reveal && state.reveal !== this.applied.reveal && state.reveal.path === state.path && this.editor) {
      if (state.reveal.range) {
        const range = this.providers!.toRange(state.reveal.range);
        this.editor.setSelection(range);
        this.editor.revealRangeInCenterIfOutsideViewport(range);
      }
      if (state.reveal.focus !== false) this.editor.focus();
    }
    this.applied = { ...state };
  }

  /**
   * One model per file: create new ones, update changed text (keeping undo), drop removed ones.
   * Only files whose text changed since the last sync are compared with their model: reading every
   * model's text on each keystroke was a main-thread cost. Returns whether a model was created.
   */
  private syncModels(monaco: Monaco, previous: Readonly<Record<string, string>>, files: Readonly<Record<string, string>>): boolean {
    let created = false;
    for (const [path, model] of this.models) {
      if (path in files) continue;
      this.unreported.delete(path);
      model.dispose();
      this.models.delete(path);
    }
    for (const [path, text] of Object.entries(files)) {
      const model = this.models.get(path);
      if (!model) {
        const fresh = monaco.editor.createModel(text, this.setup!.LANGUAGE_ID, monaco.Uri.file(path));
        fresh.onDidChangeContent(() => {
          if (!this.applying) this.queueChange(path);
        });
        this.models.set(path, fresh);
        created = true;
      } else if (previous[path] !== text && model.getValue() !== text) {
        this.applying = true;
        try {
          model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
        } finally {
          this.applying = false;
        }
      }
    }
    return created;
  }
}
