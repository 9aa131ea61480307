import { css } from 'lit';
import { tokens } from '../shared.styles.ts';

export const styles = [
  tokens,
  css`
    :host {
      display: block;
      --rs-option: #d97706;
      --rs-option-selected: #1f5fd6;
    }
    .board {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .map svg {
      display: block;
      width: 100%;
      height: auto;
      max-height: var(--rs-board-max-height, 62vh);
      background: #fbfbf8;
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
      touch-action: none;
      user-select: none;
    }
    .area .shape {
      stroke: #8c96a8;
      stroke-width: 2;
    }
    /* Sizes of board text are attributes, set from the drawing's scale (board-labels.ts). */
    .area-name {
      text-anchor: middle;
      fill: var(--rs-text);
      paint-order: stroke;
      stroke: #fbfbf8;
      stroke-width: 4px;
      pointer-events: none;
    }
    .hex .shape {
      fill: #f4f1e6;
      stroke: #b8b2a0;
      stroke-width: 1;
    }
    /* Terrain tints (board-svg.ts TERRAIN_TINTS), before the option and preview fills that override them. */
    .hex.terrain-1 .shape { fill: #dcebc9; }
    .hex.terrain-2 .shape { fill: #ecdcc4; }
    .hex.terrain-3 .shape { fill: #d9d4cc; }
    .hex.terrain-4 .shape { fill: #cfe0ef; }
    .hex.terrain-5 .shape { fill: #e6d3e3; }
    .hex.terrain-6 .shape { fill: #f3e7b3; }
    /* A hexside that differs from the rest (a river, a wall), drawn over the hexes; clicks go through to them. */
    .hexside {
      stroke: #3b78c2;
      stroke-width: 4px;
      stroke-linecap: round;
      pointer-events: none;
    }
    .hex-label {
      font-size: 9px;
      text-anchor: middle;
      fill: #8a8472;
      pointer-events: none;
    }
    .counter-label {
      text-anchor: middle;
      font-weight: 600;
      pointer-events: none;
    }
    .more {
      text-anchor: middle;
      fill: var(--rs-text-muted);
    }
    .place.option .shape {
      stroke: var(--rs-option);
      stroke-width: 5;
      cursor: pointer;
    }
    .hex.option .shape {
      fill: #fff1d6;
    }
    .place.option.selected .shape,
    .piece.option.selected rect {
      stroke: var(--rs-option-selected);
      stroke-width: 5;
    }
    /* An option's preview: the places it passes through, and (stronger) where it ends. */
    .place.preview-path .shape {
      fill: #dbe8fb;
      stroke: var(--rs-option-selected);
      stroke-width: 3;
      stroke-dasharray: 5 3;
    }
    .place.preview-end .shape {
      fill: #b9d3f7;
      stroke: var(--rs-option-selected);
      stroke-width: 5;
    }
    .preview-facing path {
      fill: var(--rs-option-selected);
      pointer-events: none;
    }
    .piece.option rect {
      stroke: var(--rs-option);
      stroke-width: 4;
    }
    .piece.option,
    .place.option {
      cursor: pointer;
    }
    .piece.held rect {
      stroke: var(--rs-focus);
      stroke-width: 4;
      stroke-dasharray: 4 2;
    }
    [data-drop] {
      cursor: copy;
    }
    .piece[role='button'] {
      cursor: grab;
    }
    /* SVG groups get no outline: the focused place or piece gets a dashed ring of its own. */
    g:focus {
      outline: none;
    }
    g.place:focus .shape,
    g.piece:focus rect {
      stroke: var(--rs-focus);
      stroke-width: 6;
      stroke-dasharray: 7 3;
    }
    .legend {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 16px;
      margin: 0;
      padding: 0;
      list-style: none;
      font-size: 12px;
      color: var(--rs-text-muted);
    }
    .legend li {
      display: flex;
      align-items: center;
      gap: 6px;
    }
    .swatch {
      display: inline-block;
      width: 14px;
      height: 14px;
      border: 1px solid #8c96a8;
      border-radius: 50%;
    }
    .zones {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
      gap: 8px;
    }
    .zone {
      border: 1px solid var(--rs-border);
      border-radius: var(--rs-radius);
      padding: 6px 8px;
      background: var(--rs-bg);
      font-size: 13px;
    }
    .zone.option {
      border: 3px solid var(--rs-option);
      cursor: pointer;
    }
    .zone.option.selected {
      border-color: var(--rs-option-selected);
    }
    .zone h4 {
      margin: 0 0 4px;
      font-size: 13px;
      display: flex;
      justify-content: space-between;
    }
    .zone .count,
    .empty {
      color: var(--rs-text-muted);
      font-weight: 400;
      margin: 0;
    }
    .groups,
    .cards {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 2px;
    }
    .card-text {
      display: block;
      font-size: 0.85em;
      color: var(--rs-text-muted);
    }
    .chip {
      display: flex;
      align-items: center;
      gap: 6px;
      border: 1px solid transparent;
      background: none;
      padding: 1px 3px;
      border-radius: var(--rs-radius);
      width: 100%;
      text-align: left;
    }
    .chip.option {
      border: 2px solid var(--rs-option);
    }
    .chip.option.selected,
    .chip.held {
      border: 2px solid var(--rs-option-selected);
    }
    .groups li {
      display: flex;
      align-items: center;
      gap: 6px;
    }
    .mini {
      white-space: nowrap;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      min-width: 22px;
      height: 18px;
      padding: 0 2px;
      border: 2px solid;
      border-radius: 3px;
      font-size: 11px;
      font-weight: 600;
      flex-shrink: 0;
    }
    .times {
      color: var(--rs-text-muted);
      margin-left: auto;
    }
    .setup-bar {
      margin: 0;
      padding: 6px 8px;
      background: var(--rs-bg-muted);
      border-radius: var(--rs-radius);
      font-size: 13px;
    }
    .setup-bar.held {
      background: var(--rs-bg-selected);
    }
    .turn {
      margin-left: 12px;
      display: inline-flex;
      gap: 6px;
      align-items: center;
    }
    .ghost {
      position: fixed;
      transform: translate(-50%, -50%);
      min-width: 26px;
      height: 26px;
      border: 2px solid;
      border-radius: 3px;
      display: flex;
      align-items: center;
      justify-content: center;
      font-size: 10px;
      font-weight: 600;
      pointer-events: none;
      opacity: 0.85;
      z-index: 10;
    }
  `,
];
