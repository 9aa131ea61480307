import { css } from 'lit';

/** Light-DOM styles (adopted by the document), scoped by the element name. */
export const styles = css`
  rs-code-editor {
    display: block;
    position: relative;
    min-height: 0;
    height: 100%;
  }
  rs-code-editor .monaco-host {
    position: absolute;
    inset: 0;
  }
  /* What Tab does, over the editor's bottom right while it has the focus from the keyboard. */
  rs-code-editor .rs-editor-hint {
    position: absolute;
    right: 18px;
    bottom: 8px;
    z-index: 5;
    margin: 0;
    padding: 3px 8px;
    max-width: calc(100% - 40px);
    background: #1d2330;
    color: #fff;
    border-radius: 4px;
    font: 12px system-ui, sans-serif;
    pointer-events: none;
  }
  rs-code-editor .rs-editor-hint[hidden] {
    display: none;
  }
  rs-code-editor .rs-editor-status {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: #566070;
    font: 14px system-ui, sans-serif;
  }
`;
