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
  rs-code-editor .rs-editor-status {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: #566070;
    font: 14px system-ui, sans-serif;
  }
`;
