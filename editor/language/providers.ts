/**
 * rulesmith's language features in Monaco, on top of monaco-yaml's schema completion and hover:
 * names in scripts (ruleset ids and built-ins), hover docs for them, go-to-definition of an id,
 * find-references (where scripts use an id), and quick fixes from `Diagnostic.fix`. Markers are the validator's diagnostics. What to offer, show
 * and jump to is the language service's answer (interpreter/language), the same `rulesmith lsp` gives;
 * this file only converts to Monaco's types.
 */
import { COMPLETION_TRIGGERS, completionsAt, definitionAt, hoverAt, referencesAt, type LanguageContext, type WordSpan } from '../../interpreter/language/index.ts';
import type { Diagnostic, NameUse, SymbolInfo, SymbolKind } from '../validator/protocol.ts';
import { LANGUAGE_ID, SCRIPT_KEYS, SCRIPT_MAPS, monaco } from './monaco-setup.ts';

export const MARKER_OWNER = 'rulesmith';
const MARKER_SOURCE = 'rulesmith';

/** What the providers read; the Monaco controller supplies the current values. */
export interface LanguageData {
  symbols(): readonly SymbolInfo[];
  references(): readonly NameUse[];
  diagnostics(path: string): readonly Diagnostic[];
  pathOf(uri: monaco.Uri): string;
  uriOf(path: string): monaco.Uri;
}

const KIND = monaco.languages.CompletionItemKind;
const COMPLETION_KIND: Record<SymbolKind, monaco.languages.CompletionItemKind> = {
  table: KIND.Struct,
  track: KIND.Variable,
  deck: KIND.Module,
  procedure: KIND.Method,
  zone: KIND.Folder,
  piece: KIND.Class,
  option: KIND.Property,
  die: KIND.Unit,
  variable: KIND.Variable,
  side: KIND.EnumMember,
  action: KIND.Event,
  area: KIND.Reference,
  function: KIND.Function,
  builtin: KIND.Constant,
  keyword: KIND.Keyword,
  member: KIND.Field,
};

export function registerProviders(data: LanguageData): monaco.IDisposable[] {
  const context = (): LanguageContext => ({ symbols: data.symbols(), scriptKeys: SCRIPT_KEYS, scriptMaps: SCRIPT_MAPS, references: data.references() });
  const span = (w: WordSpan) => new monaco.Range(w.line, w.startColumn, w.line, w.endColumn);

  return [
    monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
      triggerCharacters: [...COMPLETION_TRIGGERS],
      provideCompletionItems(model, position, asked) {
        const { replace, items, afterSection, afterMember } = completionsAt(model.getLinesContent(), position.lineNumber, position.column, context());
        // A `.` typed after a section name offers its ids; after a value in a script (`unit.`), its members.
        if (asked.triggerKind === monaco.languages.CompletionTriggerKind.TriggerCharacter && !afterSection && !afterMember) return { suggestions: [] };
        const range = span(replace);
        const suggestions = items.map((s) => ({
          label: { label: s.name, description: s.kind },
          kind: COMPLETION_KIND[s.kind],
          insertText: s.name,
          range,
          ...(s.detail ? { detail: s.detail } : {}),
          ...(s.documentation ? { documentation: s.documentation } : {}),
          sortText: s.sortText,
        }));
        return { suggestions };
      },
    }),
    monaco.languages.registerHoverProvider(LANGUAGE_ID, {
      provideHover(model, position) {
        const hover = hoverAt(model.getLinesContent(), position.lineNumber, position.column, context());
        return hover ? { range: span(hover.word), contents: hover.contents.map((value) => ({ value })) } : null;
      },
    }),
    monaco.languages.registerDefinitionProvider(LANGUAGE_ID, {
      provideDefinition(model, position) {
        const location = definitionAt(model.getLinesContent(), position.lineNumber, position.column, context());
        return location ? { uri: data.uriOf(location.file), range: toRange(location.range) } : null;
      },
    }),
    monaco.languages.registerReferenceProvider(LANGUAGE_ID, {
      provideReferences(model, position, asked) {
        const found = referencesAt(model.getLinesContent(), position.lineNumber, position.column, context(), asked.includeDeclaration);
        return found?.map((l) => ({ uri: data.uriOf(l.file), range: toRange(l.range) })) ?? null;
      },
    }),
    monaco.languages.registerCodeActionProvider(
      LANGUAGE_ID,
      {
        provideCodeActions(model, _range, context) {
          const path = data.pathOf(model.uri);
          const actions: monaco.languages.CodeAction[] = [];
          for (const marker of context.markers) {
            if (marker.source !== MARKER_SOURCE) continue;
            const d = data.diagnostics(path).find((x) => x.fix && x.code === markerCode(marker) && sameStart(x, marker));
            if (!d?.fix) continue;
            actions.push({
              title: `Replace with “${d.fix.text}”`,
              kind: 'quickfix',
              diagnostics: [marker],
              isPreferred: true,
              edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: toRange(d.fix.range), text: d.fix.text } }] },
            });
          }
          return { actions, dispose: () => undefined };
        },
      },
      { providedCodeActionKinds: ['quickfix'] },
    ),
  ];
}

export function toRange(range: Diagnostic['range']): monaco.Range {
  return new monaco.Range(range.start.line, range.start.column, range.end.line, range.end.column);
}

export function toMarker(d: Diagnostic): monaco.editor.IMarkerData {
  const severity = d.severity === 'error' ? monaco.MarkerSeverity.Error : d.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info;
  // A zero-width range would be invisible: widen it to one character.
  const end = d.range.end.line === d.range.start.line && d.range.end.column <= d.range.start.column ? { line: d.range.start.line, column: d.range.start.column + 1 } : d.range.end;
  return {
    severity,
    message: d.hint ? `${d.message}\n${d.hint}` : d.message,
    code: d.code,
    source: MARKER_SOURCE,
    startLineNumber: d.range.start.line,
    startColumn: d.range.start.column,
    endLineNumber: end.line,
    endColumn: end.column,
  };
}

function markerCode(marker: monaco.editor.IMarkerData): string | undefined {
  return typeof marker.code === 'string' ? marker.code : marker.code?.value;
}

function sameStart(d: Diagnostic, marker: monaco.editor.IMarkerData): boolean {
  return d.range.start.line === marker.startLineNumber && d.range.start.column === marker.startColumn;
}
