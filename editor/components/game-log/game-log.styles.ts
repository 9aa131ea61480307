import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: block;
      min-height: 0;
    }
    .scroller {
      height: 100%;
      overflow: auto;
    }
    .details {
      position: sticky;
      top: 0;
      display: flex;
      gap: 6px;
      align-items: center;
      padding: 2px 4px;
      font-size: 12px;
      background: var(--rs-bg);
      border-bottom: 1px solid var(--rs-bg-muted);
    }
    .muted {
      color: var(--rs-text-muted);
    }
    li.detail .text {
      color: var(--rs-text-muted);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: 12.5px;
    }
    li {
      display: flex;
      align-items: flex-start;
      border-bottom: 1px solid var(--rs-bg-muted);
    }
    .entry {
      flex: 1;
      display: flex;
      flex-wrap: wrap;
      gap: 2px 6px;
      align-items: baseline;
      text-align: left;
      border: 0;
      background: none;
      padding: 2px 4px;
      border-radius: var(--rs-radius);
    }
    .entry:hover:not([disabled]) {
      background: var(--rs-bg-muted);
    }
    .entry[disabled] {
      cursor: default;
      color: inherit;
    }
    .when {
      color: var(--rs-text-muted);
      font-size: 11px;
      min-width: 4.5em;
      /* A phase's name can be long (its title gives it whole); the line's text keeps the room. */
      max-width: 11em;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .text {
      flex: 1 1 16em;
      overflow-wrap: anywhere;
    }
    .chip {
      overflow-wrap: anywhere;
      font: 11px var(--rs-mono);
      background: var(--rs-bg-muted);
      border-radius: 3px;
      padding: 0 4px;
    }
    .chip.dice {
      background: #fde8e7;
    }
    .chip.table {
      background: #e8f1fb;
    }
    .source {
      font-size: 11px;
      color: #6b4f00;
      background: #fff4d6;
      border-radius: 3px;
      padding: 0 4px;
    }
    .kind-phase .text {
      font-weight: 600;
    }
    .kind-decision .text {
      color: #1f4fa8;
    }
    .kind-end .text {
      font-weight: 700;
    }
    .kind-error .text {
      color: var(--rs-error);
      font-weight: 600;
    }
    .link {
      border: 0;
      background: none;
      color: var(--rs-accent);
      text-decoration: underline;
      font-size: 11px;
      padding: 2px 4px;
    }
    .earlier {
      margin: 4px;
    }
  `,
];
