import type { Diagnostic } from '../diagnostics.ts';

/** Source text by file, for code frames. */
export type SourceLookup = (file: string) => string | undefined;

/** tsc/eslint-style text: location, severity, code, message, a code frame and the hint. */
export function formatText(diags: Diagnostic[], source: SourceLookup, color = false): string {
  const paint = (code: string, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  return diags
    .map((d) => {
      const sev = d.severity === 'error' ? paint('31', 'error') : d.severity === 'warning' ? paint('33', 'warning') : paint('36', 'info');
      const head = `${paint('36', d.file)}:${d.range.start.line}:${d.range.start.column} - ${sev} ${paint('90', d.code)}: ${d.message}`;
      const frame = codeFrame(source(d.file), d);
      const hint = d.hint ? `\n  ${paint('32', 'hint')}: ${d.hint}` : '';
      return `${head}${frame ? `\n${frame}` : ''}${hint}\n`;
    })
    .join('\n');
}

const MAX_FRAME_LINE = 160;

function codeFrame(text: string | undefined, d: Diagnostic): string {
  if (text === undefined) return '';
  const lines = text.split(/\r?\n/);
  const { start, end } = d.range;
  const first = Math.max(1, start.line - 1);
  const last = Math.min(lines.length, start.line + 1);
  const width = String(last).length;
  // A mark far along a long line (a card written on one line) is shown with the text before it
  // cut, every line of the frame alike, so the caret stays in sight.
  const from = start.column > MAX_FRAME_LINE - 20 ? start.column - 41 : 0;
  const lead = from > 0 ? '…' : '';
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const line = (lines[n - 1] ?? '').replace(/\t/g, ' ').slice(from);
    const shown = `${lead}${line.length > MAX_FRAME_LINE ? `${line.slice(0, MAX_FRAME_LINE)}…` : line}`;
    out.push(`${n === start.line ? '>' : ' '} ${String(n).padStart(width)} | ${shown}`);
    if (n === start.line) {
      const col = Math.min(start.column - from, MAX_FRAME_LINE + 1) + lead.length;
      const endCol = (end.line === start.line ? Math.min(Math.max(end.column - from, start.column - from + 1), MAX_FRAME_LINE + 2) : Math.max(line.length + 1, col + 1 - lead.length)) + lead.length;
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(col - 1)}${'^'.repeat(Math.max(1, endCol - col))}`);
    }
  }
  return out.join('\n');
}

/** One JSON array; the Diagnostic type is the contract. */
export function formatJson(diags: Diagnostic[]): string {
  return `${JSON.stringify(diags, null, 2)}\n`;
}

/** GitHub Actions workflow commands; warnings as `::warning`. `path` maps a file to the repository's spelling. */
export function formatGithub(diags: Diagnostic[], path: (file: string) => string = (f) => f): string {
  return diags
    .map((d) => {
      const kind = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
      const props = [`file=${prop(path(d.file))}`, `line=${d.range.start.line}`, `col=${d.range.start.column}`, `endLine=${d.range.end.line}`, `endColumn=${d.range.end.column}`, `title=${prop(d.code)}`];
      const msg = d.hint ? `${d.message} (${d.hint})` : d.message;
      return `::${kind} ${props.join(',')}::${data(msg)}\n`;
    })
    .join('');
}

// Escaping as GitHub's toolkit does for workflow command properties and data.
export const githubData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const data = githubData;
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
