/// <reference types="vite/client" />

/** Monaco's YAML language definition (no type declarations ship with it). */
declare module 'monaco-editor/languages/definitions/yaml/yaml.js' {
  import type { languages } from 'monaco-editor/editor/editor.api.js';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
