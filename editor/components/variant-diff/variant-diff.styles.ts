import { css } from 'lit';
import { tokens } from '../shared.styles.ts';
import { resultColors } from '../table-grid/result-colors.styles.ts';

export const styles = [
  tokens,
  resultColors,
  css`
    :host {
      display: block;
      overflow: auto;
      padding: 12px 16px;
      /* Padding inside the height: a content-box host ran 24 px over the Problems panel. */
      box-sizing: border-box;
      height: 100%;
    }
    .odds-diff h4 {
      margin: 10px 0 4px;
      font-size: 13px;
    }
    .odds-columns {
      display: flex;
      flex-wrap: wrap;
      gap: 10px 18px;
      align-items: flex-start;
    }
    .odds-columns table {
      border-collapse: collapse;
      font-size: 12px;
    }
    .odds-columns caption {
      text-align: left;
      font-weight: 600;
      padding-bottom: 2px;
    }
    .odds-columns th,
    .odds-columns td {
      padding: 2px 6px;
      border-bottom: 1px solid var(--rs-border);
      text-align: left;
      vertical-align: top;
    }
    .odds-columns thead th {
      font-weight: 400;
      color: var(--rs-text-muted);
    }
    .odds-columns tbody th {
      font-family: var(--rs-mono);
    }
    .odds-columns tbody th.card {
      font-family: inherit;
      font-weight: 400;
    }
    .odds-columns td .odds-bar {
      display: block;
      width: 80px;
    }
    .odds-columns tr.moved .change {
      font-weight: 700;
    }
    .questions {
      margin-top: 16px;
    }
    .questions h3 {
      font-family: inherit;
    }
    .questions > p {
      margin: 4px 0 8px;
    }
    .questions caption code {
      font-weight: 400;
      font-size: 11.5px;
    }
    .questions table.question-moved caption {
      color: var(--rs-accent, inherit);
    }
    .keys-title {
      margin: 4px 0 0;
    }
    .keys {
      margin: 2px 0 6px;
      padding-left: 1.2em;
      font-family: var(--rs-mono);
      font-size: 12.5px;
    }
    .grid-diff {
      border-collapse: collapse;
      font-size: 12.5px;
      margin: 6px 0;
    }
    .grid-diff caption {
      text-align: left;
      color: var(--rs-text-muted);
      padding-bottom: 4px;
    }
    .grid-diff th,
    .grid-diff td {
      border: 1px solid var(--rs-border);
      padding: 3px 8px;
      font-family: var(--rs-mono);
    }
    .grid-diff th {
      background: var(--rs-bg-muted);
    }
    .grid-diff td.changed {
      outline: 3px solid #7048e8;
      outline-offset: -3px;
      font-weight: 700;
    }
    .grid-diff del {
      color: var(--rs-text-muted);
      font-weight: 400;
    }
    .grid-diff .row-added th {
      color: #1f7a3a;
    }
    .grid-diff .row-removed th,
    .grid-diff th.removed {
      text-decoration: line-through;
    }
    h2 {
      margin: 0 0 4px;
      font-size: 18px;
    }
    .path {
      font-family: var(--rs-mono);
      font-size: 13px;
    }
    article {
      border: 1px solid var(--rs-border);
      border-radius: 6px;
      margin: 12px 0;
      overflow: hidden;
    }
    article header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
      padding: 6px 10px;
      background: var(--rs-bg-muted);
      border-bottom: 1px solid var(--rs-border);
    }
    h3 {
      margin: 0;
      font: 600 14px var(--rs-mono);
    }
    .status {
      font-size: 12px;
      border-radius: 8px;
      padding: 0 8px;
      border: 1px solid currentColor;
    }
    .status.added {
      color: #146c2e;
    }
    .status.removed {
      color: var(--rs-error);
    }
    .status.changed {
      color: var(--rs-accent);
    }
    .how {
      font-size: 12px;
      color: var(--rs-text-muted);
      margin-right: auto;
    }
    pre {
      margin: 0;
      padding: 6px 0;
      font: 12px/1.45 var(--rs-mono);
      overflow: auto;
      max-height: 420px;
    }
    /* Long lines (descriptions, notes) wrap under their own start rather than scroll out of sight. */
    pre span {
      display: block;
      padding: 0 10px 0 26px;
      text-indent: -16px;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .add {
      background: var(--rs-added);
    }
    .del {
      background: var(--rs-removed);
    }
    .ctx {
      color: var(--rs-text-muted);
    }
    .used-by {
      margin: 4px 0;
      font-size: 13px;
    }
    .used-by.none {
      color: var(--rs-text-muted);
    }
    .used-by .link {
      border: 0;
      background: none;
      color: var(--rs-accent);
      padding: 0;
      font: inherit;
      text-decoration: underline;
      cursor: pointer;
    }
  `,
];
