import { css } from 'lit';

/** Light-DOM styles (adopted by the document), scoped by the element name. */
export const styles = css`
  html,
  body {
    margin: 0;
    height: 100%;
  }
  rs-app {
    display: grid;
    grid-template-columns: minmax(220px, 280px) 1fr;
    grid-template-rows: auto minmax(0, 1fr) minmax(120px, 26vh);
    grid-template-areas:
      'header header'
      'nav main'
      'nav problems';
    height: 100vh;
    color: #1d2330;
    font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  }
  /* At 1024 px and less the views get the width, the navigation less of it. */
  @media (max-width: 1100px) {
    rs-app {
      grid-template-columns: minmax(170px, 200px) 1fr;
    }
  }
  /* Games need the height: the Problems panel shrinks while a game view is shown. */
  rs-app.rs-game-view {
    grid-template-rows: auto minmax(0, 1fr) minmax(72px, 12vh);
  }
  /*
   * A collapsed Problems panel keeps only its header line, and one with nothing to list only its
   * header and "No problems" line; the view above takes the room.
   */
  rs-app:has(> rs-problems-panel[collapsed]),
  rs-app:has(> rs-problems-panel[empty]) {
    grid-template-rows: auto minmax(0, 1fr) auto;
  }
  rs-app [hidden] {
    display: none !important;
  }
  rs-app :focus-visible {
    outline: 2px solid #1f5fd6;
    outline-offset: 1px;
  }
  rs-app .rs-loading {
    grid-area: main;
    padding: 16px;
  }
  rs-app .rs-header {
    grid-area: header;
    display: flex;
    align-items: center;
    gap: 20px;
    padding: 6px 14px;
    background: #1d2330;
    color: #fff;
  }
  rs-app h1 {
    margin: 0;
    font-size: 17px;
    letter-spacing: 0.02em;
  }
  rs-app h1 span {
    font-weight: 400;
    opacity: 0.75;
  }
  rs-app .rs-views {
    display: flex;
    gap: 4px;
  }
  rs-app .rs-views button {
    font: inherit;
    color: #fff;
    background: none;
    border: 1px solid transparent;
    border-radius: 4px;
    padding: 3px 12px;
    cursor: pointer;
  }
  rs-app .rs-views button:hover {
    border-color: #6b7892;
  }
  rs-app .rs-views button[aria-current='page'] {
    background: #fff;
    color: #1d2330;
  }
  rs-app .rs-views button:focus-visible {
    outline-color: #9ec1ff;
  }
  rs-app .rs-notice {
    margin: 0 0 0 auto;
    font-size: 13px;
    opacity: 0.9;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  rs-app h1,
  rs-app .rs-views button {
    white-space: nowrap;
  }
  rs-app rs-ruleset-nav {
    grid-area: nav;
  }
  rs-app .rs-main {
    grid-area: main;
    position: relative;
    min-height: 0;
    min-width: 0;
  }
  rs-app .rs-main > * {
    position: absolute;
    inset: 0;
  }
  rs-app .rs-edit {
    display: flex;
    flex-direction: column;
  }
  rs-app rs-code-editor {
    flex: 1;
  }
  /* A game view with the code editor beside it (scenario editor, log entry chosen). */
  rs-app .rs-main.beside > .rs-edit {
    left: 55%;
    border-left: 2px solid #d0d4da;
  }
  rs-app .rs-main.beside > .rs-runtime {
    right: 45%;
  }
  rs-app .rs-hide-beside {
    align-self: flex-end;
    font: inherit;
    font-size: 12px;
    margin: 4px 8px 0;
    background: none;
    border: 1px solid #d0d4da;
    border-radius: 4px;
    cursor: pointer;
  }
  rs-app rs-problems-panel {
    grid-area: problems;
  }
`;
