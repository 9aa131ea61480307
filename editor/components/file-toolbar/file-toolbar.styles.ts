import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      align-items: center;
      flex-wrap: wrap;
      gap: 8px;
      padding: 6px 10px;
      border-bottom: 1px solid var(--rs-border);
      background: var(--rs-bg);
    }
    .path {
      font-family: var(--rs-mono);
      font-size: 13px;
      overflow-wrap: anywhere;
    }
    .state {
      font-size: 12px;
      color: var(--rs-text-muted);
      margin-right: auto;
    }
    .state.error {
      color: var(--rs-error);
    }
    .tag {
      font-size: 11px;
      border: 1px solid var(--rs-border);
      border-radius: 8px;
      padding: 0 6px;
    }
    dialog {
      border: 1px solid var(--rs-border);
      border-radius: 6px;
      padding: 16px;
      width: min(640px, 92vw);
    }
    dialog h2 {
      margin: 0 0 8px;
      font-size: 16px;
    }
    dialog input {
      width: 100%;
      font: 12px var(--rs-mono);
      padding: 6px;
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
    }
    dialog .actions {
      display: flex;
      justify-content: flex-end;
      gap: 6px;
      margin-top: 12px;
      align-items: center;
    }
    dialog .copy-status {
      margin-right: auto;
      font-size: 13px;
      color: var(--rs-text-muted);
    }
    dialog .copy-status.error {
      color: var(--rs-error);
    }
  `,
];
