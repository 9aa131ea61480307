import { css } from 'lit';
import { tokens } from '../shared.styles.ts';
import { resultColors } from '../table-grid/result-colors.styles.ts';

export const styles = [
  tokens,
  resultColors,
  css`
    :host {
      display: grid;
      grid-template-columns: minmax(160px, 220px) 1fr minmax(240px, 320px);
      height: 100%;
      min-height: 0;
    }
    /* On a laptop's width the table in the middle needs the room more than the lists beside it. */
    @media (max-width: 1280px) {
      :host {
        grid-template-columns: minmax(130px, 170px) 1fr minmax(200px, 240px);
      }
    }
    nav {
      overflow: auto;
      border-right: 1px solid var(--rs-border);
      padding: 8px;
    }
    nav ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    nav h3 {
      margin: 12px 6px 4px;
      font-size: 12px;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--rs-text-muted);
    }
    nav button {
      width: 100%;
      text-align: left;
      border: 0;
      background: none;
      border-radius: var(--rs-radius);
      padding: 4px 6px;
    }
    nav button[aria-current='true'] {
      background: var(--rs-bg-selected);
      font-weight: 600;
    }
    nav .id {
      display: block;
      font: 11px var(--rs-mono);
      color: var(--rs-text-muted);
    }
    main {
      overflow: auto;
      padding: 12px 16px;
      min-width: 0;
    }
    h2 {
      margin: 0 0 4px;
      font-size: 18px;
    }
    .description {
      max-width: 60em;
      color: var(--rs-text-muted);
    }
    .provenance {
      display: block;
      max-width: 60em;
      margin: 0 0 10px;
      font-size: 13px;
    }
    .provenance > div {
      display: flex;
      gap: 8px;
      padding: 2px 0 2px 8px;
      border-left: 3px solid var(--rs-border);
    }
    .provenance > div[data-kind='assumption'] {
      border-left-color: var(--rs-warning);
    }
    .provenance dt {
      flex: 0 0 5.5em;
      color: var(--rs-text-muted);
    }
    .provenance dd {
      margin: 0;
      font-family: inherit;
    }
    nav .assumed {
      font-size: 11px;
      padding: 0 4px;
      border-radius: var(--rs-radius);
      border: 1px solid var(--rs-warning);
      color: var(--rs-text-muted);
      font-weight: normal;
    }
    aside {
      overflow: auto;
      border-left: 1px solid var(--rs-border);
      padding: 12px;
      background: var(--rs-bg-muted);
    }
    aside h3 {
      font-size: 15px;
      margin: 12px 0 4px;
    }
    .big {
      font-size: 22px;
      font-weight: 600;
      margin: 4px 0 0;
    }
    .result {
      font-family: var(--rs-mono);
      font-size: 15px;
    }
    dl {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 2px 10px;
    }
    dt {
      color: var(--rs-text-muted);
    }
    dd {
      margin: 0;
      font-family: var(--rs-mono);
    }
    .outcomes {
      border-collapse: collapse;
      width: 100%;
      font-size: 13px;
    }
    .outcomes th,
    .outcomes td {
      text-align: left;
      border-bottom: 1px solid var(--rs-border);
      padding: 3px 4px;
    }
    .edit-hint {
      font-size: 12px;
      margin: 8px 0 0;
    }
    .edit-status {
      margin: 8px 0 0;
      font-size: 13px;
      overflow-wrap: anywhere;
    }
    .edit-status.error {
      color: var(--rs-error);
    }
    .stale {
      color: var(--rs-warning);
    }
    .cell-problem {
      color: var(--rs-error);
      font-weight: 600;
    }
    .cell-problem[data-severity='warning'],
    .cell-problem.sev-warning {
      color: var(--rs-warning);
    }
    .cell-problem .hint {
      display: block;
      font-weight: 400;
    }
  `,
];
