/**
 * Text to a `yaml` Document with source ranges, guarded against hostile input.
 *
 * We drive yaml's Lexer and Parser ourselves instead of calling `parseDocument`: the CST parser
 * keeps an explicit stack, so nesting depth can be measured while parsing and a 10,000-deep
 * `[[[[…` rejected after a few dozen tokens. yaml's Composer recurses once per level; deep input
 * overflowed the call stack there, and after one overflow V8 could abort the whole process.
 * Duplicate keys are found by our converter (yaml's own check is quadratic in a mapping's size).
 */
import { Composer, Lexer, Parser, type CST, type Document, type YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic, type LoaderCode, type Problem } from './codes.ts';
import type { SourceFile } from './model.ts';
import { FILE_START, positionAt, rangeAt } from './positions.ts';
import type { LoadLimits } from './read-source.ts';
import { isUnclosedFlowError, unclosedFlows } from './unclosed-flow.ts';

/** The parsed document (absent when parsing was refused) and what went wrong. */
export interface ParsedYaml {
  doc?: Document.Parsed;
  diagnostics: Diagnostic[];
  /** yaml reported errors: the data may be a partial recovery, so schema noise is not worth showing. */
  broken: boolean;
}

/** Parser stack entries that are not nesting levels (the document, a pending key or scalar). */
const STACK_SLACK = 2;

export function parseYaml(file: SourceFile, limits: LoadLimits): ParsedYaml {
  const tokens = parseTokens(file, limits);
  if ('tooDeep' in tokens) {
    const range = rangeAt(file, tokens.tooDeep, tokens.tooDeep + 1);
    return { diagnostics: [diagnostic(file.path, range, nestingTooDeep(limits))], broken: true };
  }
  const composer = new Composer({ uniqueKeys: false, prettyErrors: false, strict: true });
  const docs = composer.compose(tokens.cst, true, file.text.length);
  const first = docs.next();
  if (first.done) return { diagnostics: [emptyFile(file)], broken: true };
  const doc = first.value;
  const diagnostics = [...syntaxDiagnostics(file, doc.errors, tokens.cst), ...doc.warnings.map((w) => yamlWarning(file, w))];
  const second = docs.next();
  if (!second.done) diagnostics.push(multipleDocuments(file, second.value.range[0]));
  if (doc.contents === null && diagnostics.length === 0) diagnostics.push(emptyFile(file));
  return { doc, diagnostics, broken: doc.errors.length > 0 };
}

function parseTokens(file: SourceFile, limits: LoadLimits): { cst: CST.Token[] } | { tooDeep: number } {
  const parser = new Parser();
  const cst: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(file.text, false)) {
    for (const token of parser.next(lexeme)) cst.push(token);
    if (parser.stack.length > limits.maxDepth + STACK_SLACK) return { tooDeep: Math.max(0, parser.offset - lexeme.length) };
  }
  for (const token of parser.end()) cst.push(token);
  return { cst };
}

/** yaml error codes (`YAMLError.code`) with a hint in designers' words. */
const SYNTAX_HINTS: Readonly<Record<string, string>> = {
  BAD_INDENT: 'Check the indentation: the keys of one mapping, and the items of one list, must line up.',
  TAB_AS_INDENT: 'Indent with spaces, not tabs.',
  MISSING_CHAR: 'A closing bracket, brace or quote is missing.',
  MULTILINE_IMPLICIT_KEY: 'A key must fit on one line: check for a missing `:` or an unclosed quote.',
  BLOCK_AS_IMPLICIT_KEY: 'A key must fit on one line: check for a missing `:` or an unclosed quote.',
  UNEXPECTED_TOKEN: 'Remove this character, or put the whole value in quotes.',
  BAD_ALIAS: 'An alias `*name` must refer to an anchor `&name` written earlier in the same file.',
};

const DEFAULT_SYNTAX_HINT = 'Check the YAML near here; text containing `: `, ` #`, `[` or `{` must be quoted.';

/**
 * `do: end game with { winner: none }`: a plain value holding `: ` is read by YAML as a key of a
 * mapping nested in the value, which it refuses ("Nested mappings are not allowed in compact
 * mappings"); the fix is the script's, not the key's.
 */
const COLON_IN_VALUE_HINT = 'This value holds `: ` (as a record does: `{ winner: none }`), which YAML reads as a key. Quote the value, or write it as a block: `do: |` and the script on the lines below, indented.';

function syntaxHint(error: YAMLError, line = ''): string {
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && error.message.startsWith('Nested mappings are not allowed in compact mappings')) {
    // `when: x >= 2   -- meant: only …`: a rules comment on a plain YAML line is part of the value.
    return /\s--\s.*:\s/.test(line) ? COMMENT_COLON_HINT : COLON_IN_VALUE_HINT;
  }
  return SYNTAX_HINTS[error.code] ?? DEFAULT_SYNTAX_HINT;
}

const COMMENT_COLON_HINT = 'The `: ` is in a `--` comment, but on a plain YAML line the comment is part of the value: write it as a YAML comment (`#`), or put the script in a `|` block, where `--` comments are the script\'s.';

/** yaml's errors, except that unclosed brackets are reported at the bracket rather than where yaml gave up. */
function syntaxDiagnostics(file: SourceFile, errors: readonly YAMLError[], cst: readonly CST.Token[]): Diagnostic[] {
  const unclosed = errors.some(isUnclosedFlowError) ? unclosedFlows(cst) : [];
  const kept = unclosed.length > 0 ? errors.filter((e) => !isUnclosedFlowError(e)) : errors;
  // Errors on a line that should have been part of a `|` block above it: one problem, said so.
  const blocks = new Map<number, Diagnostic>();
  const rest: Diagnostic[] = [];
  for (const e of kept) {
    const line = positionAt(file.lineStarts, e.pos[0]).line;
    const block = blocks.has(line) ? blocks.get(line) : (underIndentedBlock(file, line) ?? outdentedBlockLine(file, line) ?? overIndentedKey(file, line));
    if (block) blocks.set(line, block);
    else rest.push(yamlDiagnostic(file, e));
  }
  return [...unclosed.map((u) => unclosedBracket(file, u.offset, u.bracket)), ...blocks.values(), ...rest];
}

/** The text of line `n` (1-based), without its line break. */
const lineText = (file: SourceFile, n: number): string => file.text.slice(file.lineStarts[n - 1] ?? file.text.length, (file.lineStarts[n] ?? file.text.length + 1) - 1).replace(/\r$/, '');
const indentOf = (text: string): number => text.length - text.trimStart().length;

/** `do: |`, `- text: >-`: a key whose value is a block of the lines below it. */
const BLOCK_OPENER = /^(\s*)(-\s+)?([^\s:#][^:#]*):\s*[|>][-+0-9]*\s*(#.*)?$/;

/**
 * `do: |` followed by a line indented no further than `do`: the block is empty and YAML reads the
 * script's first line as a key (its own errors speak of implicit keys and missing brackets).
 */
function underIndentedBlock(file: SourceFile, line: number): Diagnostic | undefined {
  const text = lineText(file, line);
  let above = line - 1;
  while (above > 0 && /^\s*(#.*)?$/.test(lineText(file, above))) above--;
  if (above < 1) return undefined;
  const opener = /^(\s*)(-\s+)?([^\s:#][^:#]*):\s*[|>][-+0-9]*\s*(#.*)?$/.exec(lineText(file, above));
  if (!opener) return undefined;
  const keyColumn = opener[1]!.length + (opener[2]?.length ?? 0);
  if (indentOf(text) > keyColumn) return undefined;
  const start = (file.lineStarts[line - 1] ?? 0) + indentOf(text);
  const key = opener[3]!.trim();
  return diagnostic(file.path, rangeAt(file, start, start + text.trimStart().length), {
    code: 'yaml-syntax',
    message: `YAML syntax error: the \`${key}: ${lineText(file, above).trim().slice(key.length + 1).trim().split(/\s/)[0]}\` block on line ${above} is empty, so this line is read as a key.`,
    hint: `Indent the block's lines further than \`${key}\` (it starts at column ${keyColumn + 1}; this line at column ${indentOf(text) + 1}).`,
  });
}

/**
 * A script line of a `do: |` block written less indented than the lines before it: it leaves the
 * block, and YAML reads it as a key (its error speaks of implicit keys and a missing bracket).
 */
function outdentedBlockLine(file: SourceFile, line: number): Diagnostic | undefined {
  const text = lineText(file, line);
  const indent = indentOf(text);
  if (/^\s*(-\s+)?[^\s:#][^:#]*:(\s|$)/.test(text)) return undefined;
  let above = line - 1;
  let inner = Infinity;
  let opener: RegExpExecArray | null = null;
  // Up to the block's opener, past its lines (all indented further than it): the line may sit left
  // of the opener's key too (`let` under `- id:` when `do: |` is further in), not only between.
  for (; above > 0; above--) {
    const t = lineText(file, above);
    if (/^\s*(#.*)?$/.test(t)) continue;
    opener = inner === Infinity ? null : BLOCK_OPENER.exec(t);
    if (opener && inner > opener[1]!.length + (opener[2]?.length ?? 0)) break;
    opener = null;
    if (indentOf(t) <= indent) return undefined;
    inner = Math.min(inner, indentOf(t));
  }
  if (!opener) return undefined;
  const key = opener[3]!.trim();
  const start = (file.lineStarts[line - 1] ?? 0) + indent;
  return diagnostic(file.path, rangeAt(file, start, start + text.trimStart().length), {
    code: 'yaml-syntax',
    message: `YAML syntax error: this line is less indented than the \`${key}:\` block above it (line ${above}), so it leaves the block and is read as a key.`,
    hint: `Indent it as the block's other lines (column ${inner + 1}; it is at column ${indent + 1}).`,
  });
}

function unclosedBracket(file: SourceFile, offset: number, bracket: '[' | '{'): Diagnostic {
  const close = bracket === '[' ? ']' : '}';
  const what = bracket === '[' ? 'list' : 'mapping';
  return diagnostic(file.path, rangeAt(file, offset, offset + 1), {
    code: 'yaml-syntax',
    message: `YAML syntax error: this \`${bracket}\` is never closed.`,
    hint: `End the ${what} with \`${close}\`; a ${what} written in brackets may run over several lines, but each continuation line must be indented more than its key.`,
  });
}

function yamlDiagnostic(file: SourceFile, error: YAMLError): Diagnostic {
  if (error.code === 'BAD_INDENT') return badIndent(file, error);
  const range = errorRange(file, error);
  const detail = firstLine(error.message);
  const code = yamlCode(error);
  if (code === 'yaml-syntax') {
    return diagnostic(file.path, range, { code, message: `YAML syntax error: ${detail}`, hint: syntaxHint(error, lineText(file, range.start.line)) });
  }
  if (code === 'nesting-too-deep') return diagnostic(file.path, range, { code, message: `Nesting is too deep: ${detail}` });
  return diagnostic(file.path, range, { code, message: detail });
}

/**
 * `text: Gain 2 money.` and, indented further on the next line, `effect: …`: YAML reads the second
 * line as more of the first's value, and then refuses the `: ` in it.
 */
function overIndentedKey(file: SourceFile, line: number): Diagnostic | undefined {
  const text = lineText(file, line);
  const key = /^(\s*)(-\s+)?([A-Za-z_][\w.-]*):\s+[^\s|>[{'"#]/.exec(text);
  if (!key) return undefined;
  let below = line + 1;
  while (below <= file.lineStarts.length && /^\s*(#.*)?$/.test(lineText(file, below))) below++;
  if (below > file.lineStarts.length) return undefined;
  const next = lineText(file, below);
  const keyColumn = key[1]!.length + (key[2]?.length ?? 0);
  if (indentOf(next) <= keyColumn || !/^\s*[A-Za-z_][\w.-]*:(\s|$)/.test(next)) return undefined;
  const start = (file.lineStarts[below - 1] ?? 0) + indentOf(next);
  const name = /^[^:]+/.exec(next.trimStart())![0];
  return diagnostic(file.path, rangeAt(file, start, start + name.length), {
    code: 'yaml-syntax',
    message: `YAML syntax error: \`${name}\` is indented further than \`${key[3]}\` on the line above, so YAML reads it as more of \`${key[3]}\`'s value.`,
    hint: `Line it up with \`${key[3]}\` (column ${keyColumn + 1}; it is at column ${indentOf(next) + 1}).`,
  });
}

/** A key or item out of line with the one above it: on the key, with both columns. */
function badIndent(file: SourceFile, error: YAMLError): Diagnostic {
  const line = positionAt(file.lineStarts, error.pos[0]).line;
  const text = lineText(file, line);
  let above = line - 1;
  while (above > 0 && /^\s*(#.*)?$/.test(lineText(file, above))) above--;
  const start = (file.lineStarts[line - 1] ?? 0) + indentOf(text);
  const range = text.trim() ? rangeAt(file, start, start + (/^[^:\s]+/.exec(text.trimStart())?.[0].length ?? 1)) : errorRange(file, error);
  const prior = above > 0 ? lineText(file, above) : '';
  const priorColumn = indentOf(prior) + (/^\s*-\s+/.exec(prior) ? (/^\s*-\s+/.exec(prior)![0].length - indentOf(prior)) : 0) + 1;
  const hint = above > 0 && priorColumn !== indentOf(text) + 1
    ? `This line starts at column ${indentOf(text) + 1}, the line above at column ${priorColumn}: the keys of one mapping, and the items of one list, must line up.`
    : SYNTAX_HINTS['BAD_INDENT']!;
  return diagnostic(file.path, range, { code: 'yaml-syntax', message: `YAML syntax error: ${firstLine(error.message)}`, hint });
}

function yamlCode(error: YAMLError): LoaderCode {
  if (error.code === 'DUPLICATE_KEY') return 'yaml-duplicate-key';
  if (error.code === 'MULTIPLE_DOCS') return 'yaml-multiple-documents';
  if (error.code === 'RESOURCE_EXHAUSTION') return /alias/i.test(error.message) ? 'yaml-alias-limit' : 'nesting-too-deep';
  return 'yaml-syntax';
}

function yamlWarning(file: SourceFile, warning: YAMLError): Diagnostic {
  return diagnostic(file.path, errorRange(file, warning), {
    code: 'yaml-warning',
    severity: 'warning',
    message: firstLine(warning.message),
    hint: 'rulesmith reads plain YAML: tags such as `!name` and directives such as `%TAG` are ignored.',
  });
}

function errorRange(file: SourceFile, error: YAMLError) {
  const [start, end] = error.pos;
  return rangeAt(file, start, end > start ? end : start + 1);
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

/** The problem for nesting past `limits.maxDepth`; the converter reports it too, for aliases. */
export function nestingTooDeep(limits: LoadLimits): Problem {
  return {
    code: 'nesting-too-deep',
    message: `Lists and mappings are nested more than ${limits.maxDepth} levels deep.`,
    hint: 'Flatten the structure: give inner parts their own ids and refer to them by id.',
  };
}

function emptyFile(file: SourceFile): Diagnostic {
  return diagnostic(file.path, FILE_START, {
    code: 'empty-file',
    message: 'The file has no content (only comments or document markers).',
    hint: 'Write the ruleset in it, starting with `rulesmith: 1`, or remove the file.',
  });
}

function multipleDocuments(file: SourceFile, offset: number): Diagnostic {
  return diagnostic(file.path, rangeAt(file, offset, offset + 3), {
    code: 'yaml-multiple-documents',
    message: 'The file holds more than one YAML document; rulesmith reads only the first.',
    hint: 'Remove the `---` line, or move the second document into its own file and list it under `include:`.',
  });
}
