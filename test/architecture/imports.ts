/**
 * The import rules of docs/architecture.md as code: a scanner for the module specifiers of a
 * source file and a checker of those specifiers against the layering. It works on a map of
 * path → text, so the self-test can feed it synthetic trees; the tree test feeds it the real one.
 */
import { posix } from 'node:path';

/** One module reference: what a file names, and on which line. */
export interface ImportRef {
  line: number;
  specifier: string;
}

/** A broken rule: which file, line and specifier, and which rule. */
export interface Violation {
  rule: RuleId;
  file: string;
  line: number;
  specifier: string;
  message: string;
}

export const RULES = ['grammar-self-contained', 'interpreter-grammar-via-index', 'interpreter-stays-inside', 'editor-public-indexes', 'interpreter-folder-cycle', 'relative-specifiers'] as const;

export type RuleId = (typeof RULES)[number];

/**
 * The files of interpreter/ and grammar/ the editor may import: the public indexes. A module the
 * editor needs is exported from one of these rather than imported where it lives, so what the
 * editor depends on stays a short, reviewed list. cli/ is Node-only and has no index on purpose.
 */
export const EDITOR_ENTRY_POINTS: ReadonlySet<string> = new Set([
  'grammar/index.ts',
  'interpreter/index.ts',
  'interpreter/load/index.ts',
  'interpreter/check/index.ts',
  'interpreter/compile/index.ts',
  'interpreter/runtime/index.ts',
  'interpreter/agents/index.ts',
  // The language service (completion, hover, definition) imports only its own files; the
  // main thread's Monaco providers call it, as does `rulesmith lsp`.
  'interpreter/language/index.ts',
  // The replay file format imports nothing at run time, so the main thread checks a dropped file
  // without loading the interpreter; through an index, the bundle would carry every module the
  // index reaches that does work at load time (the built-in tables, the parser).
  'interpreter/analysis/replay-file.ts',
  // How a cross table's column label is written as a key: the tables view's Odds of suggestion.
  'interpreter/analysis/column-key.ts',
  // Option values are checked by one function everywhere (setup, --option, the setup form); it
  // imports nothing, so the main thread's setup form uses it without loading the runtime.
  'interpreter/runtime/options.ts',
  // Wilson and Newcombe intervals: the simulate view's variant-minus-base chart uses the CLI's
  // arithmetic; the file imports nothing.
  'interpreter/analysis/intervals.ts',
  // The summary of simulated games (shares with intervals, lengths, errors), which the simulate
  // view recomputes on the main thread as records arrive; it imports only intervals.ts.
  'interpreter/analysis/summary.ts',
  // A run's time in words (the simulate view's progress line, as the CLI's); imports nothing.
  'interpreter/analysis/duration.ts',
  // Who wins in one sentence (the CLI's comparison, the report, the simulate view); imports nothing.
  'interpreter/analysis/verdict.ts',
  // The CLI's comparison of two runs' records (length, margin, first seat) for the simulate view;
  // imports only intervals.ts, summary.ts and verdict.ts (and a type).
  'interpreter/analysis/compare.ts',
  // The HTML report, for the simulate view's Download report: string building over compare.ts
  // and report-svg.ts (which imports nothing).
  'interpreter/analysis/report.ts',
  // Result labels by side and seat names (the CLI's tables, the report, the simulate view's
  // charts); imports nothing.
  'interpreter/analysis/labels.ts',
  // A game's result in words, for the log, the CLI and the editor's status line; imports nothing.
  'interpreter/runtime/result-text.ts',
  // A template's files made a new game's (rulesmith init, the editor's New game); imports nothing.
  'interpreter/load/new-game.ts',
  // A hex's label as the rules print it and key map.grid.hexes by (the board's terrain); imports nothing.
  'interpreter/load/hex-label.ts',
]);

export interface Token {
  kind: 'name' | 'string' | 'punct' | 'other';
  value: string;
  line: number;
}

// After these words a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * Tokens of TypeScript/JavaScript text, enough to find module specifiers: comments are skipped
 * (an `import` in a doc comment is not an import), strings are whole tokens, and template
 * literals and regular expressions are stepped over so their quotes cannot open a string.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  // One entry per open `{`: whether it opened a template substitution (`${`).
  const braces: boolean[] = [];
  if (text.startsWith('#!')) while (i < text.length && text[i] !== '\n') i++;

  const last = (): Token | undefined => out[out.length - 1];
  const regexAllowed = (): boolean => {
    const t = last();
    if (!t) return true;
    if (t.kind === 'name') return BEFORE_REGEX.has(t.value);
    if (t.kind === 'string' || t.kind === 'other') return false;
    return !(t.value === ')' || t.value === ']' || t.value === '}');
  };
  // Reads template text from i (just after ` or the } closing a substitution) to the closing `
  // or the next `${`; returns whether a substitution opened.
  const templateChunk = (): boolean => {
    while (i < text.length) {
      const c = text[i]!;
      if (c === '\\') { i += 2; continue; }
      if (c === '\n') line++;
      if (c === '`') { i++; return false; }
      if (c === '$' && text[i + 1] === '{') { i += 2; braces.push(true); return true; }
      i++;
    }
    return false;
  };

  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let j = i; j < stop; j++) if (text[j] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = line;
      let value = '';
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') {
        if (text[i] === '\\') { value += text[i + 1] ?? ''; i += 2; continue; }
        value += text[i];
        i++;
      }
      i++;
      out.push({ kind: 'string', value, line: start });
      continue;
    }
    if (c === '`') {
      const start = line;
      const from = ++i;
      const opened = templateChunk();
      // Only a template without substitutions is a literal specifier.
      if (opened) out.push({ kind: 'other', value: '`', line: start });
      else out.push({ kind: 'string', value: text.slice(from, i - 1), line: start });
      continue;
    }
    if (c === '/' && regexAllowed()) {
      let inClass = false;
      i++;
      while (i < text.length && text[i] !== '\n') {
        const r = text[i]!;
        if (r === '\\') { i += 2; continue; }
        if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < text.length && /[a-z]/.test(text[i]!)) i++;
      out.push({ kind: 'other', value: '/re/', line });
      continue;
    }
    if (/[\p{L}_$]/u.test(c)) {
      const start = i;
      while (i < text.length && /[\p{L}\p{N}_$]/u.test(text[i]!)) i++;
      out.push({ kind: 'name', value: text.slice(start, i), line });
      continue;
    }
    if (/[0-9]/.test(c)) {
      const start = i;
      while (i < text.length && /[0-9a-zA-Z_.]/.test(text[i]!)) i++;
      out.push({ kind: 'other', value: text.slice(start, i), line });
      continue;
    }
    if (c === '{') braces.push(false);
    if (c === '}' && braces.pop()) {
      i++;
      const opened = templateChunk();
      if (!opened) out.push({ kind: 'other', value: '`', line });
      continue;
    }
    out.push({ kind: 'punct', value: c, line });
    i++;
  }
  return out;
}

/**
 * Every module a file names with a literal: `import … from '…'`, `export … from '…'`, `import '…'`,
 * `import type …`, `import('…')`, and `new URL('…', import.meta.url)` (how workers are started).
 * Vite's `?worker` and similar queries stay on the specifier.
 */
export function scanImports(text: string): ImportRef[] {
  const tokens = tokenize(text);
  const out: ImportRef[] = [];
  const at = (k: number): Token | undefined => tokens[k];
  const is = (k: number, kind: Token['kind'], value?: string): boolean => at(k)?.kind === kind && (value === undefined || at(k)!.value === value);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'name' || is(k - 1, 'punct', '.')) continue;
    if (t.value === 'from' && is(k + 1, 'string')) out.push({ line: at(k + 1)!.line, specifier: at(k + 1)!.value });
    else if (t.value === 'import' && is(k + 1, 'string')) out.push({ line: at(k + 1)!.line, specifier: at(k + 1)!.value });
    else if (t.value === 'import' && is(k + 1, 'punct', '(') && is(k + 2, 'string')) out.push({ line: at(k + 2)!.line, specifier: at(k + 2)!.value });
    else if (t.value === 'new' && is(k + 1, 'name', 'URL') && is(k + 2, 'punct', '(') && is(k + 3, 'string') && is(k + 4, 'punct', ',') && is(k + 5, 'name', 'import') && is(k + 6, 'punct', '.') && is(k + 7, 'name', 'meta')) {
      out.push({ line: at(k + 3)!.line, specifier: at(k + 3)!.value });
    }
  }
  return out;
}

/** The repository path a specifier names, or null for a package. Queries (`?worker`) are dropped. */
export function resolveSpecifier(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
  const path = specifier.replace(/[?#].*$/, '');
  return posix.normalize(posix.join(posix.dirname(file), path));
}

const under = (path: string, folder: string): boolean => path.startsWith(`${folder}/`);

/** The unit of interpreter/ layering: its subfolder, or the file itself for top-level files. */
function interpreterUnit(path: string): string {
  const [, sub, rest] = path.split('/');
  return rest === undefined ? path : `interpreter/${sub}/`;
}

interface Edge {
  file: string;
  line: number;
  specifier: string;
  target: string | null;
}

/**
 * Checks a tree given as path → source text (paths relative to the repository root, with `/`).
 * Returns every violation, in file and line order; an empty list means the layering holds.
 */
export function checkArchitecture(files: ReadonlyMap<string, string>): Violation[] {
  const edges = scanEdges(files);
  const out: Violation[] = [];
  const report = (e: Edge, rule: RuleId, why: string) => out.push({ rule, file: e.file, line: e.line, specifier: e.specifier, message: `${e.file}:${e.line} imports '${e.specifier}': ${why} [${rule}]` });

  for (const e of edges) {
    if (e.specifier.startsWith('/')) report(e, 'relative-specifiers', 'an absolute path means different things to Node and to Vite; write a relative path');
    if (e.target === null) continue;
    if (under(e.file, 'grammar') && !under(e.target, 'grammar')) {
      report(e, 'grammar-self-contained', 'grammar/ imports nothing of ours outside grammar/');
    }
    if (under(e.file, 'interpreter')) {
      if (under(e.target, 'grammar') && e.target !== 'grammar/index.ts') report(e, 'interpreter-grammar-via-index', 'interpreter/ reaches grammar/ only through grammar/index.ts');
      else if (!under(e.target, 'grammar') && !under(e.target, 'interpreter')) report(e, 'interpreter-stays-inside', 'interpreter/ imports only interpreter/ and grammar/index.ts');
    }
    if (under(e.file, 'editor') && (under(e.target, 'interpreter') || under(e.target, 'grammar')) && !EDITOR_ENTRY_POINTS.has(e.target)) {
      report(e, 'editor-public-indexes', 'editor/ imports interpreter/ and grammar/ only through their public entry points (EDITOR_ENTRY_POINTS, docs/architecture.md)');
    }
  }
  out.push(...folderCycles(edges));
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));
}

function scanEdges(files: ReadonlyMap<string, string>): Edge[] {
  const edges: Edge[] = [];
  for (const [file, text] of files) {
    for (const ref of scanImports(text)) edges.push({ file, ...ref, target: resolveSpecifier(file, ref.specifier) });
  }
  return edges;
}

/** Imports between different interpreter/ units (subfolders, or top-level files). */
function interpreterEdges(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => under(e.file, 'interpreter') && e.target !== null && under(e.target, 'interpreter') && interpreterUnit(e.file) !== interpreterUnit(e.target));
}

/** Which interpreter/ units each unit imports: `interpreter/compile/` → {`interpreter/runtime/`, …}. */
export function interpreterDependencies(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  return unitGraph(interpreterEdges(scanEdges(files)));
}

function unitGraph(inner: readonly Edge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of inner) {
    const from = interpreterUnit(e.file);
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(interpreterUnit(e.target!));
  }
  return graph;
}

/** Every import between two interpreter/ folders of one cycle (Tarjan's strongly connected components). */
function folderCycles(edges: readonly Edge[]): Violation[] {
  const inner = interpreterEdges(edges);
  const graph = unitGraph(inner);
  const component = new Map<string, number>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  let components = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.set(w, components);
      } while (w !== v);
      components++;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);

  const members = new Map<number, string[]>();
  for (const [unit, c] of component) members.set(c, [...(members.get(c) ?? []), unit]);
  const out: Violation[] = [];
  for (const e of inner) {
    const from = component.get(interpreterUnit(e.file));
    if (from === undefined || from !== component.get(interpreterUnit(e.target!))) continue;
    const cycle = members.get(from)!.sort().join(' ↔ ');
    out.push({
      rule: 'interpreter-folder-cycle',
      file: e.file,
      line: e.line,
      specifier: e.specifier,
      message: `${e.file}:${e.line} imports '${e.specifier}': interpreter/ folders depend one way only, and this import is part of the cycle ${cycle} [interpreter-folder-cycle]`,
    });
  }
  return out;
}
