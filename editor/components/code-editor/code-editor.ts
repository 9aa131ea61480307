import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { Diagnostic, NameUse, Range, SymbolInfo } from '../../validator/protocol.ts';
import { adoptDocumentStyles } from '../light-dom.ts';
import { styles } from './code-editor.styles.ts';
import { MonacoController } from './monaco-controller.ts';
import { TAB_HINTS } from './tab-focus.ts';

/**
 * The Monaco editor for the open file of the current game: YAML with the rules language
 * highlighted in scripts, validator markers, quick fixes, completion, hover and go-to-definition.
 * Renders in light DOM so Monaco's global CSS applies.
 *
 * @fires rs-file-change - the user edited a file (`{ path, text }`)
 * @fires rs-open-file - go-to-definition landed in another file (`{ path, range }`)
 */
export class RsCodeEditor extends LitElement {
  static override properties = {
    files: { attribute: false },
    path: {},
    diagnostics: { attribute: false },
    symbols: { attribute: false },
    references: { attribute: false },
    reveal: { attribute: false },
  };

  /** Every file of the game (Monaco keeps a model per file for cross-file navigation). */
  declare files: Readonly<Record<string, string>>;
  declare path: string;
  declare diagnostics: readonly Diagnostic[];
  declare symbols: readonly SymbolInfo[];
  /** Where the active ruleset's scripts use its names (find-references, Shift+F12). */
  declare references: readonly NameUse[];
  declare reveal: { path: string; range?: Range; focus?: boolean } | undefined;

  private readonly monaco = new MonacoController(this, {
    container: () => this.querySelector<HTMLElement>('.monaco-host'),
    onChange: (path, text) => this.handleChange(path, text),
    onOpen: (path, range) => emit(this, 'rs-open-file', range ? { path, range } : { path }),
  });

  constructor() {
    super();
    this.files = {};
    this.path = '';
    this.diagnostics = [];
    this.symbols = [];
    this.references = [];
    this.reveal = undefined;
    adoptDocumentStyles(styles);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override focus(): void {
    this.monaco.focus();
  }

  protected override render() {
    const status = this.monaco.loadError ? `The editor could not load: ${this.monaco.loadError}` : this.monaco.ready ? '' : 'Loading the editor…';
    return html`<div class="monaco-host" data-ready=${this.monaco.ready ? 'true' : 'false'}></div>
      ${status ? html`<p class="rs-editor-status" role="status">${status}</p>` : nothing}
      <p class="rs-editor-hint" role="status" ?hidden=${!this.monaco.tabHint}>${this.monaco.tabHint ? TAB_HINTS[this.monaco.tabHint] : ''}</p>`;
  }

  protected override updated(): void {
    this.monaco.sync({ files: this.files, path: this.path, diagnostics: this.diagnostics, symbols: this.symbols, references: this.references, reveal: this.reveal });
  }

  private handleChange(path: string, text: string): void {
    emit(this, 'rs-file-change', { path, text });
  }
}

customElements.define('rs-code-editor', RsCodeEditor);

declare global {
  interface HTMLElementTagNameMap {
    'rs-code-editor': RsCodeEditor;
  }
}
