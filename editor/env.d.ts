/// <reference types="vite/client" />

/** Monaco's YAML language definition (no type declarations ship with it). */
declare module 'monaco-editor/languages/definitions/yaml/yaml.js' {
  import type { languages } from 'monaco-editor/editor/editor.api.js';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}

/**
 * Monaco's global tab focus mode, which its Ctrl+M (`editor.action.toggleTabFocusMode`) switches
 * for every editor; the public API has the per-editor `tabFocusMode` option only, which this
 * global does not show in (code-editor/tab-focus.ts reads both).
 */
declare module 'monaco-editor/editor/browser/config/tabFocus.js' {
  import type { IEvent } from 'monaco-editor/editor/editor.api.js';
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(on: boolean): void;
    readonly onDidChangeTabFocus: IEvent<boolean>;
  };
}
