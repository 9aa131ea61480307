import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: block;
    }
    .question {
      display: flex;
      flex-direction: column;
      gap: 6px;
      align-items: flex-start;
    }
    .who {
      margin: 0 0 2px;
      font-size: 12px;
      color: var(--rs-text-muted);
    }
    .prompt {
      margin: 0;
      font-weight: 600;
      font-size: 15px;
    }
    .secret {
      font-size: 11px;
      font-weight: 400;
      background: #3d3d5c;
      color: #fff;
      border-radius: 8px;
      padding: 1px 6px;
    }
    .end {
      color: var(--rs-text-muted);
      font-size: 0.9em;
    }
    .hint,
    .waiting {
      margin: 0;
      color: var(--rs-text-muted);
    }
    .options {
      list-style: none;
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
      margin: 4px 0 0;
      padding: 0;
    }
    .options.with-details {
      flex-direction: column;
    }
    .options.with-details .button {
      width: 100%;
      text-align: left;
    }
    .detail {
      display: block;
      font-size: 0.85em;
      font-weight: normal;
      color: var(--rs-text-muted);
    }
    .check .detail {
      display: inline;
      margin-left: 6px;
    }
    fieldset {
      border: 0;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 2px;
    }
    .check {
      display: flex;
      gap: 6px;
      align-items: center;
    }
    .row {
      display: flex;
      gap: 6px;
    }
    input[type='number'] {
      font: inherit;
      width: 7em;
      padding: 2px 4px;
    }
    .link {
      border: 0;
      background: none;
      color: var(--rs-accent);
      padding: 0;
      text-decoration: underline;
    }
    button[disabled] {
      opacity: 0.5;
      cursor: default;
    }
  `,
];
