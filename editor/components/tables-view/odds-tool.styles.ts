import { css } from 'lit';
import { tokens } from '../shared.styles.ts';
import { resultColors } from '../table-grid/result-colors.styles.ts';

export const styles = [
  tokens,
  resultColors,
  css`
    :host {
      display: block;
      margin-top: 16px;
      border-top: 1px solid var(--rs-border);
      padding-top: 10px;
    }
    .odds-of {
      display: grid;
      grid-template-columns: 1fr auto;
      gap: 4px 6px;
      align-items: center;
    }
    label {
      grid-column: 1 / -1;
      font-weight: 600;
    }
    input {
      min-width: 0;
      font: inherit;
      font-family: var(--rs-mono);
      padding: 3px 6px;
    }
    .hint {
      font-size: 0.85em;
      margin: 4px 0 8px;
    }
    .muted {
      color: var(--rs-text-muted);
    }
    .error {
      color: var(--rs-error);
    }
    table {
      border-collapse: collapse;
      width: 100%;
      font-size: 0.9em;
    }
    th,
    td {
      text-align: left;
      padding: 2px 6px 2px 0;
      vertical-align: top;
    }
    .base {
      color: var(--rs-text-muted);
      white-space: nowrap;
    }
    tr.changed .change {
      color: var(--rs-accent);
      font-weight: 600;
    }
    .cells {
      list-style: none;
      padding: 0;
      margin: 4px 0;
      font-size: 0.85em;
      display: flex;
      flex-direction: column;
      gap: 2px;
    }
  `,
];
