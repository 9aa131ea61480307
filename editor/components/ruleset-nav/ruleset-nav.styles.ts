import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 14px;
      padding: 12px;
      overflow: auto;
      background: var(--rs-bg-muted);
      border-right: 1px solid var(--rs-border);
    }
    label,
    h2 {
      display: block;
      margin: 0 0 4px;
      font-size: 12px;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--rs-text-muted);
    }
    select,
    input {
      width: 100%;
      font: inherit;
      padding: 4px 6px;
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
      background: var(--rs-bg);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li button {
      display: flex;
      align-items: center;
      gap: 6px;
      width: 100%;
      text-align: left;
      border: 0;
      border-radius: var(--rs-radius);
      background: none;
      padding: 4px 6px;
      overflow-wrap: anywhere;
    }
    li button:hover {
      background: var(--rs-bg-selected);
    }
    li button[aria-current='true'] {
      background: var(--rs-bg-selected);
      font-weight: 600;
    }
    .label {
      flex: 1;
    }
    .file {
      display: block;
      font: 400 11px var(--rs-mono);
      color: var(--rs-text-muted);
    }
    .badge {
      font-size: 11px;
      border-radius: 8px;
      padding: 0 6px;
      background: var(--rs-bg);
      border: 1px solid var(--rs-border);
      font-weight: 400;
    }
    .badge.error {
      color: var(--rs-error);
      border-color: currentColor;
    }
    .badge.warning {
      color: var(--rs-warning);
      border-color: currentColor;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 6px;
      margin-top: 8px;
    }
    dialog {
      border: 1px solid var(--rs-border);
      border-radius: 6px;
      padding: 16px;
      width: min(420px, 90vw);
    }
    dialog h2 {
      font-size: 16px;
      text-transform: none;
      letter-spacing: 0;
      color: var(--rs-text);
      margin-bottom: 12px;
    }
    dialog .actions {
      justify-content: flex-end;
      margin-top: 14px;
    }
    .new-game {
      margin-top: 6px;
    }
    .dialog-note {
      margin: 0 0 12px;
      font-size: 13px;
      color: var(--rs-text-muted);
    }
  `,
];
