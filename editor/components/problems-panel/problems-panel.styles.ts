import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      border-top: 1px solid var(--rs-border);
      background: var(--rs-bg);
    }
    header {
      display: flex;
      align-items: center;
      gap: 12px;
      padding: 4px 10px;
      background: var(--rs-bg-muted);
      border-bottom: 1px solid var(--rs-border);
    }
    h2 {
      margin: 0;
      font-size: 13px;
    }
    .summary {
      font-size: 12px;
    }
    .toggle {
      margin-left: auto;
      font: inherit;
      font-size: 12px;
      background: none;
      border: 1px solid var(--rs-border);
      border-radius: 4px;
      padding: 1px 8px;
      cursor: pointer;
      white-space: nowrap;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      overflow: auto;
      flex: 1;
    }
    li button {
      display: grid;
      grid-template-columns: 18px 1fr auto;
      gap: 8px;
      width: 100%;
      text-align: left;
      border: 0;
      background: none;
      padding: 3px 10px;
    }
    li button:hover,
    li button:focus-visible {
      background: var(--rs-bg-selected);
    }
    .where {
      font-family: var(--rs-mono);
      font-size: 12px;
      color: var(--rs-text-muted);
      white-space: nowrap;
    }
    .code {
      font-family: var(--rs-mono);
      font-size: 12px;
      color: var(--rs-text-muted);
    }
    .hint {
      display: block;
      color: var(--rs-text-muted);
      font-size: 12px;
    }
    .empty {
      padding: 6px 10px;
      margin: 0;
    }
  `,
];
