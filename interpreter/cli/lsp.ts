/**
 * `rulesmith lsp`: a Language Server over stdio. Diagnostics are `validate`'s (YAML, schema and
 * scripts inside the YAML) for the open files and every file their rulesets include; completion,
 * hover, go-to-definition and find-references are the language service the editor's Monaco providers call
 * (interpreter/language). LSP positions are 0-based, ours 1-based: converted here and nowhere else.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, CompletionItemKind, CompletionTriggerKind, DiagnosticSeverity, TextDocumentSyncKind, TextDocuments, createConnection, type Connection, type Diagnostic as LspDiagnostic, type Range as LspRange } from 'vscode-languageserver/node';
import type { Diagnostic, Range } from '../diagnostics.ts';
import { COMPLETION_TRIGGERS, completionsAt, definitionAt, hoverAt, linesOf, referencesAt, scriptKeys, scriptMapKeys, type LanguageContext, type SymbolKind } from '../language/index.ts';
import { rulesetSchema } from '../../grammar/index.ts';
import type { Io } from './io.ts';
import { LspWorkspace } from './lsp-workspace.ts';

export const LSP_USAGE = `Usage: rulesmith lsp [--stdio]

Starts a Language Server on stdin/stdout for editors (VS Code, Neovim…): the diagnostics of
'rulesmith validate' for open ruleset files and the files they include, completion of names,
hover, go-to-definition and find-references in scripts. See the README for editor setup.`;

const SCRIPT_KEYS: ReadonlySet<string> = new Set(scriptKeys(rulesetSchema));
const SCRIPT_MAPS: ReadonlySet<string> = new Set(scriptMapKeys(rulesetSchema));
// Re-checking on every keystroke would queue loads; wait for a pause in typing.
const DEBOUNCE_MS = 150;

const KIND: Record<SymbolKind, CompletionItemKind> = {
  table: CompletionItemKind.Struct,
  track: CompletionItemKind.Variable,
  deck: CompletionItemKind.Module,
  procedure: CompletionItemKind.Method,
  zone: CompletionItemKind.Folder,
  piece: CompletionItemKind.Class,
  option: CompletionItemKind.Property,
  die: CompletionItemKind.Unit,
  variable: CompletionItemKind.Variable,
  side: CompletionItemKind.EnumMember,
  action: CompletionItemKind.Event,
  area: CompletionItemKind.Reference,
  function: CompletionItemKind.Function,
  builtin: CompletionItemKind.Constant,
  keyword: CompletionItemKind.Keyword,
  member: CompletionItemKind.Field,
};

export function runLsp(argv: string[], io: Io): number | Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${LSP_USAGE}\n`);
    return 0;
  }
  const unknown = argv.find((a) => a !== '--stdio');
  if (unknown) {
    io.err(`rulesmith lsp: unknown option '${unknown}'\n\n${LSP_USAGE}\n`);
    return 2;
  }
  const connection = createConnection(process.stdin, process.stdout);
  serve(connection, new LspWorkspace());
  connection.listen();
  // The connection ends the process on the client's `exit` notification.
  return new Promise<number>(() => undefined);
}

export function serve(connection: Connection, workspace: LspWorkspace): void {
  let published = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const publish = (): void => {
    timer = undefined;
    const byFile = workspace.diagnosticsByFile();
    const now = new Set(byFile.keys());
    // A file no open ruleset reads any more: clear what the client shows for it.
    for (const file of published) if (!now.has(file)) byFile.set(file, []);
    for (const [file, diags] of byFile) void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: diags.map(toLsp) });
    published = now;
  };
  const schedule = (delay: number): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(publish, delay);
  };
  const context = (path: string): LanguageContext => ({ symbols: workspace.symbolsFor(path), scriptKeys: SCRIPT_KEYS, scriptMaps: SCRIPT_MAPS, references: workspace.referencesFor(path) });
  const lines = (path: string): string[] => linesOf(workspace.text(path) ?? '');

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
      completionProvider: { resolveProvider: false, triggerCharacters: [...COMPLETION_TRIGGERS] },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    },
    serverInfo: { name: 'rulesmith' },
  }));
  // The library applies incremental edits; the workspace keeps each open file's whole text.
  const documents = new TextDocuments(TextDocument);
  documents.onDidOpen(({ document }) => {
    workspace.setText(pathOf(document.uri), document.getText());
    schedule(0);
  });
  documents.onDidChangeContent(({ document }) => {
    workspace.setText(pathOf(document.uri), document.getText());
    schedule(DEBOUNCE_MS);
  });
  documents.onDidClose(({ document }) => {
    workspace.close(pathOf(document.uri));
    schedule(0);
  });
  documents.listen(connection);
  connection.onCompletion(({ textDocument, position, context: asked }) => {
    const path = pathOf(textDocument.uri);
    const { replace, items, afterSection, afterMember } = completionsAt(lines(path), position.line + 1, position.character + 1, context(path));
    // A `.` typed after a section name offers its ids; after a value in a script (`unit.`), its members.
    if (asked?.triggerKind === CompletionTriggerKind.TriggerCharacter && !afterSection && !afterMember) return [];
    const range = toLspRange({ start: { line: replace.line, column: replace.startColumn }, end: { line: replace.line, column: replace.endColumn } });
    return items.map((c) => ({
      label: c.name,
      kind: KIND[c.kind],
      labelDetails: { description: c.kind },
      sortText: c.sortText,
      textEdit: { range, newText: c.name },
      ...(c.detail ? { detail: c.detail } : {}),
      ...(c.documentation ? { documentation: c.documentation } : {}),
    }));
  });
  connection.onHover(({ textDocument, position }) => {
    const path = pathOf(textDocument.uri);
    const hover = hoverAt(lines(path), position.line + 1, position.character + 1, context(path));
    if (!hover) return null;
    const w = hover.word;
    return { contents: { kind: 'markdown', value: hover.contents.join('\n\n') }, range: toLspRange({ start: { line: w.line, column: w.startColumn }, end: { line: w.line, column: w.endColumn } }) };
  });
  connection.onDefinition(({ textDocument, position }) => {
    const path = pathOf(textDocument.uri);
    const location = definitionAt(lines(path), position.line + 1, position.character + 1, context(path));
    return location ? { uri: uriOf(location.file), range: toLspRange(location.range) } : null;
  });
  connection.onReferences(({ textDocument, position, context: asked }) => {
    const path = pathOf(textDocument.uri);
    const found = referencesAt(lines(path), position.line + 1, position.character + 1, context(path), asked.includeDeclaration);
    return found ? found.map((l) => ({ uri: uriOf(l.file), range: toLspRange(l.range) })) : null;
  });
  connection.onCodeAction(({ textDocument, context: actionContext }) =>
    actionContext.diagnostics.flatMap((d) => {
      const fix = (d.data as { fix?: Diagnostic['fix'] } | undefined)?.fix;
      if (!fix) return [];
      return [{ title: `Replace with “${fix.text}”`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: { changes: { [textDocument.uri]: [{ range: toLspRange(fix.range), newText: fix.text }] } } }];
    }),
  );
}

export function toLsp(d: Diagnostic): LspDiagnostic {
  return {
    range: toLspRange(d.range),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: d.code,
    source: 'rulesmith',
    message: d.hint ? `${d.message}\n${d.hint}` : d.message,
    ...(d.fix ? { data: { fix: d.fix } } : {}),
  };
}

function toLspRange(r: Range): LspRange {
  return { start: { line: r.start.line - 1, character: r.start.column - 1 }, end: { line: r.end.line - 1, character: r.end.column - 1 } };
}

function pathOf(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}

function uriOf(path: string): string {
  return pathToFileURL(path).href;
}
