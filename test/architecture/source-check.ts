/**
 * The no-eval rule of docs/security.md as code: no module of ours turns text into code. Rulesets,
 * variants and share links come from strangers; if any path led from their text to `eval`,
 * `new Function`, a computed `import()` or a string timer, a ruleset could run script in the editor
 * or in CI. The editor's Content-Security-Policy forbids the same in the browser; this check also
 * covers the CLI, which no policy guards. Works on a map of path → text (like imports.ts), so the
 * self-test can feed it fixtures.
 */
import { tokenize, type Token } from './imports.ts';

export const EVAL_RULES = ['eval', 'function-constructor', 'computed-import', 'string-timer', 'computed-worker'] as const;
export type EvalRule = (typeof EVAL_RULES)[number];

export interface EvalFinding {
  rule: EvalRule;
  file: string;
  line: number;
  message: string;
}

/** Objects through which the global `eval` and `Function` are reached as properties. */
const GLOBALS = new Set(['globalThis', 'window', 'self', 'global']);
const TIMERS = new Set(['setTimeout', 'setInterval']);

/** Every place in `text` that evaluates text or loads code from a computed name, in line order. */
export function findEvaluation(file: string, text: string): EvalFinding[] {
  const tokens = tokenize(text);
  const out: EvalFinding[] = [];
  const at = (k: number): Token | undefined => tokens[k];
  const is = (k: number, kind: Token['kind'], value?: string): boolean => at(k)?.kind === kind && (value === undefined || at(k)!.value === value);
  const report = (rule: EvalRule, t: Token, message: string) => out.push({ rule, file, line: t.line, message: `${file}:${t.line}: ${message} [${rule}]` });
  // A name used as itself: not a property (`script.eval`), unless of a global object (`window.eval`).
  const global = (k: number): boolean => !is(k - 1, 'punct', '.') || (is(k - 2, 'name') && GLOBALS.has(at(k - 2)!.value));
  // The call's first argument is one literal string (`import('./a.ts')`, `import('./a.ts', opts)`).
  const literalArgument = (open: number): boolean => is(open + 1, 'string') && (is(open + 2, 'punct', ')') || is(open + 2, 'punct', ','));

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'name') continue;
    if (t.value === 'eval' && global(k) && !is(k + 1, 'punct', ':') && !is(k + 1, 'punct', '?')) {
      report('eval', t, '`eval` runs text as code');
    } else if (t.value === 'Function' && global(k) && (is(k - 1, 'name', 'new') || is(k + 1, 'punct', '('))) {
      report('function-constructor', t, '`Function` builds code from text');
    } else if (t.value === 'import' && !is(k - 1, 'punct', '.') && is(k + 1, 'punct', '(') && !literalArgument(k + 1)) {
      report('computed-import', t, '`import()` of a computed path loads whatever module the value names');
    } else if (TIMERS.has(t.value) && global(k) && is(k + 1, 'punct', '(') && (is(k + 2, 'string') || is(k + 2, 'other', '`'))) {
      report('string-timer', t, `\`${t.value}\` with a string runs the string as code`);
    } else if ((t.value === 'importScripts' && global(k) && is(k + 1, 'punct', '(') && !literalArgument(k + 1)) || (t.value === 'Worker' && is(k - 1, 'name', 'new') && !workerUrl(tokens, k + 1))) {
      report('computed-worker', t, `\`${t.value}\` with a computed URL runs whatever script the value names`);
    }
  }
  return out;
}

/** `(new URL('literal', import.meta.url)` or `('literal'`: a worker script fixed in the source. */
function workerUrl(tokens: readonly Token[], open: number): boolean {
  const t = (k: number) => tokens[open + k];
  if (t(0)?.value !== '(') return false;
  if (t(1)?.kind === 'string') return true;
  return t(1)?.value === 'new' && t(2)?.value === 'URL' && t(3)?.value === '(' && t(4)?.kind === 'string' && t(5)?.value === ',' && t(6)?.value === 'import' && t(7)?.value === '.' && t(8)?.value === 'meta';
}

/**
 * Findings in a tree (path → text) that the allow-list (path → reason) does not excuse, plus a
 * finding for every allow-list entry that no longer excuses anything (so the list cannot rot).
 */
export function checkEvaluation(files: ReadonlyMap<string, string>, allowed: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  const used = new Set<string>();
  for (const [file, text] of files) {
    for (const f of findEvaluation(file, text)) {
      if (Object.hasOwn(allowed, file)) used.add(file);
      else out.push(f.message);
    }
  }
  for (const [file, reason] of Object.entries(allowed)) {
    if (reason.trim().length < 20) out.push(`${file}: the allow-list entry needs a reason (why this text is never a stranger's)`);
    if (files.has(file) && !used.has(file)) out.push(`${file}: allow-listed but evaluates nothing; remove the entry`);
    if (!files.has(file)) out.push(`${file}: allow-listed but not found`);
  }
  return out;
}
