import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      height: 100%;
      min-height: 0;
      overflow: hidden;
      background: var(--rs-bg);
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 6px;
      padding: 6px 10px;
      border-bottom: 1px solid var(--rs-border);
    }
    h2 {
      margin: 0 8px 0 0;
      font-size: 16px;
    }
    h3 {
      margin: 6px 0 2px;
      font-size: 13px;
    }
    .seat {
      margin-left: auto;
      display: inline-flex;
      gap: 10px;
      align-items: center;
      font-size: 13px;
    }
    .seat select {
      font: inherit;
    }
    .check {
      display: inline-flex;
      gap: 4px;
      align-items: center;
    }
    .notices p {
      margin: 0;
      padding: 4px 10px;
      font-size: 13px;
    }
    .stale {
      background: #fff4d6;
      color: #6b4f00;
    }
    .setup {
      padding: 4px 10px;
      border-bottom: 1px solid var(--rs-border);
    }
    .setup summary {
      cursor: pointer;
      font-size: 13px;
      font-weight: 600;
      padding: 2px 0;
    }
    .setup rs-game-setup {
      padding: 4px 0 6px;
    }
    .game {
      flex: 1;
      min-height: 0;
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(240px, 32%);
    }
    rs-game-board {
      overflow: auto;
      padding: 8px;
      min-width: 0;
    }
    aside {
      display: flex;
      flex-direction: column;
      min-height: 0;
      gap: 6px;
      padding: 8px 10px;
      border-left: 1px solid var(--rs-border);
      background: #fafbfc;
    }
    rs-game-log {
      flex: 1;
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
      background: var(--rs-bg);
    }
    .status {
      margin: 0;
      font-size: 13px;
    }
    .status.ended strong {
      color: #1b6e2a;
    }
    .status.error {
      color: var(--rs-error);
    }
    .where {
      color: var(--rs-text-muted);
    }
    .thinking {
      display: flex;
      align-items: center;
      gap: 8px;
      margin: 0;
      font-size: 13px;
    }
    .thinking .muted {
      color: var(--rs-text-muted);
    }
    .spinner {
      width: 12px;
      height: 12px;
      flex: none;
      border: 2px solid var(--rs-border);
      border-top-color: var(--rs-accent);
      border-radius: 50%;
      animation: spin 0.9s linear infinite;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation: none;
      }
    }
    .tracks summary {
      cursor: pointer;
      font-size: 13px;
      font-weight: 600;
    }
    .tracks table {
      font-size: 12.5px;
      border-collapse: collapse;
    }
    .tracks th {
      text-align: left;
      font-weight: 400;
      padding-right: 10px;
      color: var(--rs-text-muted);
    }
    .owned {
      margin-right: 10px;
    }
    .empty {
      padding: 16px;
    }
    .link {
      border: 0;
      background: none;
      color: var(--rs-accent);
      text-decoration: underline;
      padding: 0;
    }
    .button[disabled] {
      opacity: 0.5;
      cursor: default;
    }
  `,
];
