import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 6px;
      box-sizing: border-box;
      min-height: 0;
      overflow: auto;
      padding: 0 0 12px;
      background: var(--rs-bg);
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      gap: 6px;
      align-items: center;
      padding: 6px 10px;
      border-bottom: 1px solid var(--rs-border);
    }
    h2 {
      margin: 0 8px 0 0;
      font-size: 16px;
    }
    .path {
      font-family: var(--rs-mono);
      font-size: 13px;
    }
    .new {
      margin-left: auto;
      display: flex;
      gap: 6px;
      align-items: center;
      font-size: 13px;
    }
    .new input {
      font: inherit;
      width: 12em;
    }
    nav ul {
      list-style: none;
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
      margin: 0;
      padding: 0 10px;
    }
    nav button {
      border: 1px solid var(--rs-border);
      background: var(--rs-bg);
      border-radius: 12px;
      padding: 1px 10px;
      font-size: 13px;
    }
    nav button[aria-current='true'] {
      background: var(--rs-bg-selected);
      font-weight: 600;
    }
    .intro {
      padding: 8px 12px;
      max-width: 48em;
      color: var(--rs-text-muted);
    }
    rs-game-setup,
    rs-game-board,
    .notices {
      padding: 0 10px;
    }
    .notices p {
      margin: 0;
      padding: 4px 8px;
      font-size: 13px;
    }
    .stale {
      background: #fff4d6;
      color: #6b4f00;
    }
  `,
];
