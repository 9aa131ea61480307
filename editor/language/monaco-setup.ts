/**
 * Monaco, as much as the editor needs and no more: the editor API with the contributions a YAML
 * editor uses, no TypeScript/CSS/HTML/JSON languages or workers. Imported lazily (after first
 * paint) by the Monaco controller; registering the language and theme here happens once.
 */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/features/bracketMatching/register.js';
import 'monaco-editor/features/clipboard/register.js';
import 'monaco-editor/features/codeAction/register.js';
import 'monaco-editor/features/codicon/register.js';
import 'monaco-editor/features/comment/register.js';
import 'monaco-editor/features/contextmenu/register.js';
import 'monaco-editor/features/cursorUndo/register.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/features/folding/register.js';
import 'monaco-editor/features/format/register.js';
import 'monaco-editor/features/gotoError/register.js';
import 'monaco-editor/features/gotoLine/register.js';
import 'monaco-editor/features/gotoSymbol/register.js';
import 'monaco-editor/features/hover/register.js';
import 'monaco-editor/features/indentation/register.js';
import 'monaco-editor/features/linesOperations/register.js';
import 'monaco-editor/features/multicursor/register.js';
import 'monaco-editor/features/quickCommand/register.js';
import 'monaco-editor/features/quickOutline/register.js';
import 'monaco-editor/features/referenceSearch/register.js';
import 'monaco-editor/features/smartSelect/register.js';
import 'monaco-editor/features/snippet/register.js';
import 'monaco-editor/features/suggest/register.js';
import 'monaco-editor/features/toggleTabFocusMode/register.js';
import 'monaco-editor/features/wordHighlighter/register.js';
import 'monaco-editor/features/wordOperations/register.js';
// Contributions the feature registrations above leave to editor.main.js: core cursor commands,
// Go to Definition (F12), the suggest widget and the problem status.
import 'monaco-editor/editor/browser/coreCommands.js';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands.js';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus.js';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon-modifiers.css';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
export { TabFocus } from 'monaco-editor/editor/browser/config/tabFocus.js';
import { conf, language as yamlLanguage } from 'monaco-editor/languages/definitions/yaml/yaml.js';
import { configureMonacoYaml } from 'monaco-yaml';
import { monarchLanguage, rulesetSchema, type MonarchLanguage } from '../../grammar/index.ts';
import { cursorContext, scriptKeys, scriptMapKeys } from '../../interpreter/language/index.ts';
import { rulesmithYaml } from './rulesmith-monarch.ts';
import YamlWorker from './yaml.worker.ts?worker';

export { monaco };
export const LANGUAGE_ID = 'yaml';
export const THEME = 'rulesmith';
const SCHEMA_URI = 'file:///grammar/ruleset.schema.json';
/** Keys whose values are rules-language text, from the ruleset schema. */
export const SCRIPT_KEYS: ReadonlySet<string> = new Set(scriptKeys(rulesetSchema));
/** Keys of maps whose inline values are scripts (an action's `params`), from the schema too. */
export const SCRIPT_MAPS: ReadonlySet<string> = new Set(scriptMapKeys(rulesetSchema));

// Monaco's own worker (word completion, links, diff); monaco-yaml starts its own (below).
globalThis.MonacoEnvironment = { getWorker: () => new EditorWorker() };

monaco.languages.register({ id: LANGUAGE_ID, extensions: ['.yaml', '.yml'], aliases: ['YAML', 'yaml'] });
monaco.languages.setLanguageConfiguration(LANGUAGE_ID, conf);
monaco.languages.setMonarchTokensProvider(
  LANGUAGE_ID,
  rulesmithYaml(yamlLanguage as unknown as MonarchLanguage, monarchLanguage, [...SCRIPT_KEYS], [...SCRIPT_MAPS]) as unknown as monaco.languages.IMonarchLanguage,
);

monaco.editor.defineTheme(THEME, {
  base: 'vs',
  inherit: true,
  // Every token carries the `.yaml` postfix; the base theme styles some `*.yaml` tokens itself.
  rules: [
    // YAML
    ['type', '0451a5'],
    ['string', '6b4f12'],
    ['keyword', '0070c1'],
    ['number', '098658'],
    ['comment', '5f6f5f', 'italic'],
    // Rules language inside script values (token names from grammar's monarchLanguage)
    ['identifier', '001080'],
    ['keyword.rs', 'af00db'],
    ['string.rs', 'a31515'],
    ['number.rs', '098658'],
    ['keyword.operator', 'af00db'],
    ['keyword.contextual', '8a3ffc'],
    ['constant', '0070c1'],
    ['number.dice', 'b5200d', 'bold'],
    ['number.range', '098658'],
    ['operator', '383a42'],
    ['string.quote', 'a31515'],
    ['string.escape', 'ee0000'],
    ['delimiter.interpolation', 'e07000'],
    ['invalid', 'cd3131', 'underline'],
  ].flatMap(([token, foreground, fontStyle]) => [token!, `${token}.yaml`].map((t) => ({ token: t, foreground: foreground!, ...(fontStyle ? { fontStyle } : {}) }))),
  colors: {},
});

/**
 * monaco-yaml 5 creates its worker with Monaco's pre-0.55 options (`moduleId`, `label`,
 * `createData`); Monaco 0.57 takes a `worker`. Adapt them the way Monaco's own JSON language does:
 * start the worker, send a first message that initialises it, then the create data.
 */
function createWebWorker(opts: { label?: string; createData?: unknown; worker?: unknown; host?: Record<string, Function>; keepIdleModels?: boolean }) {
  if (opts.worker) return monaco.editor.createWebWorker(opts as monaco.editor.IInternalWebWorkerOptions);
  const worker = new YamlWorker();
  worker.postMessage('ignore');
  worker.postMessage(opts.createData);
  return monaco.editor.createWebWorker({ worker, ...(opts.host ? { host: opts.host } : {}), keepIdleModels: opts.keepIdleModels ?? false });
}

/** Schema-driven completion and hover for ruleset files; dispose to remove. */
export function configureYaml(): monaco.IDisposable {
  // Inside a script, the schema's hover would describe the key the script sits under (`do`: "What
  // the procedure does") beside every name's own hover; there the rules language's hover speaks alone.
  const registerHoverProvider = (language: monaco.languages.LanguageSelector, provider: monaco.languages.HoverProvider) =>
    monaco.languages.registerHoverProvider(language, {
      provideHover: (model, position, token, context) =>
        cursorContext(model.getLinesContent(), position.lineNumber, position.column, SCRIPT_KEYS, SCRIPT_MAPS) === 'script' ? null : provider.provideHover.call(provider, model, position, token, context),
    });
  const api = { ...monaco, editor: { ...monaco.editor, createWebWorker }, languages: { ...monaco.languages, registerHoverProvider } };
  const yaml = configureMonacoYaml(api as unknown as typeof monaco, {
    enableSchemaRequest: false,
    // rulesmith's own validator reports YAML and schema problems, worded for designers.
    validate: false,
    format: { enable: false },
    // The URI is where the files' `# yaml-language-server: $schema=../../grammar/ruleset.schema.json`
    // header points (models live at file:///rulesets/…), so header and fileMatch agree.
    schemas: [{ uri: SCHEMA_URI, fileMatch: ['**/*.yaml', '**/*.yml'], schema: rulesetSchema as object }],
  });
  // monaco-yaml's types name their own IDisposable; the object has `dispose`.
  return { dispose: () => (yaml as unknown as monaco.IDisposable).dispose() };
}
