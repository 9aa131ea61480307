import { parseCli } from './args.ts';
import { checkRuleset, ParseCache, type Reference } from '../check/index.ts';
import { findingKey, isError, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { blameVariant, FileCache, hintNotIncluded, loadRuleset, type FileHost, type RulesetModel } from '../load/index.ts';
import { discover } from './discover.ts';
import { formatGithub, formatJson, formatText, githubData } from './format.ts';
import type { Io } from './io.ts';
import { cannotFind } from './missing-path.ts';
import { nodeHost } from './node-host.ts';
import { gitRoot, repoRelative, respellFiles } from './repo-paths.ts';
import { formatSarif } from './sarif.ts';
import { packageVersion } from './version.ts';

export const VALIDATE_USAGE = `Usage: rulesmith validate [paths…] [--format text|json|github|sarif] [--strict] [--max-warnings N] [--root DIR]

Checks rulesets (folders with ruleset.yaml, their variants/, or single files) and prints every
problem with file, line, column, a stable code and a hint. Default path: rulesets.
A ruleset reads files only inside its root: its entry file's folder (the ruleset folder for a
file in variants/), or DIR given with --root; an include or extends elsewhere is an error.
Formats: text (default); json, an array of diagnostics; github, workflow commands that GitHub
Actions shows as annotations; sarif, SARIF 2.1.0 for code scanning. github and sarif name files
relative to the git repository's root, from whichever folder validate runs. With json or sarif,
a usage or I/O error is printed in that format too.
Exit codes: 0 clean, 1 errors (or any warning with --strict, more than N with --max-warnings N),
2 usage or I/O error.`;

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
/** What `validate` with no path reads: this repository's layout. */
const DEFAULT_FOLDER = 'rulesets';
type Format = (typeof FORMATS)[number];

/** Parsed files and scripts shared by the loads and checks of one run (variants repeat their base). */
export interface ValidateCaches {
  files: FileCache;
  parses: ParseCache;
}

export const validateCaches = (): ValidateCaches => ({ files: new FileCache(), parses: new ParseCache() });

/** Load and check one entry file; the loader's and checker's diagnostics together. */
export function validateEntry(entry: string, host: FileHost = nodeHost, root?: string, caches?: ValidateCaches, references?: Reference[]): { diagnostics: Diagnostic[]; files: Map<string, string>; model: RulesetModel | undefined } {
  const result = loadRuleset(entry, host, { ...(root === undefined ? {} : { root }), ...(caches ? { cache: caches.files } : {}) });
  const files = new Map<string, string>();
  if (result.model) for (const [path, f] of result.model.files) files.set(path, f.text);
  const checked = result.model && !result.diagnostics.some(isError) ? checkRuleset(result.model, { ...(caches ? { parses: caches.parses } : {}), ...(references ? { references } : {}) }) : [];
  let diagnostics = [...result.diagnostics, ...checked];
  // A variant's problems in its base's files that the base alone has not go on the variant's change.
  const parent = result.model && result.model.lineage.length > 1 ? result.model.lineage[result.model.lineage.length - 2] : undefined;
  if (parent !== undefined && diagnostics.some((d) => d.file !== entry)) {
    const base = validateEntry(parent, host, root, caches);
    diagnostics = blameVariant(result.model!, diagnostics, base.diagnostics, new Set(base.files.keys()));
  }
  if (result.model) diagnostics = hintNotIncluded(result.model, diagnostics, host);
  return { diagnostics, files, model: result.model };
}

export function runValidate(argv: string[], io: Io): number {
  // Read before the arguments are: a CI job that asked for JSON or SARIF gets even a usage error so.
  const fail = failWith(io, requestedFormat(argv));
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { format: { type: 'string', default: 'text' }, strict: { type: 'boolean', default: false }, 'max-warnings': { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    return fail(`${(e as Error).message}`, true);
  }
  if (args.values.help) {
    io.out(`${VALIDATE_USAGE}\n`);
    return 0;
  }
  const format = args.values.format;
  if (!isFormat(format)) return fail(`--format must be text, json, github or sarif (got '${format}')`);
  const maxText = args.values['max-warnings'];
  const maxWarnings = maxText === undefined ? Infinity : /^\d+$/.test(maxText) ? Number(maxText) : NaN;
  if (Number.isNaN(maxWarnings)) return fail(`--max-warnings takes a whole number of at least 0 (got '${maxText}')`);
  const { entries, missing, empty } = discover(args.positionals.length ? args.positionals : [DEFAULT_FOLDER]);
  if (missing.length && !args.positionals.length) {
    return fail(`cannot find '${DEFAULT_FOLDER}', the folder it reads when given none: name your rulesets' folder or files (rulesmith validate rules/)`);
  }
  if (missing.length) return fail(missing.map(cannotFind).join('\n'));
  if (empty.length) return fail(empty.map((p) => `no ruleset in '${p}': no ruleset.yaml, and no .yaml file with a top-level \`rulesmith:\` or \`extends:\` (a variant) in it or below`).join('\n'));
  if (entries.length === 0) return fail('no rulesets found (a ruleset is a folder with ruleset.yaml, or a .yaml file)');
  const all: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const caches = validateCaches();
  for (const entry of entries) {
    const { diagnostics, files } = validateEntry(entry, nodeHost, args.values.root, caches);
    all.push(...diagnostics);
    for (const [k, v] of files) sources.set(k, v);
  }
  const diags = dedupe(sortDiagnostics(all));
  const errors = diags.filter(isError).length;
  const warnings = diags.filter((d) => d.severity === 'warning').length;
  const tooManyWarnings = warnings > (args.values.strict ? 0 : maxWarnings);
  if (format === 'json') io.out(formatJson(diags));
  else if (format === 'github') {
    const root = gitRoot(process.cwd());
    const path = (f: string) => repoRelative(f, process.cwd(), root);
    io.out(formatGithub(respellFiles(diags, sources.keys(), path), path));
  } else if (format === 'sarif') io.out(sarifOf(diags, undefined, sources.keys()));
  else {
    if (diags.length) io.out(`${formatText(diags, (f) => sources.get(f), io.color)}\n`);
    io.out(`${entries.length} ruleset file${entries.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
    if (tooManyWarnings && !args.values.strict) io.out(`more than ${maxWarnings} warning${maxWarnings === 1 ? '' : 's'} (--max-warnings ${maxWarnings})\n`);
  }
  return errors > 0 || tooManyWarnings ? 1 : 0;
}

const isFormat = (f: string): f is Format => (FORMATS as readonly string[]).includes(f);

/** The `--format` value in raw arguments, when it names a known format; else text. */
function requestedFormat(argv: string[]): Format {
  const at = argv.findIndex((a) => a === '--format' || a.startsWith('--format='));
  const value = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.slice('--format='.length) : argv[at + 1];
  return value !== undefined && isFormat(value) ? value : 'text';
}

/** A usage or I/O error (exit 2), printed in the format asked for: JSON and SARIF on stdout. */
function failWith(io: Io, format: Format): (message: string, usage?: boolean) => number {
  return (message, usage = false) => {
    if (format === 'json') io.out(`${JSON.stringify({ error: { message, exitCode: 2 } }, null, 2)}\n`);
    else if (format === 'sarif') io.out(sarifOf([], message));
    // A workflow step's stderr is no annotation: say it where the pull request shows it, too.
    else if (format === 'github') io.out(message.split('\n').map((m) => `::error title=rulesmith validate::${githubData(m)}\n`).join(''));
    if (format === 'github' || format === 'text') io.err(`${message.split('\n').map((m) => `rulesmith validate: ${m}\n`).join('')}${usage ? `\n${VALIDATE_USAGE}\n` : ''}`);
    return 2;
  };
}

function sarifOf(diags: Diagnostic[], failure?: string, files: Iterable<string> = []): string {
  const cwd = process.cwd();
  const root = gitRoot(cwd);
  const path = (f: string) => repoRelative(f, cwd, root);
  return formatSarif(respellFiles(diags, files, path), { version: packageVersion(), path, root: root ?? cwd, ...(failure !== undefined ? { failure } : {}) });
}

/** A variant re-checks its base, so the base's diagnostics would otherwise print twice. */
export function dedupe(diags: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diags.filter((d) => {
    const key = findingKey(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
