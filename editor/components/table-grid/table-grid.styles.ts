import { css } from 'lit';
import { tokens } from '../shared.styles.ts';
import { resultColors } from './result-colors.styles.ts';

export const styles = [
  tokens,
  resultColors,
  css`
    :host {
      display: block;
      overflow: auto;
    }
    table {
      border-collapse: collapse;
      font-size: 13px;
    }
    caption {
      text-align: left;
      padding: 0 0 6px;
      color: var(--rs-text-muted);
    }
    th,
    td {
      border: 1px solid var(--rs-border);
      padding: 0;
      vertical-align: top;
    }
    th {
      background: var(--rs-bg-muted);
    }
    th button,
    td button {
      display: block;
      width: 100%;
      min-height: 28px;
      border: 0;
      background: none;
      padding: 4px 8px;
      text-align: left;
      max-width: 28em;
    }
    td button {
      font-family: var(--rs-mono);
    }
    .in-selection {
      background: #eef3ff;
      box-shadow: inset 0 0 0 2px #b9cdf5;
    }
    button[aria-pressed='true'] {
      background: var(--rs-bg-selected);
      box-shadow: inset 0 0 0 2px var(--rs-accent);
    }
    .odds {
      display: block;
      font-size: 11px;
      font-weight: 400;
      color: var(--rs-text-muted);
    }
    /* A variant's change in violet, not red or orange: a walk read the red dash as an error. */
    td.changed {
      outline: 2px dashed #7048e8;
      outline-offset: -3px;
    }
    /* Wrong values outrank "changed": a solid red frame and a mark, not the dashed outline. */
    td.problem,
    th.problem {
      outline: 2px solid var(--rs-error);
      outline-offset: -3px;
    }
    td.problem-warning,
    th.problem-warning {
      outline-color: var(--rs-warning);
    }
    td.problem button::after,
    th.problem button::before {
      content: ' ✖';
      color: var(--rs-error);
      font-family: system-ui, sans-serif;
    }
    td.problem-warning button::after,
    th.problem-warning button::before {
      content: ' ▲';
      color: var(--rs-warning);
    }
    td.pending button,
    th.pending button {
      font-style: italic;
      opacity: 0.7;
    }
    .cell-input,
    .row-input {
      box-sizing: border-box;
      width: 100%;
      min-height: 28px;
      border: 0;
      padding: 4px 8px;
      font: inherit;
      font-family: var(--rs-mono);
      background: var(--rs-bg);
    }
    .corner {
      font-size: 12px;
      font-weight: 400;
      color: var(--rs-text-muted);
      padding: 4px 8px;
    }
  `,
];
