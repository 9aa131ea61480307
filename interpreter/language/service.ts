/**
 * Completion, hover and go-to-definition over a ruleset file's text, shared by the editor's Monaco
 * providers and `rulesmith lsp`. Pure: text in, plain data out, 1-based lines and columns; the
 * names come from `rulesetSymbols` + `builtinSymbols` of the loaded ruleset.
 */
import { cursorContext } from './script-context.ts';
import { sectionKind } from './sections.ts';
import type { Location, NameUse, SymbolInfo, SymbolKind } from './types.ts';

/** A word on one line: its text and columns (start inclusive, end exclusive). */
export interface WordSpan {
  word: string;
  line: number;
  startColumn: number;
  endColumn: number;
}

export interface CompletionEntry {
  name: string;
  kind: SymbolKind;
  detail?: string;
  documentation?: string;
  /** Ruleset ids first, then built-ins, then keywords; alphabetical within. */
  sortText: string;
}

export interface Completions {
  /** The part of the line the chosen name replaces (the word typed so far). */
  replace: WordSpan;
  items: CompletionEntry[];
  /** Set when the cursor follows a section's name and a dot (`tables.`): only that kind is offered. */
  afterSection?: SymbolKind;
  /** Set when the cursor follows a value and a dot in a script (`u.`): only members are offered. */
  afterMember?: true;
}

/** Hosts ask for completion when `.` is typed; they show the answer only after a section name or, in a script, a value (`u.`). */
export const COMPLETION_TRIGGERS: readonly string[] = ['.'];

export interface HoverInfo {
  word: WordSpan;
  /** Markdown paragraphs: the kind and name, then the doc and where the name is defined. */
  contents: string[];
}

/** What the service reads besides the text: the ruleset's names and the keys that hold scripts. */
export interface LanguageContext {
  symbols: readonly SymbolInfo[];
  scriptKeys: ReadonlySet<string>;
  /** Keys of maps whose inline values are scripts (`scriptMapKeys`: an action's `params`). */
  scriptMaps?: ReadonlySet<string>;
  /** Every script's uses of the ruleset's names, for find-references (absent: none known yet). */
  references?: readonly NameUse[];
}

// The word characters Monaco uses by default, so both hosts pick the same word under the cursor.
const WORD = /[^\s`~!@#$%^&*()\-=+[{\]}\\|;:'",.<>/?]+/g;

/** The word containing, or ending at, `column` on `line`. */
export function wordAt(lines: readonly string[], line: number, column: number): WordSpan | undefined {
  const text = lines[line - 1] ?? '';
  for (const m of text.matchAll(WORD)) {
    const start = m.index + 1;
    const end = start + m[0].length;
    if (column >= start && column <= end) return { word: m[0], line, startColumn: start, endColumn: end };
  }
  return undefined;
}

/** Names to offer at the cursor: none at a YAML key; ids in plain values; everything in scripts. */
export function completionsAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext): Completions {
  const where = cursorContext(lines, line, column, ctx.scriptKeys, ctx.scriptMaps);
  const word = wordAt(lines, line, column);
  const replace: WordSpan = word && word.startColumn < column ? { ...word, word: word.word.slice(0, column - word.startColumn), endColumn: column } : { word: '', line, startColumn: column, endColumn: column };
  // After a section's name and a dot (`tables.`, `map.areas.`), in a variant's `remove:` or `set:`
  // path, a description or a script alike, only that section's ids fit.
  const section = sectionBefore(lines[line - 1] ?? '', replace.startColumn);
  if (section) return { replace, items: ctx.symbols.filter((s) => s.kind === section).map(completionEntry), afterSection: section };
  if (where === 'key') return { replace, items: [] };
  // After `u.` in a script only what a dot reads fits (a prop, a per-piece value, `area`), not globals.
  if (where === 'script' && /(?:[A-Za-z_]\w*|[)\]])\.$/.test((lines[line - 1] ?? '').slice(0, replace.startColumn - 1))) {
    // One entry per name: the ruleset's own (with where it is written) before a built-in's.
    const seen = new Set<string>();
    const members = ctx.symbols.filter((s) => s.kind === 'member').sort((a, b) => (a.location ? 0 : 1) - (b.location ? 0 : 1)).filter((s) => !seen.has(s.name) && seen.add(s.name));
    return { replace, items: members.map(completionEntry), afterMember: true };
  }
  // Outside scripts, values name elements (`side: blue`): offer ids, not functions or keywords.
  const offered = ctx.symbols.filter((s) => s.kind !== 'member' && (where === 'script' || !['function', 'builtin', 'keyword'].includes(s.kind)));
  return { replace, items: offered.map(completionEntry) };
}

function completionEntry(s: SymbolInfo): CompletionEntry {
  return {
    name: s.name,
    kind: s.kind,
    ...(s.title ?? s.signature ? { detail: (s.title ?? s.signature)! } : {}),
    ...(s.doc ? { documentation: s.doc } : {}),
    sortText: `${s.kind === 'keyword' ? 2 : s.location ? 0 : 1}${s.name}`,
  };
}

/** The kind of id a dotted section path right before `column` names (`tables.` → table). */
function sectionBefore(text: string, column: number): SymbolKind | undefined {
  const path = /(?:^|[^\w.])((?:map\.)?[A-Za-z_]\w*)\.$/.exec(text.slice(0, column - 1));
  return path ? sectionKind(path[1]!) : undefined;
}

/** The ruleset id or built-in under the cursor (not at a YAML key, not a keyword). */
export function symbolAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext): { symbol: SymbolInfo; word: WordSpan } | undefined {
  const word = wordAt(lines, line, column);
  if (!word || cursorContext(lines, line, word.startColumn, ctx.scriptKeys, ctx.scriptMaps) === 'key') return undefined;
  // After a dot the word is a member (`u.strength`); elsewhere a member's name is no name of its own.
  const text = lines[line - 1] ?? '';
  const dotted = text[word.startColumn - 2] === '.' && !sectionBefore(text, word.startColumn);
  const named = (s: SymbolInfo) => s.name === word.word && s.kind !== 'keyword';
  const member = dotted ? (ctx.symbols.find((s) => named(s) && s.kind === 'member' && s.location) ?? ctx.symbols.find((s) => named(s) && s.kind === 'member')) : undefined;
  const symbol = member ?? ctx.symbols.find((s) => named(s) && s.kind !== 'member');
  return symbol && { symbol, word };
}

export function hoverAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext): HoverInfo | undefined {
  const found = symbolAt(lines, line, column, ctx);
  if (!found) return undefined;
  const { symbol: s, word } = found;
  const where = s.location ? `Defined in \`${s.location.file}\` line ${s.location.range.start.line}` : undefined;
  const more = [s.facts, s.doc, where].filter((x) => x).join('\n\n');
  return { word, contents: [`**${s.kind}** \`${s.signature ?? s.name}\`${s.title ? ` — ${s.title}` : ''}`, ...(more ? [more] : [])] };
}

/** Where the ruleset id under the cursor is defined (its key); built-ins have no place. */
export function definitionAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext): Location | undefined {
  return symbolAt(lines, line, column, ctx)?.symbol.location;
}

/** Kinds whose names the ruleset defines (the rest are the language's own). */
const DEFINED: ReadonlySet<SymbolKind> = new Set(['table', 'track', 'deck', 'procedure', 'zone', 'piece', 'option', 'die', 'variable', 'side', 'action', 'area', 'member']);

/**
 * Every place a script uses the ruleset's name under the cursor — in a script, or at the key that
 * defines it — in file order, with its definition first when `withDefinition`. Undefined when the
 * cursor is on no name of the ruleset's.
 */
export function referencesAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext, withDefinition = true): Location[] | undefined {
  const found = symbolAt(lines, line, column, ctx)?.symbol ?? definedAt(lines, line, column, ctx);
  if (!found || !DEFINED.has(found.kind)) return undefined;
  const uses = (ctx.references ?? []).filter((r) => r.name === found.name).map(({ file, range }) => ({ file, range }));
  return withDefinition && found.location ? [found.location, ...uses] : uses;
}

/** The name whose defining key is under the cursor (`crt:` under `tables:`). */
function definedAt(lines: readonly string[], line: number, column: number, ctx: LanguageContext): SymbolInfo | undefined {
  const word = wordAt(lines, line, column);
  if (!word) return undefined;
  return ctx.symbols.find((s) => s.name === word.word && s.location && s.location.range.start.line === line && s.location.range.start.column === word.startColumn);
}

/** Split text into lines the way editors count them (`\r\n`, `\n` or `\r`). */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
