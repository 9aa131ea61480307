/**
 * Styles of the components that render into light DOM (the shell and the Monaco host: Monaco's CSS
 * is global and does not reach shadow roots, monaco-editor #1843). Adopted once by the document;
 * their selectors are scoped by the element name.
 */
import type { CSSResult } from 'lit';

const adopted = new Set<CSSResult>();

export function adoptDocumentStyles(styles: CSSResult): void {
  if (adopted.has(styles) || !styles.styleSheet) return;
  adopted.add(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, styles.styleSheet];
}
