/** Design tokens and base rules shared by every component (adopted into each shadow root). */
import { css } from 'lit';

export const tokens = css`
  :host {
    --rs-bg: #ffffff;
    --rs-bg-muted: #f4f5f7;
    --rs-bg-selected: #dbe7ff;
    --rs-border: #d0d4da;
    --rs-text: #1d2330;
    --rs-text-muted: #566070;
    --rs-accent: #1f5fd6;
    --rs-accent-text: #ffffff;
    --rs-error: #b3261e;
    --rs-warning: #8a5a00;
    --rs-info: #1f5fd6;
    --rs-added: #e6f4ea;
    --rs-removed: #fde8e7;
    --rs-focus: #1f5fd6;
    --rs-radius: 4px;
    --rs-mono: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    color: var(--rs-text);
    font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  :focus-visible {
    outline: 2px solid var(--rs-focus);
    outline-offset: 1px;
  }
  .button {
    border: 1px solid var(--rs-border);
    background: var(--rs-bg);
    border-radius: var(--rs-radius);
    padding: 3px 10px;
  }
  .button:hover {
    background: var(--rs-bg-muted);
  }
  .button.primary {
    background: var(--rs-accent);
    border-color: var(--rs-accent);
    color: var(--rs-accent-text);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .muted {
    color: var(--rs-text-muted);
  }
  .sev-error {
    color: var(--rs-error);
  }
  .sev-warning {
    color: var(--rs-warning);
  }
  .sev-info {
    color: var(--rs-info);
  }
`;
