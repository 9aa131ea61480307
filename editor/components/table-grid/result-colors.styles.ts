import { css } from 'lit';

/**
 * The result palette (slots of editor/tables/result-colors.ts) and the odds bar, shared by the
 * table grid, the odds panel and the variant diff. Light tints so cell text keeps its contrast.
 */
export const resultColors = css`
  .result-0 { background: #eef0f3; }
  .result-1 { background: #fff3c4; }
  .result-2 { background: #ffd9a8; }
  .result-3 { background: #f8b4ae; }
  .result-4 { background: #dcc6f0; }
  .result-5 { background: #c6dcf5; }
  .result-6 { background: #c9ecd2; }
  .result-7 { background: #c4ecec; }
  .odds-bar {
    display: block;
    width: 100%;
    max-width: 10em;
    height: 6px;
    margin-top: 2px;
  }
  .odds-bar .track { fill: #e3e6eb; }
  .odds-bar .fill { fill: #4f7fd0; }
`;
