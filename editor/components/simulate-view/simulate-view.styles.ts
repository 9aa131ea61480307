import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 8px;
      box-sizing: border-box;
      min-height: 0;
      overflow: auto;
      padding-bottom: 16px;
      background: var(--rs-bg);
    }
    table.facts {
      border-collapse: collapse;
      font-size: 12.5px;
      margin: 10px 0 4px;
    }
    table.facts caption {
      text-align: left;
      font-weight: 600;
      padding-bottom: 4px;
    }
    table.facts th,
    table.facts td {
      padding: 3px 10px 3px 0;
      border-bottom: 1px solid var(--rs-border);
      text-align: left;
      font-variant-numeric: tabular-nums;
    }
    table.facts thead th {
      font-weight: 400;
      color: var(--rs-text-muted);
    }
    table.facts .sig,
    .first-seat[data-significant='true'] {
      font-weight: 600;
    }
    .first-seat {
      font-size: 12.5px;
      margin: 4px 0;
      max-width: 60em;
    }
    .verdict {
      margin: 4px 0 6px;
      padding: 6px 10px;
      border-left: 4px solid var(--rs-border);
      background: var(--rs-bg-muted);
      font-size: 13px;
      max-width: 60em;
    }
    .verdict[data-verdict='changed'] {
      border-left-color: var(--rs-accent);
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      gap: 10px;
      align-items: center;
      padding: 6px 10px;
      border-bottom: 1px solid var(--rs-border);
      font-size: 13px;
    }
    h2 {
      margin: 0 8px 0 0;
      font-size: 16px;
    }
    label {
      display: inline-flex;
      gap: 6px;
      align-items: center;
    }
    input[type='number'] {
      font: inherit;
      width: 6em;
    }
    rs-game-setup,
    .progress {
      padding: 0 10px;
    }
    .progress {
      display: flex;
      gap: 10px;
      align-items: center;
      font-size: 13px;
    }
    progress {
      flex: 1;
      max-width: 480px;
      height: 14px;
    }
    .hint {
      margin: 0 10px;
      max-width: 720px;
      font-size: 13px;
      color: var(--rs-text-muted);
    }
    .stale {
      margin: 0 10px;
      padding: 4px 8px;
      background: #fff4d6;
      color: #6b4f00;
      font-size: 13px;
    }
    .runs {
      display: grid;
      gap: 12px;
      padding: 0 10px;
      grid-template-columns: minmax(0, 560px);
    }
    .runs.side-by-side {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .run {
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
      padding: 8px 12px;
    }
    h3 {
      margin: 0;
      font-size: 15px;
    }
    h4 {
      margin: 8px 0 2px;
      font-size: 13px;
    }
    .hash {
      font: 11px var(--rs-mono);
      color: var(--rs-text-muted);
      font-weight: 400;
    }
    .run p {
      margin: 2px 0 6px;
      font-size: 13px;
    }
    .chart {
      margin: 6px 0 10px;
    }
    .chart figcaption {
      font-size: 13px;
      font-weight: 600;
      margin-bottom: 2px;
    }
    .chart svg {
      width: 100%;
      max-width: 560px;
      height: auto;
      display: block;
    }
    .chart .grid {
      stroke: #e3e6eb;
    }
    .chart .tick {
      font-size: 10px;
      fill: var(--rs-text-muted);
      text-anchor: middle;
    }
    .chart .tick.start {
      text-anchor: start;
    }
    .chart .tick.end {
      text-anchor: end;
    }
    .chart .label {
      font-size: 12px;
      text-anchor: end;
      fill: var(--rs-text);
    }
    .chart .value {
      font-size: 11px;
      fill: var(--rs-text);
    }
    .chart .bar {
      fill: #7aa2e3;
    }
    .chart .ci {
      stroke: #1d2330;
      stroke-width: 1.5;
    }
    .chart .zero {
      stroke: #1d2330;
    }
    .chart .difference.up .bar {
      fill: #6fbf8a;
    }
    .chart .difference.down .bar {
      fill: #e39a7a;
    }
    /* An interval that includes zero is no evidence of a change: its bar is faint, not coloured as one. */
    .chart .difference[data-significant='false'] .bar {
      fill-opacity: 0.3;
    }
    .chart figcaption .legend {
      font-weight: 400;
      color: var(--rs-text-muted);
    }
    .comparison {
      margin: 8px 0;
    }
    .comparison h3 {
      font-size: 14px;
      margin: 0 0 4px;
    }
    .chart .mean {
      stroke: #b3261e;
      stroke-width: 2;
      stroke-dasharray: 4 3;
    }
    .chart .mean-label {
      fill: #b3261e;
    }
    .errors {
      font-size: 12.5px;
      padding-left: 18px;
    }
    .link {
      border: 0;
      background: none;
      color: var(--rs-accent);
      text-decoration: underline;
      padding: 0;
      font-family: var(--rs-mono);
      font-size: 12px;
    }
    .check {
      display: inline-flex;
      gap: 4px;
    }
  `,
];
