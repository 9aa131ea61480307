import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: block;
    }
    fieldset {
      border: 0;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .row,
    .seats,
    .option-list {
      display: flex;
      flex-wrap: wrap;
      gap: 6px 14px;
      align-items: center;
    }
    label {
      display: inline-flex;
      gap: 6px;
      align-items: center;
      font-size: 13px;
    }
    input,
    select {
      font: inherit;
      font-size: 13px;
      padding: 1px 4px;
    }
    input[type='number'] {
      width: 5em;
    }
    .options summary {
      cursor: pointer;
      font-size: 13px;
      color: var(--rs-text-muted);
    }
    .option-list {
      padding: 6px 0 0;
    }
    .option-group {
      flex-basis: 100%;
      display: flex;
      flex-wrap: wrap;
      gap: 6px 14px;
      align-items: center;
    }
    label[data-off] {
      color: var(--rs-text-muted);
    }
    .needs {
      font-size: 12px;
      color: var(--rs-text-muted);
    }
  `,
];
