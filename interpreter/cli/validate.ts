import { parseArgs } from 'node:util';
import { checkRuleset } from '../check/index.ts';
import { isError, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { loadRuleset, type FileHost, type RulesetModel } from '../load/index.ts';
import { discover } from './discover.ts';
import { formatGithub, formatJson, formatText } from './format.ts';
import type { Io } from './io.ts';
import { nodeHost } from './node-host.ts';

export const VALIDATE_USAGE = `Usage: rulesmith validate [paths…] [--format text|json|github] [--strict] [--root DIR]

Checks rulesets (folders with ruleset.yaml, their variants/, or single files) and prints every
problem with file, line, column, a stable code and a hint. Default path: rulesets.
A ruleset reads files only inside its root: its entry file's folder (the ruleset folder for a
file in variants/), or DIR given with --root; an include or extends elsewhere is an error.
Exit codes: 0 clean, 1 errors (or warnings with --strict), 2 usage or I/O error.`;

/** Load and check one entry file; the loader's and checker's diagnostics together. */
export function validateEntry(entry: string, host: FileHost = nodeHost, root?: string): { diagnostics: Diagnostic[]; files: Map<string, string>; model: RulesetModel | undefined } {
  const result = loadRuleset(entry, host, root === undefined ? {} : { root });
  const files = new Map<string, string>();
  if (result.model) for (const [path, f] of result.model.files) files.set(path, f.text);
  const checked = result.model && !result.diagnostics.some(isError) ? checkRuleset(result.model) : [];
  return { diagnostics: [...result.diagnostics, ...checked], files, model: result.model };
}

export function runValidate(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { format: { type: 'string', default: 'text' }, strict: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith validate: ${(e as Error).message}\n\n${VALIDATE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) {
    io.out(`${VALIDATE_USAGE}\n`);
    return 0;
  }
  const format = args.values.format;
  if (format !== 'text' && format !== 'json' && format !== 'github') {
    io.err(`rulesmith validate: --format must be text, json or github (got '${format}')\n`);
    return 2;
  }
  const { entries, missing } = discover(args.positionals.length ? args.positionals : ['rulesets']);
  if (missing.length) {
    io.err(missing.map((m) => `rulesmith validate: cannot find '${m}'\n`).join(''));
    return 2;
  }
  if (entries.length === 0) {
    io.err('rulesmith validate: no rulesets found (a ruleset is a folder with ruleset.yaml, or a .yaml file)\n');
    return 2;
  }
  const all: Diagnostic[] = [];
  const sources = new Map<string, string>();
  for (const entry of entries) {
    const { diagnostics, files } = validateEntry(entry, nodeHost, args.values.root);
    all.push(...diagnostics);
    for (const [k, v] of files) sources.set(k, v);
  }
  const diags = dedupe(sortDiagnostics(all));
  const errors = diags.filter(isError).length;
  const warnings = diags.filter((d) => d.severity === 'warning').length;
  if (format === 'json') io.out(formatJson(diags));
  else if (format === 'github') io.out(formatGithub(diags));
  else {
    if (diags.length) io.out(`${formatText(diags, (f) => sources.get(f), io.color)}\n`);
    io.out(`${entries.length} ruleset file${entries.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  }
  return errors > 0 || (args.values.strict && warnings > 0) ? 1 : 0;
}

/** A variant re-checks its base, so the base's diagnostics would otherwise print twice. */
function dedupe(diags: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diags.filter((d) => {
    const key = `${d.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
